import { asc, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_STATUSES } from '../../machines/constants';
import { isValidCpf } from '../../machines/rules/cpf';
import { openPglite, type DatabaseHandle } from '../../server/db/client';
import { saoPauloDate } from '../../server/db/demo-data';
import { runMigrations } from '../../server/db/migrate';
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

  it('spreads ~40 surgeries over all ten stages, with codes and a consistent status history', async () => {
    const cases = await handle.db.select().from(schema.surgeries);
    expect(cases).toHaveLength(40);
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
    expect(cases).toHaveLength(40);
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
      expect((await countAll(small)).surgeries).toBe(40);
    } finally {
      await small.close();
    }
  });
});
