import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { CASE_STATUSES, type CaseStatus, type Gender, type PaymentSource } from '../../machines/constants';
import { projectPath } from '../project-root';
import { hashPassword as scryptHash } from '../services/auth/password';
import { normalizeSearchText } from '../services/search-text';
import { shippedTemplateKey } from '../services/templates/template-files';
import type { DatabaseHandle, Executor } from './client';
import { parseCsvRecords } from './csv';
import { cleanProcedureDescription, mergeProcedureCatalogues } from './procedure-catalogue';
import {
  DEMO_MEDIC_EMAIL,
  DEMO_NOTES,
  DEMO_PASSWORD,
  DEMO_SECRETARY_EMAIL,
  DEMO_STAGE_PLAN,
  DEMO_TEMPLATE_HOSPITALS,
  DEMO_TEMPLATE_PLAN_REGISTRIES,
  DEMO_INDICATIONS,
  DEMO_LOST_CASES,
  SMALL_CID_CODES,
  SMALL_PLAN_REGISTRIES,
  SMALL_SIGTAP_CODES,
  SMALL_TUSS_CODES,
  chooseIndication,
  choosePayment,
  createRandom,
  generateCpf,
  generatePatients,
  planTimeline,
  saoPauloDate,
  type DemoIndication,
  type Random,
} from './demo-data';
import { DEMO_DOCUMENT_REQUIREMENTS, demoLossReason, planDemoPreoperative, type DemoPreoperativePlan } from './demo-preoperative';
import { planDemoLedger, type DemoLedgerPlan } from './demo-ledger';
import { insertDemoTiss } from './demo-tiss';
import {
  cids,
  documentRequirements,
  healthPlans,
  hospitals,
  medicSecretaries,
  opmeItems,
  opmeQuotes,
  patients,
  procedures,
  specialties,
  surgeries,
  surgeryAuthorizations,
  surgeryChecklistMarks,
  surgeryCids,
  surgeryDispatches,
  surgeryProcedures,
  surgeryStatusHistory,
  users,
  type NewSurgeryRow,
  paymentTerms,
  surgeryGlosas,
  surgeryLedgers,
  surgeryReceipts,
  glosaReasons,
} from './schema/index';

export { DEMO_MEDIC_EMAIL, DEMO_PASSWORD, DEMO_SECRETARY_EMAIL } from './demo-data';

/**
 * Seeds the shared lookups from server/data and, on an empty database, the demo practice
 * (DECISIONS §9, §10). Every step is idempotent: seeding twice changes nothing.
 */

const BATCH_SIZE = 500;
const dataDir = projectPath('server', 'data');

/** 'full': every reference row; 'small': a fast subset for tests (all specialties and hospitals). */
type LookupSet = 'full' | 'small';

const csvCache = new Map<string, Record<string, string>[]>();
function readData(name: string, delimiter = ','): Record<string, string>[] {
  let rows = csvCache.get(name);
  if (!rows) {
    rows = parseCsvRecords(readFileSync(join(dataDir, name), 'utf8'), delimiter);
    csvCache.set(name, rows);
  }
  return rows;
}

function subset(rows: Record<string, string>[], column: string, keys: readonly string[] | null) {
  if (!keys) return rows;
  const wanted = new Set(keys);
  return rows.filter((row) => wanted.has(row[column] ?? ''));
}

async function insertBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH_SIZE) await insert(rows.slice(i, i + BATCH_SIZE));
}

/**
 * Inserts `rows` (objects keyed by the table's property names, all with the same keys) in one statement, rows already
 * present by `conflictTarget` skipped. The rows travel as one JSON parameter that PostgreSQL unpacks in the array's
 * order (`with ordinality`), so identities are given as a row-by-row insert would give them. Against batches of
 * multi-row VALUES (2,500 bound parameters each) this cut the reference lists' import about threefold on PGlite:
 * seconds of the first start (docs/BENCHMARKS.md, "Issue 15: boot").
 */
