import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppealCreateInput, LotCreateInput, TissSentInput } from '../../../machines/billing/guideSchemas';
import { appealTotalCents, missingAppealFields } from '../../../machines/tiss/appealRules';
import { buildAppealLotMessage } from '../../../machines/tiss/appealMessage';
import { missingLotFields } from '../../../machines/tiss/guideRules';
import { buildHonorariosLotMessage } from '../../../machines/tiss/honorariosMessage';
import { tissMessageBytes } from '../../../machines/tiss/tissXml';
import type { AppealedGuide, GlosaAppeal, HonorariosLot, ProviderId, TissTransaction } from '../../../machines/tiss/types';
import type { components } from '../../../openapi/schema';
import type { Database, Transaction } from '../../db/client';
import {
  healthPlans,
  medicPlanBilling,
  patients,
  surgeries,
  surgeryGlosas,
  surgeryLedgers,
  tissAppeals,
  tissGuides,
  tissLots,
} from '../../db/schema/index';
import { badRequest, notFound } from '../../http/errors';
import type { AuthUser } from '../../plugins/authenticate';
import { caseChange, recordChange } from '../audit/audit-log';
import { saoPauloDay, toSaoPauloIso } from '../sao-paulo-time';
import { frozen } from './guides';
import { nextTissNumber } from './sequences';

type Lot = components['schemas']['TissLot'];
type Appeal = components['schemas']['TissAppeal'];
type User = Pick<AuthUser, 'id' | 'type'>;

export const LOT_MESSAGES = {
  lotNotFound: 'Lote não encontrado.',
  appealNotFound: 'Recurso não encontrado.',
  guideUnavailable: 'Uma das guias não existe, é de outro plano ou já está em um lote.',
  planNotBilled: 'O médico não fatura este plano: informe o código do prestador em Configurações › Faturamento TISS.',
  lotSent: (number: number) => `O lote ${number} já foi enviado e não muda mais: uma correção é uma guia nova.`,
  appealSent: (number: number) => `O recurso ${number} já foi enviado e não muda mais.`,
  lotNotSent: 'O recurso de glosa é de um lote já enviado, com o protocolo do plano.',
  glosaUnavailable: 'Uma das glosas não é de uma guia deste lote, não tem o código TISS do motivo, já foi decidida ou já está em outro recurso.',
  incomplete: 'Faltam dados para gerar o arquivo: veja a lista.',
} as const;

const M = LOT_MESSAGES;

/** The audit rows of a lot's or an appeal's write: one per case it carries (`detail` says what happened). */
async function casesChanged(tx: Transaction, surgeryIds: number[], detail: string) {
  if (surgeryIds.length === 0) return [];
  const rows = await tx
    .select({ id: surgeries.id, medicId: surgeries.medicId, patientId: surgeries.patientId })
    .from(surgeries)
    .where(inArray(surgeries.id, [...new Set(surgeryIds)]));
  return rows.map((row) => caseChange(row, detail));
}

function transactionAt(at: Date, sequence: number): TissTransaction {
  const iso = toSaoPauloIso(at);
  return { sequence: String(sequence), date: iso.slice(0, 10), time: iso.slice(11, 19) };
}

async function senderOf(tx: Transaction, medicId: number, planId: number): Promise<ProviderId> {
  const [billing] = await tx
    .select({ code: medicPlanBilling.providerCode })
    .from(medicPlanBilling)
    .where(and(eq(medicPlanBilling.medicId, medicId), eq(medicPlanBilling.healthPlanId, planId)));
  if (!billing?.code) throw badRequest([M.planNotBilled]);
  return { kind: 'codeAtPlan', code: billing.code };
}

const lotColumns = {
  id: tissLots.id,
  health_plan_id: tissLots.healthPlanId,
  plan_name: healthPlans.fantasyName,
  number: tissLots.number,
  hash: tissLots.hash,
  total_cents: tissLots.totalCents,
  sent_on: tissLots.sentOn,
  protocol: tissLots.protocol,
  created_at: tissLots.createdAt,
};

