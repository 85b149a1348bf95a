import { readFileSync } from 'node:fs';
import { asc, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_STATUSES, type ActiveStatus } from '../../machines/constants';
import {
  AUTHORIZATION_STATUSES,
  AUTHORIZATION_WARNING_DAYS,
  DEFAULT_STAGE_TARGET_DAYS,
  DISPATCH_CHANNELS,
  LOSS_REASONS,
  MIN_OPME_SUPPLIERS,
  OPME_DECISIONS,
} from '../../machines/preoperative/constants';
import { isValidCpf } from '../../machines/rules/cpf';
import { openPglite, type DatabaseHandle } from '../../server/db/client';
import { saoPauloDate } from '../../server/db/demo-data';
import { runMigrations } from '../../server/db/migrate';
import { cleanProcedureDescription } from '../../server/db/procedure-catalogue';
import * as schema from '../../server/db/schema/index';
import { DEMO_MEDIC_EMAIL, DEMO_PASSWORD, DEMO_SECRETARY_EMAIL, needsSeed, seedAll, seedDemo, seedLookups } from '../../server/db/seed';
import { verifyPassword } from '../../server/services/auth/password';
import { createDashboardService } from '../../server/services/dashboard/dashboard-service';
import { normalizeSearchText } from '../../server/services/search-text';

const NOW = new Date('2026-03-18T14:00:00Z');
const TABLES: Record<string, PgTable> = {
  cids: schema.cids,
  procedures: schema.procedures,
  specialties: schema.specialties,
  healthPlans: schema.healthPlans,
  hospitals: schema.hospitals,
  users: schema.users,
  medicSecretaries: schema.medicSecretaries,
  patients: schema.patients,
  surgeries: schema.surgeries,
  surgeryProcedures: schema.surgeryProcedures,
  surgeryCids: schema.surgeryCids,
  history: schema.surgeryStatusHistory,
  authorizations: schema.surgeryAuthorizations,
  documentRequirements: schema.documentRequirements,
  checklistMarks: schema.surgeryChecklistMarks,
  dispatches: schema.surgeryDispatches,
  opmeItems: schema.opmeItems,
  opmeQuotes: schema.opmeQuotes,
  receipts: schema.surgeryReceipts,
  glosas: schema.surgeryGlosas,
  ledgers: schema.surgeryLedgers,
  paymentTerms: schema.paymentTerms,
};

