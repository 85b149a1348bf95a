import { and, asc, eq } from 'drizzle-orm';
import { lineTotalCents } from '../../../machines/tiss/guideRules';
import { COUNCIL_CODES, type Council, type Uf } from '../../../machines/tiss/tissDomains';
import type { MissingField } from '../../../machines/tiss/fieldChecks';
import type { Draft, HonorariosGuide, ProviderId, TissProcedureLine, TissProfessional } from '../../../machines/tiss/types';
import type { Executor } from '../../db/client';
import {
  healthPlans,
  hospitals,
  medicBillingProfiles,
  medicHospitalBilling,
  medicPlanBilling,
  patientPlanCards,
  procedures,
  surgeryAuthorizations,
  surgeryGuideInputs,
  surgeryProcedures,
  surgeryTeamMembers,
  users,
  type GuideLineInput,
  type SurgeryRow,
} from '../../db/schema/index';

/**
 * A case's guia de honorários assembled from what the product already knows (issue 37; docs/TISS.md "Where each field
 * comes from"): the plan's ANS registry, the plan authorization's protocol and senha, the patient's card, the
 * hospital (with the office's CNPJ/CNES for it), the medic's billing data, the case's procedures with the lines'
 * values the secretary typed, and the team. The rules of machines/tiss say what is still missing; this module adds the
 * problems only the case can tell (not a plan case, no surgery day, a SIGTAP procedure, a plan the medic does not bill).
 */

/** Council code as stored (TISS code) → the acronym machines/tiss reads. */
const COUNCIL_BY_CODE = new Map(Object.entries(COUNCIL_CODES).map(([acronym, code]) => [code as string, acronym as Council]));

const GUIDE_CASE_MESSAGES = {
  notPlanCase: 'A guia de honorários é das cirurgias pagas por plano de saúde: escolha o plano do caso.',
  noSurgeryDay: 'Data da cirurgia (etapa Realização)',
  notTuss: (code: string) => `Procedimento ${code}: não é da tabela TUSS; escolha no caso o procedimento TUSS correspondente`,
  planNotBilled: 'Como o médico fatura este plano (Configurações › Faturamento TISS: plano, CPF ou CNPJ e código do prestador)',
} as const;

/** A line of the case's guide as the screen edits it: the procedure and what the secretary typed. */
type GuideLineView = GuideLineInput & { procedure_id: number; code: string; description: string; table: 'tuss' | 'sigtap' };

type GuideAssembly = {
  draft: Draft<HonorariosGuide>;
  /** Who sends the lot (the medic, by his code at the plan). */
  sender: ProviderId | null;
  lines: GuideLineView[];
  note: string | null;
  hospital: { id: number | null; name: string | null; cnpj: string | null; cnes: string | null };
  caseProblems: MissingField[];
};

/** A line's defaults: one unit at full value; the first procedure carries the case's expected fee. */
function defaultLine(index: number, feeCents: number | null): GuideLineInput {
  return { quantity: 1, unit_cents: index === 0 ? feeCents : null, factor_hundredths: 100, access_route: null, technique: null };
}

const feeCentsOf = (fee: string | null): number | null => (fee === null ? null : Math.round(Number(fee) * 100));

