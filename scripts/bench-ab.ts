/**
 * npm run bench:ab (issue 41): two or more builds of the server, alternated on one kept database, so that a change is
 * measured against the code before it on the same data, machine and hour. BENCH_SERVERS: their entry points, comma
 * separated (each `node scripts/build-server.mjs` of a commit, its build/server/ copied aside, e.g.
 * build/server-before/main.js,build/server-after/main.js). DATABASE_URL: a database of this product with cases in it,
 * already migrated (e.g. one kept by `BENCH_KEEP=1 npm run bench:scale`); BENCH_EMAIL: its medic (password
 * Bench@12345, as bench:scale and bench:cases seed them).
 *
 * Each round starts every server in turn (the order reversed every other round), signs in, and measures:
 * - status changes through the API (PUT update/{id}/, env_doc ⇄ autorizacao, the case's own lifecycle move), one at a
 *   time (BENCH_SEQUENTIAL, 300) and by 50 writers back to back, each on its own case (20 each);
 * - each GET of BENCH_PATHS (default none), one request at a time (BENCH_REQUESTS, 400, after 50 to warm up).
 * The server's CPU and the database's backends' CPU per request come from /proc (bench-http.ts). The medians of
 * BENCH_ROUNDS (4) rounds are printed for each server. A script, not a test: it prints figures and asserts nothing.
 */
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { PASSWORD } from './bench-cases';
import { backendCpu, cpuDelta, cpuMs, measure, median, percentile, signIn, startProcess, stopProcess } from './bench-http';

const url = process.env.DATABASE_URL;
const servers = (process.env.BENCH_SERVERS ?? '').split(',').filter(Boolean);
const email = process.env.BENCH_EMAIL ?? 'medico1@bench-scale.com.br';
if (!url || servers.length === 0) throw new Error('bench:ab: set DATABASE_URL and BENCH_SERVERS (see the header)');
const ROUNDS = Number(process.env.BENCH_ROUNDS || 4);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL || 300);
const REQUESTS = Number(process.env.BENCH_REQUESTS || 400);
const PATHS = (process.env.BENCH_PATHS ?? '').split(',').filter(Boolean);
const WRITERS = 50;
const PUTS = 20;
const PORT = 4100;

const admin = new pg.Client(url);
await admin.connect();
const { rows: cases } = await admin.query<{ id: number; status: string; document_arrivals: string }>(
  `select s.id, s.status::text, s.document_arrivals::text from surgeries s join users u on u.id = s.medic_id
   where u.email = $1 and s.status in ('autorizacao', 'env_doc') and s.document_arrivals is not null order by s.id limit $2`,
  [email, WRITERS + 1],
);
if (cases.length < WRITERS + 1) throw new Error(`bench:ab: only ${cases.length} of ${email}'s cases in env_doc or autorizacao with documents`);
const statusOf = new Map(cases.map((row) => [row.id, row.status]));
const [sequentialCase, ...writerCases] = [cases[WRITERS]!, ...cases.slice(0, WRITERS)];

/** One status change of case `row`: to the other of its two stages. Resolves with its latency (ms). */
function statusChange(agent: http.Agent, token: string, row: (typeof cases)[number]): Promise<number> {
  const body =
    statusOf.get(row.id) === 'autorizacao' ? { new_status: 'env_doc' } : { new_status: 'autorizacao', document_arrivals: row.document_arrivals };
  const payload = JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        path: `/surgery/api/v1/update/${row.id}/`,
        method: 'PUT',
        agent,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-encoding': 'gzip, br', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode !== 200) return reject(new Error(`bench:ab: status change answered HTTP ${response.statusCode}`));
          statusOf.set(row.id, body.new_status);
          resolve(performance.now() - started);
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

type Writes = { p50: number; p99: number; perSecond: number; nodeMs: number; postgresMs: number };

/** Runs `work` (which returns each write's latency) and reads the CPU the server and the database spent on it. */
async function measureWrites(serverPid: number, work: () => Promise<number[]>): Promise<Writes> {
  const nodeBefore = cpuMs(serverPid)!;
  const postgresBefore = await backendCpu(admin);
  const started = performance.now();
  const latencies = (await work()).sort((a, b) => a - b);
  const seconds = (performance.now() - started) / 1000;
  const nodeMs = cpuMs(serverPid)! - nodeBefore;
  const postgresMs = cpuDelta(postgresBefore, await backendCpu(admin));
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    perSecond: latencies.length / seconds,
    nodeMs: nodeMs / latencies.length,
    postgresMs: postgresMs / latencies.length,
  };
}