async function countAll(handle: DatabaseHandle): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(TABLES)) {
    const [row] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(table);
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

let handle: DatabaseHandle;
let firstCounts: Record<string, number>;

beforeAll(async () => {
  handle = await openPglite();
  await runMigrations(handle);
  expect(await needsSeed(handle.db, true)).toBe(true);
  const result = await seedAll(handle, { seedDemo: true, now: NOW });
  expect(result.seeded).toBe(true);
  firstCounts = await countAll(handle);
});

afterAll(async () => {
  await handle?.close();
});

describe('seedAll (full lookups and the demo)', () => {
  it('loads every reference row', () => {
    expect(firstCounts).toMatchObject({
      cids: 12_451,
      // Both catalogues, less the 94 SIGTAP procedures named like a TUSS one (that TUSS row stands for both).
      procedures: 1_690 + 2_321 - 94,
      specialties: 55,
      healthPlans: 694,
      hospitals: 14,
    });
  });

  it('writes accent-free, lower-cased search text', async () => {
    const [row] = await handle.db.select().from(schema.procedures).where(eq(schema.procedures.code, '0407030034'));
    expect(row).toMatchObject({ table: 'sigtap', description: 'COLECISTECTOMIA VIDEOLAPAROSCÓPICA' });
    expect(row!.searchText).toBe('0407030034 colecistectomia videolaparoscopica');
    expect(normalizeSearchText('  Hérnia   INGUINAL ', 'K40.9')).toBe('hernia inguinal k40.9');
    const tuss = await handle.db.select().from(schema.procedures).where(eq(schema.procedures.table, 'tuss'));
    expect(tuss.every((procedure) => procedure.code.startsWith('3'))).toBe(true);
    const [plan] = await handle.db.select().from(schema.healthPlans).where(eq(schema.healthPlans.ansRegistry, '421715'));
    // An operator without a fantasy name shows its corporate name.
    expect(plan?.fantasyName).toBe('BRADESCO SAÚDE - OPERADORA DE PLANOS S/A');
  });

  it("drops the stray '#' of TUSS descriptions, and migration 0011 cleans the rows of a database seeded before", async () => {
    const clean = 'Osteocondroplastia - estabilização, ressecção e/ou plastia - procedimento videoartroscópico de joelho';
    const [seeded] = await handle.db.select().from(schema.procedures).where(eq(schema.procedures.code, '30733049'));
    expect(seeded).toMatchObject({ table: 'tuss', description: clean, searchText: normalizeSearchText('30733049', clean) });
    const [marked] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(schema.procedures).where(sql`${schema.procedures.description} like '%#%'`);
    expect(marked?.n).toBe(0);

    // A database seeded before the fix holds the CSV's text; the migration's own SQL cleans it, search text included.
    const dirty = 'Osteocondroplastia - estabilização, ressecção e/ou plastia # - procedimento videoartroscópico de joelho';
    await handle.db
      .update(schema.procedures)
      .set({ description: dirty, searchText: normalizeSearchText('30733049', dirty) })
      .where(eq(schema.procedures.id, seeded!.id));
    const migration = readFileSync(new URL('../../server/db/migrations/0012_clean_tuss_descriptions.sql', import.meta.url), 'utf8');
    await handle.db.execute(sql.raw(migration));
    const [again] = await handle.db.select().from(schema.procedures).where(eq(schema.procedures.id, seeded!.id));
    expect(again).toMatchObject({ description: clean, searchText: normalizeSearchText('30733049', clean) });
    expect(cleanProcedureDescription('Reconstrução de ligamento # - procedimento videoartroscópico de cotovelo')).toBe(
      'Reconstrução de ligamento - procedimento videoartroscópico de cotovelo',
    );
  });

  it('creates the demo medic and the linked secretary with the demo password', async () => {
    expect(firstCounts).toMatchObject({ users: 2, medicSecretaries: 1 });
    const accounts = await handle.db.select().from(schema.users).orderBy(asc(schema.users.id));
    expect(accounts.map((user) => [user.email, user.type])).toEqual([
      [DEMO_MEDIC_EMAIL, 'medic'],
      [DEMO_SECRETARY_EMAIL, 'secretary'],
    ]);
    for (const user of accounts) {
      expect(isValidCpf(user.cpf)).toBe(true);
      expect(await verifyPassword(DEMO_PASSWORD, user.passwordHash)).toBe(true);
    }
    expect(accounts[0]!.crm).toBeTruthy();
    expect(accounts[0]!.specialtyId).not.toBeNull();
  });

  it('creates ~40 patients with valid, distinct CPFs', async () => {
    const rows = await handle.db.select().from(schema.patients);
    expect(rows).toHaveLength(40);
    expect(rows.every((patient) => isValidCpf(patient.cpf) && patient.cpf.length === 11)).toBe(true);
    expect(new Set(rows.map((patient) => patient.cpf)).size).toBe(40);
    expect(rows.every((patient) => patient.searchText === normalizeSearchText(patient.nomeCompleto))).toBe(true);
    expect(rows.filter((patient) => patient.healthPlanId !== null).length).toBeGreaterThan(20);
  });

  it('stores phones and CEPs as digits, as the forms do, and writes the address with the CEP as 00.000-000', async () => {
    const rows = await handle.db.select().from(schema.patients);
    expect(rows.filter((patient) => !/^\d{11}$/.test(patient.cellphone ?? '')).map((patient) => patient.cellphone)).toEqual([]);
    expect(rows.filter((patient) => !/^\d{8}$/.test(patient.cep ?? '')).map((patient) => patient.cep)).toEqual([]);
    for (const patient of rows) {
      const cep = patient.cep!;
      expect(patient.fullAddress).toMatch(new RegExp(`, CEP ${cep.slice(0, 2)}\\.${cep.slice(2, 5)}-${cep.slice(5)}$`));
    }
    const accounts = await handle.db.select().from(schema.users);
    expect(accounts.map((user) => user.cellphone)).toEqual(accounts.map(() => expect.stringMatching(/^\d{11}$/)));
  });

  it('spreads ~40 surgeries over all ten stages, with codes and a consistent status history', async () => {
    const cases = await handle.db.select().from(schema.surgeries);
    // Forty over the stages, and two more lost cases (issue 13).
    expect(cases).toHaveLength(42);
    expect(new Set(cases.map((surgery) => surgery.status))).toEqual(new Set(CASE_STATUSES));

    const history = await handle.db
      .select()
      .from(schema.surgeryStatusHistory)
      .orderBy(asc(schema.surgeryStatusHistory.surgeryId), asc(schema.surgeryStatusHistory.changedAt));
    const procedures = await handle.db.select().from(schema.surgeryProcedures);
    const codes = await handle.db.select().from(schema.surgeryCids);
    for (const surgery of cases) {
      const rows = history.filter((row) => row.surgeryId === surgery.id);
      expect(rows[0]).toMatchObject({ fromStatus: null, toStatus: 'ind_paciente' });
      rows.slice(1).forEach((row, i) => expect(row.fromStatus).toBe(rows[i]!.toStatus));
      expect(rows.at(-1)!.toStatus).toBe(surgery.status);
      expect(rows.at(-1)!.changedAt.getTime()).toBe(surgery.statusChangedAt.getTime());
      expect(surgery.statusChangedAt.getTime()).toBeLessThanOrEqual(NOW.getTime());

      const count = procedures.filter((row) => row.surgeryId === surgery.id).length;
      expect(count).toBeGreaterThanOrEqual(1);
      expect(count).toBeLessThanOrEqual(3);
      const cidCount = codes.filter((row) => row.surgeryId === surgery.id).length;
      expect(cidCount).toBeGreaterThanOrEqual(1);
      expect(cidCount).toBeLessThanOrEqual(3);

      const passed = (status: string) => rows.some((row) => row.toStatus === status);
      if (passed('autorizacao')) expect(surgery.documentArrivals).toBeTruthy();
      if (passed('agendamento')) expect(surgery.hospitalApprovals).toBe('aprovada');
      if (passed('agendamento') && surgery.paymentFountains === 'plano_saude') expect(surgery.planApprovals).toBe('aprovada');
      if (passed('realizacao')) expect(surgery.schedule).toBeInstanceOf(Date);
      if (passed('pagamento')) expect(surgery.accomplishment).toBeTruthy();
      if (surgery.status === 'concluido') {
        expect(Number(surgery.paymentDone)).toBeGreaterThan(0);
        expect(surgery.datePayment).toBeTruthy();
      }
      if (surgery.paymentFountains === 'plano_saude') expect(surgery.healthPlanId).not.toBeNull();
      else expect(surgery.healthPlanId).toBeNull();
    }
    const cancelled = cases.find((surgery) => surgery.status === 'cancelado')!;
    expect(history.filter((row) => row.surgeryId === cancelled.id).at(-1)!.fromStatus).toBe('pagamento');
  });

  it('schedules some surgeries today (São Paulo) and others in the coming weeks', async () => {
    const cases = await handle.db.select().from(schema.surgeries);
    const today = saoPauloDate(NOW);
    const scheduled = cases.filter((surgery) => surgery.schedule);
    expect(scheduled.filter((surgery) => saoPauloDate(surgery.schedule!) === today).length).toBeGreaterThanOrEqual(2);
    expect(scheduled.some((surgery) => surgery.schedule!.getTime() > NOW.getTime() + 86_400_000)).toBe(true);
    expect(scheduled.some((surgery) => surgery.schedule!.getTime() < NOW.getTime() - 7 * 86_400_000)).toBe(true);
  });

  it('changes nothing when run twice', async () => {
    expect(await needsSeed(handle.db, true)).toBe(false);
    const again = await seedAll(handle, { seedDemo: true, now: new Date(NOW.getTime() + 86_400_000) });
    expect(again.seeded).toBe(false);
    expect(await countAll(handle)).toEqual(firstCounts);
  });
});

/** yyyy-MM-dd `days` after `day`, and the days from `from` to `to`. */
const plusDays = (day: string, days: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

describe('the demo covers the pre-operative work (issue 13, item 6)', () => {
  const today = saoPauloDate(NOW);
  const read = async () => {
    const [cases, records, history] = await Promise.all([
      handle.db.select().from(schema.surgeries).orderBy(asc(schema.surgeries.id)),
      handle.db.select().from(schema.surgeryAuthorizations),
      handle.db
        .select()
        .from(schema.surgeryStatusHistory)
        .orderBy(asc(schema.surgeryStatusHistory.surgeryId), asc(schema.surgeryStatusHistory.changedAt)),
    ]);
    return { cases, records, history };
  };

  it("gives every case one authorization record per payer that applies, its aprovada/negada the case's toggle", async () => {
    const { cases, records } = await read();
    for (const surgery of cases) {
      const payers = ['hospital', ...(surgery.paymentFountains === 'plano_saude' ? ['plano'] : []), ...(surgery.opme ? ['opme'] : [])];
      const own = records.filter((record) => record.surgeryId === surgery.id);
      expect(own.map((record) => record.payer).sort(), `case ${surgery.id}`).toEqual(payers.sort());
      const toggles = { hospital: surgery.hospitalApprovals, plano: surgery.planApprovals, opme: surgery.opmeApprovals };
      for (const record of own) {
        const where = `case ${surgery.id} ${record.payer}`;
        const toggle = toggles[record.payer];
        if (toggle) expect(record.status, where).toBe(toggle);
        else expect(['pendente', 'solicitada', 'parcial'], where).toContain(record.status);
        if (record.status !== 'pendente') {
          expect(record.requestedOn, where).toBeTruthy();
          expect(record.protocol, where).toBeTruthy();
        }
        if (record.status === 'aprovada') {
          expect(record.decidedOn! >= record.requestedOn! && record.decidedOn! <= today, where).toBe(true);
          expect(record.validUntil! > record.decidedOn!, where).toBe(true);
        }
        if (record.payer === 'plano' && record.status === 'aprovada') expect(record.password, where).toMatch(/^[0-9A-Z]{8}$/);
      }
    }
    // Every status a record can have is shown somewhere.
    expect(new Set(records.map((record) => record.status))).toEqual(new Set(AUTHORIZATION_STATUSES));
  });

  it('warns as DECISIONS §15 says: expiring within 7 days, expired, expiring before the surgery date', async () => {
    const { cases, records } = await read();
    const beforeSurgery = new Map(
      cases.filter((surgery) => ['autorizacao', 'agendamento', 'realizacao'].includes(surgery.status)).map((s) => [s.id, s]),
    );
    const valid = records.filter((record) => record.status === 'aprovada' && beforeSurgery.has(record.surgeryId));
    const lastWarned = plusDays(today, AUTHORIZATION_WARNING_DAYS - 1);
    const expiring = valid.filter((record) => record.validUntil! >= today && record.validUntil! <= lastWarned);
    const expired = valid.filter((record) => record.validUntil! < today);
    const beforeSchedule = valid.filter((record) => {
      const schedule = beforeSurgery.get(record.surgeryId)!.schedule;
      return schedule && record.validUntil! >= today && record.validUntil! < saoPauloDate(schedule);
    });
    expect(expiring.length).toBeGreaterThanOrEqual(2);
    expect(expired.length).toBeGreaterThanOrEqual(1);
    expect(beforeSchedule.length).toBeGreaterThanOrEqual(1);
    // One of each is enough to tell them apart: the one before the date is not also about to expire.
    expect(beforeSchedule.some((record) => record.validUntil! > lastWarned)).toBe(true);
  });

  it('lists OPME items with at least three suppliers, a chosen quote, and every kind of item decision', async () => {
    const { cases, history } = await read();
    const items = await handle.db.select().from(schema.opmeItems);
    const quotes = await handle.db.select().from(schema.opmeQuotes);
    for (const surgery of cases) {
      const own = items.filter((item) => item.surgeryId === surgery.id);
      const preparedDocuments = history.some((row) => row.surgeryId === surgery.id && row.toStatus === 'prep_doc');
      if (!surgery.opme || !preparedDocuments) expect(own, `case ${surgery.id}`).toEqual([]);
      else expect(own.length, `case ${surgery.id}`).toBeGreaterThan(0);
      // CFM 1.956/2010 and the approval rule: 'aprovada' only when every item is decided.
      if (surgery.opmeApprovals === 'aprovada') expect(own.every((item) => item.decision !== null), `case ${surgery.id}`).toBe(true);
    }
    for (const item of items) {
      const asked = quotes.filter((quote) => quote.itemId === item.id);
      expect(asked.length, item.description).toBeGreaterThanOrEqual(MIN_OPME_SUPPLIERS);
      expect(new Set(asked.map((quote) => quote.supplier)).size).toBe(asked.length);
      if (item.chosenQuote !== null) expect(asked.find((quote) => quote.position === item.chosenQuote)?.unitPrice).toMatch(/^\d+\.\d{2}$/);
      if (item.decision === 'parcial') expect(item.authorizedQuantity! > 0 && item.authorizedQuantity! < item.quantity).toBe(true);
      else expect(item.authorizedQuantity).toBeNull();
    }
    expect(items.some((item) => item.chosenQuote !== null)).toBe(true);
    expect(items.some((item) => item.decision === null)).toBe(true);
    expect(new Set(items.map((item) => item.decision))).toEqual(new Set([...OPME_DECISIONS, null]));
    // A case still gathering quotes: a supplier has not answered yet.
    expect(quotes.some((quote) => quote.unitPrice === null)).toBe(true);
  });

  it('configures checklists for hospitals and a plan, marks documents received and records the sendings', async () => {
    const { cases, history } = await read();
    const requirements = await handle.db.select().from(schema.documentRequirements);
    const marks = await handle.db.select().from(schema.surgeryChecklistMarks);
    const dispatches = await handle.db.select().from(schema.surgeryDispatches);
    expect(new Set(requirements.flatMap((row) => (row.hospitalId ? [row.hospitalId] : []))).size).toBeGreaterThanOrEqual(2);
    expect(new Set(requirements.flatMap((row) => (row.healthPlanId ? [row.healthPlanId] : []))).size).toBeGreaterThanOrEqual(1);
    expect(requirements.some((row) => row.documentKind)).toBe(true);
    expect(requirements.map((row) => row.name)).toEqual(expect.arrayContaining(['Risco cirúrgico', 'Exames pré-operatórios']));

    const namedFor = (surgery: (typeof cases)[number]) =>
      requirements
        .filter(
          (row) =>
            row.name &&
            (row.hospitalId === surgery.hospitalId ||
              (surgery.paymentFountains === 'plano_saude' && row.healthPlanId === surgery.healthPlanId)),
        )
        .map((row) => row.name!);
    for (const mark of marks) {
      expect(namedFor(cases.find((surgery) => surgery.id === mark.surgeryId)!)).toContain(mark.name);
    }
    // A case still at the document steps misses a named document.
    const missing = cases.filter(
      (surgery) =>
        ['prep_doc', 'env_doc'].includes(surgery.status) &&
        namedFor(surgery).some((name) => !marks.some((mark) => mark.surgeryId === surgery.id && mark.name === name)),
    );
    expect(missing.length).toBeGreaterThanOrEqual(1);
    // The moves to env_doc with documents missing carry the recorded confirmation, and only those moves.
    const confirmed = history.filter((row) => row.missingDocuments !== null);
    expect(confirmed.length).toBeGreaterThanOrEqual(1);
    for (const row of confirmed) {
      expect(row).toMatchObject({ fromStatus: 'prep_doc', toStatus: 'env_doc' });
      expect(row.missingDocuments!.length).toBeGreaterThan(0);
    }

    expect(new Set(dispatches.map((row) => row.channel))).toEqual(new Set(DISPATCH_CHANNELS));
    for (const row of dispatches) {
      const surgery = cases.find((candidate) => candidate.id === row.surgeryId)!;
      expect(row.recipient.length).toBeGreaterThan(0);
      expect(row.items.length).toBeGreaterThan(0);
      expect(row.sentOn >= saoPauloDate(surgery.createdAt) && row.sentOn <= today).toBe(true);
    }
  });

  it('has cases past their stage target and cases within it, and some held by the secretary', async () => {
    const { cases } = await read();
    const [secretary] = await handle.db.select().from(schema.users).where(eq(schema.users.email, DEMO_SECRETARY_EMAIL));
    const active = cases.filter((surgery) => surgery.status in DEFAULT_STAGE_TARGET_DAYS);
    const late = (surgery: (typeof cases)[number]) =>
      daysBetween(saoPauloDate(surgery.statusChangedAt), today) - DEFAULT_STAGE_TARGET_DAYS[surgery.status as ActiveStatus];
    // Strictly past and strictly within, whichever way the day of the target itself is counted.
    expect(active.filter((surgery) => late(surgery) > 0).length).toBeGreaterThanOrEqual(3);
    expect(active.filter((surgery) => late(surgery) < 0).length).toBeGreaterThanOrEqual(3);
    expect(cases.every((surgery) => surgery.holderId === null || surgery.holderId === secretary!.id)).toBe(true);
    expect(cases.filter((surgery) => surgery.holderId === secretary!.id).length).toBeGreaterThanOrEqual(3);
  });

  it('writes a reason on the last status row of every cancelled and archived case', async () => {
    const { cases, history } = await read();
    const lost = cases.filter((surgery) => surgery.status === 'cancelado' || surgery.status === 'arquiv');
    expect(lost.map((surgery) => surgery.status)).toContain('cancelado');
    for (const surgery of lost) {
      const last = history.filter((row) => row.surgeryId === surgery.id).at(-1)!;
      expect(LOSS_REASONS, `case ${surgery.id}`).toContain(last.reason);
      expect(last.reasonNote, `case ${surgery.id}`).toBeTruthy();
    }
    expect(history.filter((row) => row.reason !== null)).toHaveLength(lost.length);
    expect(new Set(lost.map((surgery) => history.filter((row) => row.surgeryId === surgery.id).at(-1)!.reason)).size).toBeGreaterThanOrEqual(3);
  });
});

describe('one procedure catalogue (issue 11, item 9)', () => {
  it('lists a procedure both catalogues name once, as its TUSS row, findable by its SIGTAP code', async () => {
    const rows = await handle.db.select().from(schema.procedures);
    const byName = new Map<string, Array<{ table: string; code: string }>>();
    for (const row of rows) {
      const key = normalizeSearchText(row.description);
      byName.set(key, [...(byName.get(key) ?? []), { table: row.table, code: row.code }]);
    }
    const mixed = [...byName].filter(([, entries]) => new Set(entries.map((entry) => entry.table)).size > 1);
    expect(mixed).toEqual([]);
    expect(byName.get('tireoidectomia total')).toEqual([{ table: 'tuss', code: '30213053' }]);
    const [thyroid] = rows.filter((row) => row.code === '30213053');
    expect(thyroid).toMatchObject({ description: 'Tireoidectomia total', groupName: 'Cirurgia de glândulas endócrinas' });
    expect(thyroid!.searchText).toBe('30213053 tireoidectomia total 0402010043');
    expect(rows.some((row) => row.code === '0402010043')).toBe(false);
  });

  it("draws the demo's procedure charts with one bar per procedure", async () => {
    const [medic] = await handle.db.select().from(schema.users).where(eq(schema.users.email, DEMO_MEDIC_EMAIL));
    const dashboard = await createDashboardService({ db: handle.db, now: () => NOW }).read({ id: medic!.id, type: 'medic' });
    for (const list of [dashboard.dash_graph.qtd_procedim_prev, dashboard.dash_graph.qtd_procedim_real]) {
      expect(list.length).toBeGreaterThan(0);
      const names = list.map((item) => normalizeSearchText(item.name));
      expect(new Set(names).size).toBe(names.length);
    }
  });
});

/** CID-10 categories of one sex only (DATASUS's sex restriction, by category). */
const MALE_ONLY: Array<[string, string]> = [['N40', 'N51'], ['C60', 'C63'], ['D29', 'D29'], ['D40', 'D40'], ['Q53', 'Q55']];
const FEMALE_ONLY: Array<[string, string]> = [
  ['N70', 'N98'], ['O00', 'O99'], ['C51', 'C58'], ['D25', 'D28'], ['D39', 'D39'], ['Q50', 'Q52'],
];
const inRanges = (code: string, ranges: Array<[string, string]>) =>
  ranges.some(([first, last]) => code.slice(0, 3) >= first && code.slice(0, 3) <= last);

/** Which CID-10 categories indicate a procedure, by words of its name (a surgeon's reading, not the seed's table). */
const INDICATED_BY: Array<[RegExp, string[]]> = [
  [/colecistectomia/, ['K80', 'K81']],
  [/apendicectomia/, ['K35', 'K36', 'K37']],
  [/(herniorrafia|hernioplastia) (inguinal|crural)/, ['K40', 'K41']],
  [/(herniorrafia|hernioplastia) umbilical/, ['K42']],
  [/(herniorrafia|hernioplastia) (incisional|epigastrica)/, ['K43']],
  [/colectomia/, ['C18', 'K57']],
  [/hemorroidectomia/, ['I84']],
  [/gastroplastia/, ['E66']],
  [/tireoidectomia/, ['C73', 'E04']],
  [/amigdalectomia/, ['J35']],
  [/septoplastia/, ['J34']],
  [/facectomia/, ['H25', 'H26']],
  [/varizes/, ['I83']],
  [/artroplastia.*joelho/, ['M17']],
  [/artroplastia.*quadril/, ['M16', 'S72']],
  [/meniscectomia|videoartroscopia/, ['M23']],
  [/manguito rotador/, ['M75']],
  [/nefrolitotomia|ureterolitotripsia/, ['N20']],
  [/histerectomia/, ['D25', 'D27', 'N81', 'N83']],
  [/mastectomia/, ['C50']],
  [/prostat/, ['N40', 'C61']],
  [/hidrocele/, ['N43']],
  [/postectomia/, ['N47']],
  [/orquidopexia/, ['Q53']],
];

function indicationsOf(description: string): string[] {
  const name = normalizeSearchText(description);
  const rule = INDICATED_BY.find(([pattern]) => pattern.test(name));
  expect(rule, `no known indication for '${description}'`).toBeDefined();
  return rule![1];
}

describe('the demo is clinically coherent (issue 11, item 9)', () => {
  it("gives no patient a CID of the other sex, and each case CIDs that indicate its procedures", async () => {
    const cases = await handle.db
      .select({ id: schema.surgeries.id, gender: schema.patients.gender, name: schema.patients.nomeCompleto })
      .from(schema.surgeries)
      .innerJoin(schema.patients, eq(schema.patients.id, schema.surgeries.patientId));
    const caseCids = await handle.db
      .select({ surgeryId: schema.surgeryCids.surgeryId, code: schema.cids.code })
      .from(schema.surgeryCids)
      .innerJoin(schema.cids, eq(schema.cids.id, schema.surgeryCids.cidId));
    const caseProcedures = await handle.db
      .select({ surgeryId: schema.surgeryProcedures.surgeryId, description: schema.procedures.description })
      .from(schema.surgeryProcedures)
      .innerJoin(schema.procedures, eq(schema.procedures.id, schema.surgeryProcedures.procedureId));
    expect(cases).toHaveLength(42);
    const sexes = new Set<string>();
    for (const surgery of cases) {
      const codes = caseCids.filter((row) => row.surgeryId === surgery.id).map((row) => row.code);
      const names = caseProcedures.filter((row) => row.surgeryId === surgery.id).map((row) => row.description);
      const where = `case ${surgery.id} (${surgery.name}, ${surgery.gender}): ${codes.join(', ')} / ${names.join(', ')}`;
      expect(surgery.gender, where).not.toBeNull();
      for (const code of codes) {
        if (surgery.gender === 'female') expect(inRanges(code, MALE_ONLY), where).toBe(false);
        if (surgery.gender === 'male') expect(inRanges(code, FEMALE_ONLY), where).toBe(false);
        if (inRanges(code, [...MALE_ONLY, ...FEMALE_ONLY])) sexes.add(surgery.gender!);
      }
      const indicated = names.map(indicationsOf);
      // Every procedure has a CID of the case that indicates it, and every CID indicates one of the procedures.
      for (const [index, categories] of indicated.entries()) {
        expect(codes.some((code) => categories.includes(code.slice(0, 3))), `${where}: ${names[index]}`).toBe(true);
      }
      for (const code of codes) expect(indicated.flat().includes(code.slice(0, 3)), `${where}: ${code}`).toBe(true);
    }
    // Some cases with several procedures, and sex-specific ones of both sexes.
    const perCase = cases.map((surgery) => caseProcedures.filter((row) => row.surgeryId === surgery.id).length);
    expect(perCase.filter((count) => count > 1).length).toBeGreaterThan(0);
    expect(sexes).toEqual(new Set(['female', 'male']));
  });
});

describe('seedLookups small set', () => {
  it('holds a small subset, and the demo can be seeded over it', async () => {
    const small = await openPglite();
    try {
      await runMigrations(small);
      await seedLookups(small.db, { set: 'small' });
      await seedLookups(small.db, { set: 'small' });
      const counts = await countAll(small);
      expect(counts.specialties).toBe(55);
      expect(counts.hospitals).toBe(14);
      expect(counts.healthPlans).toBe(12);
      expect(counts.cids).toBe(52);
      // 30 SIGTAP and 27 TUSS codes, five of them one procedure in both (e.g. 'TIREOIDECTOMIA TOTAL').
      expect(counts.procedures).toBe(52);
      const result = await seedDemo(small.db, { now: NOW, hashPassword: async (plain) => `plain:${plain}` });
      expect(result.seeded).toBe(true);
      expect((await countAll(small)).surgeries).toBe(42);
    } finally {
      await small.close();
    }
  });
});

describe('demo fee ledger (issue 14)', () => {
  /** Days from `from` to `to` (yyyy-MM-dd). */
  const daysFrom = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
  const plusDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  it('keeps payment_done = the sum of the receipts and date_payment = the latest, for every demo case', async () => {
    const cases = await handle.db.select().from(schema.surgeries);
    const receipts = await handle.db.select().from(schema.surgeryReceipts);
    for (const surgery of cases) {
      const own = receipts.filter((receipt) => receipt.surgeryId === surgery.id);
      const sum = own.reduce((total, receipt) => total + Number(receipt.amountCents), 0);
      expect(surgery.paymentDone === null ? 0 : Math.round(Number(surgery.paymentDone) * 100), `case ${surgery.id}`).toBe(sum);
      if (own.length > 0) expect(surgery.datePayment).toBe(own.map((receipt) => receipt.receivedOn).sort().at(-1));
      for (const receipt of own) expect(receipt.receivedOn <= saoPauloDate(NOW)).toBe(true);
      if (own.length > 0) expect(['realizacao', 'pagamento', 'concluido']).toContain(surgery.status);
    }
    const partial = cases.filter((surgery) => surgery.status === 'pagamento' && surgery.paymentDone !== null);
    expect(partial.length).toBeGreaterThanOrEqual(2);
    for (const surgery of partial) expect(Number(surgery.paymentDone)).toBeLessThan(Number(surgery.feesPayments));
  });

  it("fills both halves of 'Relatório para o contador': patients' receipts, and plans' with their CNPJ and withholdings", async () => {
    const receipts = await handle.db.select().from(schema.surgeryReceipts);
    expect(receipts.some((receipt) => receipt.payer === 'particular')).toBe(true);
    const plans = receipts.filter((receipt) => receipt.payer === 'plano_saude');
    const withheld = plans.filter((receipt) => receipt.irrfCents + receipt.issCents + receipt.pisCofinsCsllCents > 0);
    expect(withheld.length).toBeGreaterThanOrEqual(2);
    expect(withheld.length).toBeLessThan(plans.length);
    for (const receipt of plans) expect(receipt.payerDocument).toMatch(/^\d{14}$/);
    for (const receipt of withheld) {
      expect(receipt.irrfCents + receipt.issCents + receipt.pisCofinsCsllCents).toBeLessThan(receipt.amountCents);
    }
  });

  it('has glosas in each appeal state, recovered amounts as the outcome says, and a deadline within 7 days', async () => {
    const glosas = await handle.db.select().from(schema.surgeryGlosas);
    const today = saoPauloDate(NOW);
    expect(glosas.some((g) => g.appealOutcome === null && g.appealFiledOn === null)).toBe(true);
    expect(glosas.some((g) => g.appealOutcome === null && g.appealFiledOn !== null)).toBe(true);
    for (const outcome of ['revertida', 'mantida', 'parcial'] as const) expect(glosas.some((g) => g.appealOutcome === outcome), outcome).toBe(true);
    for (const g of glosas) {
      const amount = Number(g.amountCents);
      if (g.appealOutcome === 'revertida') expect(Number(g.recoveredCents)).toBe(amount);
      if (g.appealOutcome === 'mantida') expect(Number(g.recoveredCents)).toBe(0);
      if (g.appealOutcome === 'parcial') expect(Number(g.recoveredCents)).toBeGreaterThan(0);
      if (g.appealOutcome === 'parcial') expect(Number(g.recoveredCents)).toBeLessThan(amount);
      if (g.appealOutcome !== null) expect(g.appealFiledOn).not.toBeNull();
      expect(g.glosaOn <= today && (g.appealFiledOn ?? g.glosaOn) >= g.glosaOn && g.appealDeadline! >= g.glosaOn).toBe(true);
    }
    const warned = glosas.filter((g) => g.appealOutcome === null && g.appealFiledOn === null && daysFrom(today, g.appealDeadline!) <= 7);
    expect(warned.length).toBeGreaterThanOrEqual(1);
  });

  it('puts the cases that owe money in every aging bucket (computed here from the stored rows)', async () => {
    const today = saoPauloDate(NOW);
    const cases = await handle.db.select().from(schema.surgeries);
    const receipts = await handle.db.select().from(schema.surgeryReceipts);
    const glosas = await handle.db.select().from(schema.surgeryGlosas);
    const ledgers = await handle.db.select().from(schema.surgeryLedgers);
    const terms = await handle.db.select().from(schema.paymentTerms);
    expect(terms.length).toBeGreaterThanOrEqual(2);
    const buckets = new Set<string>();
    for (const surgery of cases.filter((c) => c.status === 'pagamento' || c.status === 'concluido')) {
      const ledger = ledgers.find((row) => row.surgeryId === surgery.id);
      const own = glosas.filter((g) => g.surgeryId === surgery.id);
      const received = receipts.filter((r) => r.surgeryId === surgery.id).reduce((sum, r) => sum + Number(r.amountCents), 0);
      const glosaNet = own.reduce((sum, g) => sum + Number(g.amountCents) - Number(g.recoveredCents ?? 0), 0);
      const disputed = own.filter((g) => g.appealOutcome === null).reduce((sum, g) => sum + Number(g.amountCents), 0);
      const open = Math.max(0, Math.round(Number(surgery.feesPayments ?? 0) * 100) - received - glosaNet - Number(ledger?.writtenOffCents ?? 0));
      if (open === 0 && disputed === 0) continue;
      const term =
        (surgery.paymentFountains === 'plano_saude' ? terms.find((t) => t.payer === 'plano' && t.payerId === surgery.healthPlanId)?.days : undefined) ??
        terms.find((t) => t.payer === 'hospital' && t.payerId === surgery.hospitalId)?.days ??
        30;
      const due = plusDays(ledger?.billedOn ?? surgery.accomplishment!, term);
      const days = daysFrom(due, today);
      buckets.add(days <= 30 ? 'd0_30' : days <= 60 ? 'd31_60' : days <= 90 ? 'd61_90' : 'd90_plus');
    }
    expect(buckets).toEqual(new Set(['d0_30', 'd31_60', 'd61_90', 'd90_plus']));
  });
});
