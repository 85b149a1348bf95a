/**
 * npm run bench:cases: how fast the patient search and the surgery lists answer in a busy practice.
 *
 * On a fresh embedded PGlite in a temporary directory (migrated and seeded with the full reference lists,
 * as the server's first start does), it writes 10 medics, one secretary linked to all of them, 5,000
 * patients and 20,000 surgeries (statuses, schedules, procedures, CIDs and status history spread as a
 * few years of work would leave them) with bulk inserts, then signs in through /auth/token and times,
 * through the real app (buildApp + inject: routing, bearer check, queries, serialization; no network):
 *   - GET /surgery/api/v1/patient/?search=<common name part>  (medic, secretary)
 *   - GET /surgery/api/v1/surgery/                             (default filter: all but concluido)
 *   - GET /surgery/api/v1/surgery/?status__in=...              (two stages)
 *   - GET /surgery/api/v1/surgery/?is_schedule=true&date=today (the calendar / 'Pacientes do dia')
 *   - GET /surgery/api/v1/surgery/{id}/
 * Each is warmed up, then run RUNS times; the script prints median and p95. A script, not a test: it
 * reports figures and asserts nothing. BENCH_RUNS overrides the run count; BENCH_ANALYZE=1 runs
 * ANALYZE after seeding (the embedded server never does: PGlite runs no autovacuum).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CASE_STATUSES, isActiveStatus, PAYMENT_SOURCES, type CaseStatus, type PaymentSource } from '../machines/constants';
import { stagesOfGroup } from '../machines/stages';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Database } from '../server/db/client';
import { createRandom, generateCpf, generatePatients, saoPauloDate, statusPath, type Random } from '../server/db/demo-data';
import { openEmbeddedDatabase } from '../server/db/embedded';
import {
  cids,
  healthPlans,
  hospitals,
  medicSecretaries,
  patients,
  procedures,
  surgeries,
  surgeryCids,
  surgeryProcedures,
  surgeryStatusHistory,
  users,
  type NewSurgeryRow,
} from '../server/db/schema/index';
import { seedLookups } from '../server/db/seed';
import { hashPassword } from '../server/services/auth/password';
import { createPostgresRateLimiter } from '../server/services/rate-limit/postgres-rate-limiter';
import { normalizeSearchText } from '../server/services/search-text';
import { createDiskStorage } from '../server/services/storage/disk-storage';

const MEDICS = 10;
const PATIENTS = 5_000;
const SURGERIES = 20_000;
const WARMUP = 10;
const RUNS = Math.max(30, Number(process.env.BENCH_RUNS) || 50);
export const PASSWORD = 'Bench@12345';
const DAY_MS = 86_400_000;
const CLIENT = { client_id: 'cirurgias-web', client_secret: 'cirurgias-web-secret' };

/** Share of each stage in a practice a few years old (most cases finished). */
const STAGE_WEIGHTS: Record<CaseStatus, number> = {
  ind_paciente: 6,
  prep_doc: 6,
  env_doc: 5,
  autorizacao: 7,
  agendamento: 6,
  realizacao: 5,
  pagamento: 9,
  concluido: 45,
  cancelado: 3,
  arquiv: 8,
};

function pickStage(random: Random): CaseStatus {
  let roll = random.next() * CASE_STATUSES.reduce((sum, status) => sum + STAGE_WEIGHTS[status], 0);
  for (const status of CASE_STATUSES) {
    roll -= STAGE_WEIGHTS[status];
    if (roll < 0) return status;
  }
  return 'concluido';
}

