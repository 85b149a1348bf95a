/**
 * npm run bench:peer: our API and the predecessor's DRF peer measured side by side in one run, interleaved (issue 41,
 * goal 1: ≥ 10× the peer in requests per second and in CPU per request, app + PostgreSQL, on each hot call).
 *
 * The peer is a Django REST Framework + django-oauth-toolkit server of the same API, kept outside the project (README
 * there). The script looks for it at BENCH_PEER_DIR (default `<this checkout>/../shared/peers/drf`) and runs it with
 * Debian's interpreter (BENCH_PEER_PYTHON, default /usr/bin/python3) and gunicorn (BENCH_PEER_GUNICORN, default
 * /usr/bin/gunicorn). When the directory, the interpreter's Django packages or gunicorn are missing it prints that the
 * peer was skipped and why, and measures ours alone: the project never needs ../shared.
 *
 * Both sides on the PostgreSQL server of DATABASE_URL (default 127.0.0.1:5432, user postgres), each in its own
 * temporary database, dropped at the end:
 *   - ours: `cirurgias_bench_peer_<hex>`, migrated and seeded as bench-api does (bench-http's seedMedic: the reference
 *     lists, one medic with BENCH_CASES cases, default 20,000, and a tenth as many patients, at least 100), settled
 *     (the dashboard summaries rewritten, VACUUM ANALYZE); the server built as it ships (scripts/build-server.mjs) and
 *     started as a child process (`node build/server/main.js`, LOG_LEVEL BENCH_LOG_LEVEL, default info).
 *   - the peer: `drfpeer_bench_<hex>`, owned by the SUPERUSER role drfpeer/drfpeer its README asks for (created when
 *     missing, and left in place), from a copy of the peer's directory in a temporary directory (so that nothing,
 *     not even Python's bytecode cache, is written into ../shared): `manage.py migrate`, `manage.py load_demo
 *     --surgeries <cases> --patients <patients> --seed 42`, VACUUM ANALYZE, then `gunicorn -w 2` (sync workers) on a
 *     free port, with CONN_MAX_AGE=3600 (its default, 60 s, would close a worker's connection during a measurement,
 *     and a backend gone takes its CPU out of pg_stat_activity's sum; one reconnection a minute costs nothing
 *     measurable).
 * The rows: each side's own generator, with the same counts (cases of one medic, patients, 1–3 procedures and 1–3
 * CIDs per case, every stage present). The stage spreads differ, the generators being each side's: ours (bench-cases)
 * puts 45 % of the cases in concluido, the peer's load_demo 26 % (the script prints both spreads), so the status list's
 * filter matches about 55 % of our cases and 74 % of the peer's; ours also has each case's status history and the
 * full reference lists (the peer: 50 hospitals, 30 plans, 500 procedures, 2,000 CIDs), and its patients are ours'
 * (demo-data's names), the peer's its own.
 *
 * The four calls, each on both sides with BENCH_CONNECTIONS (default 4) keep-alive connections and a browser's
 * `Accept-Encoding: gzip, br` (the peer, as it ships, compresses nothing):
 *   - GET surgery by id: the same id on both sides (the middle one of ours, which the peer has too: its ids are 1..N);
 *   - the status list of 100 rows: ours `surgery/?limit=100` (no status__in: every stage but concluido), the peer
 *     `surgery/?status__in=<the same stages>&page_size=100`;
 *   - the patient search of 50 rows: ours `patient/?search=<term>&limit=50`, the peer
 *     `patient/?search=<term>&page_size=50`; the term is BENCH_SEARCH, or the first of silva, ma, an, a that matches
 *     at least 50 patients on both sides (silva from about 750 patients up, that is 7,500 cases);
 *   - the dashboard.
 * BENCH_ROUNDS (default 3) rounds; in each, each call runs on ours then on the peer, the order alternating from round to
 * round, so a change in the machine's load touches both alike. Each run: a probe, a warm-up of a tenth of the requests
 * (at least 20), then BENCH_REQUESTS (by id, default 2,000), BENCH_LIST_REQUESTS (200), BENCH_SEARCH_REQUESTS (1,000)
 * or BENCH_DASHBOARD_REQUESTS (100) requests; around them the CPU of the app (ours: the node process; the peer:
 * gunicorn's master and workers, the whole process tree) and of PostgreSQL (the backends of that side's database) from
 * /proc. The script prints, per side and call, the medians over the rounds of req/s, p50, p99 and the CPU per request;
 * then, per call, ours/peer in req/s and peer/ours in total CPU per request (medians of the rounds' ratios, with their
 * range), each beside the goal (≥ 10×); and the load average at the start and at the end. Both databases are dropped and
 * every process it started is stopped at the end, on an error and on Ctrl-C. A script, not a test: it asserts nothing.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { CASE_STATUSES } from '../machines/constants';
import { DEFAULT_LIST_STATUSES } from '../machines/surgeryCase/listQuerySchemas';
import { openPostgres, type DatabaseHandle } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { seedAll } from '../server/db/seed';
import { settleSeededDatabase } from './bench-cases';
import {
  admin,
  CONNECTIONS,
  createDatabase,
  DEFAULT_SERVER,
  loadAverage,
  measure,
  median,
  PATIENTS,
  processTreeCpu,
  runBuild,
  seedMedic,
  SERVER_ENTRY,
  signIn,
  startProcess,
  stopProcess,
  SURGERIES,
  type Measured,
} from './bench-http';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const PEER_DIR = resolve(process.env.BENCH_PEER_DIR || join(REPO, '..', 'shared', 'peers', 'drf'));
const PYTHON = process.env.BENCH_PEER_PYTHON || '/usr/bin/python3';
const GUNICORN = process.env.BENCH_PEER_GUNICORN || '/usr/bin/gunicorn';
const PEER_MODULES = 'django, rest_framework, oauth2_provider, django_filters, psycopg2, decouple, dj_database_url';
const PEER_ROLE = 'drfpeer';
const PEER_EMAIL = 'medico@demo.com.br';
const PEER_PASSWORD = 'Demo@12345';
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);
const REQUESTS = {
  byId: Number(process.env.BENCH_REQUESTS || 2_000),
  list: Number(process.env.BENCH_LIST_REQUESTS || 200),
  search: Number(process.env.BENCH_SEARCH_REQUESTS || 1_000),
  dashboard: Number(process.env.BENCH_DASHBOARD_REQUESTS || 100),
};
const SEARCH_TERMS = process.env.BENCH_SEARCH ? [process.env.BENCH_SEARCH] : ['silva', 'ma', 'an', 'a'];
const SEARCH_ROWS = 50;
const LIST_ROWS = 100;
/** Goal 1 of issue 41: at least ten times the peer. */
const GOAL = 10;

