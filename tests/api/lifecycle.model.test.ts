import { LOSS_REASONS } from '../../machines/preoperative/constants';
import { adjacencyMapToArray, getAdjacencyMap, getSimplePaths, type StatePath } from 'xstate/graph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASE_STATUSES, type CaseStatus, type PaymentSource } from '../../machines/constants';
import { getNextSnapshot } from 'xstate';
import {
  advanceProblems,
  applyFields,
  EMPTY_FACTS,
  saveProblems,
  opmeApprovalApplies,
  planApprovalApplies,
  STEP_FIELDS,
  NOTE_FIELD_NAMES,
  type LifecycleFacts,
  type StepFields,
} from '../../machines/surgeryLifecycle/lifecycleRules';
import {
  lifecycleSnapshot,
  surgeryLifecycleMachine,
  stageOf,
  transitionTarget,
  type LifecycleEvent,
  type LifecycleSnapshot,
} from '../../machines/surgeryLifecycle/surgeryLifecycleMachine';
import type { SurgeryRow } from '../../server/db/schema/index';
import { factsOf } from '../../server/services/surgeries/lifecycle-moves';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, lookupIds, statusHistory, surgeryRow, type SurgeryOverrides } from '../helpers/clinical-fixtures';
import { authHeader, createMedic, createSecretary, signIn, TEST_PASSWORD, type TestAccount } from '../helpers/fixtures';
import { stageConflict, STEP_MESSAGES } from '../helpers/spec-texts';

/**
 * Model-based tests of the lifecycle routes, generated from the lifecycle machine with xstate/graph
 * (machines/surgeryLifecycle; DECISIONS §4), against the real server on PGlite, or on PostgreSQL when DATABASE_URL
 * is set (.ci/run runs the API suite both ways):
 *
 * 1. Every simple path of the machine from ind_paciente to concluido, arquiv and cancelado, for a case paid by a
 *    health plan with OPME (all three approvals apply) and a private case without OPME (only the hospital's). The
 *    server's events only: advance (carrying valid fields for its stage), back, archive, cancel; not the SPA's
 *    `lifecycle.save` nor its client-only `lifecycle.conflict`. Each path runs on a new case: each event becomes its
 *    HTTP request, and after each one the answered and stored status is the machine's state, the stored facts are
 *    the machine's context, and the history has exactly one new row (from, to, who).
 * 2. From every stage, every `new_status` the machine has no move for, and archive/cancel where it has none: 409
 *    with that stage as `actual_status`, the row and its history unchanged.
 * 3. For every stage with requirements, each missing or invalid field: 400 with SPEC §5's exact message (written
 *    out in tests/helpers/spec-texts.ts, not imported from the product), nothing written.
 * 4. The OPME items' rule (DECISIONS §15), at the end of this file.
 */

const FINAL_STATES: readonly CaseStatus[] = ['concluido', 'arquiv', 'cancelado'];
const SERVER_EVENTS = ['lifecycle.advance', 'lifecycle.back', 'lifecycle.archive', 'lifecycle.cancel'] as const;

type CaseKind = { name: string; source: PaymentSource; opme: boolean; facts: LifecycleFacts };
const CASE_KINDS: CaseKind[] = [
  { name: 'plano de saúde com OPME', source: 'plano_saude', opme: true },
  { name: 'particular sem OPME', source: 'particular', opme: false },
].map((kind) => ({ ...kind, source: kind.source as PaymentSource, facts: { ...EMPTY_FACTS, payment_fountains: kind.source as PaymentSource, opme: kind.opme } }));

/** Valid fields for the advance from `stage` of a case with `facts` (approvals only where they apply). */
function advanceFields(stage: CaseStatus, facts: LifecycleFacts): StepFields {
  switch (stage) {
    case 'env_doc':
      return { document_arrivals: '2025-03-10' };
    case 'autorizacao':
      return {
        hospital_approvals: 'aprovada',
        ...(planApprovalApplies(facts) ? { plan_approvals: 'aprovada' as const } : {}),
        ...(opmeApprovalApplies(facts) ? { opme_approvals: 'aprovada' as const } : {}),
      };
    case 'agendamento':
      return { schedule: '2025-04-02 07:30:00' };
    case 'realizacao':
      return { accomplishment: '2025-04-02' };
    case 'pagamento':
      return { payment_done: 1850.5, date_payment: '2025-05-05' };
    default:
      return {};
  }
}

