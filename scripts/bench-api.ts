/**
 * npm run bench:api: what one API request costs, measured over real HTTP on PostgreSQL (issue 15, item 2).
 *
 * It creates a temporary database on the PostgreSQL server of DATABASE_URL (default 127.0.0.1:5432, user postgres;
 * dropped at the end), does what the server's first start does (migrations, the full reference lists), writes ONE
 * medic with 20,000 surgeries (BENCH_CASES) and 2,000 patients, their procedures, CIDs and status history (the case
 * generator of bench-cases.ts), settles it as a practice's database would be (settleSeededDatabase: the summaries
 * rewritten, VACUUM ANALYZE), then builds the server as it ships (`node scripts/build-server.mjs`, the esbuild
 * bundle `npm run build` makes) and starts it as a child process (`node build/server/main.js` with DATABASE_URL, on
 * 127.0.0.1:BENCH_PORT, default 3420), signs in through
 * /auth/token and drives keep-alive HTTP load (Node's http client, BENCH_CONNECTIONS concurrent connections,
 * default 4) at:
 *   - GET /surgery/api/v1/surgery/{id}/        (one case)
 *   - GET /surgery/api/v1/surgery/             (the default status list: every stage but concluido, the default page)
 *   - GET /surgery/api/v1/patient/?search=silva (the patient search)
 *   - GET /surgery/api/v1/dashboard/
 * For each, after a warm-up: req/s, p50 and p99 latency, and the CPU each request cost the server's Node process and
 * PostgreSQL (utime + stime from /proc/<pid>/stat before and after, divided by the requests; PostgreSQL's is the
 * sum over the backends of the database, from pg_stat_activity).
 *
 * Then the floor: a bare Node `http.createServer` handler (a second child process, on BENCH_PORT + 1) with its own
 * pg Pool of the same size runs the same statements as GET by id (the bearer token's lookup and the case's read:
 * the same names, text and parameters, from the server's own prepared statements) and answers JSON.stringify of the
 * rows.
 * Between the two, the stack alone (`--stack`, a third child process on BENCH_PORT + 3): Fastify with this product's
 * JSON compression and drizzle's prepared statements of GET by id, without authentication plugin, audit, response shape,
 * security headers or log line; it shows how much of the route's overhead the framework, the ORM and the compression
 * make, and how much the product's own work.
 * GET by id, the stack alone and the bare handler are measured in alternation, BENCH_ROUNDS (3) rounds each of
 * BENCH_REQUESTS / rounds, the order rotating from round to round, so a change in the machine's load touches them
 * alike. The script prints our route / bare for CPU per request and req/s, each figure beside its goal, and the stack
 * alone against both.
 *
 * BENCH_REQUESTS (default 4,000: by id, the search, the bare handler), BENCH_LIST_REQUESTS (500) and
 * BENCH_DASHBOARD_REQUESTS (300) set the measured requests (a tenth more warm them up first);
 * BENCH_LOG_LEVEL the server's LOG_LEVEL (default info, as in production: one JSON line per request);
 * BENCH_CPU_PROF=<dir> runs the server under `node --cpu-prof` (the bare handler and the stack alone too, into <dir>/bare
 * and <dir>/stack) and, after the by-id rounds, prints the main thread's CPU per request of each by category (cpu-profile-categories.ts);
 * BENCH_ACCEPT_ENCODING the requests' Accept-Encoding (default `gzip, br`; `identity`: the route without its
 * compression, as the bare handler answers);
 * BENCH_ONLY=by-id,list,search,dashboard limits the scenarios; BENCH_BASELINE=<dir of another checkout> adds that
 * checkout's build (on BENCH_PORT + 2) to GET by id's alternation, to compare a change with its base. A script, not a test: it prints figures and asserts
 * nothing. The seeding, the processes, their CPU and the load are bench-http.ts's, shared with bench-peer.ts.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq, fillPlaceholders } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres, type DatabaseHandle } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { surgeries, users } from '../server/db/schema/index';
import { seedAll } from '../server/db/seed';
import { hashToken, prepareAccessTokenLookup } from '../server/services/auth/token-service';
import { saoPauloDay } from '../server/services/sao-paulo-time';
import { prepareSurgeryById, surgeryByIdStatements } from '../server/services/surgeries/surgery-response';
import { registerJsonCompression } from '../server/http/compression';
import { monotonicUs, profileOf, summarizeProfile, type ProfileSummary } from './cpu-profile-categories';
import { settleSeededDatabase } from './bench-cases';
import {
  createDatabase,
  DEFAULT_SERVER,
  dropOrKeepDatabase,
  EMAIL,
  loadAverage,
  meanOf,
  measure,
  PATIENTS,
  printTable,
  runBuild,
  seedMedic,
  SERVER_ENTRY,
  signIn,
  startProcess,
  stopProcess,
  SURGERIES,
  type Measured,
} from './bench-http';

const PORT = Number(process.env.BENCH_PORT || 3420);
const BARE_PORT = PORT + 1;
const BASELINE_PORT = PORT + 2;
const STACK_PORT = PORT + 3;
const REQUESTS = Number(process.env.BENCH_REQUESTS || 4_000);
const LIST_REQUESTS = Number(process.env.BENCH_LIST_REQUESTS || 500);
const DASHBOARD_REQUESTS = Number(process.env.BENCH_DASHBOARD_REQUESTS || 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 3);

/**
 * The goals of GET by id: issue 41's (Node ≤ 0.5 ms, PostgreSQL ≤ 0.4 ms, the route ≤ +30 % over the stack alone),
 * and issue 15's route ≤ +30 % over the bare handler.
 */