async function insertFromJson(
  db: Executor,
  table: PgTable,
  rows: Record<string, unknown>[],
  conflictTarget: PgColumn[],
  /** The predicate of a partial unique index the target names (the shared hospitals' names). */
  conflictWhere?: SQL,
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table);
  const keys = Object.keys(rows[0]!);
  const targets = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`insertFromJson: ${key} is no column of the table`);
    return column;
  });
  // Column names and SQL types come from the schema, never from input (raw is safe); the rows are one bound parameter.
  const values: SQL[] = keys.map((key, i) => sql`(source.item->>${key}::text)::${sql.raw(targets[i]!.getSQLType())}`);
  await db.execute(sql`
    insert into ${table} (${sql.join(targets.map((column) => sql.identifier(column.name)), sql`, `)})
    select ${sql.join(values, sql`, `)}
    from json_array_elements(${JSON.stringify(rows)}::json) with ordinality as source(item, ord)
    order by source.ord
    on conflict (${sql.join(conflictTarget.map((column) => sql.identifier(column.name)), sql`, `)})
      ${conflictWhere ? sql`where ${conflictWhere}` : sql``} do nothing`);
}

/**
 * Inserts the reference lists (one statement per list, existing natural keys skipped). The two procedure catalogues go in as
 * one: a SIGTAP procedure named like a TUSS one is that TUSS row (./procedure-catalogue.ts).
 */
export async function seedLookups(db: Executor, options: { set?: LookupSet } = {}): Promise<void> {
  const small = options.set === 'small';
  const specialtyRows = readData('especialidades.csv').map((row) => ({ name: row.nome ?? '' }));
  const planRows = subset(readData('operadoras.csv'), 'registro_ans', small ? SMALL_PLAN_REGISTRIES : null).map(
    (row) => ({
      fantasyName: row.nome_fantasia || row.razao_social || '',
      corporateName: row.razao_social ?? '',
      ansRegistry: row.registro_ans ?? null,
      modality: row.modalidade || null,
      city: row.cidade || null,
      uf: row.uf || null,
      searchText: normalizeSearchText(row.nome_fantasia, row.razao_social, row.registro_ans),
    }),
  );
  const hospitalRows = readData('hospitals.csv').map((row) => ({
    fantasyName: row.nome_fantasia ?? '',
    city: row.cidade || null,
    uf: row.uf || null,
    searchText: normalizeSearchText(row.nome_fantasia, row.cidade, row.uf),
  }));
  const cidRows = subset(readData('cid10-subcategorias.csv'), 'codigo', small ? SMALL_CID_CODES : null).map((row) => ({
    code: row.codigo ?? '',
    description: row.descricao ?? '',
    searchText: normalizeSearchText(row.codigo, row.descricao),
  }));
  const sigtapRows = subset(readData('procedimentos.csv'), 'codigo', small ? SMALL_SIGTAP_CODES : null).map((row) => {
    const description = cleanProcedureDescription(row.descricao ?? '');
    return { code: row.codigo ?? '', description, table: 'sigtap' as const, groupName: row.grupo || null, searchText: normalizeSearchText(row.codigo, description) };
  });
  const tussRows = subset(readData('procedimentos-tuss.csv'), 'codigo', small ? SMALL_TUSS_CODES : null).map((row) => {
    const description = cleanProcedureDescription(row.descricao ?? '');
    return { code: row.codigo ?? '', description, table: 'tuss' as const, groupName: null, searchText: normalizeSearchText(row.codigo, description) };
  });
  // Every code, in tests too: a glosa's code is checked against this table.
  const glosaReasonRows = readData(join('tiss', 'motivos-glosa.csv'), ';').map((row) => ({
    code: row.codigo ?? '',
    groupName: row.grupo || null,
    description: row.descricao || null,
    searchText: normalizeSearchText(row.codigo, row.descricao),
  }));

  await db.transaction(async (tx) => {
    await insertFromJson(tx, specialties, specialtyRows, [specialties.name]);
    await insertFromJson(tx, healthPlans, planRows, [healthPlans.ansRegistry]);
    await insertFromJson(tx, hospitals, hospitalRows, [hospitals.fantasyName], sql`medic_id is null`);
    await insertFromJson(tx, cids, cidRows, [cids.code]);
    await insertFromJson(tx, procedures, mergeProcedureCatalogues(tussRows, sigtapRows), [procedures.table, procedures.code]);
    await insertFromJson(tx, glosaReasons, glosaReasonRows, [glosaReasons.code]);
  });
}

type SeedDemoOptions = {
  now: Date;
  hashPassword: (plain: string) => Promise<string>;
};

export type SeedDemoResult = { seeded: boolean; medicId?: number; secretaryId?: number };