type Path = StatePath<LifecycleSnapshot, LifecycleEvent>;

function serverPaths(kind: CaseKind): Path[] {
  return getSimplePaths(surgeryLifecycleMachine, {
    input: { facts: kind.facts },
    events: (state): LifecycleEvent[] => [
      { type: 'lifecycle.advance', fields: advanceFields(stageOf(state) as CaseStatus, kind.facts) },
      { type: 'lifecycle.back' },
      { type: 'lifecycle.archive' },
      { type: 'lifecycle.cancel' },
    ],
    toState: (state) => FINAL_STATES.includes(state.value as CaseStatus),
  }) as Path[];
}

const eventLabel = (event: LifecycleEvent) => event.type.replace('lifecycle.', '');

function pathName(path: Path): string {
  const parts: string[] = [stageOf(path.steps[0]!.state)];
  for (const step of path.steps.slice(1)) parts.push(eventLabel(step.event), stageOf(step.state));
  parts.pop();
  return `${parts.join(' → ')} ⇒ ${stageOf(path.state)}`;
}

const PATHS = new Map(CASE_KINDS.map((kind) => [kind.name, serverPaths(kind)]));

let t: TestApp;
let healthPlanId: number;
let medic: TestAccount;
let secretary: TestAccount;
let tokens: Map<number, string>;

beforeAll(async () => {
  t = await buildTestApp();
  healthPlanId = (await lookupIds(t.deps.db)).healthPlanIds[0]!;
  medic = await createMedic(t.deps);
  secretary = await createSecretary(t.deps, { medicIds: [medic.id] });
  tokens = new Map([
    [medic.id, (await signIn(t.app, medic.email, TEST_PASSWORD)).access_token],
    [secretary.id, (await signIn(t.app, secretary.email, TEST_PASSWORD)).access_token],
  ]);
});
afterAll(async () => {
  await t?.close();
});

function overridesOf(kind: CaseKind): SurgeryOverrides {
  return { paymentFountains: kind.source, healthPlanId: kind.source === 'plano_saude' ? healthPlanId : null, opme: kind.opme };
}

async function newCase(kind: CaseKind, extra: SurgeryOverrides = {}): Promise<SurgeryRow> {
  const patient = await insertPatient(t.deps.db, medic.id);
  return insertSurgery(t.deps.db, patient, { ...overridesOf(kind), ...extra });
}

function put(url: string, userId: number, payload?: Record<string, unknown>) {
  return t.app.inject({ method: 'PUT', url, headers: authHeader(tokens.get(userId)!), ...(payload ? { payload } : {}) });
}

/** The HTTP request of a machine event taken from `from`; archive and cancel carry `reason` when given (issue 13). */
function send(id: number, from: CaseStatus, event: LifecycleEvent, userId: number, reason?: Record<string, unknown>) {
  switch (event.type) {
    case 'lifecycle.advance':
      return put(`/surgery/api/v1/update/${id}/`, userId, { new_status: transitionTarget(from, event.type), ...event.fields });
    case 'lifecycle.back':
      return put(`/surgery/api/v1/update/${id}/`, userId, { new_status: transitionTarget(from, event.type) });
    case 'lifecycle.archive':
      return put(`/surgery/api/v1/archive_surgery/${id}/`, userId, reason);
    case 'lifecycle.cancel':
      return put(`/surgery/api/v1/cancel_surgery/${id}/`, userId, reason);
    default:
      throw new Error(`not a server event: ${event.type}`);
  }
}

async function stored(id: number) {
  return { row: await surgeryRow(t.deps.db, id), history: await statusHistory(t.deps.db, id) };
}

