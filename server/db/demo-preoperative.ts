import {
  DOCUMENT_LABELS,
  SURGERY_DOCUMENT_KINDS,
  type ApprovalValue,
  type CaseStatus,
  type PaymentSource,
  type SurgeryDocumentKind,
} from '../../machines/constants';
import type {
  AuthorizationPayer,
  AuthorizationStatus,
  DispatchChannel,
  LossReason,
  OpmeDecision,
} from '../../machines/preoperative/constants';
import { WATCHED_STATUSES } from '../../machines/preoperative/authorizationRules';
import { addDays } from '../../machines/rules/dates';
import { createRandom, saoPauloDate } from './demo-data';

/**
 * The demo practice's pre-operative work (issue 13, item 6; DECISIONS §15): authorization records, OPME items and
 * quotes, document checklists, checklist marks, sendings, case holders and loss reasons, planned from the demo cases
 * seed.ts has already drawn. Pure and deterministic: its own random sequence (the forty cases' sequence is left as it
 * was) and dates relative to the seed's `now`, so the warnings it is meant to show (expiring, expired, before the
 * surgery date) are there on the day the demo is seeded. docs/PREOPERATIVE.md describes what each case shows.
 */

/** What the planner reads of one demo case (its index is its position in the seed's list). */
type DemoCase = {
  status: CaseStatus;
  /** The statuses it went through, creation first, and when each was entered. */
  path: readonly CaseStatus[];
  times: readonly Date[];
  schedule: Date | null;
  paymentFountains: PaymentSource | null;
  opme: boolean;
  hospitalApprovals: ApprovalValue | null;
  planApprovals: ApprovalValue | null;
  opmeApprovals: ApprovalValue | null;
  hospitalName: string;
  planName: string | null;
  planRegistry: string | null;
  /** The TUSS/SIGTAP codes of its procedures, in order. */
  procedureCodes: readonly string[];
};

type DemoAuthorization = {
  caseIndex: number;
  payer: AuthorizationPayer;
  status: AuthorizationStatus;
  requestedOn: string | null;
  protocol: string | null;
  password: string | null;
  decidedOn: string | null;
  validUntil: string | null;
  notes: string | null;
};

type DemoOpmeItem = {
  caseIndex: number;
  position: number;
  description: string;
  quantity: number;
  chosenQuote: number | null;
  decision: OpmeDecision | null;
  authorizedQuantity: number | null;
  quotes: Array<{ position: number; supplier: string; brand: string | null; unitPrice: string | null }>;
};

type DemoRequirementItem = { documentKind: SurgeryDocumentKind } | { name: string };

/** A medic's checklist for one hospital (by fantasy name) or one health plan (by ANS registration). */
type DemoRequirementList = ({ hospital: string } | { planRegistry: string }) & { items: readonly DemoRequirementItem[] };

/**
 * The demo medic's document checklists: three hospitals and one plan, SPEC's document kinds and named extra ones.
 * The hospitals have demo cases at the document steps (São Luiz and Albert Einstein at env_doc, Sírio-Libanês at
 * autorizacao); Bradesco Saúde is the plan of an env_doc case too.
 */
export const DEMO_DOCUMENT_REQUIREMENTS: readonly DemoRequirementList[] = [
  {
    hospital: 'Hospital Israelita Albert Einstein',
    items: [
      { documentKind: 'doctor_request' },
      { documentKind: 'patient_document' },
      { documentKind: 'hospital_consent' },
      { name: 'Risco cirúrgico' },
      { name: 'Exames pré-operatórios' },
    ],
  },
  {
    hospital: 'Hospital Sírio-Libanês',
    items: [
      { documentKind: 'doctor_request' },
      { documentKind: 'medical_report' },
      { documentKind: 'hospital_template' },
      { name: 'Risco cirúrgico' },
      { name: 'Avaliação pré-anestésica' },
    ],
  },
  {
    hospital: 'Hospital São Luiz',
    items: [{ documentKind: 'doctor_request' }, { documentKind: 'patient_document' }, { name: 'Exames pré-operatórios' }],
  },
  {
    planRegistry: '005711',
    items: [
      { documentKind: 'surgery_guide' },
      { documentKind: 'medical_report' },
      { documentKind: 'convention_wallet' },
      { name: 'Laudo de exame de imagem' },
    ],
  },
];