/** Everything the guide of `row` needs, read in one go (`issuedOn` and `number` are the generation's). */
export async function assembleGuide(
  db: Executor,
  row: SurgeryRow,
  { issuedOn, number }: { issuedOn: string; number: string | null },
): Promise<GuideAssembly> {
  const planId = row.paymentFountains === 'plano_saude' ? row.healthPlanId : null;
  const [[plan], procedureRows, [authorization], [card], [hospital], [hospitalBilling], [medic], [profile], [planBilling], team, [inputs]] =
    await Promise.all([
      planId ? db.select({ ans: healthPlans.ansRegistry, name: healthPlans.fantasyName }).from(healthPlans).where(eq(healthPlans.id, planId)) : Promise.resolve([]),
      db
        .select({ id: procedures.id, code: procedures.code, description: procedures.description, table: procedures.table })
        .from(surgeryProcedures)
        .innerJoin(procedures, eq(procedures.id, surgeryProcedures.procedureId))
        .where(eq(surgeryProcedures.surgeryId, row.id))
        .orderBy(asc(surgeryProcedures.position)),
      db
        .select({ protocol: surgeryAuthorizations.protocol, password: surgeryAuthorizations.password })
        .from(surgeryAuthorizations)
        .where(and(eq(surgeryAuthorizations.surgeryId, row.id), eq(surgeryAuthorizations.payer, 'plano'))),
      planId
        ? db
            .select({ number: patientPlanCards.cardNumber })
            .from(patientPlanCards)
            .where(and(eq(patientPlanCards.patientId, row.patientId), eq(patientPlanCards.healthPlanId, planId)))
        : Promise.resolve([]),
      row.hospitalId
        ? db.select({ name: hospitals.fantasyName, cnpj: hospitals.cnpj, cnes: hospitals.cnes }).from(hospitals).where(eq(hospitals.id, row.hospitalId))
        : Promise.resolve([]),
      row.hospitalId
        ? db
            .select({ cnpj: medicHospitalBilling.cnpj, cnes: medicHospitalBilling.cnes })
            .from(medicHospitalBilling)
            .where(and(eq(medicHospitalBilling.medicId, row.medicId), eq(medicHospitalBilling.hospitalId, row.hospitalId)))
        : Promise.resolve([]),
      db.select({ firstName: users.firstName, lastName: users.lastName, cpf: users.cpf, crm: users.crm }).from(users).where(eq(users.id, row.medicId)),
      db.select().from(medicBillingProfiles).where(eq(medicBillingProfiles.medicId, row.medicId)),
      planId
        ? db
            .select({ billsAs: medicPlanBilling.billsAs, code: medicPlanBilling.providerCode })
            .from(medicPlanBilling)
            .where(and(eq(medicPlanBilling.medicId, row.medicId), eq(medicPlanBilling.healthPlanId, planId)))
        : Promise.resolve([]),
      db.select().from(surgeryTeamMembers).where(eq(surgeryTeamMembers.surgeryId, row.id)).orderBy(asc(surgeryTeamMembers.position)),
      db.select({ note: surgeryGuideInputs.note, lines: surgeryGuideInputs.lines }).from(surgeryGuideInputs).where(eq(surgeryGuideInputs.surgeryId, row.id)),
    ]);

  const caseProblems: MissingField[] = [];
  if (!planId) caseProblems.push({ field: 'case.plan', message: GUIDE_CASE_MESSAGES.notPlanCase });
  if (!row.accomplishment) caseProblems.push({ field: 'case.accomplishment', message: GUIDE_CASE_MESSAGES.noSurgeryDay });
  if (planId && !planBilling) caseProblems.push({ field: 'medic.planBilling', message: GUIDE_CASE_MESSAGES.planNotBilled });

  const feeCents = feeCentsOf(row.feesPayments);
  const lines: GuideLineView[] = procedureRows.map((procedure, index) => ({
    procedure_id: procedure.id,
    code: procedure.code,
    description: procedure.description,
    table: procedure.table,
    ...defaultLine(index, feeCents),
    ...(inputs?.lines[index] ?? {}),
  }));
  for (const line of lines) {
    if (line.table !== 'tuss') caseProblems.push({ field: 'case.procedures', message: GUIDE_CASE_MESSAGES.notTuss(line.code) });
  }

  const day = row.accomplishment ?? null;
  const medicName = medic ? `${medic.firstName} ${medic.lastName}`.trim() : null;
  const councilNumber = profile ? profile.councilNumber : (medic?.crm ?? null);
  const surgeon: Draft<TissProfessional> = {
    participation: '00',
    id: { kind: 'cpf', cpf: medic?.cpf ?? null },
    name: medicName,
    council: COUNCIL_BY_CODE.get(profile?.council ?? '06') ?? null,
    councilNumber,
    councilUf: (profile?.councilUf ?? null) as Uf | null,
    cbo: profile?.cbo ?? null,
  };
  const lineOf = (sequence: number, line: GuideLineView, professional: Draft<TissProfessional>, unitCents: number | null): Draft<TissProcedureLine> => ({
    sequence,
    performedOn: day,
    table: line.table === 'tuss' ? '22' : null,
    code: line.code,
    description: line.description,
    quantity: line.quantity,
    accessRoute: line.access_route,
    technique: line.technique,
    factorHundredths: line.factor_hundredths,
    unitCents,
    totalCents: unitCents === null ? null : lineTotalCents(unitCents, line.quantity, line.factor_hundredths),
    professionals: [professional],
  });
  const draftLines: Draft<TissProcedureLine>[] = lines.map((line, index) => lineOf(index + 1, line, surgeon, line.unit_cents));
  // The team's fees the surgeon bills go on lines of their own, on the main procedure (docs/TISS.md).
  const main = lines[0];
  if (main) {
    for (const member of team) {
      if (!member.feeCents) continue;
      const professional: Draft<TissProfessional> = {
        participation: member.role,
        id: { kind: 'cpf', cpf: member.cpf },
        name: member.name,
        council: member.council ? (COUNCIL_BY_CODE.get(member.council) ?? null) : null,
        councilNumber: member.councilNumber,
        councilUf: member.councilUf,
        cbo: member.cbo,
      };
      draftLines.push(lineOf(draftLines.length + 1, { ...main, quantity: 1, factor_hundredths: 100 }, professional, member.feeCents));
    }
  }
  const totals = draftLines.map((line) => line.totalCents);
  const totalCents = totals.every((value): value is number => typeof value === 'number') ? totals.reduce((sum, value) => sum + value, 0) : null;

  const hospitalCnpj = hospitalBilling?.cnpj ?? hospital?.cnpj ?? null;
  const hospitalCnes = hospitalBilling?.cnes ?? hospital?.cnes ?? null;
  const draft: Draft<HonorariosGuide> = {
    planAnsRegistry: plan?.ans ?? null,
    providerGuideNumber: number,
    requestGuideNumber: authorization?.protocol ?? null,
    authorizationPassword: authorization?.password ?? null,
    beneficiary: { cardNumber: card?.number ?? null, newborn: false },
    hospital: { id: { kind: 'cnpj', cnpj: hospitalCnpj }, name: hospital?.name ?? null, cnes: hospitalCnes },
    executant: { codeAtPlan: planBilling?.code ?? null, cnes: profile?.cnes ?? null },
    billingStart: day,
    billingEnd: day,
    lines: draftLines,
    note: inputs?.note ?? null,
    totalCents,
    issuedOn,
  };
  return {
    draft,
    sender: planBilling?.code ? { kind: 'codeAtPlan', code: planBilling.code } : null,
    lines,
    note: inputs?.note ?? null,
    hospital: { id: row.hospitalId, name: hospital?.name ?? null, cnpj: hospitalCnpj, cnes: hospitalCnes },
    caseProblems,
  };
}
