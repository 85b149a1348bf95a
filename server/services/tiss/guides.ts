import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { BILLING_MESSAGES as B } from '../../../machines/billing/billingMessages';
import type { GuideInputsInput } from '../../../machines/billing/guideSchemas';
import { ledgerWritable } from '../../../machines/ledger/ledgerRules';
import { isValidCnpj } from '../../../machines/rules/cnpj';
import { onlyDigits } from '../../../machines/rules/cpf';
import { missingGuideFields } from '../../../machines/tiss/guideRules';
import type { MissingField } from '../../../machines/tiss/fieldChecks';
import type { HonorariosGuide } from '../../../machines/tiss/types';
import type { components } from '../../../openapi/schema';
import type { Database, Executor } from '../../db/client';
import { healthPlans, medicHospitalBilling, patients, surgeries, surgeryGuideInputs, tissGuides, tissLots, type SurgeryRow } from '../../db/schema/index';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import type { AuthUser } from '../../plugins/authenticate';
import { visibleSurgeryRow } from '../access/scope';
import { caseChange, recordChange } from '../audit/audit-log';
import { saoPauloDay } from '../sao-paulo-time';
import { SURGERY_NOT_FOUND } from '../surgeries/surgery-service';
import { assembleGuide } from './guide-draft';
import { nextTissNumber } from './sequences';

type CaseGuide = components['schemas']['CaseGuide'];
type User = Pick<AuthUser, 'id' | 'type'>;

export const GUIDE_MESSAGES = {
  closed: 'A guia de honorários se gera depois da cirurgia: nas etapas Realização, Pagamento ou Concluído.',
  inUnsentLot: (lot: number) => `A guia está no lote ${lot}, ainda não enviado: exclua o lote para gerar a guia de novo.`,
  incomplete: 'Faltam dados para gerar a guia: veja a lista.',
  invalidHospitalCnpj: 'CNPJ do hospital inválido.',
  invalidHospitalCnes: 'CNES do hospital inválido: informe os 7 dígitos.',
  notFound: 'Guia não encontrada.',
} as const;

/** 409 with an error list: a TISS record that can no longer change (a sent lot, a guide in a lot). */
export function frozen(message: string): HttpError {
  return new HttpError(409, { error: [message] });
}

/** The number a guide not generated yet is checked with (the real one is given at generation). */
const PREVIEW_NUMBER = '0';

async function guidesOfCase(db: Executor, surgeryId: number) {
  return db
    .select({
      id: tissGuides.id,
      number: tissGuides.number,
      issued_on: tissGuides.issuedOn,
      total_cents: tissGuides.totalCents,
      lot_id: tissLots.id,
      lot_number: tissLots.number,
      lot_sent_on: tissLots.sentOn,
      lot_protocol: tissLots.protocol,
    })
    .from(tissGuides)
    .leftJoin(tissLots, eq(tissLots.id, tissGuides.lotId))
    .where(eq(tissGuides.surgeryId, surgeryId))
    .orderBy(desc(tissGuides.number));
}

async function caseGuideView(db: Executor, row: SurgeryRow, today: string): Promise<CaseGuide> {
  const assembly = await assembleGuide(db, row, { issuedOn: today, number: PREVIEW_NUMBER });
  const missing: MissingField[] = [...assembly.caseProblems, ...missingGuideFields(assembly.draft)];
  const guides = await guidesOfCase(db, row.id);
  return {
    lines: assembly.lines.map((line) => ({ ...line })),
    team_lines: (assembly.draft.lines ?? []).slice(assembly.lines.length).map((line) => ({
      role: line?.professionals?.[0]?.participation ?? '',
      name: line?.professionals?.[0]?.name ?? '',
      total_cents: line?.totalCents ?? 0,
    })),
    note: assembly.note,
    hospital: assembly.hospital,
    total_cents: assembly.draft.totalCents ?? null,
    missing: dedupe(missing),
    guides: guides.map((guide) => ({
      id: guide.id,
      number: String(guide.number),
      issued_on: guide.issued_on,
      total_cents: Number(guide.total_cents),
      lot: guide.lot_id === null ? null : { id: guide.lot_id, number: String(guide.lot_number), sent_on: guide.lot_sent_on, protocol: guide.lot_protocol },
    })),
  };
}

/** One message per problem text (a team member without a council on three lines is said once). */
function dedupe(problems: MissingField[]): MissingField[] {
  const seen = new Set<string>();
  return problems.filter((problem) => !seen.has(problem.message) && (seen.add(problem.message), true));
}

/**
 * A case's guia de honorários (issue 37; openapi getCaseGuide, updateCaseGuide, generateCaseGuide, getGuide): what it
 * lacks, the lines' values the secretary types, and its generation. Generating freezes the guide's content and gives it
 * the medic's next guide number; generating again replaces a guide not yet in a lot (same number), and after its lot
 * was sent makes a new guide (a correction, new number). A guide in a lot not sent yet cannot change: 409.
 */
