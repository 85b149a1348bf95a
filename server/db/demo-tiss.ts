import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { createGuideService } from '../services/tiss/guides';
import { createLotService } from '../services/tiss/lots';
import { addDays } from '../../machines/rules/dates';
import type { Executor } from './client';
import { createRandom, saoPauloDate } from './demo-data';
import {
  medicBillingProfiles,
  medicHospitalBilling,
  medicPlanBilling,
  medicUsualTeamMembers,
  patientPlanCards,
  surgeries,
  surgeryAuthorizations,
  surgeryGlosas,
  surgeryTeamMembers,
} from './schema/index';

/**
 * The demo's TISS billing (issue 37; docs/TISS.md): the demo medic bills two plans directly (seed.ts gives them eight
 * of his cases carried out), with his usual team on every such case, the patients' cards, a CNPJ and CNES for each hospital;
 * three cases' guides make one lot, sent with a protocol, and a glosa of one of them is appealed in an appeal lot.
 * Everything goes through the product's own services (the same checks as the screens), so the demo never holds a
 * guide the rules would refuse. The aged cases of the receivables demo are left out of the lot: its sending would move
 * their billing day.
 */

const TEAM = [
  { role: '01', name: 'Dra. Renata Lima Prado', council: '06', councilNumber: '145872', councilUf: 'SP', cbo: '225225', cpf: '39053344705', feeCents: 75_000 },
  { role: '06', name: 'Dr. Paulo Henrique Sato', council: '06', councilNumber: '98213', councilUf: 'SP', cbo: '225151', cpf: '11144477735', feeCents: null },
  { role: '05', name: 'Marcos Vinícius Rocha', council: '02', councilNumber: '402117', councilUf: 'SP', cbo: '322225', cpf: '52998224725', feeCents: 30_000 },
] as const;

/** What the office answers the plan for each of the demo glosas' reasons (demo-ledger.ts). */
const APPEAL_JUSTIFICATIONS: Record<string, string> = {
  '1402': 'O procedimento realizado é o autorizado: senha e código TUSS na guia conferem com a autorização.',
  '1314': 'A guia foi assinada e carimbada pelo médico; segue a cópia assinada.',
  '1420': 'O procedimento tem cobertura obrigatória pelo Rol da ANS; segue o laudo que o indica.',
  '1714': 'O valor cobrado é o da tabela do contrato vigente; segue a tabela acordada.',
};