describe.each(CASE_KINDS)('lifecycle paths ($name)', (kind) => {
  const paths = PATHS.get(kind.name)!;

  it('the paths end in every final state and take every server move of the machine', () => {
    expect(new Set(paths.map((path) => path.state.value))).toEqual(new Set(FINAL_STATES));
    const taken = new Set(
      paths.flatMap((path) => path.steps.slice(1).map((step, i) => `${stageOf(path.steps[i]!.state)} ${step.event.type}`)),
    );
    for (const status of CASE_STATUSES) {
      for (const event of SERVER_EVENTS) {
        if (transitionTarget(status, event) !== null) expect(taken, `${status} ${event}`).toContain(`${status} ${event}`);
      }
    }
  });

  paths.forEach((path, index) => it(pathName(path), async () => {
    // Alternate who works the case, so the history's author is checked for both roles.
    const userId = index % 2 === 0 ? medic.id : secretary.id;
    // Every third path closes with a reason (each of the list in turn), the others without a body (SPEC §7).
    const lossReason = index % 3 === 0 ? LOSS_REASONS[(index / 3) % LOSS_REASONS.length]! : null;
    const reasonBody = lossReason ? { reason: lossReason, reason_note: 'Motivo do teste' } : undefined;
    const surgery = await newCase(kind);
    expect(surgery.status).toBe(stageOf(path.steps[0]!.state));
    let rows = 0;
    for (let i = 1; i < path.steps.length; i++) {
      const from =stageOf( path.steps[i - 1]!.state) as CaseStatus;
      const { event, state } = path.steps[i]!;
      const res = await send(surgery.id, from, event, userId, reasonBody);
      expect(res.statusCode, `${eventLabel(event)} from ${from}: ${res.body}`).toBe(200);
      expect((res.json() as { status: string }).status).toBe(stageOf(state));
      const { row, history } = await stored(surgery.id);
      expect(row.status).toBe(stageOf(state));
      expect(factsOf(row)).toEqual(state.context.facts);
      rows += 1;
      expect(history).toHaveLength(rows);
      const closing = event.type === 'lifecycle.archive' || event.type === 'lifecycle.cancel';
      expect(history.at(-1)).toMatchObject({
        fromStatus: from,
        toStatus: stageOf(state),
        changedBy: userId,
        reason: closing ? lossReason : null,
        reasonNote: closing && lossReason ? 'Motivo do teste' : null,
      });
    }
  }));
});

describe('moves the machine does not have: 409 with the actual status, nothing written', () => {
  const kind = CASE_KINDS[0]!;
  const refusals: Array<{ name: string; stage: CaseStatus; route: 'update' | 'archive_surgery' | 'cancel_surgery'; requested?: CaseStatus }> = [];
  for (const stage of CASE_STATUSES) {
    const allowed = new Set(['lifecycle.save', 'lifecycle.advance', 'lifecycle.back'].map((type) => transitionTarget(stage, type as LifecycleEvent['type'])));
    for (const requested of CASE_STATUSES.filter((status) => !allowed.has(status))) {
      refusals.push({ name: `${stage}: new_status ${requested} ⇒ 409`, stage, route: 'update', requested });
    }
    if (transitionTarget(stage, 'lifecycle.archive') === null) refusals.push({ name: `${stage}: archive ⇒ 409`, stage, route: 'archive_surgery' });
    if (transitionTarget(stage, 'lifecycle.cancel') === null) refusals.push({ name: `${stage}: cancel ⇒ 409`, stage, route: 'cancel_surgery' });
  }

  /** One case per stage, with every step's data stored: the refusals never change it. */
  const cases = new Map<CaseStatus, Promise<SurgeryRow>>();
  const caseAt = (stage: CaseStatus) => {
    if (!cases.has(stage)) {
      cases.set(
        stage,
        newCase(kind, {
          status: stage,
          schedule: new Date('2025-04-02T10:30:00Z'),
          stepData: { documentArrivals: '2025-03-10', hospitalApprovals: 'aprovada', accomplishment: '2025-04-02', paymentDone: '100.00' },
        }),
      );
    }
    return cases.get(stage)!;
  };

  it('covers each stage', () => {
    expect(new Set(refusals.map((refusal) => refusal.stage))).toEqual(new Set(CASE_STATUSES));
  });

  for (const { name, stage, route, requested } of refusals) it(name, async () => {
    const surgery = await caseAt(stage);
    const before = await stored(surgery.id);
    const url = `/surgery/api/v1/${route}/${surgery.id}/`;
    const res = await put(url, medic.id, requested ? { new_status: requested } : undefined);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(stageConflict(stage));
    expect(await stored(surgery.id)).toEqual(before);
  });
});

/**
 * Invalid values of each required field, with SPEC §5's message. `format`: refused by a save too (a wrong value);
 * otherwise only an advance needs the field (missing, null, or a denied approval).
 */
