/**
 * npm run bench:writes (issue 41, goal 4): what the dashboard's triggers add to the PostgreSQL CPU of one case write as
 * the app writes one (the case, two procedure links, a receipt, a history row into cancelado: one transaction), with
 * the triggers deferred to the commit as they ship and with `SET CONSTRAINTS ALL IMMEDIATE` (each fires at its row, as
 * before 2026-12-03), alternated 6 rounds × 50 writes, then 150 with the triggers off. CPU from /proc/<pid>/stat of the
 * one backend. DATABASE_URL: a database of this product on this machine's PostgreSQL with cases in it (e.g. one kept
 * by `BENCH_KEEP=1 npm run bench:api`); its migrations are brought up to date first; the written cases are deleted
 * at the end. A script, not a test: it prints figures and asserts nothing.
 */
import { readFileSync } from 'node:fs';
import { openPostgres } from '../server/db/client';
import { runMigrations } from '../server/db/migrate';
const url = process.env.DATABASE_URL;
if (!url) throw new Error('bench:writes: set DATABASE_URL to a database of this product with cases in it');
const handle = await openPostgres(url);
await runMigrations(handle);
await handle.close();
const { Client } = (await import('pg')).default;
const c = new Client(url); await c.connect();
const pid = (await c.query('select pg_backend_pid() as p')).rows[0].p;
const cpu = () => { const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
const base = (await c.query(`select medic_id, patient_id, health_plan_id, hospital_id from surgeries where payment_fountains = 'plano_saude' limit 1`)).rows[0];
const procs = (await c.query(`select id from procedures limit 100`)).rows.map((r) => r.id);
const written: number[] = [];
async function write(i: number, immediate: boolean) {
  await c.query('begin');
  if (immediate) await c.query('set constraints all immediate');
  const { rows } = await c.query(`insert into surgeries (medic_id, patient_id, health_plan_id, hospital_id, payment_fountains, fees_payments, status, status_changed_at) values ($1, $2, $3, $4, 'plano_saude', 1234.56, 'pagamento', now()) returning id`, [base.medic_id, base.patient_id, base.health_plan_id, base.hospital_id]);
  const id = rows[0].id; written.push(id);
  await c.query(`insert into surgery_procedures (surgery_id, position, procedure_id) values ($1, 0, $2), ($1, 1, $3)`, [id, procs[i % 98], procs[(i % 98) + 1]]);
  await c.query(`insert into surgery_receipts (surgery_id, received_on, amount_cents, payer) values ($1, '2026-01-15', 10000, 'outro')`, [id]);
  await c.query(`insert into surgery_status_history (surgery_id, from_status, to_status) values ($1, 'pagamento', 'cancelado')`, [id]);
  await c.query('commit');
}
for (let i = 0; i < 20; i++) { await write(i, i % 2 === 0); }
const tot = { deferred: 0, immediate: 0 }; const wall = { deferred: 0, immediate: 0 }; let n = 0;
for (let round = 0; round < 6; round++) for (const mode of ['deferred', 'immediate'] as const) {
  const c0 = cpu(); const t0 = performance.now();
  for (let i = 0; i < 50; i++) await write(n++, mode === 'immediate');
  tot[mode] += cpu() - c0; wall[mode] += performance.now() - t0;
}
console.log(`PostgreSQL CPU per case write: deferred ${(tot.deferred / 300).toFixed(2)} ms, immediate ${(tot.immediate / 300).toFixed(2)} ms; wall ${(wall.deferred / 300).toFixed(2)} / ${(wall.immediate / 300).toFixed(2)} ms`);
await c.query(`delete from surgeries where id = any($1)`, [written]);
const off = async (on: boolean) => { for (const t of ['surgeries', 'surgery_procedures', 'surgery_receipts', 'surgery_status_history']) await c.query(`alter table ${t} ${on ? 'enable' : 'disable'} trigger user`); };
await off(false); const c0 = cpu(); for (let i = 0; i < 150; i++) await write(n++, false); const noTrig = (cpu() - c0) / 150; await off(true);
await c.query(`delete from surgeries where id = any($1)`, [written.slice(-150)]);
console.log(`without triggers: ${noTrig.toFixed(2)} ms; the triggers add ${(tot.deferred / 300 - noTrig).toFixed(2)} ms deferred, ${(tot.immediate / 300 - noTrig).toFixed(2)} ms immediate (goal: ≤ 2 ms at 1,000,000 cases)`);
await c.end();
