/**
 * npm run bench:dashboard: how fast GET /surgery/api/v1/dashboard/ answers with 100,000 surgeries on PostgreSQL
 * (acceptance: "under 50 ms with 100,000 surgeries on PostgreSQL; the benchmark script prints the figure").
 * BENCH_CASES=20000 writes fewer cases (a shorter run).
 *
 * Issue 14: every paid case gets its receipt (as the migration's backfill gives one), some pagamento cases a partial
 * receipt and some concluded cases a glosa, so the money views (aging, glosas, days to payment, expected vs received)
 * have rows to read; the timings cover all time and two periods (`?period=last_12_months`, `?period=this_month`).
 *
 * It creates a temporary database on the PostgreSQL server of DATABASE_URL (default: 127.0.0.1:5432, user postgres)
 * and drops it at the end, so it never writes into an existing database. There it does what the server's first
 * start does (migrations, the full reference lists), adds hospitals up to 30, then writes with multi-row inserts
 * 100,000 surgeries (and 10,000 patients) spread as about three years of work leave them (every stage, ~50 plans,
 * 30 hospitals, 1–3 procedures each from 300, fees and payments, the concluded cases with concluded_at; the case
 * generator of bench-cases.ts):
 *
 * - by default, a group practice of 19 medics: the measured medic holds 10,000 cases (a very busy surgeon's twenty
 *   years), the 18 others 5,000 each; her secretary is linked to her and to one of the others (15,000 cases);
 * - with BENCH_ONE_MEDIC=1, the extreme: all 100,000 cases belong to the measured medic.
 *
 * Then ANALYZE (what autovacuum would do), sign-in through /auth/token, and timings through the real app (buildApp +
 * inject: routing, bearer check, queries, serialization; no network): 10 warm-up runs, then 50 (BENCH_RUNS), median
 * and p95 in ms, for the medic and for the secretary. BENCH_EXPLAIN=1 also prints EXPLAIN (ANALYZE, BUFFERS) of the
 * dashboard's statements; BENCH_KEEP=1 keeps the database (its URL is printed) for a look by hand. A script, not a
 * test: it prints figures and asserts nothing.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openPostgres, type DatabaseHandle } from '../server/db/client';
import { createRandom, generateCpf, generatePatients, type Random } from '../server/db/demo-data';
import { runMigrations } from '../server/db/migrate';
import {
  cids,
  healthPlans,
  hospitals,
  medicSecretaries,
  patients,
  procedures,
  surgeries,
  surgeryGlosas,
  surgeryProcedures,
  surgeryReceipts,
  users,
} from '../server/db/schema/index';
import { seedAll } from '../server/db/seed';
import { hashPassword } from '../server/services/auth/password';
import { dashboardStatements } from '../server/services/dashboard/dashboard-service';
import { createPostgresRateLimiter } from '../server/services/rate-limit/postgres-rate-limiter';
import { normalizeSearchText } from '../server/services/search-text';
import { createDiskStorage } from '../server/services/storage/disk-storage';
import { buildCase, insertInBatches, measure, PASSWORD, print, signIn, type Pools, type Row } from './bench-cases';

const SURGERIES = Number(process.env.BENCH_CASES || 100_000);
const PATIENTS = Math.max(1_000, Math.round(SURGERIES / 10));
const PLANS = 50;
const HOSPITALS = 30;
const PROCEDURES = 300;
const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';
const DASHBOARD = '/surgery/api/v1/dashboard/';

/** Runs one statement on the server of `url` (CREATE/DROP DATABASE cannot run in a pool's transaction). */
async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new database cirurgias_bench_<random> on the server of `serverUrl`; its URL. */
async function createDatabase(serverUrl: string): Promise<{ name: string; url: string }> {
  const name = `cirurgias_bench_${randomBytes(5).toString('hex')}`;
  await admin(serverUrl, `CREATE DATABASE "${name}"`);
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return { name, url: target.toString() };
}

/** The reference pools the cases draw from: ~50 plans, 30 hospitals (adding some), 300 procedures, 200 CIDs. */
async function choosePools(handle: DatabaseHandle, random: Random): Promise<Pools> {
  const { db } = handle;
  const ids = async (table: typeof cids | typeof procedures | typeof hospitals | typeof healthPlans) =>
    (await db.select({ id: table.id }).from(table)).map((row) => row.id);
  const existingHospitals = await ids(hospitals);
  const missing = Math.max(0, HOSPITALS - existingHospitals.length);
  const added =
    missing === 0
      ? []
      : await db
          .insert(hospitals)
          .values(
            Array.from({ length: missing }, (_, i) => {
              const fantasyName = `Hospital Regional ${i + 1}`;
              return { fantasyName, city: 'São Paulo', uf: 'SP', searchText: normalizeSearchText(fantasyName) };
            }),
          )
          .returning({ id: hospitals.id });
  return {
    plans: random.sample(await ids(healthPlans), PLANS),
    hospitals: [...existingHospitals, ...added.map((row) => row.id)].slice(0, HOSPITALS),
    procedures: random.sample(await ids(procedures), PROCEDURES),
    cids: random.sample(await ids(cids), 200),
  };
}

