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
      procedures: 1_690 + 2_321,
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
      expect(counts.cids).toBe(50);
      expect(counts.procedures).toBeGreaterThanOrEqual(45);
      expect(counts.procedures).toBeLessThanOrEqual(55);
      const result = await seedDemo(small.db, { now: NOW, hashPassword: async (plain) => `plain:${plain}` });
      expect(result.seeded).toBe(true);
      expect((await countAll(small)).surgeries).toBe(40);
    } finally {
      await small.close();
    }
  });
});
