/**
 * npm run bench:writes (issue 41, goal 4): what the dashboard's triggers add to the PostgreSQL CPU of one case write as
 * the app writes one (the case, two procedure links, a receipt, a history row into cancelado: one transaction), with
 * the triggers deferred to the commit as they ship and with `SET CONSTRAINTS ALL IMMEDIATE` (each fires at its row, as
 * before 2026-12-03), alternated 6 rounds × 50 writes, then 150 with the triggers off. CPU from /proc/<pid>/stat of the
 * one backend. DATABASE_URL: a database of this product on this machine's PostgreSQL with cases in it (e.g. one kept
 * by `BENCH_KEEP=1 npm run bench:api`); its migrations are brought up to date first; the written cases are deleted
 * at the end. A script, not a test: it prints figures and asserts nothing.
 */
import pg from 'pg';
import { openPostgres } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
import { cpuMs } from './bench-http';

const ROUNDS = 6;
const WRITES_PER_ROUND = 50;
const WRITES_WITHOUT_TRIGGERS = 150;
/** The tables a case write touches whose user triggers are the dashboard's. */
const WRITTEN_TABLES = ['surgeries', 'surgery_procedures', 'surgery_receipts', 'surgery_status_history'];

const url = process.env.DATABASE_URL;
if (!url) throw new Error('bench:writes: set DATABASE_URL to a database of this product with cases in it');
const handle = await openPostgres(url);
await runMigrations(handle);
await handle.close();

const client = new pg.Client(url);
await client.connect();
const backendPid: number = (await client.query('select pg_backend_pid() as pid')).rows[0].pid;
const backendCpu = () => cpuMs(backendPid) ?? NaN;
const base = (await client.query(`select medic_id, patient_id, health_plan_id, hospital_id from surgeries where payment_fountains = 'plano_saude' limit 1`)).rows[0];
const procedureIds: number[] = (await client.query('select id from procedures limit 100')).rows.map((row) => row.id);
const written: number[] = [];

/** One case written as the app writes one, in its own transaction; `immediate`: the deferred triggers fire at each row. */
async function writeCase(i: number, immediate: boolean) {
  await client.query('begin');
  if (immediate) await client.query('set constraints all immediate');
  const { rows } = await client.query(
    `insert into surgeries (medic_id, patient_id, health_plan_id, hospital_id, payment_fountains, fees_payments, status, status_changed_at)
     values ($1, $2, $3, $4, 'plano_saude', 1234.56, 'pagamento', now()) returning id`,
    [base.medic_id, base.patient_id, base.health_plan_id, base.hospital_id],
  );
  const id: number = rows[0].id;
  written.push(id);
  const first = i % (procedureIds.length - 2);
  await client.query('insert into surgery_procedures (surgery_id, position, procedure_id) values ($1, 0, $2), ($1, 1, $3)', [id, procedureIds[first], procedureIds[first + 1]]);
  await client.query(`insert into surgery_receipts (surgery_id, received_on, amount_cents, payer) values ($1, '2026-01-15', 10000, 'outro')`, [id]);
  await client.query(`insert into surgery_status_history (surgery_id, from_status, to_status) values ($1, 'pagamento', 'cancelado')`, [id]);
  await client.query('commit');
}

/** The backend's CPU (ms) per case over `count` writes. */
async function cpuPerWrite(count: number, immediate: boolean, next: () => number): Promise<number> {
  const before = backendCpu();
  for (let i = 0; i < count; i++) await writeCase(next(), immediate);
  return (backendCpu() - before) / count;
}

async function setTriggers(enabled: boolean) {
  for (const table of WRITTEN_TABLES) await client.query(`alter table ${table} ${enabled ? 'enable' : 'disable'} trigger user`);
}

let sequence = 0;
const next = () => sequence++;
try {
  for (let i = 0; i < 20; i++) await writeCase(next(), i % 2 === 0); // warm-up
  const perRound = { deferred: [] as number[], immediate: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of ['deferred', 'immediate'] as const) perRound[mode].push(await cpuPerWrite(WRITES_PER_ROUND, mode === 'immediate', next));
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const deferred = mean(perRound.deferred);
  const immediate = mean(perRound.immediate);
  await setTriggers(false);
  let without: number;
  try {
    without = await cpuPerWrite(WRITES_WITHOUT_TRIGGERS, false, next);
  } finally {
    await setTriggers(true);
  }
  console.log(`PostgreSQL CPU per case write: deferred ${deferred.toFixed(2)} ms, immediate ${immediate.toFixed(2)} ms, without triggers ${without.toFixed(2)} ms`);
  console.log(`the triggers add ${(deferred - without).toFixed(2)} ms deferred, ${(immediate - without).toFixed(2)} ms immediate (goal: ≤ 2 ms at 1,000,000 cases)`);
} finally {
  // The cases written without the triggers have no figures: deleting them with the triggers on leaves the summaries exact.
  await client.query('delete from surgeries where id = any($1)', [written]);
  await client.end();
}