type Variant = { label: string; value: unknown; message: string; format: boolean };
const missing = (message: string): Variant[] => [
  { label: 'missing', value: undefined, message, format: false },
  { label: 'null', value: null, message, format: false },
];
const wrong = (message: string, ...values: unknown[]): Variant[] =>
  values.map((value) => ({ label: JSON.stringify(value), value, message, format: true }));
/** A value of the wrong JSON type is malformed, whatever the field (machines/validation/problems.ts). */
const WRONG_JSON_TYPE = 'Dados inválidos.';
const approvalVariants = [...missing(STEP_MESSAGES.allApproved), { label: '"negada"', value: 'negada', message: STEP_MESSAGES.allApproved, format: false }];

const INVALID: Partial<Record<keyof StepFields, Variant[]>> = {
  document_arrivals: [
    ...missing(STEP_MESSAGES.documentArrivals),
    ...wrong(STEP_MESSAGES.documentArrivals, '', '2025-02-30', '10/03/2025'),
    ...wrong(WRONG_JSON_TYPE, 20250310),
  ],
  hospital_approvals: approvalVariants,
  plan_approvals: approvalVariants,
  opme_approvals: approvalVariants,
  schedule: [
    ...missing(STEP_MESSAGES.dayRequired),
    ...wrong(STEP_MESSAGES.dayRequired, '2025-02-30 07:30:00', '02/04/2025 07:30:00', ' 07:30:00'),
    ...wrong(STEP_MESSAGES.invalidHour, '2025-04-02', '2025-04-02 7:30', '2025-04-02 25:00:00', '2025-04-02 24:00:00', '2025-04-02 10:60:00', '2025-04-02 10:00:61'),
  ],
  accomplishment: [...missing(STEP_MESSAGES.invalidDate), ...wrong(STEP_MESSAGES.invalidDate, '2025-13-01', '02/04/2025', '')],
  payment_done: [...missing(STEP_MESSAGES.payment), ...wrong(STEP_MESSAGES.payment, 0, -1850.5), ...wrong(WRONG_JSON_TYPE, '1850.50', true)],
  date_payment: [...missing(STEP_MESSAGES.invalidDate), ...wrong(STEP_MESSAGES.invalidDate, '2025-02-29', 'ontem')],
};

describe.each(CASE_KINDS)('missing or invalid step fields: 400 with SPEC §5’s message, nothing written ($name)', (kind) => {
  type Refusal = { name: string; stage: CaseStatus; body: Record<string, unknown>; messages: string[] };
  const refusals: Refusal[] = [];
  for (const stage of CASE_STATUSES) {
    const next = transitionTarget(stage, 'lifecycle.advance');
    const valid = advanceFields(stage, kind.facts) as Record<string, unknown>;
    for (const field of Object.keys(valid) as Array<keyof StepFields>) {
      for (const variant of INVALID[field] ?? []) {
        const body = { ...valid, [field]: variant.value };
        if (variant.value === undefined) delete body[field];
        refusals.push({
          name: `${stage} → advance with ${field} ${variant.label} ⇒ 400 ${variant.message}`,
          stage,
          body: { new_status: next, ...body },
          messages: [variant.message],
        });
        if (variant.format) {
          refusals.push({
            name: `${stage} → save with ${field} ${variant.label} ⇒ 400 ${variant.message}`,
            stage,
            body: { new_status: stage, [field]: variant.value },
            messages: [variant.message],
          });
        }
      }
    }
    const ownNotes = NOTE_FIELD_NAMES.filter((note) => (STEP_FIELDS[stage as keyof typeof STEP_FIELDS] as readonly string[] | undefined)?.includes(note));
    for (const note of ownNotes) {
      refusals.push({
        name: `${stage} → save with ${note} of 1001 characters ⇒ 400 ${STEP_MESSAGES.noteTooLong}`,
        stage,
        body: { new_status: stage, [note]: 'x'.repeat(1001) },
        messages: [STEP_MESSAGES.noteTooLong],
      });
    }
  }
  if (!planApprovalApplies(kind.facts)) {
    const message = 'A aprovação do plano não se aplica: a fonte pagadora não é Plano de Saúde.';
    refusals.push({ name: `autorizacao → save with plan_approvals "aprovada" ⇒ 400 ${message}`, stage: 'autorizacao', body: { new_status: 'autorizacao', plan_approvals: 'aprovada' }, messages: [message] });
  }
  if (!opmeApprovalApplies(kind.facts)) {
    const message = 'A aprovação do OPME não se aplica: esta cirurgia não usa OPME.';
    refusals.push({
      name: `autorizacao → advance with opme_approvals "aprovada" ⇒ 400 ${message}`,
      stage: 'autorizacao',
      body: { new_status: 'agendamento', hospital_approvals: 'aprovada', opme_approvals: 'aprovada' },
      messages: [message],
    });
  }

  const cases = new Map<CaseStatus, Promise<SurgeryRow>>();
  const caseAt = (stage: CaseStatus) => {
    if (!cases.has(stage)) cases.set(stage, newCase(kind, { status: stage }));
    return cases.get(stage)!;
  };

  it('covers every stage whose advance needs data', () => {
    const stages = new Set(refusals.map((refusal) => refusal.stage));
    expect(stages).toEqual(new Set(['env_doc', 'autorizacao', 'agendamento', 'realizacao', 'pagamento']));
  });

  for (const { name, stage, body, messages } of refusals) it(name, async () => {
    const surgery = await caseAt(stage);
    const before = await stored(surgery.id);
    const res = await put(`/surgery/api/v1/update/${surgery.id}/`, secretary.id, body);
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json() as { error: string[] }).error).toEqual(messages);
    expect(await stored(surgery.id)).toEqual(before);
  });
});