type Side = 'ours' | 'peer';
type Target = { port: number; pid: number; headers: Record<string, string>; tree: boolean; admin: pg.Client };
type Call = { key: keyof typeof REQUESTS; name: string; paths: Record<Side, string> };

// ---------------------------------------------------------------------------------------------------------------
// The peer: where it is, its database, its processes

/** Null when the peer can run here; else why not. */
function peerMissing(): string | null {
  if (!existsSync(join(PEER_DIR, 'manage.py'))) return `no peer at ${PEER_DIR} (BENCH_PEER_DIR)`;
  if (!existsSync(GUNICORN)) return `${GUNICORN} not found (BENCH_PEER_GUNICORN; apt-get install gunicorn)`;
  const check = spawnSync(PYTHON, ['-c', `import ${PEER_MODULES}`], { encoding: 'utf8' });
  if (check.error) return `${PYTHON} cannot run: ${check.error.message} (BENCH_PEER_PYTHON)`;
  if (check.status !== 0) {
    const last = check.stderr.trim().split('\n').pop() || `exit status ${check.status}`;
    return `${PYTHON} cannot import the peer's packages (${last}; see ${join(PEER_DIR, 'README.md')})`;
  }
  return null;
}

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The manage.py commands running now (stopped by the cleanup when it comes first). */
const commands = new Set<ChildProcess>();