/** A valid CNPJ from a seeded random sequence (check digits by the Receita's rule). */
function demoCnpj(random: ReturnType<typeof createRandom>): string {
  const digits = [...Array.from({ length: 8 }, () => random.int(0, 9)), 0, 0, 0, 1];
  const check = (weights: number[]) => {
    const rest = digits.reduce((sum, digit, i) => sum + digit * weights[i]!, 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  digits.push(check([5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]));
  digits.push(check([6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]));
  return digits.join('');
}

export async function insertDemoTiss(
  tx: Executor,
  who: { medicId: number; secretaryId: number; now: Date; crm: string; plans: readonly number[]; avoid: ReadonlySet<number> },
): Promise<void> {
  const { medicId, secretaryId, now } = who;
  const random = createRandom(20_240_503);
  const carriedOut = await tx
    .select({ id: surgeries.id, patientId: surgeries.patientId, planId: surgeries.healthPlanId, hospitalId: surgeries.hospitalId, accomplishment: surgeries.accomplishment })
    .from(surgeries)
    .where(
      and(
        eq(surgeries.medicId, medicId),
        eq(surgeries.paymentFountains, 'plano_saude'),
        inArray(surgeries.status, ['realizacao', 'pagamento', 'concluido']),
        isNotNull(surgeries.accomplishment),
      ),
    )
    .orderBy(asc(surgeries.id));
  const billed = who.plans;
  if (billed.length < 2) throw new Error('seedDemo: a demo fatura dois planos.');

  await tx.insert(medicBillingProfiles).values({ medicId, council: '06', councilNumber: who.crm.replace(/\D/g, ''), councilUf: 'SP', cbo: '225225', updatedBy: secretaryId, createdAt: now, updatedAt: now });
  await tx.insert(medicPlanBilling).values(billed.map((healthPlanId, index) => ({ medicId, healthPlanId, billsAs: 'cpf' as const, providerCode: `${index + 1}0${medicId}7${index}4` })));
  await tx.insert(medicUsualTeamMembers).values(TEAM.map((member, index) => ({ medicId, position: index + 1, ...member })));

  const cases = carriedOut.filter((row) => row.planId !== null && billed.includes(row.planId));
  const hospitalIds = [...new Set(cases.map((row) => row.hospitalId).filter((id): id is number => id !== null))];
  if (hospitalIds.length > 0) {
    await tx.insert(medicHospitalBilling).values(hospitalIds.map((hospitalId) => ({ medicId, hospitalId, cnpj: demoCnpj(random), cnes: String(random.int(2_000_000, 9_999_999)) })));
  }
  for (const row of cases) {
    await tx.insert(surgeryTeamMembers).values(TEAM.map((member, index) => ({ surgeryId: row.id, position: index + 1, ...member })));
    await tx
      .insert(patientPlanCards)
      .values({ patientId: row.patientId, healthPlanId: row.planId!, cardNumber: `0${random.int(100_000_000, 999_999_999)}${random.int(1000, 9999)}`, planName: 'Plano Executivo', createdAt: now, updatedAt: now })
      .onConflictDoNothing();
    // Every case carried out had its plan authorization; the demo's older ones may lack the senha.
    await tx
      .insert(surgeryAuthorizations)
      .values({ surgeryId: row.id, payer: 'plano', status: 'aprovada', protocol: String(random.int(100_000_000, 999_999_999)), password: `DEMO${random.int(1000, 9999)}` })
      .onConflictDoNothing();
    await tx
      .update(surgeryAuthorizations)
      .set({ password: `DEMO${random.int(1000, 9999)}` })
      .where(and(eq(surgeryAuthorizations.surgeryId, row.id), eq(surgeryAuthorizations.payer, 'plano'), isNull(surgeryAuthorizations.password)));
    await tx
      .update(surgeryAuthorizations)
      .set({ protocol: String(random.int(100_000_000, 999_999_999)) })
      .where(and(eq(surgeryAuthorizations.surgeryId, row.id), eq(surgeryAuthorizations.payer, 'plano'), isNull(surgeryAuthorizations.protocol)));
  }

  // Guides for the cases of the first plan, then one lot of three, sent; its undecided coded glosa is appealed.
  const clock = { db: tx as never, now: () => now };
  const guides = createGuideService(clock);
  const lots = createLotService(clock);
  const secretary = { id: secretaryId, type: 'secretary' as const };
  const medic = { id: medicId, type: 'medic' as const };
  const firstPlan = cases.filter((row) => row.planId === billed[0] && !who.avoid.has(row.id));
  const undecidedGlosas = await tx
    .select({ id: surgeryGlosas.id, surgeryId: surgeryGlosas.surgeryId, reasonCode: surgeryGlosas.reasonCode })
    .from(surgeryGlosas)
    .where(and(inArray(surgeryGlosas.surgeryId, firstPlan.map((row) => row.id)), isNull(surgeryGlosas.appealOutcome), isNull(surgeryGlosas.appealFiledOn)));
  const withGlosa = new Set(undecidedGlosas.map((glosa) => glosa.surgeryId));
  const candidates = [...firstPlan.filter((row) => withGlosa.has(row.id)), ...firstPlan.filter((row) => !withGlosa.has(row.id))];
  const chosen: typeof candidates = [];
  const generated: number[] = [];
  for (const row of candidates) {
    // A case whose procedure is SIGTAP's (not billable to a plan) stays as the screens would show it: with its list.
    if (chosen.length === 3 || (await guides.get(secretary, row.id)).missing.length > 0) continue;
    const view = await guides.generate(secretary, row.id);
    generated.push(view.guides[0]!.id);
    chosen.push(row);
  }
  if (generated.length < 3) throw new Error(`seedDemo: a demo precisa de três guias para o lote.`);
  const lot = await lots.create(secretary, medicId, { health_plan_id: billed[0]!, guide_ids: generated });
  const lastSurgery = chosen.map((row) => row.accomplishment!).sort().at(-1)!;
  const today = saoPauloDate(now);
  const sentOn = addDays(lastSurgery, 1) < today ? addDays(lastSurgery, 1) : today;
  await lots.markSent(medic, medicId, lot.id, { sent_on: sentOn, protocol: String(random.int(100_000_000, 999_999_999)) });
  const glosa = undecidedGlosas.find((row) => chosen.some((chosenCase) => chosenCase.id === row.surgeryId));
  if (glosa) {
    await lots.createAppeal(secretary, medicId, {
      lot_id: lot.id,
      glosas: [{ glosa_id: glosa.id, justification: APPEAL_JUSTIFICATIONS[glosa.reasonCode ?? ''] ?? 'Segue a documentação que comprova a cobrança.' }],
    });
  }
}