/** The lookup ids the demo draws from: its indications' codes as ids, the plans, the hospitals and the specialty. */
async function loadDemoLookups(db: Executor) {
  const procedureCodes = [...new Set(DEMO_INDICATIONS.flatMap((indication) => indication.procedures))];
  const cidCodes = [...new Set(DEMO_INDICATIONS.flatMap((indication) => indication.cids))];
  const [cidRows, procedureRows, planRows, hospitalRows, specialtyRows] = await Promise.all([
    db.select({ id: cids.id, code: cids.code }).from(cids).where(inArray(cids.code, cidCodes)),
    db.select({ id: procedures.id, code: procedures.code }).from(procedures).where(inArray(procedures.code, procedureCodes)),
    db
      .select({ id: healthPlans.id, name: healthPlans.fantasyName, registry: healthPlans.ansRegistry })
      .from(healthPlans)
      .where(inArray(healthPlans.ansRegistry, [...SMALL_PLAN_REGISTRIES]))
      .orderBy(healthPlans.ansRegistry),
    db
      .select({ id: hospitals.id, name: hospitals.fantasyName })
      .from(hospitals)
      .where(isNull(hospitals.medicId))
      .orderBy(hospitals.fantasyName),
    db.select({ id: specialties.id }).from(specialties).where(eq(specialties.name, 'Cirurgia Geral')),
  ]);
  const cidIds = new Map(cidRows.map((row) => [row.code, row.id]));
  const procedureIds = new Map(procedureRows.map((row) => [row.code, row.id]));
  if (cidIds.size < cidCodes.length || procedureIds.size < procedureCodes.length || !planRows.length || !hospitalRows.length) {
    throw new Error('seedDemo: as tabelas de referência precisam ser carregadas antes (seedLookups).');
  }
  return {
    /** The ids of an indication's procedures and CIDs, in its order. */
    codesOf: (indication: DemoIndication) => ({
      procedureIds: indication.procedures.map((code) => procedureIds.get(code)!),
      cidIds: indication.cids.map((code) => cidIds.get(code)!),
    }),
    plans: planRows.map((row) => row.id),
    hospitals: hospitalRows.map((row) => row.id),
    planById: new Map(planRows.map((row) => [row.id, row])),
    hospitalNames: new Map(hospitalRows.map((row) => [row.id, row.name])),
    specialtyId: specialtyRows[0]?.id ?? null,
  };
}
type DemoLookups = Awaited<ReturnType<typeof loadDemoLookups>>;

/**
 * Seeds the demo medic, the linked secretary and their ~40 patients and ~40 cases over every stage, with the
 * pre-operative work of issue 13 (authorizations, OPME, checklists, sendings, holders, loss reasons),
 * unless a demo account already exists. Deterministic apart from `now`, which places the cases
 * around today.
 */
export async function seedDemo(db: Executor, options: SeedDemoOptions): Promise<SeedDemoResult> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, [DEMO_MEDIC_EMAIL, DEMO_SECRETARY_EMAIL]))
    .limit(1);
  if (existing.length > 0) return { seeded: false };

  const lookups = await loadDemoLookups(db);
  const [medicHash, secretaryHash] = await Promise.all([
    options.hashPassword(DEMO_PASSWORD),
    options.hashPassword(DEMO_PASSWORD),
  ]);
  const random = createRandom(20_240_501);
  const { now } = options;

  return db.transaction(async (tx) => {
    const [medic] = await tx
      .insert(users)
      .values({
        type: 'medic',
        email: DEMO_MEDIC_EMAIL,
        passwordHash: medicHash,
        firstName: 'Carlos Eduardo',
        lastName: 'Mendes',
        nickname: 'Dr. Carlos',
        cpf: generateCpf(random),
        crm: DEMO_MEDIC_CRM,
        address: 'Avenida Paulista, 1000, conj. 101 - Bela Vista, São Paulo - SP',
        cellphone: '11987654321',
        specialtyId: lookups.specialtyId,
        news: false,
        acceptsDataStorage: true,
      })
      .returning({ id: users.id });
    const [secretary] = await tx
      .insert(users)
      .values({
        type: 'secretary',
        email: DEMO_SECRETARY_EMAIL,
        passwordHash: secretaryHash,
        firstName: 'Juliana',
        lastName: 'Souza',
        nickname: 'Ju',
        cpf: generateCpf(random),
        cellphone: '11976543210',
        acceptsDataStorage: true,
        notifyFromMedic: true,
      })
      .returning({ id: users.id });
    if (!medic || !secretary) throw new Error('seedDemo: usuários não criados.');
    await tx.insert(medicSecretaries).values({ medicId: medic.id, secretaryId: secretary.id, createdAt: now });
    await insertDemoCases(tx, random, lookups, { medicId: medic.id, secretaryId: secretary.id, now });
    await attachDemoTemplates(tx);
    return { seeded: true, medicId: medic.id, secretaryId: secretary.id };
  });
}