/** Runs `python manage.py <args>` in the peer's copy; its output on success, an error with its tail otherwise. */
function manage(cwd: string, env: NodeJS.ProcessEnv, args: string[]): Promise<string> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(PYTHON, ['manage.py', ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    commands.add(child);
    child.once('exit', () => commands.delete(child));
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolveRun(output.trim()) : reject(new Error(`manage.py ${args[0]} exited with ${code}:\n${output.slice(-3000)}`)),
    );
  });
}

/** gunicorn with 2 sync workers on `port`, ready when both workers have booted and it answers HTTP. */
async function startGunicorn(cwd: string, env: NodeJS.ProcessEnv, port: number): Promise<ChildProcess> {
  const child = spawn(GUNICORN, ['-w', '2', '--bind', `127.0.0.1:${port}`, 'core.wsgi:application'], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (chunk: Buffer) => (log = (log + chunk.toString('utf8')).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`gunicorn exited before it was ready:\n${log}`);
    if ((log.match(/Booting worker/g) ?? []).length >= 2) {
      const answered = await fetch(`http://127.0.0.1:${port}/project_auth/profile/`).then(
        () => true,
        () => false,
      );
      if (answered) return child;
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  await stopGunicorn(child);
  throw new Error(`gunicorn not ready in 60 s:\n${log}`);
}

/** SIGTERM to gunicorn's master (it stops its workers), then SIGKILL to any of its tree still there. */
async function stopGunicorn(child: ChildProcess | null): Promise<void> {
  if (!child?.pid) return;
  const tree = [...processTreeCpu(child.pid).keys()];
  await stopProcess(child);
  for (const pid of tree) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** The peer's access token: django-oauth-toolkit's password grant, form-encoded. */
async function peerToken(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'cirurgias-web',
      client_secret: 'cirurgias-web-secret',
      username: PEER_EMAIL,
      password: PEER_PASSWORD,
    }).toString(),
  });
  if (response.status !== 200) throw new Error(`the peer's sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

// ---------------------------------------------------------------------------------------------------------------
// Figures

/** The `count` of a list answer (both sides send it). */
async function countOf(port: number, path: string, headers: Record<string, string>): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
  if (response.status !== 200) throw new Error(`GET ${path}: HTTP ${response.status}`);
  return ((await response.json()) as { count: number }).count;
}

/** Share of each stage, in %, of a side's cases. */
async function stageSpread(client: pg.Client, table: string): Promise<Map<string, number>> {
  const { rows } = await client.query<{ status: string; n: string }>(`select status, count(*) as n from ${table} group by status`);
  const total = rows.reduce((sum, row) => sum + Number(row.n), 0);
  return new Map(rows.map((row) => [row.status, (100 * Number(row.n)) / total]));
}

/** The rounds of one call on one side as one row: the median of each figure. */
function medianOf(rounds: Measured[]): Measured {
  const of = (pick: (row: Measured) => number) => median(rounds.map(pick));
  return {
    name: rounds[0]!.name,
    rps: of((row) => row.rps),
    p50: of((row) => row.p50),
    p99: of((row) => row.p99),
    nodeMs: of((row) => row.nodeMs),
    postgresMs: of((row) => row.postgresMs),
    failures: rounds.reduce((sum, row) => sum + row.failures, 0),
    bytes: rounds[0]!.bytes,
  };
}

const total = (row: Measured) => row.nodeMs + row.postgresMs;
const times = (value: number) => `${value >= 10 ? value.toFixed(0) : value.toFixed(1)}×`;

function printResults(calls: Call[], results: Record<Side, Measured[][]>, withPeer: boolean): void {
  console.log(
    `\nmedians of ${ROUNDS} rounds, ${CONNECTIONS} connections, Accept-Encoding gzip, br; CPU per request in ms (app: ours the node process, ` +
      `the peer gunicorn's master + workers; PostgreSQL: the side's backends)`,
  );
  const header = `${'call'.padEnd(26)}${'side'.padEnd(6)}${'req/s'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}` +
    `${'app'.padStart(9)}${'PostgreSQL'.padStart(12)}${'total'.padStart(9)}   body`;
  console.log(header);
  calls.forEach((call, index) => {
    for (const side of withPeer ? (['ours', 'peer'] as const) : (['ours'] as const)) {
      const row = medianOf(results[side][index]!);
      const failures = row.failures > 0 ? `  ${row.failures} failed!` : '';
      console.log(
        `${(side === 'ours' ? call.name : '').padEnd(26)}${side.padEnd(6)}${row.rps.toFixed(0).padStart(8)}${row.p50.toFixed(2).padStart(9)}` +
          `${row.p99.toFixed(2).padStart(9)}${row.nodeMs.toFixed(3).padStart(9)}${row.postgresMs.toFixed(3).padStart(12)}` +
          `${total(row).toFixed(3).padStart(9)}   ${(row.bytes / 1024).toFixed(1)} kB${failures}`,
      );
    }
  });
  if (!withPeer) return;
  console.log(`\nours against the peer (medians of the ${ROUNDS} rounds' ratios, their range in brackets; goal ≥ ${GOAL}× on each):`);
  calls.forEach((call, index) => {
    const pairs = results.ours[index]!.map((ours, round) => ({ ours, peer: results.peer[index]![round]! }));
    const figure = (ratios: number[]) => {
      const value = median(ratios);
      return `${times(value).padStart(5)} [${times(Math.min(...ratios))}–${times(Math.max(...ratios))}] ${value >= GOAL ? '✓' : '✗'}`;
    };
    console.log(
      `${call.name.padEnd(26)}req/s ours/peer ${figure(pairs.map((pair) => pair.ours.rps / pair.peer.rps))}   ` +
        `CPU per request (app + PostgreSQL) peer/ours ${figure(pairs.map((pair) => total(pair.peer) / total(pair.ours)))}`,
    );
  });
}

// ---------------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL || DEFAULT_SERVER;
  const loadAtStart = loadAverage();
  console.log(`load average at start: ${loadAtStart}`);
  const skipped = peerMissing();
  console.log(skipped ? `peer skipped: ${skipped}; measuring ours alone` : `peer: ${PEER_DIR} (${PYTHON}, ${GUNICORN})`);

  // Everything to undo, in reverse order, once: at the end, on an error, on Ctrl-C.
  const undo: Array<() => Promise<unknown>> = [];
  let cleaning: Promise<void> | null = null;
  const cleanup = () =>
    (cleaning ??= (async () => {
      for (const command of commands) await stopProcess(command);
      for (const step of undo.reverse()) await step().catch((error: unknown) => console.error('cleanup:', error));
    })());
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the servers and dropping the databases`);
    // The work under way fails as its connections are dropped (a pg client's 'error' event among them): the cleanup
    // goes on, and the process ends with it.
    process.on('uncaughtException', (error) => console.error(`(interrupted: ${error.message})`));
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    // Ours: database, seed, build, server.
    let started = performance.now();
    const ours = await createDatabase(serverUrl, 'cirurgias_bench_peer_');
    undo.push(() => admin(serverUrl, `DROP DATABASE IF EXISTS "${ours.name}" WITH (FORCE)`));
    const handle: DatabaseHandle = await openPostgres(ours.url, { poolMax: 4 });
    let surgeryIds: number[];
    try {
      const now = new Date();
      await handle.withStartupLock(async () => {
        await runMigrations(handle);
        await seedAll(handle, { seedDemo: false, now });
      });
      ({ surgeryIds } = await seedMedic(handle, now));
      await settleSeededDatabase(handle.db);
    } finally {
      await handle.close();
    }
    console.log(`ours: temporary database ${ours.name}: ${SURGERIES} cases of one medic, ${PATIENTS} patients, in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    // The peer: a copy of its directory, its database, migrate, load_demo.
    let peer: { name: string; url: string; cwd: string; env: NodeJS.ProcessEnv } | null = null;
    if (!skipped) {
      started = performance.now();
      const cwd = await mkdtemp(join(tmpdir(), 'drfpeer-bench-'));
      undo.push(() => rm(cwd, { recursive: true, force: true }));
      cpSync(PEER_DIR, cwd, { recursive: true, filter: (source) => !/(__pycache__|\.pyc$|\/\.env$|\/media$|\/staticfiles$)/.test(source) });
      spawnSync('chmod', ['-R', 'u+w', cwd]); // the shared copy is read-only; its copy must take Python's caches and be removable
      const superuser = new pg.Client({ connectionString: serverUrl });
      await superuser.connect();
      try {
        const { rowCount } = await superuser.query('select 1 from pg_roles where rolname = $1', [PEER_ROLE]);
        if (!rowCount) {
          await superuser.query(`CREATE ROLE ${PEER_ROLE} LOGIN PASSWORD '${PEER_ROLE}' SUPERUSER`);
          console.log(`peer: created the role ${PEER_ROLE} (its README's; left in place)`);
        }
      } finally {
        await superuser.end();
      }
      const name = `drfpeer_bench_${randomBytes(5).toString('hex')}`;
      await admin(serverUrl, `CREATE DATABASE "${name}" OWNER ${PEER_ROLE}`);
      undo.push(() => admin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      const server = new URL(serverUrl);
      const url = `postgres://${PEER_ROLE}:${PEER_ROLE}@${server.hostname}:${server.port || 5432}/${name}`;
      const env = { ...process.env, DATABASE_URL: url, CONN_MAX_AGE: '3600', DEBUG: 'False' };
      await manage(cwd, env, ['migrate', '--noinput']);
      const loaded = await manage(cwd, env, ['load_demo', '--surgeries', String(SURGERIES), '--patients', String(PATIENTS), '--seed', '42']);
      const target = new URL(serverUrl);
      target.pathname = `/${name}`;
      await admin(target.toString(), 'VACUUM ANALYZE');
      peer = { name, url: target.toString(), cwd, env };
      console.log(`peer: temporary database ${name}, ${loaded.split('\n').pop()}; migrated, loaded and vacuumed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }

    // The servers.
    started = performance.now();
    await runBuild();
    const dataDir = await mkdtemp(join(tmpdir(), 'cirurgias-bench-peer-'));
    undo.push(() => rm(dataDir, { recursive: true, force: true }));
    const ourPort = Number(process.env.BENCH_PORT) || (await freePort());
    const ourServer = await startProcess(
      [SERVER_ENTRY],
      { ...process.env, DATABASE_URL: ours.url, HOST: '127.0.0.1', PORT: String(ourPort), DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'info' },
      /pronto em/,
    );
    undo.push(() => stopProcess(ourServer));
    console.log(`ours: built and started (node ${SERVER_ENTRY}, pid ${ourServer.pid}, port ${ourPort}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const acceptEncoding = { 'accept-encoding': 'gzip, br' };
    const ourAdmin = new pg.Client({ connectionString: ours.url });
    await ourAdmin.connect();
    undo.push(() => ourAdmin.end());
    const targets: Partial<Record<Side, Target>> = {
      ours: { port: ourPort, pid: ourServer.pid!, headers: { authorization: `Bearer ${await signIn(ourPort)}`, ...acceptEncoding }, tree: false, admin: ourAdmin },
    };
    if (peer) {
      started = performance.now();
      const port = await freePort();
      const gunicorn = await startGunicorn(peer.cwd, peer.env, port);
      undo.push(() => stopGunicorn(gunicorn));
      const peerAdmin = new pg.Client({ connectionString: peer.url });
      await peerAdmin.connect();
      undo.push(() => peerAdmin.end());
      targets.peer = { port, pid: gunicorn.pid!, headers: { authorization: `Bearer ${await peerToken(port)}`, ...acceptEncoding }, tree: true, admin: peerAdmin };
      console.log(`peer: gunicorn -w 2 (pid ${gunicorn.pid}, port ${port}) ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      const spreads = [await stageSpread(ourAdmin, 'surgeries'), await stageSpread(peerAdmin, 'surgery_surgery')];
      const stages = CASE_STATUSES.filter((stage) => spreads.some((spread) => spread.has(stage)));
      console.log(`stages, % of the cases (ours / peer): ${stages.map((stage) => `${stage} ${spreads.map((spread) => (spread.get(stage) ?? 0).toFixed(0)).join('/')}`).join(', ')}`);
    }

    // The calls: the same case, the same stages, a search term that fills the page on both sides.
    const sides = Object.keys(targets) as Side[];
    const caseId = surgeryIds[Math.floor(surgeryIds.length / 2)]!;
    if (peer && caseId > SURGERIES) throw new Error(`case ${caseId} of ours is not among the peer's ids 1..${SURGERIES}`);
    let term = SEARCH_TERMS[SEARCH_TERMS.length - 1]!;
    const searchPath = (side: Side, search: string, rows: number) =>
      `/surgery/api/v1/patient/?search=${encodeURIComponent(search)}&${side === 'ours' ? 'limit' : 'page_size'}=${rows}`;
    for (const candidate of SEARCH_TERMS) {
      const counts = await Promise.all(sides.map((side) => countOf(targets[side]!.port, searchPath(side, candidate, 1), targets[side]!.headers)));
      if (counts.every((count) => count >= SEARCH_ROWS) || candidate === term) {
        term = candidate;
        console.log(`search term '${term}': ${sides.map((side, index) => `${side} ${counts[index]} patients`).join(', ')}${counts.some((count) => count < SEARCH_ROWS) ? ` (fewer than ${SEARCH_ROWS}!)` : ''}`);
        break;
      }
    }
    const calls: Call[] = [
      { key: 'byId', name: 'GET surgery by id', paths: { ours: `/surgery/api/v1/surgery/${caseId}/`, peer: `/surgery/api/v1/surgery/${caseId}/` } },
      {
        key: 'list',
        name: `status list, ${LIST_ROWS} rows`,
        paths: { ours: `/surgery/api/v1/surgery/?limit=${LIST_ROWS}`, peer: `/surgery/api/v1/surgery/?status__in=${DEFAULT_LIST_STATUSES.join(',')}&page_size=${LIST_ROWS}` },
      },
      { key: 'search', name: `patient search, ${SEARCH_ROWS} rows`, paths: { ours: searchPath('ours', term, SEARCH_ROWS), peer: searchPath('peer', term, SEARCH_ROWS) } },
      { key: 'dashboard', name: 'dashboard', paths: { ours: '/surgery/api/v1/dashboard/', peer: '/surgery/api/v1/dashboard/' } },
    ];
    for (const call of calls) console.log(`${call.name}: ${sides.map((side) => `${side} GET ${call.paths[side]}`).join('; ')}; ${REQUESTS[call.key]} requests per side and round`);

    // The rounds: each call on both sides, one after the other, the order alternating from round to round.
    const results: Record<Side, Measured[][]> = { ours: calls.map(() => []), peer: calls.map(() => []) };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      for (const [index, call] of calls.entries()) {
        for (const side of order) {
          const target = targets[side]!;
          const requests = REQUESTS[call.key];
          const row = await measure(`${call.name}, ${side}`, { ...target, path: call.paths[side] }, requests, target.admin, Math.max(20, Math.round(requests / 10)));
          results[side][index]!.push(row);
        }
      }
      console.log(`round ${round + 1} of ${ROUNDS} done (load average ${loadAverage()})`);
    }
    printResults(calls, results, Boolean(peer));
    if (skipped) console.log(`\npeer skipped: ${skipped}; no ratios`);
    console.log(`\nload average at start ${loadAtStart}; at end ${loadAverage()}`);
  } finally {
    await cleanup();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