/**
 * 4. Issue 13: prep_doc → env_doc with required documents missing. The machine, given the case's missing documents,
 * is asked for every advance it is offered at prep_doc (without and with the confirmation); each of its answers
 * (stay: the server's 400 with the missing names, nothing written; move: 200 and a history row naming them) is
 * replayed against the server on a case whose hospital requires documents it lacks.
 */
describe('prep_doc with required documents missing (issue 13): the machine’s answer is the server’s', () => {
  const missingNames = ['Pedido médico', 'Risco cirúrgico'];
  const facts: LifecycleFacts = { ...CASE_KINDS[1]!.facts, missing_documents: missingNames };
  const offered: LifecycleEvent[] = [
    { type: 'lifecycle.advance' },
    { type: 'lifecycle.advance', confirm: { missing_documents: false } },
    { type: 'lifecycle.advance', confirm: { missing_documents: true } },
  ];
  const traversal = { input: { facts }, events: (state: LifecycleSnapshot) => (stageOf(state) === 'prep_doc' ? offered : [{ type: 'lifecycle.advance' }]) };
  // xstate/graph's types lose the machine's emitted events (as in tests/model/graph.ts): the traversal is untyped.
  const adjacency = (
    adjacencyMapToArray(getAdjacencyMap(surgeryLifecycleMachine as never, traversal as never)) as Array<{
      state: LifecycleSnapshot;
      event: LifecycleEvent;
      nextState: LifecycleSnapshot;
    }>
  ).filter(({ state }) => stageOf(state) === 'prep_doc');

  let hospitalId: number;
  beforeAll(async () => {
    hospitalId = (await lookupIds(t.deps.db)).hospitalIds[3]!;
    const res = await put(`/surgery/api/v1/document_requirements/hospital/${hospitalId}/`, medic.id, { kinds: ['doctor_request'], extras: ['Risco cirúrgico'] });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('offers every variant at prep_doc', () => {
    expect(adjacency.map(({ event }) => JSON.stringify((event as { confirm?: unknown }).confirm ?? null)).sort()).toEqual(
      ['null', '{"missing_documents":false}', '{"missing_documents":true}'].sort(),
    );
  });

  for (const { event, nextState } of adjacency) {
    const confirm = (event as { confirm?: { missing_documents?: boolean } }).confirm;
    const moves = stageOf(nextState) === 'env_doc';
    it(`advance ${confirm ? JSON.stringify(confirm) : 'without confirmation'} ⇒ ${moves ? '200, recorded' : '400, nothing written'}`, async () => {
      const surgery = await newCase(CASE_KINDS[1]!, { status: 'prep_doc', hospitalId });
      const before = await stored(surgery.id);
      const body = { new_status: 'env_doc', ...(confirm?.missing_documents !== undefined ? { missing_documents_confirmed: confirm.missing_documents } : {}) };
      const res = await put(`/surgery/api/v1/update/${surgery.id}/`, secretary.id, body);
      if (!moves) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: [`Faltam documentos exigidos: ${missingNames.join(', ')}. Confirme para avançar mesmo assim.`] });
        expect(await stored(surgery.id)).toEqual(before);
        return;
      }
      expect(res.statusCode, res.body).toBe(200);
      const { row, history } = await stored(surgery.id);
      expect(row.status).toBe('env_doc');
      expect(history).toEqual([expect.objectContaining({ fromStatus: 'prep_doc', toStatus: 'env_doc', changedBy: secretary.id, missingDocuments: missingNames })]);
    });
  }
});

