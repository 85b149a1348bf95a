import { asc, eq } from 'drizzle-orm';
import type { CaseStatus, PaymentSource } from '../../machines/constants';
import type { ReceiptPayer } from '../../machines/ledger/constants';
import type { Executor } from '../../server/db/client';
import {
  cids,
  healthPlans,
  hospitals,
  patients,
  procedures,
  surgeries,
  surgeryCids,
  surgeryProcedures,
  surgeryReceipts,
  surgeryStatusHistory,
  type PatientRow,
  type SurgeryRow,
} from '../../server/db/schema/index';
import { normalizeSearchText } from '../../server/services/search-text';
import { validCpf } from './fixtures';

let patientCounter = 0;

/** The first few rows of each lookup (the small set seeded by buildTestApp). */
export async function lookupIds(db: Executor) {
  const pick = async (table: typeof hospitals | typeof healthPlans | typeof cids | typeof procedures) =>
    (await db.select({ id: table.id }).from(table).orderBy(asc(table.id)).limit(5)).map((row) => row.id);
  return {
    hospitalIds: await pick(hospitals),
    healthPlanIds: await pick(healthPlans),
    cidIds: await pick(cids),
    procedureIds: await pick(procedures),
  };
}

export type PatientOverrides = Partial<Omit<PatientRow, 'id' | 'medicId' | 'searchText'>>;

/** Inserts a patient of `medicId` straight into the database (no photo unless given a key). */
export async function insertPatient(db: Executor, medicId: number, overrides: PatientOverrides = {}): Promise<PatientRow> {
  patientCounter += 1;
  const nomeCompleto = overrides.nomeCompleto ?? `Paciente Teste ${patientCounter}`;
  const [row] = await db
    .insert(patients)
    .values({
      medicId,
      nomeCompleto,
      searchText: normalizeSearchText(nomeCompleto),
      cellphone: '11987654321',
      cpf: validCpf(700_000 + patientCounter * 37 + medicId * 1009),
      gender: 'female',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('patient not inserted');
  return row;
}

export type SurgeryOverrides = {
  status?: CaseStatus;
  paymentFountains?: PaymentSource | null;
  healthPlanId?: number | null;
  hospitalId?: number;
  feesPayments?: string | null;
  schedule?: Date | null;
  statusChangedAt?: Date;
  cidIds?: number[];
  procedureIds?: number[];
  opme?: boolean;
  /** When the case was created (default: the database's now). */
  createdAt?: Date;
  /** Step data already stored (the lifecycle's fields and notes), in the schema's names. */
  stepData?: Partial<
    Pick<
      SurgeryRow,
      | 'documentArrivals'
      | 'documentNote'
      | 'hospitalApprovals'
      | 'planApprovals'
      | 'opmeApprovals'
      | 'hospitalApprovalsNote'
      | 'planApprovalsNote'
      | 'opmeApprovalsNote'
      | 'scheduleNote'
      | 'accomplishment'
      | 'accomplishmentNote'
      | 'paymentDone'
      | 'datePayment'
      | 'paymentNotes'
      | 'concludedAt'
    >
  >;
};

/** Inserts a surgery case (with its procedures and CIDs) for a patient, straight into the database. */
export async function insertSurgery(
  db: Executor,
  patient: Pick<PatientRow, 'id' | 'medicId'>,
  overrides: SurgeryOverrides = {},
): Promise<SurgeryRow> {
  const ids = await lookupIds(db);
  const source = overrides.paymentFountains === undefined ? 'particular' : overrides.paymentFountains;
  const [row] = await db
    .insert(surgeries)
    .values({
      medicId: patient.medicId,
      patientId: patient.id,
      hospitalId: overrides.hospitalId ?? ids.hospitalIds[0],
      healthPlanId: overrides.healthPlanId ?? null,
      paymentFountains: source,
      opme: overrides.opme ?? false,
      feesPayments: overrides.feesPayments === undefined ? '1500.00' : overrides.feesPayments,
      status: overrides.status ?? 'ind_paciente',
      schedule: overrides.schedule ?? null,
      ...(overrides.statusChangedAt ? { statusChangedAt: overrides.statusChangedAt } : {}),
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
      ...overrides.stepData,
    })
    .returning();
  if (!row) throw new Error('surgery not inserted');
  const procedureIds = overrides.procedureIds ?? ids.procedureIds.slice(0, 1);
  const cidIds = overrides.cidIds ?? ids.cidIds.slice(0, 1);
  if (procedureIds.length > 0) {
    await db.insert(surgeryProcedures).values(procedureIds.map((procedureId, position) => ({ surgeryId: row.id, position, procedureId })));
  }
  if (cidIds.length > 0) {
    await db.insert(surgeryCids).values(cidIds.map((cidId, position) => ({ surgeryId: row.id, position, cidId })));
  }
  // payment_done is the sum of the receipts (issue 14): a case inserted as paid gets its one receipt, as the
  // migration's backfill gives an existing paid case.
  const paid = row.paymentDone === null ? 0 : Math.round(Number(row.paymentDone) * 100);
  if (paid > 0) {
    await db.insert(surgeryReceipts).values({
      surgeryId: row.id,
      receivedOn: row.datePayment ?? (row.concludedAt ?? row.createdAt).toISOString().slice(0, 10),
      amountCents: paid,
      payer: receiptPayerOf(row.paymentFountains),
    });
  }
  return row;
}

/** The receipt payer matching a case's payment source (the migration's backfill maps them alike). */
function receiptPayerOf(source: SurgeryRow['paymentFountains']): ReceiptPayer {
  return source === 'plano_saude' || source === 'hospital' || source === 'particular' || source === 'coop' ? source : 'outro';
}

/** A surgery case's stored row, as it is (for "nothing was written" checks). */
export async function surgeryRow(db: Executor, id: number): Promise<SurgeryRow> {
  const [row] = await db.select().from(surgeries).where(eq(surgeries.id, id));
  if (!row) throw new Error(`surgery ${id} not found`);
  return row;
}

/** A surgery case's status history, oldest first. */
export async function statusHistory(db: Executor, surgeryId: number) {
  return db
    .select()
    .from(surgeryStatusHistory)
    .where(eq(surgeryStatusHistory.surgeryId, surgeryId))
    .orderBy(asc(surgeryStatusHistory.id));
}