/**
 * Gives some demo hospitals and plans the generic templates that ship with the product (a `shipped/` key: the
 * files stay in server/data/templates/, nothing is copied). A template someone already attached is kept.
 */
async function attachDemoTemplates(tx: Executor): Promise<void> {
  await tx
    .update(hospitals)
    .set({ templateFileKey: shippedTemplateKey('hospital') })
    .where(and(inArray(hospitals.fantasyName, [...DEMO_TEMPLATE_HOSPITALS]), isNull(hospitals.templateFileKey)));
  await tx
    .update(healthPlans)
    .set({ templateFileKey: shippedTemplateKey('plano') })
    .where(and(inArray(healthPlans.ansRegistry, [...DEMO_TEMPLATE_PLAN_REGISTRIES]), isNull(healthPlans.templateFileKey)));
}

const PATIENT_COUNT = 40;
const DEMO_MEDIC_CRM = '123456/SP';

async function insertDemoCases(
  tx: Executor,
  random: Random,
  lookups: DemoLookups,
  who: { medicId: number; secretaryId: number; now: Date },
): Promise<void> {
  const { medicId, secretaryId, now } = who;
  const people = generatePatients(random, PATIENT_COUNT, lookups.plans.length);
  const patientRows = await tx
    .insert(patients)
    .values(
      people.map((person, index) => ({
        medicId,
        nomeCompleto: person.nomeCompleto,
        searchText: normalizeSearchText(person.nomeCompleto),
        cellphone: person.cellphone,
        healthPlanId: person.planIndex === null ? null : (lookups.plans[person.planIndex] ?? null),
        birthday: person.birthday,
        address: person.address,
        fullAddress: person.fullAddress,
        cep: person.cep,
        cpf: person.cpf,
        gender: person.gender,
        createdBy: secretaryId,
        createdAt: new Date(now.getTime() - (90 - index) * 86_400_000),
        updatedAt: new Date(now.getTime() - (90 - index) * 86_400_000),
      })),
    )
    .returning({ id: patients.id, healthPlanId: patients.healthPlanId, gender: patients.gender });

  const statuses = CASE_STATUSES.flatMap((status) => Array.from({ length: DEMO_STAGE_PLAN[status] }, () => status));
  const plans = statuses.map((status, index) => {
    const slot = statuses.slice(0, index).filter((s) => s === status).length;
    // Cases 0–35 one per patient, 36–39 a second case for patients 0–3; patients 36–39 have none here (36 and 37
    // get the two lost cases below, 38 and 39 have no case).
    const patient = patientRows[index < 36 ? index : index - 36]!;
    return { ...buildSurgery(random, lookups, { status, slot, now, medicId, secretaryId, patient }), patient };
  });

  // Issue 13: two more lost cases, for patients 36 and 37, from a random sequence of their own.
  const lostRandom = createRandom(20_240_502);
  for (const [slot, lost] of DEMO_LOST_CASES.entries()) {
    const patient = patientRows[36 + slot]!;
    const plan = buildSurgery(lostRandom, lookups, {
      status: 'arquiv',
      slot,
      now,
      medicId,
      secretaryId,
      patient,
      archivedFrom: lost.archivedFrom,
      payment: { source: 'plano_saude', opme: false },
    });
    if (lost.waitedDays) {
      // It waited this long for a date before it was archived: every step but the last moves back.
      const shift = lost.waitedDays * 86_400_000;
      for (let step = 0; step < plan.times.length - 1; step++) plan.times[step] = new Date(plan.times[step]!.getTime() - shift);
      plan.row.createdAt = plan.times[0]!;
      plan.row.documentArrivals = saoPauloDate(plan.times[plan.path.indexOf('autorizacao')]!);
    }
    plan.row.hospitalApprovals = 'aprovada';
    plan.row.planApprovals = lost.planApprovals;
    plan.row.surgeryNote = demoLossReason({ status: 'arquiv', path: plan.path, planApprovals: lost.planApprovals })!.reasonNote;
    plans.push({ ...plan, patient });
  }

  // Issue 37: the demo medic bills two plans in TISS (demo-tiss.ts): up to twelve of his cases carried out are theirs
  // (two in three of the first), their patients' plan too, so the demo's lot, the guides and the browser tests have
  // cases of one plan to work with.
  // Two plans without a configured payment term (30 days), so their cases fall due within the month as the others do.
  const tissPlans = lookups.plans.slice(2, 4);
  const tissPatients = new Map<number, number>();
  for (const plan of plans) {
    const { status, accomplishment } = plan.row;
    const carriedOut = status === 'pagamento' || status === 'concluido' || (status === 'realizacao' && accomplishment);
    if (!carriedOut || tissPatients.size >= 12 || tissPatients.has(plan.patient.id)) continue;
    const planId = tissPlans[tissPatients.size % 3 === 2 ? 1 : 0]!;
    Object.assign(plan.row, { paymentFountains: 'plano_saude', healthPlanId: planId, planApprovals: 'aprovada' });
    tissPatients.set(plan.patient.id, planId);
  }
  for (const planId of tissPlans) {
    const ids = [...tissPatients].filter(([, chosen]) => chosen === planId).map(([patientId]) => patientId);
    if (ids.length > 0) await tx.update(patients).set({ healthPlanId: planId }).where(inArray(patients.id, ids));
  }

  // Issue 14: the fee ledger. Three cases are moved back in time first (every bucket of the receivables' aging),
  // and a concluded case's payment becomes the sum of its receipts.
  const ledger = planDemoLedger(
    plans.map((plan) => ({
      status: plan.row.status!,
      fees: plan.row.feesPayments ?? null,
      paymentFountains: plan.row.paymentFountains ?? null,
      healthPlanId: plan.row.healthPlanId ?? null,
      hospitalId: plan.row.hospitalId!,
      accomplishment: plan.row.accomplishment ?? null,
      datePayment: plan.row.datePayment ?? null,
      paymentDone: plan.row.paymentDone ?? null,
    })),
    lookups,
    saoPauloDate(now),
  );
  for (const [index, days] of ledger.shiftDays) shiftPlan(plans[index]!, days);
  for (const [index, payment] of ledger.payment) Object.assign(plans[index]!.row, payment);

  const preoperative = planDemoPreoperative(
    plans.map((plan) => ({
      status: plan.row.status!,
      path: plan.path,
      times: plan.times,
      schedule: plan.schedule,
      paymentFountains: plan.row.paymentFountains ?? null,
      opme: plan.row.opme ?? false,
      hospitalApprovals: plan.row.hospitalApprovals ?? null,
      planApprovals: plan.row.planApprovals ?? null,
      opmeApprovals: plan.row.opmeApprovals ?? null,
      hospitalName: lookups.hospitalNames.get(plan.row.hospitalId!) ?? '',
      planName: plan.row.healthPlanId ? (lookups.planById.get(plan.row.healthPlanId)?.name ?? null) : null,
      planRegistry: plan.row.healthPlanId ? (lookups.planById.get(plan.row.healthPlanId)?.registry ?? null) : null,
      procedureCodes: plan.procedureCodes,
    })),
    now,
  );
  for (const index of preoperative.heldBySecretary) plans[index]!.row.holderId = secretaryId;

  const inserted = await tx
    .insert(surgeries)
    .values(plans.map((plan) => plan.row))
    .returning({ id: surgeries.id });
  const procedureLinks = [];
  const cidLinks = [];
  const history = [];
  for (const [index, plan] of plans.entries()) {
    const surgeryId = inserted[index]!.id;
    procedureLinks.push(...plan.procedureIds.map((procedureId, position) => ({ surgeryId, position, procedureId })));
    cidLinks.push(...plan.cidIds.map((cidId, position) => ({ surgeryId, position, cidId })));
    const loss = demoLossReason({ status: plan.row.status!, path: plan.path, planApprovals: plan.row.planApprovals ?? null });
    history.push(
      ...plan.path.map((toStatus, step) => ({
        surgeryId,
        fromStatus: step === 0 ? null : (plan.path[step - 1] ?? null),
        toStatus,
        changedBy: step % 3 === 2 ? medicId : secretaryId,
        changedAt: plan.times[step]!,
        ...(loss && step === plan.path.length - 1 ? loss : {}),
        ...(toStatus === 'env_doc' && preoperative.missingDocuments.has(index)
          ? { missingDocuments: preoperative.missingDocuments.get(index)! }
          : {}),
      })),
    );
  }
  await tx.insert(surgeryProcedures).values(procedureLinks);
  await tx.insert(surgeryCids).values(cidLinks);
  await insertBatches(history, (batch) => tx.insert(surgeryStatusHistory).values(batch));
  await insertDemoLedger(tx, ledger, { medicId, secretaryId, surgeryIds: inserted.map((row) => row.id), now });
  await insertDemoPreoperative(tx, preoperative, {
    medicId,
    secretaryId,
    now,
    surgeryIds: inserted.map((row) => row.id),
    caseTimes: plans.map((plan) => plan.times),
    lookups,
  });
  await insertDemoTiss(tx, {
    medicId,
    secretaryId,
    now,
    crm: DEMO_MEDIC_CRM,
    plans: tissPlans,
    avoid: new Set([...ledger.shiftDays.keys()].map((index) => inserted[index]!.id)),
  });
}

