/**
 * npm run bench:statements (issue 38): every bad statement file answers 400 (413 for one over 10 MB) in pt-BR within a
 * second, writes nothing and does not stall the server.
 *
 * Builds the server as it ships (`node scripts/build-server.mjs`) and starts it as a child process on the embedded
 * database in a temporary DATA_DIR with the demo (SEED_DEMO: the demo medic has a billing profile and a sent lot of
 * three guides), on 127.0.0.1:BENCH_PORT (default 3440), LOG_LEVEL info as in production, the daily backup off.
 * Signed in as the demo medic, it makes a valid demonstrativo de análise de conta of that lot (analiseContaForLot, one
 * glosa), its guides repeated under new numbers to BENCH_STATEMENT_MB (default 8) MB, and from it the bad files: not
 * XML (a PDF's bytes), another schema (the lot's own XML as the server serves it; an NF-e), another version (Padrao
 * 3.05.00), an XSD failure (a renamed element), truncated (the first half), an XML bomb (billion laughs), 50 MB (the
 * valid file repeated).
 *
 * Each file is POSTed to /surgery/api/v1/tiss/statements/preview/ (multipart, as the 'Importar demonstrativo' form does)
 * BENCH_RUNS (7) times back to back: status, the first pt-BR message, wall median and max, and the server's CPU per
 * upload (utime + stime of its process, all threads, from /proc/<pid>/stat). Then again, back to back for at least
 * PINGED_MS, while a loop GETs /health (a `select 1` on the embedded database, in the server's thread) every 10 ms: the
 * largest and p99 latency of those pings is the stall a bad file causes (the same pings with no upload are the first
 * row; beside them the largest delay of this script's own event loop, to tell the machine's stalls from the server's).
 * The CPU is read in the first pass, without the pings' own work. The statements list and the ledgers of the lot's
 * cases are read before and after: nothing may change. A script, not a test: it prints figures and asserts nothing.
 * The processes, CPU, load average and percentiles are bench-http.ts's.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { analiseContaForLot, buildAnaliseContaMessage } from '../machines/tiss/statementWriters';
import { tissMessageBytes } from '../machines/tiss/tissXml';
import type { HonorariosGuide, HonorariosLot } from '../machines/tiss/types';
import { DEMO_MEDIC_EMAIL, DEMO_PASSWORD } from '../server/db/demo-data';
import { cpuMs, loadAverage, median, percentile, runBuild, SERVER_ENTRY, signIn, startProcess, stopProcess } from './bench-http';

const PORT = Number(process.env.BENCH_PORT || 3440);
const RUNS = Number(process.env.BENCH_RUNS || 7);
const STATEMENT_BYTES = Number(process.env.BENCH_STATEMENT_MB || 8) * 1024 * 1024;
const PING_EVERY_MS = 10;
/** The pinged pass lasts at least this long, so its p99 has some hundred pings behind it. */
const PINGED_MS = 2_000;
const PREVIEW = '/surgery/api/v1/tiss/statements/preview/';
const GOAL_MS = 1_000;

let token = '';

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${PORT}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

type Answer = { status: number; message: string; ms: number };

/** One upload of `file` to the preview, as the form sends it, on a new connection; the answer's first message. */
function upload(file: Buffer): Promise<Answer> {
  const boundary = 'benchStatementBoundary0123456789';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="demonstrativo.xml"\r\nContent-Type: application/xml\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let answered = false;
    const request = http.request(
      {
        host: '127.0.0.1', port: PORT, path: PREVIEW, method: 'POST', agent: false,
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + file.length + tail.length },
      },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const ms = performance.now() - started;
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          const totals = body.statements?.[0]?.totals;
          const message: string = body.error?.[0] ?? (totals ? `prévia: ${totals.guides} guias, ${totals.unmatched} sem caso` : '');
          resolve({ status: response.statusCode!, message, ms });
        });
      },
    );
    // The 50 MB file: the server answers 413 at 10 MB and closes; the rest of the body then fails to write.
    request.on('error', (error) => (answered ? undefined : reject(error)));
    request.write(head);
    request.write(file);
    request.end(tail);
  });
}

type Pings = { latencies: number[]; ownLagMs: number };

/**
 * GET /health every PING_EVERY_MS on one keep-alive connection until stopped: the latencies, sorted, and the largest
 * delay of this process's own event loop meanwhile (a ping late because the machine or this script stalled, not the
 * server).
 */
function startPings(): { stop(): Promise<Pings> } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const ownLag = monitorEventLoopDelay({ resolution: 5 });
  ownLag.enable();
  const latencies: number[] = [];
  let running = true;
  const ping = () =>
    new Promise<void>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port: PORT, path: '/health', agent }, (response) => response.resume().on('end', resolve)).on('error', reject);
    });
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await ping();
      const ms = performance.now() - started;
      latencies.push(ms);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, PING_EVERY_MS - ms)));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      agent.destroy();
      ownLag.disable();
      return { latencies: latencies.sort((a, b) => a - b), ownLagMs: ownLag.max / 1e6 };
    },
  };
}