const GOALS = { nodeMs: 0.5, postgresMs: 0.4, overhead: 0.3, overStack: 0.3 };

/**
 * The statements GET surgery by id runs for a medic, as the server prepares them (same names, text and parameters):
 * the bearer token's lookup (token-service) and the case's read (surgery-response).
 */
function byIdStatements(handle: DatabaseHandle, token: string, medicId: number, id: number): BareStatement[] {
  const statement = (prepared: { getQuery(): { sql: string; params: unknown[] } }, name: string, values: Record<string, unknown>) => {
    const query = prepared.getQuery();
    return { name, text: query.sql, values: fillPlaceholders(query.params, values) };
  };
  return [
    statement(prepareAccessTokenLookup(handle.db), 'access_token_lookup', { tokenHash: hashToken(token), now: new Date().toISOString() }),
    statement(surgeryByIdStatements(handle.db).medic, 'surgery_by_id_of_medic', { id, userId: medicId, today: saoPauloDay(new Date()) }),
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// The bare handler (child process)

type BareStatement = { name: string; text: string; values: unknown[] };

/** `--bare`: a Node http server that runs BENCH_BARE_STATEMENTS in order and answers the last one's rows as JSON. */
async function runBareServer(): Promise<void> {
  const statements = JSON.parse(process.env.BENCH_BARE_STATEMENTS!) as BareStatement[];
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, idleTimeoutMillis: 30_000 });
  const server = http.createServer((request, response) => {
    (async () => {
      let rows: unknown[] = [];
      for (const statement of statements) rows = (await pool.query(statement)).rows;
      const body = JSON.stringify(rows[0] ?? null);
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      response.end(body);
    })().catch(() => {
      response.writeHead(500);
      response.end();
    });
    request.resume();
  });
  server.keepAliveTimeout = 10_000;
  server.listen(Number(process.env.BARE_PORT), '127.0.0.1', () => console.log('bare ready'));
  process.on('SIGTERM', () => {
    server.close();
    server.closeAllConnections();
    void pool.end().then(() => process.exit(0));
  });
}

/**
 * `--stack`: the design card's stack alone, on GET by id's SQL: Fastify (no logger, no hook but this product's JSON
 * compression) and drizzle's prepared statements of the route (the bearer token's lookup and the case's read, on the
 * server's own pool settings), answering the joined row. No authentication plugin, audit record, response shape,
 * security headers or log line. Between the bare handler and our route, it shows how much of the route's overhead is
 * the framework, the ORM and the compression, and how much is this product's own work.
 */
async function runStackServer(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const handle = await openPostgres(process.env.DATABASE_URL!);
  const tokenLookup = prepareAccessTokenLookup(handle.db);
  const readById = prepareSurgeryById(handle.db);
  const app = Fastify({ logger: false });
  registerJsonCompression(app);
  app.get<{ Params: { id: string } }>('/surgery/:id/', async (request, reply) => {
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    const [found] = await tokenLookup.execute({ tokenHash: hashToken(token), now: new Date().toISOString() });
    if (!found) return reply.code(401).send({ error: ['401'] });
    return (await readById(found.user, Number(request.params.id), saoPauloDay(new Date()))) ?? null;
  });
  await app.listen({ port: Number(process.env.STACK_PORT), host: '127.0.0.1' });
  console.log('stack ready');
  process.on('SIGTERM', () => {
    void app.close().then(() => handle.close()).then(() => process.exit(0));
  });
}

// ---------------------------------------------------------------------------------------------------------------