/** Moves a planned demo case's whole timeline `days` back (its statuses, schedule and every step's date). */
function shiftPlan(plan: { row: NewSurgeryRow; times: Date[]; schedule: Date | null }, days: number): void {
  const back = (date: Date) => new Date(date.getTime() - days * 86_400_000);
  const backDay = (day: string) => saoPauloDate(new Date(Date.parse(`${day}T12:00:00Z`) - days * 86_400_000));
  for (let step = 0; step < plan.times.length; step++) plan.times[step] = back(plan.times[step]!);
  if (plan.schedule) plan.schedule = back(plan.schedule);
  const { row } = plan;
  for (const key of ['createdAt', 'statusChangedAt', 'updatedAt', 'schedule', 'concludedAt'] as const) {
    const value = row[key];
    if (value instanceof Date) row[key] = back(value);
  }
  for (const key of ['documentArrivals', 'accomplishment', 'datePayment'] as const) {
    const value = row[key];
    if (typeof value === 'string') row[key] = backDay(value);
  }
}

/** Writes the fee ledger planned by demo-ledger.ts (issue 14) for the inserted demo cases. */
async function insertDemoLedger(
  tx: Executor,
  plan: DemoLedgerPlan,
  who: { medicId: number; secretaryId: number; surgeryIds: number[]; now: Date },
): Promise<void> {
  const { medicId, secretaryId, surgeryIds, now } = who;
  const idOf = (caseIndex: number) => surgeryIds[caseIndex]!;
  if (plan.terms.length > 0) {
    await tx.insert(paymentTerms).values(plan.terms.map((term) => ({ medicId, payer: term.payer, payerId: term.payerId, days: term.days })));
  }
  if (plan.ledgers.length > 0) {
    await tx
      .insert(surgeryLedgers)
      .values(plan.ledgers.map(({ caseIndex, ...row }) => ({ surgeryId: idOf(caseIndex), ...row, updatedBy: secretaryId, createdAt: now, updatedAt: now })));
  }
  if (plan.receipts.length > 0) {
    await tx.insert(surgeryReceipts).values(
      plan.receipts.map(({ caseIndex, ...row }) => ({
        surgeryId: idOf(caseIndex),
        ...row,
        createdBy: secretaryId,
        createdAt: new Date(Date.parse(`${row.receivedOn}T15:00:00Z`)),
      })),
    );
  }
  if (plan.glosas.length > 0) {
    await tx
      .insert(surgeryGlosas)
      .values(plan.glosas.map(({ caseIndex, ...row }) => ({ surgeryId: idOf(caseIndex), ...row, createdBy: secretaryId, createdAt: now, updatedAt: now })));
  }
  // Cases in pagamento carry what their receipts add up to (SPEC's payment_done = the sum of the receipts).
  for (const caseIndex of new Set(plan.receipts.map((receipt) => receipt.caseIndex))) {
    const own = plan.receipts.filter((receipt) => receipt.caseIndex === caseIndex);
    const cents = own.reduce((sum, receipt) => sum + receipt.amountCents, 0);
    const last = own.map((receipt) => receipt.receivedOn).sort().at(-1)!;
    await tx
      .update(surgeries)
      .set({ paymentDone: (cents / 100).toFixed(2), datePayment: last })
      .where(eq(surgeries.id, idOf(caseIndex)));
  }
}