/** How many cases each medic holds: the measured medic first. */
function caseShares(): number[] {
  if (process.env.BENCH_ONE_MEDIC === '1') return [SURGERIES];
  const measured = SURGERIES / 10;
  const others = 18;
  return [measured, ...Array.from({ length: others }, () => (SURGERIES - measured) / others)];
}

/**
 * The medics of caseShares() with their patients (PATIENTS in proportion) and cases (and their procedures), and a
 * secretary linked to the first two medics (or the only one).
 */
async function seedPractice(handle: DatabaseHandle, now: Date) {
  const { db } = handle;
  const random = createRandom(100_2026);
  const pools = await choosePools(handle, random);
  const passwordHash = await hashPassword(PASSWORD);
  const shares = caseShares();
  const medics = await db
    .insert(users)
    .values(
      shares.map((_, i) => ({
        type: 'medic' as const,
        email: i === 0 ? 'medico@bench.com.br' : `medico${i}@bench.com.br`,
        passwordHash,
        firstName: 'Médica',
        lastName: `Bench ${i}`,
        cpf: generateCpf(random),
        crm: `${300000 + i}/SP`,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const [secretary] = await db
    .insert(users)
    .values({ type: 'secretary', email: 'secretaria@bench.com.br', passwordHash, firstName: 'Secretária', lastName: 'Bench', cpf: generateCpf(random) })
    .returning({ id: users.id, email: users.email });
  const linked = medics.slice(0, 2);
  await db.insert(medicSecretaries).values(linked.map((medic) => ({ medicId: medic.id, secretaryId: secretary!.id })));

  let links = 0;
  let ledgerRows = 0;
  for (const [index, medic] of medics.entries()) {
    const caseCount = shares[index]!;
    const patientIds: number[] = [];
    const people = generatePatients(random, Math.max(50, Math.round((PATIENTS * caseCount) / SURGERIES)), pools.plans.length);
    await insertInBatches(people, 1_000, async (batch) => {
      const inserted = await db
        .insert(patients)
        .values(
          batch.map((person) => ({
            medicId: medic.id,
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
            createdBy: secretary!.id,
          })),
        )
        .returning({ id: patients.id });
      patientIds.push(...inserted.map((row) => row.id));
    });

    // The dashboard reads no CID or status history: only the cases and their procedures are written.
    const cases = Array.from({ length: caseCount }, () =>
      buildCase(random, pools, now.getTime(), medic.id, random.pick(patientIds), secretary!.id),
    );
    const surgeryIds: number[] = [];
    await insertInBatches(cases, 1_000, async (batch) => {
      const inserted = await db.insert(surgeries).values(batch.map((plan) => plan.row)).returning({ id: surgeries.id });
      surgeryIds.push(...inserted.map((row) => row.id));
    });
    // The ledger (issue 14): a paid case's receipt; a third of the pagamento cases paid in part; a tenth of the
    // concluded ones with a glosa (half of those appealed and decided).
    const receipts = cases.flatMap((plan, i) => {
      const row = plan.row;
      const surgeryId = surgeryIds[i]!;
      if (row.paymentDone && row.datePayment) {
        return [{ surgeryId, receivedOn: row.datePayment, amountCents: Math.round(Number(row.paymentDone) * 100), payer: 'outro' as const }];
      }
      if (row.status === 'pagamento' && row.accomplishment && row.feesPayments && random.chance(0.33)) {
        return [{ surgeryId, receivedOn: row.accomplishment, amountCents: Math.round(Number(row.feesPayments) * 40), payer: 'outro' as const }];
      }
      return [];
    });
    await insertInBatches(receipts, 5_000, (batch) => db.insert(surgeryReceipts).values(batch));
    const glosas = cases.flatMap((plan, i) => {
      const row = plan.row;
      if (row.status !== 'concluido' || !row.datePayment || !random.chance(0.1)) return [];
      const decided = random.chance(0.5);
      return [{
        surgeryId: surgeryIds[i]!, glosaOn: row.datePayment, amountCents: 10_000 * random.int(1, 20), reason: 'Glosa técnica',
        appealDeadline: row.datePayment, appealFiledOn: decided ? row.datePayment : null,
        appealOutcome: decided ? ('mantida' as const) : null, recoveredCents: decided ? 0 : null,
      }];
    });
    await insertInBatches(glosas, 5_000, (batch) => db.insert(surgeryGlosas).values(batch));
    ledgerRows += receipts.length + glosas.length;

    const procedureLinks = cases.flatMap((plan, i) =>
      plan.procedureIds.map((procedureId, position) => ({ surgeryId: surgeryIds[i]!, position, procedureId })),
    );
    await insertInBatches(procedureLinks, 5_000, (batch) => db.insert(surgeryProcedures).values(batch));
    links += procedureLinks.length;
  }
  return { medic: medics[0]!, secretary: secretary!, shares, linkedCases: shares.slice(0, 2).reduce((a, b) => a + b, 0), links, ledgerRows };
}

/** EXPLAIN (ANALYZE, BUFFERS) of one statement, printed. */
async function explain(handle: DatabaseHandle, label: string, statement: SQL): Promise<void> {
  const result = (await handle.db.execute(sql`explain (analyze, buffers) ${statement}`)) as unknown as {
    rows: Array<{ 'QUERY PLAN': string }>;
  };
  console.log(`\nEXPLAIN (ANALYZE, BUFFERS) ${label}:\n${result.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
}

/** What the first dashboard answer holds (the payload of one request), for the printout. */
async function describe(app: FastifyInstance, token: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: DASHBOARD, headers: { authorization: `Bearer ${token}` } });
  if (res.statusCode !== 200) return `HTTP ${res.statusCode}: ${res.body.slice(0, 120)}`;
  const body = res.json() as {
    data: { distribution: Record<string, number>; middle_time: number };
    dash_graph: Record<string, unknown[]>;
    money: Record<string, unknown[]>;
  };
  const cases = Object.values(body.data.distribution).reduce((sum, n) => sum + n, 0);
  const lists = Object.entries({ ...body.dash_graph, ...body.money }).map(([name, items]) => `${name} ${items.length}`).join(', ');
  return `${cases} cases, middle_time ${body.data.middle_time}; list sizes: ${lists}`;
}

async function main(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL || DEFAULT_SERVER;
  const dataDir = await mkdtemp(join(tmpdir(), 'cirurgias-bench-dashboard-'));
  const database = await createDatabase(serverUrl);
  let handle: DatabaseHandle | null = null;
  let app: FastifyInstance | null = null;
  try {
    const config = {
      ...loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' }),
      databaseUrl: database.url,
    };
    handle = await openPostgres(database.url, { poolMax: config.databasePoolMax });
    const db = handle.db;
    const now = new Date();
    const { rows: versionRows } = (await db.execute(sql`show server_version`)) as unknown as {
      rows: Array<{ server_version: string }>;
    };
    const version = versionRows[0]?.server_version ?? '?';
    console.log(`PostgreSQL ${version}, temporary database ${database.name}`);

    let started = performance.now();
    await handle.withStartupLock(async () => {
      await runMigrations(handle!);
      await seedAll(handle!, { seedDemo: false, now });
    });
    console.log(`first start (migrations + full lookups): ${((performance.now() - started) / 1000).toFixed(1)} s`);

    started = performance.now();
    const practice = await seedPractice(handle, now);
    console.log(
      `seeded ${practice.shares.length} medic(s), 1 secretary, ~${PATIENTS} patients, ${SURGERIES} surgeries ` +
        `(${practice.links} procedure links, ${practice.ledgerRows} receipts and glosas) in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
        `the measured medic holds ${practice.shares[0]} cases, her secretary sees ${practice.linkedCases}`,
    );
    started = performance.now();
    await db.execute(sql`analyze`);
    console.log(`ANALYZE in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    app = await buildApp({
      config,
      db,
      storage: createDiskStorage(join(dataDir, 'files')),
      mailer: { send: async () => {} },
      rateLimiter: createPostgresRateLimiter(db, () => new Date()),
      now: () => new Date(),
    });
    await app.ready();
    const medicToken = await signIn(app, practice.medic.email);
    const secretaryToken = await signIn(app, practice.secretary.email);
    console.log(`medic's dashboard: ${await describe(app, medicToken)}`);

    if (process.env.BENCH_EXPLAIN === '1') {
      const statements = dashboardStatements([practice.medic.id], new Date());
      await explain(handle, 'cases (in its São Paulo time-zone transaction: see readCases)', statements.cases);
      await explain(handle, 'procedures', statements.procedures);
      await explain(handle, 'money', statements.money);
    }

    const medicCases = `${practice.shares[0]! / 1000}k of ${SURGERIES / 1000}k cases`;
    const rows: Row[] = [
      await measure(app, `GET ${DASHBOARD} (medic, ${medicCases})`, DASHBOARD, medicToken),
      await measure(app, `GET ${DASHBOARD}?period=last_12_months (medic)`, `${DASHBOARD}?period=last_12_months`, medicToken),
      await measure(app, `GET ${DASHBOARD}?period=this_month (medic)`, `${DASHBOARD}?period=this_month`, medicToken),
      await measure(app, `GET ${DASHBOARD} (secretary, ${practice.linkedCases / 1000}k cases)`, DASHBOARD, secretaryToken),
    ];
    print(rows);
  } finally {
    await app?.close().catch(() => {});
    await handle?.close().catch(() => {});
    if (process.env.BENCH_KEEP === '1') {
      console.log(`kept the database for a look by hand: ${database.url} (drop it when done)`);
    } else {
      await admin(serverUrl, `DROP DATABASE IF EXISTS "${database.name}" WITH (FORCE)`).catch((error: unknown) => {
        console.error(`could not drop ${database.name}:`, error);
      });
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