type Row = { name: string; bytes: number; expected: number; answers: Answer[]; cpuMs: number; pings: Pings };

async function measureFile(name: string, file: Buffer, expected: number, serverPid: number): Promise<Row> {
  const answers: Answer[] = [];
  const cpuBefore = cpuMs(serverPid)!;
  for (let run = 0; run < RUNS; run++) answers.push(await upload(file));
  const cpu = (cpuMs(serverPid)! - cpuBefore) / RUNS;
  const pings = startPings();
  const started = performance.now();
  let pingedUploads = 0;
  while (pingedUploads < RUNS || performance.now() - started < PINGED_MS) {
    answers.push({ ...(await upload(file)), ms: NaN });
    pingedUploads++;
  }
  return { name, bytes: file.length, expected, answers, cpuMs: cpu, pings: await pings.stop() };
}

/** The billion laughs: ten entities, each ten of the one before (10⁹ 'lol's expanded, 3 GB). */
function billionLaughs(): string {
  const entities = ['<!ENTITY lol0 "lol">'];
  for (let level = 1; level <= 9; level++) entities.push(`<!ENTITY lol${level} "${`&lol${level - 1};`.repeat(10)}">`);
  return `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n${entities.join('\n')}\n]>\n<lolz>&lol9;</lolz>\n`;
}

type Lot = { id: number; health_plan_id: number; number: string; sent_on: string | null; protocol: string | null; guides: Array<{ id: number; surgery: number }> };
type Profile = { plans: Array<{ health_plan_id: number; name: string; ans_registry: string; provider_code: string | null }> };

/** The demo medic's sent lot, the plan's analysis of it (one glosa) with its guides repeated to about `bytes`. */
async function validStatement(lot: Lot, bytes: number): Promise<Buffer> {
  const profile = await api<Profile>('/project_auth/api/v1/billing_profile/');
  const plan = profile.plans.find((entry) => entry.health_plan_id === lot.health_plan_id)!;
  // The demo's lots are sent by the medic's code at the plan (docs/TISS.md §6).
  const sender = { kind: 'codeAtPlan', code: plan.provider_code! } as const;
  const guides = await Promise.all(lot.guides.map(async (guide) => (await api<{ content: HonorariosGuide }>(`/surgery/api/v1/tiss/guides/${guide.id}/`)).content));
  const transaction = { sequence: '9001', date: lot.sent_on!, time: '09:00:00' };
  const statementOf = (copies: number) => {
    const repeated = Array.from({ length: copies }, (_, index) => ({ ...guides[index % guides.length]!, providerGuideNumber: `B${index}` }));
    const sentLot: HonorariosLot = { sender, planAnsRegistry: plan.ans_registry, transaction, lotNumber: lot.number, guides: [...guides, ...repeated] };
    const analysis = analiseContaForLot(sentLot, {
      statementNumber: 'BENCH-1', planName: plan.name, planCnpj: '11222333000181', issuedOn: lot.sent_on!, protocolNumber: lot.protocol ?? '1', protocolDate: lot.sent_on!,
      glosas: [{ providerGuideNumber: guides[0]!.providerGuideNumber, sequence: 1, code: '1714', cents: 10_000 }],
    });
    return Buffer.from(tissMessageBytes(buildAnaliseContaMessage({ planAnsRegistry: plan.ans_registry, addressee: sender, transaction, statements: [analysis] })));
  };
  const base = statementOf(0).length;
  const perGuide = (statementOf(100).length - base) / 100;
  return statementOf(Math.max(0, Math.round((bytes - base) / perGuide)));
}

