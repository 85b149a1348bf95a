/**
 * What the HTTP benchmarks share (bench-api, bench-peer): a temporary PostgreSQL database seeded with one medic's
 * cases, child processes started and stopped, their CPU read from /proc (a process, a process tree, the backends of a
 * database), keep-alive HTTP load with its latencies, and the table of the results.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { loadavg } from 'node:os';
import pg from 'pg';
import type { DatabaseHandle } from '../server/db/client';
import { createRandom, generateCpf, generatePatients } from '../server/db/demo-data';
import { cids, healthPlans, hospitals, patients, procedures, users } from '../server/db/schema/index';
import { hashPassword } from '../server/services/auth/password';
import { normalizeSearchText } from '../server/services/search-text';
import { buildCase, insertCases, insertInBatches, PASSWORD, type Pools } from './bench-cases';

/** BENCH_CASES: the one medic's cases (default 20,000); a tenth as many patients (at least 100). */
export const SURGERIES = Number(process.env.BENCH_CASES || 20_000);
export const PATIENTS = Math.max(100, Math.round(SURGERIES / 10));
/** BENCH_CONNECTIONS: concurrent keep-alive connections of the load (default 4). */
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 4);
export const SERVER_ENTRY = 'build/server/main.js';
export const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';
export const EMAIL = 'medico@bench-api.com.br';
export const CLIENT = { client_id: 'cirurgias-web', client_secret: 'cirurgias-web-secret' };
const CLOCK_TICKS = 100; // getconf CLK_TCK on Linux

/** The machine's load average (1, 5 and 15 minutes), as the benchmarks print it. */
export const loadAverage = () => loadavg().map((n) => n.toFixed(2)).join(' ');

// ---------------------------------------------------------------------------------------------------------------
// The database

export async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new database named `<prefix><10 hex digits>` on the server of `serverUrl`; its name and URL. */
export async function createDatabase(serverUrl: string, prefix = 'cirurgias_bench_api_'): Promise<{ name: string; url: string }> {
  const name = `${prefix}${randomBytes(5).toString('hex')}`;
  await admin(serverUrl, `CREATE DATABASE "${name}"`);
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return { name, url: target.toString() };
}

/** At a benchmark's end: its temporary database dropped, or with `keep` left in place and its URL printed. */
export async function dropOrKeepDatabase(serverUrl: string, database: { name: string; url: string }, keep: boolean): Promise<void> {
  if (keep) {
    console.log(`kept the database: ${database.url} (drop it when done)`);
    return;
  }
  await admin(serverUrl, `DROP DATABASE IF EXISTS "${database.name}" WITH (FORCE)`).catch((error: unknown) => {
    console.error(`could not drop ${database.name}:`, error);
  });
}

/** One medic with SURGERIES cases (and PATIENTS patients), as three years of work would leave them. */
export async function seedMedic(handle: DatabaseHandle, now: Date): Promise<{ medicId: number; surgeryIds: number[] }> {
  const { db } = handle;
  const random = createRandom(15_2026);
  const ids = async (table: typeof cids | typeof procedures | typeof hospitals | typeof healthPlans) =>
    (await db.select({ id: table.id }).from(table)).map((row) => row.id);
  const pools: Pools = {
    cids: random.sample(await ids(cids), 200),
    procedures: random.sample(await ids(procedures), 300),
    hospitals: (await ids(hospitals)).slice(0, 30),
    plans: random.sample(await ids(healthPlans), 50),
  };
  const passwordHash = await hashPassword(PASSWORD);
  const [medic] = await db
    .insert(users)
    .values({ type: 'medic', email: EMAIL, passwordHash, firstName: 'Médica', lastName: 'Bench', cpf: generateCpf(random), crm: '315000/SP' })
    .returning({ id: users.id });
  const medicId = medic!.id;
  const patientIds: number[] = [];
  await insertInBatches(generatePatients(random, PATIENTS, pools.plans.length), 1_000, async (batch) => {
    const inserted = await db
      .insert(patients)
      .values(
        batch.map((person) => ({
          medicId,
          nomeCompleto: person.nomeCompleto,
          searchText: normalizeSearchText(person.nomeCompleto),
          cellphone: person.cellphone,
          healthPlanId: person.planIndex === null ? null : (pools.plans[person.planIndex] ?? null),
          birthday: person.birthday,
          address: person.address,
          fullAddress: person.fullAddress,
          cep: person.cep,
          cpf: person.cpf,
          gender: person.gender,
          createdBy: medicId,
        })),
      )
      .returning({ id: patients.id });
    patientIds.push(...inserted.map((row) => row.id));
  });
  const cases = Array.from({ length: SURGERIES }, () => buildCase(random, pools, now.getTime(), medicId, random.pick(patientIds), medicId));
  const { surgeryIds } = await insertCases(db, cases, medicId);
  return { medicId, surgeryIds };
}

// ---------------------------------------------------------------------------------------------------------------
// Processes and their CPU

/** utime + stime of a process, in ms; null when it is gone. */
export function cpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of proc(5); `fields` starts at field 3.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/**
 * The CPU of a process and of all its descendants (gunicorn's master and its workers), by pid, from /proc/<pid>/stat
 * (field 4 is the parent's pid).
 */
export function processTreeCpu(root: number): Map<number, number> {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // gone in between
    }
  }
  const cpu = new Map<number, number>();
  const pending = [root];
  while (pending.length > 0) {
    const pid = pending.pop()!;
    const ms = cpuMs(pid);
    if (ms !== null) cpu.set(pid, ms);
    pending.push(...(children.get(pid) ?? []));
  }
  return cpu;
}