/** A material, its quantity and a typical unit price in reais (the quotes scatter around it). */
type Material = { description: string; quantity: number; price: number };

const LAPAROSCOPY: Material[] = [
  { description: 'Trocarte descartável 10 mm', quantity: 2, price: 480 },
  { description: 'Clipador laparoscópico descartável', quantity: 1, price: 1_350 },
];

/** The OPME a procedure uses, by its code (the demo's indications); LAPAROSCOPY otherwise. */
const OPME_BY_PROCEDURE: Record<string, Material[]> = {
  // Gastroplastia por videolaparoscopia.
  '31002390': [
    { description: 'Grampeador linear cortante laparoscópico 60 mm', quantity: 1, price: 3_900 },
    { description: 'Carga para grampeador linear 60 mm', quantity: 6, price: 1_150 },
  ],
  // Artroplastia de quadril.
  '30724058': [
    { description: 'Prótese total de quadril não cimentada', quantity: 1, price: 18_500 },
    { description: 'Cimento ortopédico com antibiótico 40 g', quantity: 2, price: 690 },
  ],
  // Artroplastia total de joelho.
  '30726034': [
    { description: 'Prótese total de joelho cimentada', quantity: 1, price: 16_800 },
    { description: 'Cimento ortopédico com antibiótico 40 g', quantity: 2, price: 690 },
  ],
  // Varizes de dois membros.
  '30907136': [{ description: 'Cateter de radiofrequência para ablação venosa', quantity: 2, price: 2_600 }],
  // Tireoidectomia.
  '30213053': [
    { description: 'Pinça de energia ultrassônica descartável', quantity: 1, price: 4_200 },
    { description: 'Eletrodo para neuromonitorização do nervo laríngeo', quantity: 1, price: 1_900 },
  ],
  '30213045': [{ description: 'Pinça de energia ultrassônica descartável', quantity: 1, price: 4_200 }],
  // Histerectomia.
  '31303102': [
    { description: 'Pinça de selagem vascular laparoscópica', quantity: 1, price: 3_700 },
    { description: 'Manipulador uterino descartável', quantity: 1, price: 950 },
  ],
  // Postectomia.
  '31206220': [{ description: 'Dispositivo descartável para postectomia', quantity: 1, price: 720 }],
  // Hérnias.
  '0407040102': [
    { description: 'Tela de polipropileno 15 x 15 cm', quantity: 1, price: 540 },
    { description: 'Fixador absorvível para tela (tacker)', quantity: 1, price: 2_300 },
  ],
  '31009085': [{ description: 'Tela de polipropileno 15 x 15 cm', quantity: 1, price: 540 }],
  '31009107': [{ description: 'Tela de polipropileno 30 x 30 cm', quantity: 1, price: 890 }],
};

/** Fictitious OPME distributors and brands (CFM 1.956/2010: at least three asked for each item). */
const SUPPLIERS: ReadonlyArray<{ supplier: string; brand: string }> = [
  { supplier: 'Cirúrgica Paulista Distribuidora', brand: 'Medline Pro' },
  { supplier: 'Ortomed Materiais Hospitalares', brand: 'Ortoflex' },
  { supplier: 'Vitalis OPME', brand: 'Vitaline' },
  { supplier: 'BioSul Produtos Médicos', brand: 'Biosul' },
  { supplier: 'Implantec Brasil', brand: 'Implantec' },
];

const PAYER_TOGGLE = { hospital: 'hospitalApprovals', plano: 'planApprovals', opme: 'opmeApprovals' } as const;

/** The stages before the surgery from the authorization step on, where an authorization's validity still matters. */
const BEFORE_SURGERY = WATCHED_STATUSES.slice(WATCHED_STATUSES.indexOf('autorizacao'));

type DemoLossReason = { reason: LossReason; reasonNote: string };