const formatMs = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));
const pingFigures = ({ latencies }: Pings) => `${formatMs(latencies.at(-1)!)} / ${formatMs(percentile(latencies, 99))}`;
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 1024 * 1024 ? 3 : 1)} MB`;

function printTable(rows: Row[], idle: Pings) {
  console.log(`\n${RUNS} uploads of each to ${PREVIEW}; CPU: the server process (all threads) per upload; pings: GET /health every ${PING_EVERY_MS} ms during ≥ ${PINGED_MS / 1000} s of the same uploads`);
  console.log(`own lag: this script's event loop delay meanwhile (a ping late by as much was late on the client's side)`);
  console.log(`goal: every bad file 400 (413 for the 50 MB one) with a pt-BR message, in < ${GOAL_MS} ms, no stall\n`);
  const header = ['file', 'size', 'status', 'message (first 60)', 'wall median / max ms', 'CPU ms/upload', 'ping max / p99 ms', 'own lag max', 'goal'];
  const lines = [
    ['(no upload: the pings alone)', '', '', '', '', '', pingFigures(idle), formatMs(idle.ownLagMs), ''],
    ...rows.map((row) => {
      const statuses = [...new Set(row.answers.map((answer) => answer.status))];
      const walls = row.answers.map((answer) => answer.ms).filter((ms) => !Number.isNaN(ms)).sort((a, b) => a - b);
      const met = statuses.length === 1 && statuses[0] === row.expected && (row.expected === 200 || walls.at(-1)! < GOAL_MS);
      return [
        row.name,
        megabytes(row.bytes),
        statuses.join(','),
        row.answers[0]!.message.slice(0, 60),
        `${formatMs(median(walls))} / ${formatMs(walls.at(-1)!)}`,
        formatMs(row.cpuMs),
        pingFigures(row.pings),
        formatMs(row.pings.ownLagMs),
        row.expected === 200 ? '(reference)' : `${row.expected} < ${GOAL_MS} ms ${met ? '✓' : '✗'}`,
      ];
    }),
  ];
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  for (const line of [header, ...lines]) console.log(line.map((cell, column) => cell.padEnd(widths[column]!)).join('  ').trimEnd());
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cirurgias-bench-statements-'));
  let server: ChildProcess | null = null;
  try {
    console.log(`load average at start: ${loadAverage()}`);
    await runBuild();
    // No daily backup: on a fresh DATA_DIR the first one is due 30 s after the start, and copying the embedded
    // database held the server's thread 1.2–3 s in the middle of these rows (docs/BENCHMARKS.md).
    const env = { DATABASE_URL: '', REDIS_URL: '', HOST: '127.0.0.1', PORT: String(PORT), DATA_DIR: join(dataDir, 'data'), SEED_DEMO: 'true', BACKUP_ENABLED: 'false' };
    server = await startProcess([SERVER_ENTRY], { ...process.env, ...env, LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'info' }, /pronto em/);
    token = await signIn(PORT, DEMO_MEDIC_EMAIL, DEMO_PASSWORD);
    const lot = (await api<{ results: Lot[] }>('/surgery/api/v1/tiss/lots/')).results.find((entry) => entry.sent_on)!;
    const valid = await validStatement(lot, STATEMENT_BYTES);
    const lotXml = Buffer.from(await (await fetch(`http://127.0.0.1:${PORT}/surgery/api/v1/tiss/lots/${lot.id}/xml/`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer());
    const text = valid.toString('latin1');
    const latin1 = (xml: string) => Buffer.from(xml, 'latin1');
    const files: Array<[string, Buffer, number]> = [
      ['not XML (a PDF)', Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1'), randomBytes(200 * 1024)]), 400],
      ['another schema: our lot of guides', lotXml, 400],
      ['another schema: an NF-e', Buffer.from('<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><NFe><infNFe Id="NFe35261111222333000181550010000000011000000010" versao="4.00"><ide><cUF>35</cUF><natOp>Venda</natOp></ide></infNFe></NFe></nfeProc>'), 400],
      ['another version (Padrao 3.05.00)', latin1(text.replace('<ans:Padrao>4.01.00</ans:Padrao>', '<ans:Padrao>3.05.00</ans:Padrao>')), 400],
      ['XSD failure (element renamed)', latin1(text.replace('<ans:numeroDemonstrativo>', '<ans:numeroDemonstrativoX>').replace('</ans:numeroDemonstrativo>', '</ans:numeroDemonstrativoX>')), 400],
      ['truncated (first half)', valid.subarray(0, Math.floor(valid.length / 2)), 400],
      ['XML bomb (billion laughs)', Buffer.from(billionLaughs()), 400],
      ['50 MB (the valid file repeated)', Buffer.alloc(50 * 1024 * 1024, valid), 413],
      ['valid statement (preview)', valid, 200],
    ];

    // Nothing written: the statements and the lot's cases' receipts and glosas, as the API shows them.
    const snapshot = async () =>
      JSON.stringify([
        await api('/surgery/api/v1/tiss/statements/'),
        ...(await Promise.all(lot.guides.map((guide) => api(`/surgery/api/v1/surgery/${guide.surgery}/ledger/`)))),
      ]);
    const before = await snapshot();
    // The first upload after the start boots the parse worker: timed apart, not in the rows.
    const first = await upload(valid);
    console.log(`server (node ${SERVER_ENTRY}, pid ${server.pid}, embedded database, demo); first upload after the start (boots the parse worker): ${first.status} in ${formatMs(first.ms)} ms`);
    const idlePings = startPings();
    await new Promise((resolve) => setTimeout(resolve, PINGED_MS));
    const idle = await idlePings.stop();
    const rows: Row[] = [];
    for (const [name, file, expected] of files) rows.push(await measureFile(name, file, expected, server.pid!));
    const after = await snapshot();

    printTable(rows, idle);
    console.log(`\nnothing written (statements list, the lot's ${lot.guides.length} cases' receipts and glosas unchanged): ${before === after ? 'yes' : 'NO'}`);
    console.log(`load average at end: ${loadAverage()}`);
  } finally {
    await stopProcess(server).catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