/** The by-id rounds' window (on the profiles' clock), the requests each process answered in it, and the processes. */
type ProfiledWindow = { from: number; to: number; requests: number; serverPid: number; barePid: number; stackPid: number };

/**
 * BENCH_CPU_PROF: the main thread's CPU per request of GET by id, the stack alone and the bare handler, by category
 * (cpu-profile-categories.ts), from their profiles' busy samples during the by-id rounds: what the route does that the
 * floor does not, and how much of it the stack does too. The stack alone runs from the sources (tsx), so its own code
 * counts as "other". The profiler's own cost is in both; /proc's Node CPU also counts the other threads (GC helpers).
 */
function printProfileCategories(dir: string, window: ProfiledWindow) {
  const columns: Array<[string, string | null]> = [
    ['GET by id', profileOf(dir, window.serverPid)],
    ['stack', profileOf(join(dir, 'stack'), window.stackPid)],
    ['bare', profileOf(join(dir, 'bare'), window.barePid)],
  ];
  const missing = columns.filter(([, path]) => !path).map(([name]) => name);
  if (missing.length > 0) return console.log(`no CPU profile of ${missing.join(', ')} in ${dir}`);
  const summaries = columns.map(([, path]) => summarizeProfile(path!, window.from, window.to));
  const usPerRequest = (summary: ProfileSummary, samples: number) => (samples * summary.intervalUs) / window.requests;
  const samplesOf = (summary: ProfileSummary, name: string) => summary.categories.find((entry) => entry.category === name)?.samples ?? 0;
  const names = [...new Set(summaries.flatMap((summary) => summary.categories.map((entry) => entry.category)))];
  const row = (label: string, figures: number[]) => console.log(`${label.padEnd(28)}${figures.map((us, index) => us.toFixed(0).padStart(index === 0 ? 10 : 8)).join('')}`);
  console.log(`\nmain thread's CPU per request by category, µs (--cpu-prof, busy samples during the by-id rounds, ${window.requests} requests each):`);
  console.log(`${'category'.padEnd(28)}${columns.map(([name], index) => name.padStart(index === 0 ? 10 : 8)).join('')}`);
  for (const name of names.sort((a, b) => samplesOf(summaries[0]!, b) - samplesOf(summaries[0]!, a))) {
    row(name, summaries.map((summary) => usPerRequest(summary, samplesOf(summary, name))));
  }
  row('total', summaries.map((summary) => usPerRequest(summary, summary.busySamples)));
}