/** Writes the pre-operative records planned by demo-preoperative.ts (issue 13) for the inserted demo cases. */
async function insertDemoPreoperative(
  tx: Executor,
  plan: DemoPreoperativePlan,
  who: { medicId: number; secretaryId: number; now: Date; surgeryIds: number[]; caseTimes: Date[][]; lookups: DemoLookups },
): Promise<void> {
  const { medicId, secretaryId, now, surgeryIds, caseTimes, lookups } = who;
  const idOf = (caseIndex: number) => surgeryIds[caseIndex]!;
  // Written when the case was created, last changed at its last status change.
  await tx.insert(surgeryAuthorizations).values(
    plan.authorizations.map(({ caseIndex, ...record }) => ({
      surgeryId: idOf(caseIndex),
      ...record,
      updatedBy: secretaryId,
      createdAt: caseTimes[caseIndex]![0]!,
      updatedAt: caseTimes[caseIndex]!.at(-1)!,
    })),
  );
  const hospitalIds = new Map([...lookups.hospitalNames].map(([id, name]) => [name, id]));
  const planIds = new Map([...lookups.planById.values()].map((row) => [row.registry, row.id]));
  await tx.insert(documentRequirements).values(
    DEMO_DOCUMENT_REQUIREMENTS.flatMap((list) =>
      list.items.map((item, position) => ({
        medicId,
        hospitalId: 'hospital' in list ? hospitalIds.get(list.hospital)! : null,
        healthPlanId: 'planRegistry' in list ? planIds.get(list.planRegistry)! : null,
        documentKind: 'documentKind' in item ? item.documentKind : null,
        name: 'name' in item ? item.name : null,
        position,
        createdAt: now,
      })),
    ),
  );
  if (plan.marks.length) {
    await tx
      .insert(surgeryChecklistMarks)
      .values(plan.marks.map((mark) => ({ surgeryId: idOf(mark.caseIndex), name: mark.name, markedBy: secretaryId, markedAt: mark.markedAt })));
  }
  if (plan.dispatches.length) {
    await tx
      .insert(surgeryDispatches)
      .values(
        plan.dispatches.map(({ caseIndex, ...dispatch }) => ({
          surgeryId: idOf(caseIndex),
          ...dispatch,
          createdBy: secretaryId,
          // Recorded at the end of the day it was sent (never after the seed's instant).
          createdAt: new Date(Math.min(now.getTime(), Date.parse(`${dispatch.sentOn}T21:00:00Z`))),
        })),
      );
  }
  for (const { caseIndex, quotes, ...item } of plan.opmeItems) {
    const [row] = await tx
      .insert(opmeItems)
      .values({ surgeryId: idOf(caseIndex), ...item, createdAt: caseTimes[caseIndex]![0]!, updatedAt: caseTimes[caseIndex]!.at(-1)! })
      .returning({ id: opmeItems.id });
    await tx.insert(opmeQuotes).values(quotes.map((quote) => ({ itemId: row!.id, ...quote })));
  }
}