export async function insertInBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * A seeded PostgreSQL database as a practice's would be (bench-api, bench-dashboard): its dashboard summaries
 * rewritten, then every table vacuumed and analyzed.
 *
 * The seed writes cases 1,000 per statement, and the triggers update a medic's few summary rows once per case inside
 * that one transaction, so none of the old row versions can be pruned while it runs: the summaries grow to hundreds
 * of pages (dashboard_status_totals: 10 rows in 464 pages), and VACUUM frees the dead versions but cannot give the
 * pages back, the live rows being in the last ones. Each dashboard read then scans them all (1.1–1.3 ms more
 * PostgreSQL CPU per read at 20,000 cases). The app writes one case per transaction, and then the old versions are
 * pruned as it goes: 20,000 updates of a 10-row table in 20,000 transactions left it in 1 page, the same updates in
 * one transaction in 128 pages, still 128 after VACUUM (checked on this machine's PostgreSQL 15).
 */
export async function settleSeededDatabase(db: Database): Promise<void> {
  const { rows } = (await db.execute(
    sql`select relname from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace and starts_with(relname::text, 'dashboard_') order by 1`,
  )) as unknown as { rows: Array<{ relname: string }> };
  for (const { relname } of rows) await db.execute(sql`vacuum full ${sql.identifier(relname)}`);
  await db.execute(sql`vacuum analyze`);
}

async function lookupPools(db: Database) {
  const ids = async (table: typeof cids | typeof procedures | typeof hospitals | typeof healthPlans) =>
    (await db.select({ id: table.id }).from(table)).map((row) => row.id);
  return { cids: await ids(cids), procedures: await ids(procedures), hospitals: await ids(hospitals), plans: await ids(healthPlans) };
}

/** The accounts: MEDICS medics and one secretary linked to all of them (one scrypt hash, shared). */
async function seedAccounts(db: Database, random: Random) {
  const passwordHash = await hashPassword(PASSWORD);
  const medicRows = await db
    .insert(users)
    .values(
      Array.from({ length: MEDICS }, (_, i) => ({
        type: 'medic' as const,
        email: `medico${i + 1}@bench.com.br`,
        passwordHash,
        firstName: `Médico ${i + 1}`,
        lastName: 'Bench',
        cpf: generateCpf(random),
        crm: `${200_000 + i}/SP`,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const [secretary] = await db
    .insert(users)
    .values({ type: 'secretary', email: 'secretaria@bench.com.br', passwordHash, firstName: 'Secretária', lastName: 'Bench', cpf: generateCpf(random) })
    .returning({ id: users.id, email: users.email });
  await db.insert(medicSecretaries).values(medicRows.map((medic) => ({ medicId: medic.id, secretaryId: secretary!.id })));
  return { medics: medicRows, secretary: secretary! };
}

export type Pools = Awaited<ReturnType<typeof lookupPools>>;

/** One case: its row, its codes and the statuses it went through with their times. */
export function buildCase(random: Random, pools: Pools, now: number, medicId: number, patientId: number, createdBy: number) {
  const status = pickStage(random);
  const active = isActiveStatus(status);
  const created = now - random.int(active ? 5 : 60, active ? 120 : 3 * 365) * DAY_MS - random.int(0, 86_399) * 1000;
  const changed = active ? Math.max(created + 3_600_000, now - random.int(0, 30) * DAY_MS - random.int(0, 86_399) * 1000) : created + random.int(20, 55) * DAY_MS;
  const path = statusPath(status, random.pick(stagesOfGroup('planned')));
  let schedule: Date | null = null;
  if (status === 'realizacao') {
    // Around today, a few of them today (the calendar's day list).
    const offset = random.chance(0.15) ? 0 : random.int(-5, 45);
    const day = saoPauloDate(new Date(now + offset * DAY_MS));
    schedule = new Date(`${day}T${String(random.int(7, 18)).padStart(2, '0')}:${random.pick(['00', '30'])}:00-03:00`);
  } else if (path.includes('realizacao')) {
    schedule = new Date(Math.max(created + DAY_MS, changed - random.int(2, 15) * DAY_MS));
  }
  const source: PaymentSource = random.chance(0.6) ? 'plano_saude' : random.pick(PAYMENT_SOURCES);
  const row: NewSurgeryRow = {
    medicId,
    patientId,
    hospitalId: random.pick(pools.hospitals),
    healthPlanId: source === 'plano_saude' ? random.pick(pools.plans) : null,
    paymentFountains: source,
    opme: random.chance(0.3),
    feesPayments: source === 'clt' ? null : `${random.int(15, 180) * 100}.00`,
    surgeryNote: random.chance(0.4) ? 'Paciente com indicação cirúrgica eletiva.' : null,
    status,
    statusChangedAt: new Date(changed),
    version: path.length,
    schedule,
    documentArrivals: path.includes('autorizacao') ? saoPauloDate(new Date(created + DAY_MS * 3)) : null,
    accomplishment: path.includes('pagamento') && schedule ? saoPauloDate(schedule) : null,
    paymentDone: status === 'concluido' ? `${random.int(15, 180) * 100}.00` : null,
    datePayment: status === 'concluido' ? saoPauloDate(new Date(changed)) : null,
    concludedAt: status === 'concluido' ? new Date(changed) : null,
    createdBy,
    createdAt: new Date(created),
    updatedAt: new Date(changed),
  };
  const times = path.map((_, step) => new Date(created + ((changed - created) * step) / Math.max(1, path.length - 1)));
  return {
    row,
    path,
    times,
    procedureIds: random.sample(pools.procedures, random.int(1, 3)),
    cidIds: random.sample(pools.cids, random.int(1, 3)),
  };
}

/**
 * Writes the cases `buildCase` planned, with their procedures, CIDs and status history (the history's rows written
 * by `changedBy`), in batches. The seeders of bench-cases and bench-http (bench-api, bench-peer) share it.
 */
export async function insertCases(db: Database, plans: ReturnType<typeof buildCase>[], changedBy: number) {
  const surgeryIds: number[] = [];
  await insertInBatches(plans, 1_000, async (batch) => {
    const inserted = await db.insert(surgeries).values(batch.map((plan) => plan.row)).returning({ id: surgeries.id });
    surgeryIds.push(...inserted.map((row) => row.id));
  });
  const procedureLinks = plans.flatMap((plan, i) => plan.procedureIds.map((procedureId, position) => ({ surgeryId: surgeryIds[i]!, position, procedureId })));
  const cidLinks = plans.flatMap((plan, i) => plan.cidIds.map((cidId, position) => ({ surgeryId: surgeryIds[i]!, position, cidId })));
  const history = plans.flatMap((plan, i) =>
    plan.path.map((toStatus, step) => ({
      surgeryId: surgeryIds[i]!,
      fromStatus: step === 0 ? null : plan.path[step - 1]!,
      toStatus,
      changedBy,
      changedAt: plan.times[step]!,
    })),
  );
  await insertInBatches(procedureLinks, 5_000, (batch) => db.insert(surgeryProcedures).values(batch));
  await insertInBatches(cidLinks, 5_000, (batch) => db.insert(surgeryCids).values(batch));
  await insertInBatches(history, 5_000, (batch) => db.insert(surgeryStatusHistory).values(batch));
  return { surgeryIds, historyRows: history.length, links: procedureLinks.length + cidLinks.length };
}

/** Patients and cases, in bulk (multi-row INSERTs well under PostgreSQL's 65,535 parameters). */
export async function seedPractice(db: Database, now: Date) {
  const random = createRandom(7_2026);
  const pools = await lookupPools(db);
  const { medics, secretary } = await seedAccounts(db, random);
  const people = generatePatients(random, PATIENTS, pools.plans.length);
  const patientRows: Array<{ id: number; medicId: number }> = [];
  await insertInBatches(people, 1_000, async (batch) => {
    const offset = patientRows.length;
    const inserted = await db
      .insert(patients)
      .values(
        batch.map((person, i) => ({
          medicId: medics[(offset + i) % MEDICS]!.id,
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
          createdBy: secretary.id,
        })),
      )
      .returning({ id: patients.id, medicId: patients.medicId });
    patientRows.push(...inserted);
  });
  const byMedic = new Map<number, number[]>();
  for (const patient of patientRows) byMedic.set(patient.medicId, [...(byMedic.get(patient.medicId) ?? []), patient.id]);

  const plans = Array.from({ length: SURGERIES }, (_, i) => {
    const medicId = medics[i % MEDICS]!.id;
    return buildCase(random, pools, now.getTime(), medicId, random.pick(byMedic.get(medicId)!), secretary.id);
  });
  const { surgeryIds: ids, historyRows, links } = await insertCases(db, plans, secretary.id);
  return { medics, secretary, surgeryIds: ids, historyRows, links };
}

export async function signIn(app: FastifyInstance, email: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/auth/token',
    payload: { grant_type: 'password', username: email, password: PASSWORD, ...CLIENT },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed for ${email}: ${res.statusCode} ${res.body}`);
  return (res.json() as { access_token: string }).access_token;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export type Row = { name: string; median: number; p95: number; detail: string };

/** Warm up, then time RUNS sequential requests; null when the route is not there (404 from the router). */
export async function measure(app: FastifyInstance, name: string, url: string, token: string): Promise<Row> {
  const headers = { authorization: `Bearer ${token}` };
  const first = await app.inject({ method: 'GET', url, headers });
  if (first.statusCode !== 200) return { name, median: NaN, p95: NaN, detail: `HTTP ${first.statusCode}: ${first.body.slice(0, 80)}` };
  const body = first.json() as { results?: unknown[]; count?: number };
  const detail = body.results
    ? `${body.results.length} results${typeof body.count === 'number' ? ` of ${body.count}` : ''}, ${(first.rawPayload.length / 1024).toFixed(0)} kB`
    : `${(first.rawPayload.length / 1024).toFixed(1)} kB`;
  for (let i = 0; i < WARMUP; i++) await app.inject({ method: 'GET', url, headers });
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await app.inject({ method: 'GET', url, headers });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { name, median: percentile(times, 50), p95: percentile(times, 95), detail };
}

export function print(rows: Row[]) {
  const width = Math.max(...rows.map((row) => row.name.length));
  console.log(`\n${'request'.padEnd(width)}  median     p95   (${RUNS} runs after ${WARMUP} warm-up)`);
  for (const row of rows) {
    const ms = (value: number) => (Number.isNaN(value) ? '     -' : `${value.toFixed(1).padStart(6)}`);
    console.log(`${row.name.padEnd(width)}  ${ms(row.median)}  ${ms(row.p95)}   ${row.detail}`);
  }
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'cirurgias-bench-cases-'));
  let app: FastifyInstance | null = null;
  let handle: Awaited<ReturnType<typeof openEmbeddedDatabase>> | null = null;
  try {
    const now = new Date();
    let started = performance.now();
    handle = await openEmbeddedDatabase(dataDir, { onFirstInit: (staging) => seedLookups(staging.db, { set: 'full' }) });
    console.log(`first start (PGlite initdb + migrations + full lookups): ${((performance.now() - started) / 1000).toFixed(1)} s`);

    started = performance.now();
    const practice = await seedPractice(handle.db, now);
    console.log(
      `seeded ${MEDICS} medics, 1 secretary, ${PATIENTS} patients, ${SURGERIES} surgeries ` +
        `(${practice.links} procedure/CID links, ${practice.historyRows} history rows) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    if (process.env.BENCH_ANALYZE === '1') {
      started = performance.now();
      await handle.db.execute(sql`analyze`);
      console.log(`ANALYZE in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }

    const config = { ...loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' }), databaseUrl: null };
    const db = handle.db;
    app = await buildApp({
      config,
      db,
      storage: createDiskStorage(join(dataDir, 'files')),
      mailer: { send: async () => {} },
      rateLimiter: createPostgresRateLimiter(db, () => new Date()),
      now: () => new Date(),
    });
    await app.ready();
    const medicToken = await signIn(app, practice.medics[0]!.email);
    const secretaryToken = await signIn(app, practice.secretary.email);

    const today = saoPauloDate(now);
    const list = '/surgery/api/v1/surgery/';
    const oneCase = practice.surgeryIds[0]!;
    const scenarios: Array<[string, string, string]> = [
      ['patient search "silva" (medic)', '/surgery/api/v1/patient/?search=silva', medicToken],
      ['patient search "silva" (secretary)', '/surgery/api/v1/patient/?search=silva', secretaryToken],
      ['patient search "ana sou" (secretary)', '/surgery/api/v1/patient/?search=ana%20sou', secretaryToken],
      ['surgeries default (medic)', list, medicToken],
      ['surgeries default (secretary)', list, secretaryToken],
      ['surgeries status__in (medic)', `${list}?status__in=agendamento,realizacao`, medicToken],
      ['surgeries status__in (secretary)', `${list}?status__in=agendamento,realizacao`, secretaryToken],
      ['surgeries is_schedule+date (medic)', `${list}?is_schedule=true&date=${today}`, medicToken],
      ['surgeries is_schedule+date (secretary)', `${list}?is_schedule=true&date=${today}`, secretaryToken],
      ['surgeries all stages, limit=500 (secretary)', `${list}?status__in=${CASE_STATUSES.join(',')}&limit=500`, secretaryToken],
      ['one surgery (medic)', `${list}${oneCase}/`, medicToken],
    ];
    const rows: Row[] = [];
    for (const [name, url, token] of scenarios) rows.push(await measure(app, name, url, token));
    print(rows);
  } finally {
    await app?.close().catch(() => {});
    await handle?.close().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  }
}

// Run as a script (not when another script imports seedPractice).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