const verdict = (value: number, goal: number) => (value <= goal ? 'met' : 'not met');

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL || DEFAULT_SERVER;
  const dataDir = await mkdtemp(join(tmpdir(), 'cirurgias-bench-api-'));
  // BENCH_REUSE=<url of a database a BENCH_KEEP=1 run kept>: no seeding, and the database is kept again.
  const reuse = process.env.BENCH_REUSE;
  const database = reuse ? { name: new URL(reuse).pathname.slice(1), url: reuse } : await createDatabase(serverUrl);
  let handle: DatabaseHandle | null = null;
  let server: ChildProcess | null = null;
  let bare: ChildProcess | null = null;
  let baseline: ChildProcess | null = null;
  let stack: ChildProcess | null = null;
  const adminClient = new pg.Client({ connectionString: database.url });
  try {
    const only = new Set((process.env.BENCH_ONLY || 'by-id,list,search,dashboard').split(','));
    console.log(`load average before: ${loadAverage()}`);
    handle = await openPostgres(database.url, { poolMax: 4 });
    const now = new Date();
    let started = performance.now();
    let seeded: { medicId: number; surgeryIds: number[] };
    if (reuse) {
      const [medic] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, EMAIL));
      const cases = await handle.db.select({ id: surgeries.id }).from(surgeries).orderBy(surgeries.id);
      seeded = { medicId: medic!.id, surgeryIds: cases.map((row) => row.id) };
      console.log(`reusing ${database.name}: ${cases.length} surgeries`);
    } else {
      await handle.withStartupLock(async () => {
        await runMigrations(handle!);
        await seedAll(handle!, { seedDemo: false, now });
      });
      seeded = await seedMedic(handle, now);
      // VACUUM as well as ANALYZE, and the summaries rewritten: the seed's bulk writes leave them hundreds of pages
      // long, which a practice's one-case-per-transaction writes do not (settleSeededDatabase); and this machine's
      // PostgreSQL runs with autovacuum = off.
      await settleSeededDatabase(handle.db);
      console.log(`temporary database ${database.name}: ${SURGERIES} surgeries of one medic, ${PATIENTS} patients, in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    const { medicId, surgeryIds } = seeded;

    // The server as it ships: the esbuild bundle of `npm run build` (built now, so the figure is of this checkout's code).
    started = performance.now();
    await runBuild();
    console.log(`server built (node scripts/build-server.mjs) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    started = performance.now();
    const profileDir = process.env.BENCH_CPU_PROF;
    const serverEnv = (port: number) => ({
      ...process.env,
      DATABASE_URL: database.url,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'info',
    });
    server = await startProcess([...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), SERVER_ENTRY], serverEnv(PORT), /pronto em/);
    console.log(`server (node ${SERVER_ENTRY}, pid ${server.pid}) ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const token = await signIn(PORT);
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, br' };
    await adminClient.connect();

    // A case in the middle of the list, with procedures and CIDs like every generated one.
    const oneCase = surgeryIds[Math.floor(surgeryIds.length / 2)]!;
    const byIdPath = `/surgery/api/v1/surgery/${oneCase}/`;
    const scenarios: Array<[string, string, string, number]> = [
      ['list', 'GET surgery list (default statuses)', '/surgery/api/v1/surgery/', LIST_REQUESTS],
      ['search', 'GET patient ?search=silva', '/surgery/api/v1/patient/?search=silva', REQUESTS],
      ['dashboard', 'GET dashboard', '/surgery/api/v1/dashboard/', DASHBOARD_REQUESTS],
    ];
    const rows: Measured[] = [];
    for (const [key, name, path, total] of scenarios) {
      if (!only.has(key)) continue;
      rows.push(await measure(name, { port: PORT, pid: server.pid!, path, headers }, total, adminClient));
    }

    // GET by id and the bare handler in alternation (both servers up, one loaded at a time), ROUNDS times each, so a
    // change in the machine's load touches both alike; the figures are the rounds' means.
    let floor: Measured | null = null;
    let stackFloor: Measured | null = null;
    // With BENCH_CPU_PROF: the by-id rounds' window and the requests each process answered in it.
    let profiled: ProfiledWindow | null = null;
    if (only.has('by-id')) {
      bare = await startProcess(
        [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}/bare`] : []), '--import', 'tsx', 'scripts/bench-api.ts', '--bare'],
        { ...process.env, DATABASE_URL: database.url, BARE_PORT: String(BARE_PORT), BENCH_BARE_STATEMENTS: JSON.stringify(byIdStatements(handle, token, medicId, oneCase)) },
        /bare ready/,
      );
      stack = await startProcess(
        [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}/stack`] : []), '--import', 'tsx', 'scripts/bench-api.ts', '--stack'],
        { ...process.env, DATABASE_URL: database.url, STACK_PORT: String(STACK_PORT) },
        /stack ready/,
      );
      // BENCH_BASELINE=<another checkout of this project, e.g. a `git worktree` of main>: its build runs too (on
      // BENCH_PORT + 2, same database and token) and joins the alternation, so a change is compared with its base in
      // the same minutes.
      const baselineDir = process.env.BENCH_BASELINE;
      if (baselineDir) {
        await runBuild(baselineDir);
        baseline = await startProcess([SERVER_ENTRY], serverEnv(BASELINE_PORT), /pronto em/, baselineDir);
        console.log(`baseline server (${baselineDir}, pid ${baseline.pid}) ready`);
      }
      const ours: Measured[] = [];
      const bares: Measured[] = [];
      const baselines: Measured[] = [];
      const stacks: Measured[] = [];
      const perRound = Math.max(500, Math.round(REQUESTS / ROUNDS));
      const turns: Array<() => Promise<unknown>> = [
        async () => ours.push(await measure('GET surgery by id', { port: PORT, pid: server!.pid!, path: byIdPath, headers }, perRound, adminClient)),
        async () => stacks.push(await measure('the stack alone (Fastify, drizzle, compression)', { port: STACK_PORT, pid: stack!.pid!, path: `/surgery/${oneCase}/`, headers }, perRound, adminClient)),
        async () => bares.push(await measure('bare Node handler, same SQL as by id', { port: BARE_PORT, pid: bare!.pid!, path: '/', headers }, perRound, adminClient)),
      ];
      const baselineServer = baseline;
      if (baselineServer) {
        turns.splice(1, 0, async () =>
          baselines.push(await measure('GET surgery by id, BENCH_BASELINE', { port: BASELINE_PORT, pid: baselineServer.pid!, path: byIdPath, headers }, perRound, adminClient)),
        );
      }
      // The order rotates from round to round: the same statements' PostgreSQL CPU differed by a quarter between the
      // first and the second server of a fixed order on a loaded machine.
      const from = monotonicUs();
      for (let round = 0; round < ROUNDS; round++) {
        for (let turn = 0; turn < turns.length; turn++) await turns[(round + turn) % turns.length]!();
      }
      // Each measure(): one probe, the warm-up, the measured requests.
      const requests = ROUNDS * (1 + Math.max(200, Math.round(perRound / 10)) + perRound);
      profiled = { from, to: monotonicUs(), requests, serverPid: server.pid!, barePid: bare.pid!, stackPid: stack.pid! };
      rows.unshift(meanOf(ours));
      if (baseline) rows.splice(1, 0, meanOf(baselines));
      stackFloor = meanOf(stacks);
      floor = meanOf(bares);
      rows.push(stackFloor, floor);
      await stopProcess(bare);
      bare = null;
      await stopProcess(stack);
      stack = null;
      await stopProcess(baseline);
      baseline = null;
    }
    await stopProcess(server);
    server = null;
    printTable(rows);

    const byId = rows.find((row) => row.name.startsWith('GET surgery by id'));
    if (byId) {
      console.log(`\nGET surgery by id, CPU per request: Node ${byId.nodeMs.toFixed(3)} ms (goal ≤ ${GOALS.nodeMs} ms: ${verdict(byId.nodeMs, GOALS.nodeMs)}), ` +
        `PostgreSQL ${byId.postgresMs.toFixed(3)} ms (goal ≤ ${GOALS.postgresMs} ms: ${verdict(byId.postgresMs, GOALS.postgresMs)})`);
    }
    if (byId && floor) {
      const cpuRatio = (byId.nodeMs + byId.postgresMs) / (floor.nodeMs + floor.postgresMs) - 1;
      const nodeRatio = byId.nodeMs / floor.nodeMs - 1;
      const rpsRatio = floor.rps / byId.rps - 1;
      const percent = (value: number) => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(0)} %`;
      console.log(
        `our route vs the bare handler: CPU per request (Node + PostgreSQL) ${percent(cpuRatio)} (goal ≤ +${GOALS.overhead * 100} %: ${verdict(cpuRatio, GOALS.overhead)}); ` +
          `Node CPU alone ${percent(nodeRatio)}; req/s: the bare handler answers ${percent(rpsRatio)} more`,
      );
      if (stackFloor) {
        const total = (row: Measured) => row.nodeMs + row.postgresMs;
        console.log(
          `the stack alone (Fastify, drizzle, compression) vs the bare handler: ${percent(total(stackFloor) / total(floor) - 1)} (Node + PostgreSQL), ` +
            `Node ${percent(stackFloor.nodeMs / floor.nodeMs - 1)}; our route vs the stack alone: ${percent(total(byId) / total(stackFloor) - 1)} ` +
            `(goal ≤ +${GOALS.overStack * 100} %: ${verdict(total(byId) / total(stackFloor) - 1, GOALS.overStack)}), Node ${percent(byId.nodeMs / stackFloor.nodeMs - 1)}`,
        );
      }
    }
    const base = rows.find((row) => row.name.startsWith('GET surgery by id, BENCH_BASELINE'));
    if (byId && base) {
      const change = (ours: number, theirs: number) => `${ours >= theirs ? '+' : ''}${((ours / theirs - 1) * 100).toFixed(0)} %`;
      console.log(`GET surgery by id against BENCH_BASELINE: Node CPU ${change(byId.nodeMs, base.nodeMs)}, PostgreSQL CPU ${change(byId.postgresMs, base.postgresMs)}, req/s ${change(byId.rps, base.rps)}`);
    }
    if (profileDir && profiled) printProfileCategories(profileDir, profiled);
    const dashboard = rows.find((row) => row.name === 'GET dashboard');
    if (dashboard) console.log(`dashboard, PostgreSQL CPU per request: ${dashboard.postgresMs.toFixed(1)} ms (goal < 5 ms: ${verdict(dashboard.postgresMs, 5)})`);
    console.log(`load average after: ${loadAverage()}`);
  } finally {
    await stopProcess(server).catch(() => {});
    await stopProcess(bare).catch(() => {});
    await stopProcess(stack).catch(() => {});
    await stopProcess(baseline).catch(() => {});
    await adminClient.end().catch(() => {});
    await handle?.close().catch(() => {});
    await dropOrKeepDatabase(serverUrl, database, process.env.BENCH_KEEP === '1' || Boolean(reuse));
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const role = { '--bare': runBareServer, '--stack': runStackServer }[process.argv[2] ?? ''] ?? main;
  role().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