function reached(path: CaseStatus[], status: CaseStatus): boolean {
  return path.includes(status);
}

/** One demo case: its row, codes and timeline, with the data of every step already passed. */
function buildSurgery(
  random: Random,
  lookups: DemoLookups,
  input: {
    status: CaseStatus;
    slot: number;
    now: Date;
    medicId: number;
    secretaryId: number;
    patient: { id: number; healthPlanId: number | null; gender: Gender | null };
    /** Fixed choices for the lost cases (the random draws happen anyway). */
    archivedFrom?: CaseStatus;
    payment?: { source: PaymentSource; opme: boolean };
  },
) {
  const { status, slot, now, medicId, secretaryId, patient } = input;
  const { path, times, schedule } = planTimeline(random, now, status, slot, input.archivedFrom);
  const payment = { ...choosePayment(random, status), ...input.payment };
  const plano = payment.source === 'plano_saude';
  const last = times[times.length - 1]!;
  // Procedures and CIDs that go together, and that fit the patient's sex.
  const indication = chooseIndication(random, patient.gender);
  const { procedureIds, cidIds } = lookups.codesOf(indication);
  const note = <T>(items: readonly T[]) => random.pick(items);
  const passedAuth = reached(path, 'agendamento');
  const row: NewSurgeryRow = {
    medicId,
    patientId: patient.id,
    hospitalId: random.pick(lookups.hospitals),
    healthPlanId: plano ? (patient.healthPlanId ?? random.pick(lookups.plans)) : null,
    paymentFountains: payment.source,
    opme: payment.opme,
    feesPayments: payment.fees,
    surgeryNote: note(DEMO_NOTES.surgery),
    status,
    statusChangedAt: last,
    version: path.length,
    createdBy: secretaryId,
    createdAt: times[0]!,
    updatedAt: last,
  };
  if (reached(path, 'autorizacao')) {
    row.documentArrivals = saoPauloDate(times[path.indexOf('autorizacao')]!);
    row.documentNote = note(DEMO_NOTES.document);
  }
  if (passedAuth || status === 'autorizacao') {
    // At the authorization step itself some toggles are already on.
    row.hospitalApprovals = passedAuth || random.chance(0.6) ? 'aprovada' : null;
    row.planApprovals = plano && (passedAuth || random.chance(0.4)) ? 'aprovada' : null;
    row.opmeApprovals = payment.opme && (passedAuth || random.chance(0.3)) ? 'aprovada' : null;
    row.hospitalApprovalsNote = note(DEMO_NOTES.hospitalApproval);
    row.planApprovalsNote = plano ? note(DEMO_NOTES.planApproval) : null;
    row.opmeApprovalsNote = payment.opme ? note(DEMO_NOTES.opmeApproval) : null;
  }
  if (reached(path, 'realizacao') && schedule) {
    row.schedule = schedule;
    row.scheduleNote = note(DEMO_NOTES.schedule);
  }
  if (reached(path, 'pagamento') && schedule) {
    row.accomplishment = saoPauloDate(schedule);
    row.accomplishmentNote = note(DEMO_NOTES.accomplishment);
  }
  if (status === 'concluido') {
    const fees = Number(payment.fees ?? '1000');
    row.paymentDone = (random.chance(0.75) ? fees : Math.round(fees * 0.8)).toFixed(2);
    row.datePayment = saoPauloDate(last);
    row.paymentNotes = note(DEMO_NOTES.payment);
    row.concludedAt = last;
  }
  if (status === 'cancelado') row.paymentNotes = 'Convênio glosou o procedimento; caso cancelado.';
  if (status === 'arquiv') row.surgeryNote = 'Paciente optou por não operar no momento.';
  return { row, path, times, schedule, procedureIds, cidIds, procedureCodes: indication.procedures };
}