/**
 * 5. The OPME items (DECISIONS §15): a case with OPME at autorizacao, its hospital and plan approvals stored, and one
 * OPME item whose authorization is undecided. For each request (save the OPME approval, advance with every approval)
 * the machine, given the facts the server reads (`opme_items_undecided`), says whether it goes through; the server
 * must agree: 400 with the machine's own problems and nothing written, or 200 at the machine's stage. Then the item
 * is decided through the OPME API (the page's `case.updated` with the count) and the same requests go through.
 */
describe('OPME items undecided: the server agrees with the machine', () => {
  const kind = CASE_KINDS[0]!;
  const requests: Array<{ name: string; event: LifecycleEvent }> = [
    { name: 'save the OPME approval', event: { type: 'lifecycle.save', fields: { opme_approvals: 'aprovada' } } },
    { name: 'advance with every approval', event: { type: 'lifecycle.advance', fields: advanceFields('autorizacao', kind.facts) } },
  ];
  const item = { description: 'Placa', quantity: 2, suppliers: [{ supplier: 'A' }, { supplier: 'B' }, { supplier: 'C' }] };

  async function caseWithUndecidedItem() {
    const surgery = await newCase(kind, { status: 'autorizacao', stepData: { hospitalApprovals: 'aprovada', planApprovals: 'aprovada' } });
    const created = await t.app.inject({ method: 'POST', url: `/surgery/api/v1/surgery/${surgery.id}/opme/`, headers: authHeader(tokens.get(secretary.id)!), payload: item });
    expect(created.statusCode, created.body).toBe(201);
    return { surgery, itemId: (created.json() as { results: Array<{ id: number }> }).results[0]!.id };
  }

  for (const { name, event } of requests) it(`${name}: refused while undecided, taken once decided`, async () => {
    const { surgery, itemId } = await caseWithUndecidedItem();
    const facts: LifecycleFacts = { ...kind.facts, hospital_approvals: 'aprovada', plan_approvals: 'aprovada', opme_items_undecided: 1 };
    const machine = lifecycleSnapshot('autorizacao', facts);
    expect(machine.can(event)).toBe(false);
    const body = { new_status: event.type === 'lifecycle.save' ? 'autorizacao' : 'agendamento', ...('fields' in event ? event.fields : {}) };
    const before = await stored(surgery.id);
    const refused = await put(`/surgery/api/v1/update/${surgery.id}/`, secretary.id, body);
    expect(refused.statusCode).toBe(400);
    const fields = 'fields' in event ? event.fields : undefined;
    const problems = event.type === 'lifecycle.save' ? saveProblems('autorizacao', facts, fields) : advanceProblems('autorizacao', applyFields(facts, fields));
    expect((refused.json() as { error: string[] }).error).toEqual(problems);
    expect(await stored(surgery.id)).toEqual(before);

    const decided = await t.app.inject({
      method: 'PUT',
      url: `/surgery/api/v1/surgery/${surgery.id}/opme/${itemId}/`,
      headers: authHeader(tokens.get(secretary.id)!),
      payload: { ...item, decision: 'negado' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const read = getNextSnapshot(surgeryLifecycleMachine, machine, { type: 'case.updated', fields: { opme_items_undecided: 0 } });
    expect(read.can(event)).toBe(true);
    const after = getNextSnapshot(surgeryLifecycleMachine, read, event);
    const taken = await put(`/surgery/api/v1/update/${surgery.id}/`, secretary.id, body);
    expect(taken.statusCode, taken.body).toBe(200);
    expect((taken.json() as { status: string }).status).toBe(stageOf(after));
    expect(factsOf((await stored(surgery.id)).row)).toEqual({ ...after.context.facts, opme_items_undecided: 0 });
  });
});