type RoundResult = { sequential: Writes; writers: Writes; reads: Array<{ path: string; p50: number; nodeMs: number; postgresMs: number }> };

async function round(entry: string): Promise<RoundResult> {
  const env = { ...process.env, DATABASE_URL: url, HOST: '127.0.0.1', PORT: String(PORT), DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-ab-')), SEED_DEMO: 'false', LOG_LEVEL: 'warn' };
  const server = await startProcess([entry], env, /pronto em/);
  try {
    const token = await signIn(PORT, email, PASSWORD);
    const agent = new http.Agent({ keepAlive: true, maxSockets: WRITERS });
    for (let i = 0; i < 100; i++) await statusChange(agent, token, sequentialCase);
    const sequential = await measureWrites(server.pid!, async () => {
      const latencies: number[] = [];
      for (let i = 0; i < SEQUENTIAL; i++) latencies.push(await statusChange(agent, token, sequentialCase));
      return latencies;
    });
    const writers = await measureWrites(server.pid!, async () => {
      const latencies: number[] = [];
      await Promise.all(
        writerCases.map(async (row) => {
          for (let i = 0; i < PUTS; i++) latencies.push(await statusChange(agent, token, row));
        }),
      );
      return latencies;
    });
    agent.destroy();
    const reads = [];
    for (const path of PATHS) {
      const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br' };
      const measured = await measure(path, { port: PORT, pid: server.pid!, path, headers }, REQUESTS, admin, 50, 1);
      reads.push({ path, p50: measured.p50, nodeMs: measured.nodeMs, postgresMs: measured.postgresMs });
    }
    return { sequential, writers, reads };
  } finally {
    await stopProcess(server);
  }
}

const ms = (value: number) => value.toFixed(2);
const cpu = (value: number) => value.toFixed(3);
const results = new Map<string, RoundResult[]>(servers.map((entry) => [entry, []]));
console.log(`bench:ab: ${servers.join(' · ')}; ${ROUNDS} rounds; load ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
for (let r = 0; r < ROUNDS; r++) {
  for (const entry of r % 2 === 0 ? servers : [...servers].reverse()) {
    const result = await round(entry);
    results.get(entry)!.push(result);
    const { sequential: one, writers: many } = result;
    console.log(
      `round ${r + 1} ${entry}: one writer p50 ${ms(one.p50)} ms, CPU ${cpu(one.nodeMs)} + ${cpu(one.postgresMs)} ms; ` +
        `50 writers p50 ${ms(many.p50)} p99 ${ms(many.p99)} ms, ${many.perSecond.toFixed(0)} writes/s, CPU ${cpu(many.nodeMs)} + ${cpu(many.postgresMs)} ms` +
        result.reads.map((read) => `; ${read.path} p50 ${ms(read.p50)} ms, CPU ${cpu(read.nodeMs)} + ${cpu(read.postgresMs)} ms`).join('') +
        `; load ${loadavg()[0]!.toFixed(2)}`,
    );
  }
}
console.log('\nmedians of the rounds (CPU per request: Node + PostgreSQL, ms):');
for (const [entry, rounds] of results) {
  const of = (pick: (result: RoundResult) => number) => median(rounds.map(pick));
  console.log(
    `${entry}: one writer p50 ${ms(of((x) => x.sequential.p50))} ms, CPU ${cpu(of((x) => x.sequential.nodeMs))} + ${cpu(of((x) => x.sequential.postgresMs))}; ` +
      `50 writers p50 ${ms(of((x) => x.writers.p50))} p99 ${ms(of((x) => x.writers.p99))} ms, ${of((x) => x.writers.perSecond).toFixed(0)} writes/s, ` +
      `CPU ${cpu(of((x) => x.writers.nodeMs))} + ${cpu(of((x) => x.writers.postgresMs))}` +
      PATHS.map((path, i) => `; ${path} p50 ${ms(of((x) => x.reads[i]!.p50))} ms, CPU ${cpu(of((x) => x.reads[i]!.nodeMs))} + ${cpu(of((x) => x.reads[i]!.postgresMs))}`).join(''),
  );
}
await admin.end();