export function createGuideService({ db, now }: { db: Database; now: () => Date }) {
  const today = () => saoPauloDay(now());

  return {
    async get(user: User, surgeryId: number): Promise<CaseGuide> {
      const row = await visibleSurgeryRow(db, user, surgeryId);
      if (!row) throw notFound(SURGERY_NOT_FOUND);
      return caseGuideView(db, row, today());
    },

    async assertVisible(user: User, surgeryId: number): Promise<void> {
      if (!(await visibleSurgeryRow(db, user, surgeryId))) throw notFound(SURGERY_NOT_FOUND);
    },

    async putInputs(user: User, surgeryId: number, input: GuideInputsInput): Promise<CaseGuide> {
      return db.transaction(async (tx) => {
        const row = await visibleSurgeryRow(tx, user, surgeryId, { lock: true });
        if (!row) throw notFound(SURGERY_NOT_FOUND);
        const assembly = await assembleGuide(tx, row, { issuedOn: today(), number: PREVIEW_NUMBER });
        const fields: Record<string, string[]> = {};
        const cnpj = input.hospital_cnpj?.trim() ? onlyDigits(input.hospital_cnpj) : null;
        const cnes = input.hospital_cnes?.trim() ? onlyDigits(input.hospital_cnes) : null;
        if (input.lines.length !== assembly.lines.length) fields.lines = [B.wrongLineCount(assembly.lines.length)];
        if (cnpj !== null && !isValidCnpj(cnpj)) fields.hospital_cnpj = [GUIDE_MESSAGES.invalidHospitalCnpj];
        if (cnes !== null && !/^\d{7}$/.test(cnes)) fields.hospital_cnes = [GUIDE_MESSAGES.invalidHospitalCnes];
        const problems = Object.values(fields).flat();
        if (problems.length > 0) throw badRequest(problems, fields);
        const at = now();
        const values = { note: input.note, lines: input.lines, updatedBy: user.id, updatedAt: at };
        await tx.insert(surgeryGuideInputs).values({ surgeryId, ...values }).onConflictDoUpdate({ target: surgeryGuideInputs.surgeryId, set: values });
        if (row.hospitalId !== null) {
          // Typed once per office and hospital: every later guide of that hospital reads it.
          await tx
            .insert(medicHospitalBilling)
            .values({ medicId: row.medicId, hospitalId: row.hospitalId, cnpj, cnes })
            .onConflictDoUpdate({ target: [medicHospitalBilling.medicId, medicHospitalBilling.hospitalId], set: { cnpj, cnes } });
        }
        await recordChange(tx, user, caseChange(row, 'guide'), at);
        return caseGuideView(tx, row, today());
      });
    },

    async generate(user: User, surgeryId: number): Promise<CaseGuide> {
      return db.transaction(async (tx) => {
        const row = await visibleSurgeryRow(tx, user, surgeryId, { lock: true });
        if (!row) throw notFound(SURGERY_NOT_FOUND);
        if (!ledgerWritable(row.status)) throw conflict(GUIDE_MESSAGES.closed, row.status);
        const [open] = await tx
          .select({ id: tissGuides.id, number: tissGuides.number, lotId: tissGuides.lotId, lotNumber: tissLots.number, lotSent: tissLots.sentOn })
          .from(tissGuides)
          .leftJoin(tissLots, eq(tissLots.id, tissGuides.lotId))
          .where(and(eq(tissGuides.surgeryId, surgeryId)))
          .orderBy(desc(tissGuides.number))
          .limit(1);
        if (open && open.lotId !== null && open.lotSent === null) throw frozen(GUIDE_MESSAGES.inUnsentLot(open.lotNumber!));
        const issuedOn = today();
        const preview = await assembleGuide(tx, row, { issuedOn, number: PREVIEW_NUMBER });
        const missing = dedupe([...preview.caseProblems, ...missingGuideFields(preview.draft)]);
        if (missing.length > 0) throw badRequest(missing.map((problem) => problem.message));
        const reuse = open && open.lotId === null;
        const number = reuse ? open.number : await nextTissNumber(tx, row.medicId, 'guia');
        const content = { ...(preview.draft as HonorariosGuide), providerGuideNumber: String(number) };
        const values = { issuedOn, totalCents: content.totalCents, content, healthPlanId: row.healthPlanId!, createdBy: user.id, createdAt: now() };
        if (reuse) await tx.update(tissGuides).set(values).where(eq(tissGuides.id, open.id));
        else await tx.insert(tissGuides).values({ medicId: row.medicId, surgeryId, number, ...values });
        await recordChange(tx, user, caseChange(row, 'guide'), now());
        return caseGuideView(tx, row, issuedOn);
      });
    },

    /** A generated guide's content (the printable view's), when the user sees its case. */
    async content(user: User, guideId: number) {
      const [guide] = await db
        .select({ surgeryId: tissGuides.surgeryId, number: tissGuides.number, content: tissGuides.content, lotId: tissGuides.lotId })
        .from(tissGuides)
        .where(eq(tissGuides.id, guideId));
      if (!guide || !(await visibleSurgeryRow(db, user, guide.surgeryId))) throw notFound(GUIDE_MESSAGES.notFound);
      return { id: guideId, surgery: guide.surgeryId, number: String(guide.number), content: guide.content };
    },

    /** The medic's guides not in any lot yet, of one plan or all, oldest first (what a new lot can take). */
    async unbatched(medicId: number, planId: number | null) {
      const rows = await db
        .select({
          id: tissGuides.id,
          surgery: tissGuides.surgeryId,
          number: tissGuides.number,
          plan: tissGuides.healthPlanId,
          plan_name: healthPlans.fantasyName,
          patient_name: patients.nomeCompleto,
          issued_on: tissGuides.issuedOn,
          total_cents: tissGuides.totalCents,
        })
        .from(tissGuides)
        .innerJoin(healthPlans, eq(healthPlans.id, tissGuides.healthPlanId))
        .innerJoin(surgeries, eq(surgeries.id, tissGuides.surgeryId))
        .innerJoin(patients, eq(patients.id, surgeries.patientId))
        .where(and(eq(tissGuides.medicId, medicId), isNull(tissGuides.lotId), planId ? eq(tissGuides.healthPlanId, planId) : undefined))
        .orderBy(asc(tissGuides.number));
      return rows.map((row) => ({ ...row, number: String(row.number), total_cents: Number(row.total_cents) }));
    },
  };
}