/** The CPU of each PostgreSQL backend of the database (the admin connection excluded), by pid. */
export async function backendCpu(client: pg.Client): Promise<Map<number, number>> {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    const ms = cpuMs(pid);
    if (ms !== null) cpu.set(pid, ms);
  }
  return cpu;
}

/** CPU spent by processes (backends, workers) between two snapshots (one born in between counts from zero). */
export function cpuDelta(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** Starts `args` under node and waits until it prints `ready` on stdout. */
export function startProcess(args: string[], env: NodeJS.ProcessEnv, ready: RegExp, cwd = process.cwd()): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      if (ready.test(seen)) {
        child.stdout!.off('data', onData);
        child.stdout!.resume(); // the request log, drained and dropped
        resolve(child);
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code} before it was ready:\n${seen.slice(-2000)}`)));
  });
}

/** `node scripts/build-server.mjs`: build/server/main.js from this checkout. */
export function runBuild(cwd = process.cwd()): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/build-server.mjs'], { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`scripts/build-server.mjs exited with ${code}`))));
  });
}

/** SIGTERM, then SIGKILL after 15 s; nothing when it has already exited (by itself or by a signal). */
export async function stopProcess(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------------------------------------------------------
// Load

export type Load = { requests: number; seconds: number; latencies: number[]; failures: number };

/** `total` GET requests to `path`, `connections` (CONNECTIONS) at a time over keep-alive connections. */
export async function drive(port: number, path: string, headers: Record<string, string>, total: number, connections = CONNECTIONS): Promise<Load> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let issued = 0;
  let failures = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      const request = http.get({ host: '127.0.0.1', port, path, headers, agent }, (response) => {
        response.on('data', () => {});
        response.on('end', () => {
          latencies.push(performance.now() - started);
          if (response.statusCode !== 200) failures++;
          resolve();
        });
      });
      request.on('error', reject);
    });
  const worker = async () => {
    while (issued < total) {
      issued++;
      await one();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { requests: total, seconds, latencies: latencies.sort((a, b) => a - b), failures };
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

export type Measured = { name: string; rps: number; p50: number; p99: number; nodeMs: number; postgresMs: number; failures: number; bytes: number };

/**
 * Warm-up (`warmup` requests, by default a tenth of `total` and at least 200), then `total` requests with the CPU of
 * the server's process (with `tree`, of it and all its descendants: gunicorn's master and workers) and of the
 * database's backends around them. `nodeMs` is the server's CPU per request, whatever runs it. `connections`: how many
 * requests at a time (CONNECTIONS by default).
 */
export async function measure(
  name: string,
  target: { port: number; pid: number; path: string; headers: Record<string, string>; tree?: boolean },
  total: number,
  admin: pg.Client,
  warmup = Math.max(200, Math.round(total / 10)),
  connections = CONNECTIONS,
): Promise<Measured> {
  const probe = await fetch(`http://127.0.0.1:${target.port}${target.path}`, { headers: target.headers });
  const bytes = (await probe.arrayBuffer()).byteLength;
  if (probe.status !== 200) throw new Error(`${name}: HTTP ${probe.status}`);
  await drive(target.port, target.path, target.headers, warmup, connections);
  const serverCpu = () => (target.tree ? processTreeCpu(target.pid) : new Map([[target.pid, cpuMs(target.pid)!]]));
  const postgresBefore = await backendCpu(admin);
  const nodeBefore = serverCpu();
  const load = await drive(target.port, target.path, target.headers, total, connections);
  const nodeAfter = serverCpu();
  const postgresAfter = await backendCpu(admin);
  return {
    name,
    rps: load.requests / load.seconds,
    p50: percentile(load.latencies, 50),
    p99: percentile(load.latencies, 99),
    nodeMs: cpuDelta(nodeBefore, nodeAfter) / load.requests,
    postgresMs: cpuDelta(postgresBefore, postgresAfter) / load.requests,
    failures: load.failures,
    bytes,
  };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
export const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** The rounds of one request as one row: means of req/s and CPU, medians of the percentiles. */
export function meanOf(rounds: Measured[]): Measured {
  return {
    name: `${rounds[0]!.name} (${rounds.length} rounds)`,
    rps: mean(rounds.map((row) => row.rps)),
    p50: median(rounds.map((row) => row.p50)),
    p99: median(rounds.map((row) => row.p99)),
    nodeMs: mean(rounds.map((row) => row.nodeMs)),
    postgresMs: mean(rounds.map((row) => row.postgresMs)),
    failures: rounds.reduce((sum, row) => sum + row.failures, 0),
    bytes: rounds[0]!.bytes,
  };
}

export function printTable(rows: Measured[]): void {
  const width = Math.max(...rows.map((row) => row.name.length));
  console.log(
    `\n${'request'.padEnd(width)}   req/s    p50 ms   p99 ms   Node CPU ms/req   PostgreSQL CPU ms/req   (${CONNECTIONS} connections)`,
  );
  for (const row of rows) {
    const failures = row.failures > 0 ? `  ${row.failures} failed!` : '';
    console.log(
      `${row.name.padEnd(width)}  ${row.rps.toFixed(0).padStart(6)}  ${row.p50.toFixed(2).padStart(8)} ${row.p99.toFixed(2).padStart(8)}` +
        `   ${row.nodeMs.toFixed(3).padStart(15)}   ${row.postgresMs.toFixed(3).padStart(21)}   ${(row.bytes / 1024).toFixed(1)} kB${failures}`,
    );
  }
}


export async function signIn(port: number, email = EMAIL, password = PASSWORD): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username: email, password, ...CLIENT }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