type SeedAllOptions = {
  /** Seed the demo accounts and practice (DECISIONS §10; `SEED_DEMO=false` in production). */
  seedDemo: boolean;
  now: Date;
  lookups?: LookupSet;
  /** Defaults to the server's scrypt hashing (server/services/auth/password.ts). */
  hashPassword?: (plain: string) => Promise<string>;
};

/** Lookups, then (optionally) the demo. Run inside `withStartupLock` on PostgreSQL. */
export async function seedAll(handle: DatabaseHandle, options: SeedAllOptions): Promise<SeedDemoResult> {
  const hash = options.hashPassword ?? scryptHash;
  // The demo accounts' two password hashes (scrypt, on libuv's threads) are made while the lookups go in.
  const early = options.seedDemo ? [hash(DEMO_PASSWORD), hash(DEMO_PASSWORD)] : [];
  for (const pending of early) pending.catch(() => {});
  await seedLookups(handle.db, { set: options.lookups ?? 'full' });
  if (!options.seedDemo) return { seeded: false };
  const hashPassword = (plain: string) => (plain === DEMO_PASSWORD ? (early.shift() ?? hash(plain)) : hash(plain));
  return seedDemo(handle.db, { now: options.now, hashPassword });
}

/** True when no account exists yet (a fresh or emptied database: seed it). */
async function hasNoUsers(db: Executor): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  return (row?.count ?? 0) === 0;
}

/**
 * Whether a start should seed: the lookups are missing, or demo data is wanted and no account exists
 * yet (DECISIONS §10: the demo goes into an empty database only).
 */
export async function needsSeed(db: Executor, seedDemo: boolean): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(specialties);
  if ((row?.count ?? 0) === 0) return true;
  // A list a later migration added (the glosa reasons of 0024) is loaded into an installation seeded before it.
  const [reason] = await db.select({ code: glosaReasons.code }).from(glosaReasons).limit(1);
  if (!reason) return true;
  return seedDemo && (await hasNoUsers(db));
}