/** Why a lost demo case was lost (the reason written on its last status-history row). */
export function demoLossReason(demoCase: Pick<DemoCase, 'status' | 'path' | 'planApprovals'>): DemoLossReason | null {
  if (demoCase.status === 'cancelado') {
    return { reason: 'financeiro', reasonNote: 'Convênio glosou o procedimento; caso cancelado.' };
  }
  if (demoCase.status !== 'arquiv') return null;
  const archivedFrom = demoCase.path[demoCase.path.length - 2];
  if (archivedFrom === 'autorizacao' && demoCase.planApprovals === 'negada') {
    return { reason: 'autorizacao_negada', reasonNote: 'Convênio negou a cobertura do procedimento.' };
  }
  if (archivedFrom === 'agendamento') {
    return { reason: 'autorizacao_expirada', reasonNote: 'A guia do convênio venceu antes de o hospital ter data.' };
  }
  return { reason: 'paciente_desistiu', reasonNote: 'Paciente optou por não operar no momento.' };
}

const maxDay = (a: string, b: string) => (a > b ? a : b);
const minDay = (a: string, b: string) => (a < b ? a : b);

function formatCentavos(centavos: number): string {
  return `${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;
}

/** The payers whose approval a case needs (DECISIONS §15). */
function demoPayers(demoCase: Pick<DemoCase, 'paymentFountains' | 'opme'>): AuthorizationPayer[] {
  return [
    'hospital',
    ...(demoCase.paymentFountains === 'plano_saude' ? (['plano'] as const) : []),
    ...(demoCase.opme ? (['opme'] as const) : []),
  ];
}

/** The names on one checklist (SPEC's kinds by their pt-BR label). */
function namesOf(list: DemoRequirementList | undefined): { kinds: string[]; extras: string[] } {
  const items = list?.items ?? [];
  return {
    kinds: items.flatMap((item) => ('documentKind' in item ? [DOCUMENT_LABELS[item.documentKind]] : [])),
    extras: items.flatMap((item) => ('name' in item ? [item.name] : [])),
  };
}

/** A case's checklists: its hospital's, and its plan's when the plan pays. */
function checklistsOf(demoCase: DemoCase) {
  const hospital = DEMO_DOCUMENT_REQUIREMENTS.find((list) => 'hospital' in list && list.hospital === demoCase.hospitalName);
  const plan =
    demoCase.paymentFountains === 'plano_saude'
      ? DEMO_DOCUMENT_REQUIREMENTS.find((list) => 'planRegistry' in list && list.planRegistry === demoCase.planRegistry)
      : undefined;
  return { hospital: namesOf(hospital), plan: namesOf(plan) };
}

/** A case's whole checklist, as document names. */
function checklistOf(demoCase: DemoCase): { kinds: string[]; extras: string[] } {
  const { hospital, plan } = checklistsOf(demoCase);
  // As the case's checklist lists them: SPEC's kinds in SPEC's order, then the named ones (the hospital's first).
  const order = SURGERY_DOCUMENT_KINDS.map((kind) => DOCUMENT_LABELS[kind]);
  return {
    kinds: [...new Set([...hospital.kinds, ...plan.kinds])].sort((a, b) => order.indexOf(a) - order.indexOf(b)),
    extras: [...new Set([...hospital.extras, ...plan.extras])],
  };
}

export type DemoPreoperativePlan = {
  authorizations: DemoAuthorization[];
  opmeItems: DemoOpmeItem[];
  marks: Array<{ caseIndex: number; name: string; markedAt: Date }>;
  dispatches: Array<{
    caseIndex: number;
    sentOn: string;
    recipient: string;
    channel: DispatchChannel;
    items: string[];
    notes: string | null;
  }>;
  /** The cases the demo secretary holds (the medic holds the others). */
  heldBySecretary: Set<number>;
  /** The documents still missing when a case moved prep_doc → env_doc (written on that history row). */
  missingDocuments: Map<number, string[]>;
};

/** Plans the pre-operative records of the demo cases, `now` being the seed's instant. */
export function planDemoPreoperative(cases: readonly DemoCase[], now: Date): DemoPreoperativePlan {
  const random = createRandom(20_260_513);
  const today = saoPauloDate(now);
  const dayOf = (demoCase: DemoCase, status: CaseStatus) => {
    const index = demoCase.path.indexOf(status);
    return index >= 0 ? saoPauloDate(demoCase.times[index]!) : null;
  };
  const scheduleDay = (demoCase: DemoCase) => (demoCase.schedule ? saoPauloDate(demoCase.schedule) : null);

  // Sendings: every active case past the sending step sent its documents on the day it entered autorizacao; the
  // first env_doc case with a checklist has sent the hospital's part already.
  const dispatches: DemoPreoperativePlan['dispatches'] = [];
  const sentTo = new Map<string, string>();
  const firstSending = cases.findIndex((c) => c.status === 'env_doc' && checklistOf(c).extras.length > 0);
  for (const [caseIndex, demoCase] of cases.entries()) {
    const sentOn = caseIndex === firstSending ? dayOf(demoCase, 'env_doc') : dayOf(demoCase, 'autorizacao');
    if (!sentOn || !(BEFORE_SURGERY.includes(demoCase.status) || caseIndex === firstSending)) continue;
    const lists = checklistsOf(demoCase);
    const channel = (['email', 'portal', 'email', 'presencial'] as const)[caseIndex % 4]!;
    const hospitalItems = [...lists.hospital.kinds, ...lists.hospital.extras];
    dispatches.push({
      caseIndex,
      sentOn,
      recipient: `Setor de autorizações — ${demoCase.hospitalName}`,
      channel,
      items: hospitalItems.length ? hospitalItems : ['Pedido médico', 'Laudo médico', 'Documento do paciente'],
      notes: channel === 'presencial' ? 'Entregue pelo paciente na central de guias.' : null,
    });
    sentTo.set(`${caseIndex}:hospital`, sentOn);
    if (demoCase.paymentFountains === 'plano_saude' && caseIndex !== firstSending) {
      const planItems = [...lists.plan.kinds, ...lists.plan.extras];
      dispatches.push({
        caseIndex,
        sentOn,
        recipient: `${demoCase.planName ?? 'Convênio'} (portal do prestador)`,
        channel: 'portal',
        items: planItems.length ? planItems : ['Guia de cirurgia', 'Laudo médico', 'Carteirinha do convênio'],
        notes: null,
      });
      sentTo.set(`${caseIndex}:plano`, sentOn);
    }
  }
  const sentOnOf = (caseIndex: number, payer: AuthorizationPayer) => sentTo.get(`${caseIndex}:${payer}`) ?? null;

  // OPME: every OPME case that reached prep_doc lists its materials, each with at least three suppliers asked.
  const opmeItems: DemoOpmeItem[] = [];
  let partialGiven = false;
  let deniedGiven = false;
  let partlyDecidedGiven = false;
  for (const [caseIndex, demoCase] of cases.entries()) {
    if (!demoCase.opme || !demoCase.path.includes('prep_doc')) continue;
    const materials = OPME_BY_PROCEDURE[demoCase.procedureCodes[0] ?? ''] ?? LAPAROSCOPY;
    const quoting = demoCase.status === 'prep_doc';
    const approved = demoCase.opmeApprovals === 'aprovada';
    const partlyDecided = !approved && demoCase.status === 'autorizacao' && !partlyDecidedGiven && materials.length > 1;
    if (partlyDecided) partlyDecidedGiven = true;
    const partialAt = approved && !partialGiven ? materials.findIndex((m) => m.quantity > 1) : -1;
    if (partialAt >= 0) partialGiven = true;
    const deniedAt = approved && !deniedGiven && partialAt < 0 && materials.length > 1 ? materials.length - 1 : -1;
    if (deniedAt >= 0) deniedGiven = true;
    for (const [position, material] of materials.entries()) {
      const asked = random.sample(SUPPLIERS, opmeItems.length === 0 ? 4 : 3);
      const quotes = asked.map((entry, quotePosition) => {
        // A supplier that has not answered yet (the case is still gathering quotes).
        const unanswered = quoting && quotePosition === asked.length - 1;
        const centavos = material.price * random.int(88, 125) + random.int(0, 99);
        return { position: quotePosition, ...entry, unitPrice: unanswered ? null : formatCentavos(centavos) };
      });
      const cheapest = quotes.reduce((best, quote) =>
        Number(quote.unitPrice ?? Infinity) < Number(best.unitPrice ?? Infinity) ? quote : best,
      );
      let decision: OpmeDecision | null = null;
      let authorizedQuantity: number | null = null;
      if (approved) {
        decision = position === partialAt ? 'parcial' : position === deniedAt ? 'negado' : 'autorizado';
        if (decision === 'parcial') authorizedQuantity = material.quantity - 1;
      } else if (partlyDecided && position === 0) decision = 'autorizado';
      opmeItems.push({
        caseIndex,
        position,
        description: material.description,
        quantity: material.quantity,
        chosenQuote: quoting ? null : cheapest.position,
        decision,
        authorizedQuantity,
        quotes,
      });
    }
  }

  // Authorization records: the toggles' aprovada/negada, otherwise where the case stands.
  const authorizations: DemoAuthorization[] = [];
  let partialPlanGiven = false;
  for (const [caseIndex, demoCase] of cases.entries()) {
    for (const payer of demoPayers(demoCase)) {
      const toggle = demoCase[PAYER_TOGGLE[payer]];
      const record: DemoAuthorization = {
        caseIndex,
        payer,
        status: 'pendente',
        requestedOn: null,
        protocol: null,
        password: null,
        decidedOn: null,
        validUntil: null,
        notes: null,
      };
      const requested = sentOnOf(caseIndex, payer) ?? dayOf(demoCase, 'autorizacao') ?? dayOf(demoCase, 'env_doc');
      const protocol = () =>
        payer === 'hospital'
          ? `RES-${requested!.slice(0, 4)}-${random.int(10_000, 99_999)}`
          : payer === 'plano'
            ? String(random.int(100_000_000, 999_999_999)) + String(random.int(0, 9))
            : `OPME-${random.int(100_000, 999_999)}`;
      const password = () =>
        payer === 'hospital' ? null : Array.from({ length: 8 }, () => '23456789ABCDEFGHJKLMNPQRSTUVWXYZ'[random.int(0, 31)]).join('');
      if (toggle === 'aprovada' && requested) {
        const left = dayOf(demoCase, 'agendamento');
        const decided = left
          ? maxDay(requested, addDays(left, -random.int(0, 2)))
          : minDay(today, addDays(requested, random.int(1, 3)));
        let validUntil = addDays(decided, payer === 'hospital' ? 90 : 60);
        const surgeryDay = scheduleDay(demoCase);
        if (surgeryDay) validUntil = maxDay(validUntil, addDays(surgeryDay, 15));
        // Before the surgery the demo warns only where it means to (below).
        if (BEFORE_SURGERY.includes(demoCase.status)) validUntil = maxDay(validUntil, addDays(today, 20 + random.int(0, 25)));
        Object.assign(record, {
          status: 'aprovada',
          requestedOn: requested,
          protocol: protocol(),
          password: password(),
          decidedOn: decided,
          validUntil,
        });
      } else if (toggle === 'negada' && requested) {
        Object.assign(record, {
          status: 'negada',
          requestedOn: requested,
          protocol: protocol(),
          decidedOn: minDay(today, addDays(requested, random.int(3, 6))),
          notes: 'Negada: procedimento fora da cobertura do contrato.',
        });
      } else if (demoCase.status === 'autorizacao' && requested) {
        const items = opmeItems.filter((item) => item.caseIndex === caseIndex);
        const partial =
          payer === 'plano' ? !partialPlanGiven : payer === 'opme' && items.some((item) => item.decision !== null);
        if (payer === 'plano' && partial) partialPlanGiven = true;
        Object.assign(record, {
          status: partial ? 'parcial' : 'solicitada',
          requestedOn: requested,
          protocol: protocol(),
          ...(partial
            ? {
                decidedOn: minDay(today, addDays(requested, 2)),
                password: password(),
                notes:
                  payer === 'plano'
                    ? 'Liberada parcialmente: diárias de UTI em análise pela auditoria.'
                    : 'Parte dos materiais autorizada; aguardando os demais itens.',
              }
            : {}),
        });
      } else if (caseIndex === firstSending && payer === 'hospital') {
        Object.assign(record, { status: 'solicitada', requestedOn: requested, protocol: protocol() });
      }
      authorizations.push(record);
    }
  }

  // The warnings the demo shows (only on cases not operated yet): an expired one, some expiring, one before the date.
  const recordOf = (caseIndex: number, payer: AuthorizationPayer) =>
    authorizations.find((a) => a.caseIndex === caseIndex && a.payer === payer && a.status === 'aprovada');
  const waiting = cases
    .map((demoCase, caseIndex) => ({ demoCase, caseIndex }))
    .filter(({ demoCase }) => demoCase.status === 'agendamento');
  const longest = [...waiting].sort((a, b) => a.demoCase.times.at(-1)!.getTime() - b.demoCase.times.at(-1)!.getTime())[0];
  const expired = longest && recordOf(longest.caseIndex, 'hospital');
  if (expired) {
    expired.validUntil = addDays(today, -3);
    expired.notes = 'Reserva vencida: pedir revalidação ao hospital.';
  }
  const others = waiting.filter((entry) => entry !== longest);
  const expiringHospital = others[0] && recordOf(others[0].caseIndex, 'hospital');
  if (expiringHospital) expiringHospital.validUntil = addDays(today, 2);
  const withPlan = others.find((entry) => entry !== others[0] && recordOf(entry.caseIndex, 'plano'));
  const expiringPlan = withPlan && recordOf(withPlan.caseIndex, 'plano');
  if (expiringPlan) expiringPlan.validUntil = addDays(today, 5);
  const atAuthorization = cases.findIndex((c) => c.status === 'autorizacao' && c.hospitalApprovals === 'aprovada');
  const hospitalFirst = atAuthorization >= 0 ? recordOf(atAuthorization, 'hospital') : undefined;
  if (hospitalFirst) hospitalFirst.validUntil = addDays(today, 6);
  const farthest = cases
    .map((demoCase, caseIndex) => ({ caseIndex, day: scheduleDay(demoCase) }))
    .filter((entry) => cases[entry.caseIndex]!.status === 'realizacao' && entry.day && entry.day >= addDays(today, 9))
    .sort((a, b) => (a.day! < b.day! ? 1 : -1))[0];
  const beforeSchedule = farthest && recordOf(farthest.caseIndex, 'hospital');
  if (beforeSchedule) {
    beforeSchedule.validUntil = addDays(farthest.day!, -2);
    beforeSchedule.notes = 'Validade termina antes da data marcada: pedir prorrogação.';
  }
  // The case archived because its guide expired: the plan's validity ended before it was archived.
  for (const [caseIndex, demoCase] of cases.entries()) {
    if (demoLossReason(demoCase)?.reason !== 'autorizacao_expirada') continue;
    const plan = recordOf(caseIndex, 'plano');
    if (plan) {
      plan.validUntil = minDay(addDays(plan.decidedOn!, 30), addDays(saoPauloDate(demoCase.times.at(-1)!), -1));
      plan.notes = 'Guia válida por 30 dias; venceu sem data no centro cirúrgico.';
    }
  }

  // Checklist marks (named documents received) and the documents missing when a case moved on to env_doc.
  const marks: DemoPreoperativePlan['marks'] = [];
  const missingDocuments = new Map<number, string[]>();
  for (const [caseIndex, demoCase] of cases.entries()) {
    const { kinds, extras } = checklistOf(demoCase);
    const preparing = demoCase.path.indexOf('prep_doc');
    if (preparing < 0 || kinds.length + extras.length === 0) continue;
    const sending = demoCase.path.indexOf('env_doc');
    const stillPreparing = demoCase.status === 'prep_doc' || demoCase.status === 'env_doc';
    const received = stillPreparing ? extras.slice(0, 1) : extras;
    const markedAt = new Date(
      Math.min(demoCase.times[preparing]!.getTime() + 3_600_000, (demoCase.times[sending] ?? now).getTime() - 60_000),
    );
    for (const name of received) marks.push({ caseIndex, name, markedAt });
    // The demo has no uploaded files: SPEC's kinds on the list were missing, and the move was confirmed without them.
    if (sending >= 0) missingDocuments.set(caseIndex, [...kinds, ...extras.filter((name) => !received.includes(name))]);
  }

  // The secretary holds the plan cases at the sending and authorization steps, and the OPME cases gathering quotes.
  const heldBySecretary = new Set<number>();
  for (const [caseIndex, demoCase] of cases.entries()) {
    const planWork = (demoCase.status === 'env_doc' || demoCase.status === 'autorizacao') && demoCase.paymentFountains === 'plano_saude';
    if (planWork || (demoCase.status === 'prep_doc' && demoCase.opme)) heldBySecretary.add(caseIndex);
  }

  return { authorizations, opmeItems, marks, dispatches, heldBySecretary, missingDocuments };
}