/**
 * Lots of guides and appeals (issue 37; docs/TISS.md; openapi listTissLots, createTissLot, getTissLot, downloadTissLot,
 * markTissLotSent, deleteTissLot, createTissAppeal, listTissAppeals, downloadTissAppeal, markTissAppealSent). A lot
 * takes 1–100 guides of one plan not in a lot, gets the medic's next number for that plan, and its message is written
 * once (machines/tiss; the rules refuse anything incomplete) and kept as bytes: every download is the same file. Once
 * marked sent with the plan's protocol it is frozen (409), and its cases' ledgers take the billing day and the guide
 * and lot numbers. An appeal carries glosas of one sent lot's cases, each with its TISS code and a justification.
 */
export function createLotService({ db, now }: { db: Database; now: () => Date }) {
  async function readLot(tx: Transaction | Database, medicId: number, lotId: number): Promise<Lot> {
    const [lot] = await tx
      .select(lotColumns)
      .from(tissLots)
      .innerJoin(healthPlans, eq(healthPlans.id, tissLots.healthPlanId))
      .where(and(eq(tissLots.id, lotId), eq(tissLots.medicId, medicId)));
    if (!lot) throw notFound(M.lotNotFound);
    const guides = await tx
      .select({ id: tissGuides.id, surgery: tissGuides.surgeryId, number: tissGuides.number, patient_name: patients.nomeCompleto, total_cents: tissGuides.totalCents })
      .from(tissGuides)
      .innerJoin(surgeries, eq(surgeries.id, tissGuides.surgeryId))
      .innerJoin(patients, eq(patients.id, surgeries.patientId))
      .where(eq(tissGuides.lotId, lotId))
      .orderBy(asc(tissGuides.number));
    return lotView(lot, guides);
  }

  function lotView(lot: { id: number; number: number; total_cents: number; created_at: Date } & Omit<Lot, 'number' | 'total_cents' | 'created_at' | 'guides'>, guides: Array<{ id: number; surgery: number; number: number; patient_name: string; total_cents: number }>): Lot {
    return {
      ...lot,
      number: String(lot.number),
      total_cents: Number(lot.total_cents),
      created_at: toSaoPauloIso(lot.created_at),
      guides: guides.map((guide) => ({ ...guide, number: String(guide.number), total_cents: Number(guide.total_cents) })),
    };
  }

  async function lockedLot(tx: Transaction, medicId: number, lotId: number) {
    const [lot] = await tx.select().from(tissLots).where(and(eq(tissLots.id, lotId), eq(tissLots.medicId, medicId))).for('update');
    if (!lot) throw notFound(M.lotNotFound);
    return lot;
  }

  return {
    async list(medicId: number): Promise<Lot[]> {
      const lots = await db
        .select(lotColumns)
        .from(tissLots)
        .innerJoin(healthPlans, eq(healthPlans.id, tissLots.healthPlanId))
        .where(eq(tissLots.medicId, medicId))
        .orderBy(desc(tissLots.createdAt), desc(tissLots.id));
      const guides = lots.length
        ? await db
            .select({ lot: tissGuides.lotId, id: tissGuides.id, surgery: tissGuides.surgeryId, number: tissGuides.number, patient_name: patients.nomeCompleto, total_cents: tissGuides.totalCents })
            .from(tissGuides)
            .innerJoin(surgeries, eq(surgeries.id, tissGuides.surgeryId))
            .innerJoin(patients, eq(patients.id, surgeries.patientId))
            .where(inArray(tissGuides.lotId, lots.map((lot) => lot.id)))
            .orderBy(asc(tissGuides.number))
        : [];
      return lots.map((lot) => lotView(lot, guides.filter((guide) => guide.lot === lot.id).map(({ lot: _lot, ...guide }) => guide)));
    },

    get: (medicId: number, lotId: number) => readLot(db, medicId, lotId),

    async create(user: User, medicId: number, input: LotCreateInput): Promise<Lot> {
      return db.transaction(async (tx) => {
        const guides = await tx
          .select({ id: tissGuides.id, number: tissGuides.number, content: tissGuides.content, totalCents: tissGuides.totalCents, surgeryId: tissGuides.surgeryId })
          .from(tissGuides)
          .where(and(inArray(tissGuides.id, input.guide_ids), eq(tissGuides.medicId, medicId), eq(tissGuides.healthPlanId, input.health_plan_id), isNull(tissGuides.lotId)))
          .orderBy(asc(tissGuides.number))
          .for('update');
        if (guides.length !== input.guide_ids.length) throw badRequest([M.guideUnavailable], { guide_ids: [M.guideUnavailable] });
        const [plan] = await tx.select({ ans: healthPlans.ansRegistry }).from(healthPlans).where(eq(healthPlans.id, input.health_plan_id));
        const sender = await senderOf(tx, medicId, input.health_plan_id);
        const at = now();
        const number = await nextTissNumber(tx, medicId, 'lote', input.health_plan_id);
        const lot: HonorariosLot = {
          sender,
          planAnsRegistry: plan?.ans ?? '',
          transaction: transactionAt(at, await nextTissNumber(tx, medicId, 'transacao')),
          lotNumber: String(number),
          guides: guides.map((guide) => guide.content),
        };
        const problems = missingLotFields(lot);
        if (problems.length > 0) throw badRequest([M.incomplete, ...problems.map((problem) => problem.message)]);
        const message = buildHonorariosLotMessage(lot);
        const totalCents = guides.reduce((sum, guide) => sum + Number(guide.totalCents), 0);
        const [created] = await tx
          .insert(tissLots)
          .values({ medicId, healthPlanId: input.health_plan_id, number, message: Buffer.from(tissMessageBytes(message)), hash: message.hash, totalCents, createdBy: user.id, createdAt: at })
          .returning({ id: tissLots.id });
        await tx.update(tissGuides).set({ lotId: created!.id }).where(inArray(tissGuides.id, input.guide_ids));
        await recordChange(tx, user, await casesChanged(tx, guides.map((guide) => guide.surgeryId), `tiss_lot:${number}`), at);
        return readLot(tx, medicId, created!.id);
      });
    },

    async file(medicId: number, lotId: number) {
      const [lot] = await db
        .select({ number: tissLots.number, message: tissLots.message, ans: healthPlans.ansRegistry })
        .from(tissLots)
        .innerJoin(healthPlans, eq(healthPlans.id, tissLots.healthPlanId))
        .where(and(eq(tissLots.id, lotId), eq(tissLots.medicId, medicId)));
      if (!lot) throw notFound(M.lotNotFound);
      return { name: `lote-${lot.ans ?? 'plano'}-${lot.number}.xml`, bytes: lot.message };
    },

    async markSent(user: User, medicId: number, lotId: number, input: TissSentInput): Promise<Lot> {
      return db.transaction(async (tx) => {
        const lot = await lockedLot(tx, medicId, lotId);
        if (lot.sentOn !== null) throw frozen(M.lotSent(lot.number));
        await tx.update(tissLots).set({ sentOn: input.sent_on, protocol: input.protocol }).where(eq(tissLots.id, lotId));
        // The ledger's billing comes from here: the day sent and the guide and lot numbers.
        const guides = await tx.select({ surgeryId: tissGuides.surgeryId, number: tissGuides.number }).from(tissGuides).where(eq(tissGuides.lotId, lotId));
        const at = now();
        for (const guide of guides) {
          const values = { billedOn: input.sent_on, billingReference: `Guia ${guide.number} · Lote ${lot.number}`, updatedBy: user.id, updatedAt: at };
          await tx.insert(surgeryLedgers).values({ surgeryId: guide.surgeryId, ...values, createdAt: at }).onConflictDoUpdate({ target: surgeryLedgers.surgeryId, set: values });
          await tx.update(surgeries).set({ version: sql`${surgeries.version} + 1`, updatedAt: at }).where(eq(surgeries.id, guide.surgeryId));
        }
        await recordChange(tx, user, await casesChanged(tx, guides.map((guide) => guide.surgeryId), `tiss_lot_sent:${lot.number}`), at);
        return readLot(tx, medicId, lotId);
      });
    },

    async remove(user: User, medicId: number, lotId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const lot = await lockedLot(tx, medicId, lotId);
        if (lot.sentOn !== null) throw frozen(M.lotSent(lot.number));
        const freed = await tx.update(tissGuides).set({ lotId: null }).where(eq(tissGuides.lotId, lotId)).returning({ surgeryId: tissGuides.surgeryId });
        await tx.delete(tissLots).where(eq(tissLots.id, lotId));
        await recordChange(tx, user, await casesChanged(tx, freed.map((guide) => guide.surgeryId), `tiss_lot_undone:${lot.number}`), now());
      });
    },

    async listAppeals(medicId: number): Promise<Appeal[]> {
      const rows = await db
        .select({ id: tissAppeals.id, lot_id: tissAppeals.lotId, lot_number: tissLots.number, number: tissAppeals.number, total_cents: tissAppeals.totalCents, hash: tissAppeals.hash, sent_on: tissAppeals.sentOn, protocol: tissAppeals.protocol, created_at: tissAppeals.createdAt })
        .from(tissAppeals)
        .innerJoin(tissLots, eq(tissLots.id, tissAppeals.lotId))
        .where(eq(tissAppeals.medicId, medicId))
        .orderBy(desc(tissAppeals.number));
      const glosas = rows.length
        ? await db
            .select({ appeal: surgeryGlosas.tissAppealId, id: surgeryGlosas.id, surgery: surgeryGlosas.surgeryId, reason_code: surgeryGlosas.reasonCode, amount_cents: surgeryGlosas.amountCents, justification: surgeryGlosas.appealJustification })
            .from(surgeryGlosas)
            .where(inArray(surgeryGlosas.tissAppealId, rows.map((row) => row.id)))
            .orderBy(asc(surgeryGlosas.id))
        : [];
      return rows.map((row) => ({
        ...row,
        number: String(row.number),
        lot_number: String(row.lot_number),
        total_cents: Number(row.total_cents),
        created_at: toSaoPauloIso(row.created_at),
        glosas: glosas
          .filter((glosa) => glosa.appeal === row.id)
          .map(({ appeal: _appeal, ...glosa }) => ({ ...glosa, reason_code: glosa.reason_code ?? '', amount_cents: Number(glosa.amount_cents), justification: glosa.justification ?? '' })),
      }));
    },

    async createAppeal(user: User, medicId: number, input: AppealCreateInput): Promise<Appeal> {
      await db.transaction(async (tx) => {
        const lot = await lockedLot(tx, medicId, input.lot_id);
        if (lot.sentOn === null || lot.protocol === null) throw badRequest([M.lotNotSent], { lot_id: [M.lotNotSent] });
        const glosaIds = input.glosas.map((glosa) => glosa.glosa_id);
        const rows = await tx
          .select({ id: surgeryGlosas.id, surgeryId: surgeryGlosas.surgeryId, amount: surgeryGlosas.amountCents, recovered: surgeryGlosas.recoveredCents, code: surgeryGlosas.reasonCode, guide: tissGuides.content })
          .from(surgeryGlosas)
          .innerJoin(tissGuides, and(eq(tissGuides.surgeryId, surgeryGlosas.surgeryId), eq(tissGuides.lotId, lot.id)))
          .where(and(inArray(surgeryGlosas.id, glosaIds), isNull(surgeryGlosas.appealOutcome), isNull(surgeryGlosas.tissAppealId)))
          .for('update', { of: surgeryGlosas });
        if (rows.length !== glosaIds.length || rows.some((row) => !row.code)) throw badRequest([M.glosaUnavailable], { glosas: [M.glosaUnavailable] });
        const [plan] = await tx.select({ ans: healthPlans.ansRegistry, name: healthPlans.fantasyName }).from(healthPlans).where(eq(healthPlans.id, lot.healthPlanId));
        const sender = await senderOf(tx, medicId, lot.healthPlanId);
        const at = now();
        const number = await nextTissNumber(tx, medicId, 'recurso');
        const justification = new Map(input.glosas.map((glosa) => [glosa.glosa_id, glosa.justification]));
        const byGuide = new Map<string, AppealedGuide>();
        for (const row of rows) {
          const key = row.guide.providerGuideNumber;
          const guide = byGuide.get(key) ?? { providerGuideNumber: key, authorizationPassword: row.guide.authorizationPassword, glosas: { kind: 'wholeGuide', glosas: [] } };
          if (guide.glosas.kind === 'wholeGuide') {
            guide.glosas.glosas.push({ glosaCode: row.code!, justification: justification.get(row.id)!, appealedCents: Number(row.amount) - Number(row.recovered ?? 0) });
          }
          byGuide.set(key, guide);
        }
        const appeal: GlosaAppeal = {
          sender,
          transaction: transactionAt(at, await nextTissNumber(tx, medicId, 'transacao')),
          planAnsRegistry: plan?.ans ?? '',
          planName: plan?.name ?? '',
          appealNumber: String(number),
          contracted: sender,
          lotNumber: String(lot.number),
          protocolNumber: lot.protocol,
          subject: { kind: 'guides', guides: [...byGuide.values()] },
          appealedOn: saoPauloDay(at),
        };
        const problems = missingAppealFields(appeal);
        if (problems.length > 0) throw badRequest([M.incomplete, ...problems.map((problem) => problem.message)]);
        const message = buildAppealLotMessage(appeal);
        const [created] = await tx
          .insert(tissAppeals)
          .values({ medicId, lotId: lot.id, number, message: Buffer.from(tissMessageBytes(message)), hash: message.hash, totalCents: appealTotalCents(appeal) ?? 0, createdBy: user.id, createdAt: at })
          .returning({ id: tissAppeals.id });
        for (const glosa of input.glosas) {
          await tx.update(surgeryGlosas).set({ tissAppealId: created!.id, appealJustification: glosa.justification, updatedAt: at }).where(eq(surgeryGlosas.id, glosa.glosa_id));
        }
        await recordChange(tx, user, await casesChanged(tx, rows.map((row) => row.surgeryId), `tiss_appeal:${number}`), at);
      });
      const appeals = await this.listAppeals(medicId);
      return appeals[0]!;
    },

    async appealFile(medicId: number, appealId: number) {
      const [appeal] = await db.select({ number: tissAppeals.number, message: tissAppeals.message }).from(tissAppeals).where(and(eq(tissAppeals.id, appealId), eq(tissAppeals.medicId, medicId)));
      if (!appeal) throw notFound(M.appealNotFound);
      return { name: `recurso-glosa-${appeal.number}.xml`, bytes: appeal.message };
    },

    async markAppealSent(user: User, medicId: number, appealId: number, input: TissSentInput): Promise<Appeal> {
      await db.transaction(async (tx) => {
        const [appeal] = await tx.select().from(tissAppeals).where(and(eq(tissAppeals.id, appealId), eq(tissAppeals.medicId, medicId))).for('update');
        if (!appeal) throw notFound(M.appealNotFound);
        if (appeal.sentOn !== null) throw frozen(M.appealSent(appeal.number));
        await tx.update(tissAppeals).set({ sentOn: input.sent_on, protocol: input.protocol }).where(eq(tissAppeals.id, appealId));
        // The ledger's appeal is filed that day (its deadline badge stops counting).
        await tx
          .update(surgeryGlosas)
          .set({ appealFiledOn: input.sent_on, updatedAt: now() })
          .where(and(eq(surgeryGlosas.tissAppealId, appealId), isNull(surgeryGlosas.appealFiledOn)));
        const filed = await tx.select({ surgeryId: surgeryGlosas.surgeryId }).from(surgeryGlosas).where(eq(surgeryGlosas.tissAppealId, appealId));
        await recordChange(tx, user, await casesChanged(tx, filed.map((glosa) => glosa.surgeryId), `tiss_appeal_sent:${appeal.number}`), now());
      });
      const appeals = await this.listAppeals(medicId);
      return appeals.find((appeal) => appeal.id === appealId)!;
    },
  };
}

