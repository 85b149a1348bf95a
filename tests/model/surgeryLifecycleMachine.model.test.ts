import { getSimplePaths } from 'xstate/graph';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { CASE_STATUSES, type CaseStatus } from '../../machines/constants';
import {
  BACK_MOVES,
  conflictMessage,
  CONFLICT_JUMP_DELAY_MS,
  EMPTY_FACTS,
  nextStatus,
  type LifecycleFacts,
  type StepFields,
} from '../../machines/surgeryLifecycle/lifecycleRules';
import {
  stageOf,
  surgeryLifecycleMachine,
  type LifecycleEvent,
} from '../../machines/surgeryLifecycle/surgeryLifecycleMachine';
import type { CaseRead, LifecycleNotice, MoveResult } from '../../machines/surgeryLifecycle/lifecycleRequests';
import { deferred } from '../helpers/deferred';
import { surgeryAt } from '../unit/src/surgeries/details/surgeryFixture';
import { replayPath, stateNodeValues, transitionPaths, valueLabel, type MachinePath } from './graph';

/**
 * Path coverage of the surgery lifecycle machine with xstate/graph, in two models whose data stays finite (a state is
 * a stage with its data, so free-form data would make the graph endless):
 *
 * 1. "Data complete": a case that already holds every step's data. Each stage is offered advance, save, back,
 *    archive, cancel and a conflict (the server says the case is one stage further on); `jumping` is offered its
 *    400 ms timer. This covers every move and every jump.
 * 2. "Data missing": a case with no step data. Each stage is offered the advance without its fields, the advance
 *    with them, a save of them and back; this covers every guard both ways and that the data a step saved stays
 *    through back moves.
 *
 * Every generated path is replayed on a real actor (fake timers for the delay), checking value and context after
 * every step. Then 3. the server's paths: the simple paths from ind_paciente to each terminal stage using only the
 * moves the API makes (tests/api/lifecycle.model.test.ts replays them against the server).
 */

const JUMP_EVENT = 'xstate.after.conflictJump.surgeryLifecycle.jumping';

/** The fields that complete each stage (sent with its advance). */
const completing: Partial<Record<CaseStatus, StepFields>> = {
  env_doc: { document_arrivals: '2026-03-01' },
  autorizacao: { hospital_approvals: 'aprovada', plan_approvals: 'aprovada', opme_approvals: 'aprovada' },
  agendamento: { schedule: '2026-03-10 14:30:00' },
  realizacao: { accomplishment: '2026-03-10' },
  pagamento: { payment_done: 2500, date_payment: '2026-04-01' },
};
const noData: LifecycleFacts = { ...EMPTY_FACTS, payment_fountains: 'plano_saude', opme: true };
const allData: LifecycleFacts = Object.values(completing).reduce<LifecycleFacts>((facts, fields) => ({ ...facts, ...fields }), noData);

type ModelEvent = LifecycleEvent | { type: typeof JUMP_EVENT };
type Snapshot = SnapshotFrom<typeof surgeryLifecycleMachine>;
type Path = MachinePath<typeof surgeryLifecycleMachine>;

const labels = new Map<object, string>();
const label = <E extends ModelEvent>(event: E, name: string): E => (labels.set(event, name), event);
const jump = label({ type: JUMP_EVENT }, '400 ms');

function eventsOf(byStage: (status: CaseStatus) => ModelEvent[]) {
  const table = new Map<string, ModelEvent[]>(CASE_STATUSES.map((status) => [status, byStage(status)]));
  table.set('jumping', [jump]);
  // The graph knows the machine's own event types; the timer is its `after` event.
  return (state: Snapshot) => (table.get(stageOf(state)) ?? []) as LifecycleEvent[];
}

const dataComplete = eventsOf((status) => [
  label({ type: 'lifecycle.advance', fields: completing[status] ?? {} }, 'advance'),
  label({ type: 'lifecycle.save', fields: completing[status] ?? {} }, 'save'),
  label({ type: 'lifecycle.back' }, 'back'),
  label({ type: 'lifecycle.archive' }, 'archive'),
  label({ type: 'lifecycle.cancel' }, 'cancel'),
  label({ type: 'lifecycle.conflict', actualStatus: nextStatus(status) ?? status }, 'conflict'),
]);

const dataMissing = eventsOf((status) =>
  completing[status]
    ? [
        label({ type: 'lifecycle.advance' as const, fields: {} }, 'advance without data'),
        label({ type: 'lifecycle.advance' as const, fields: completing[status] }, 'advance with data'),
        label({ type: 'lifecycle.save' as const, fields: completing[status] }, 'save data'),
        label({ type: 'lifecycle.back' as const }, 'back'),
      ]
    : [label({ type: 'lifecycle.advance' as const, fields: {} }, 'advance'), label({ type: 'lifecycle.back' as const }, 'back')],
);

/** A stage resting in `idle` is named by its stage alone; any other request sub-state in full. */
function stateLabel(state: Snapshot): string {
  const label = valueLabel(state.value);
  return label.endsWith('.idle') ? stageOf(state) : label;
}

function pathName(path: Path): string {
  const steps = path.steps.slice(1).map((step) => `${labels.get(step.event) ?? step.event.type} → ${stateLabel(step.state)}`);
  return ['ind_paciente', ...steps].join(' → ').replace(/ → ([\w]+)$/, ' ⇒ $1');
}

/**
 * 3. "Documents missing" (issue 13): a case whose hospital requires documents it lacks. At prep_doc the advance is
 * offered without and with the confirmation; every other stage its completing advance and back.
 */
const missingDocuments: LifecycleFacts = { ...allData, missing_documents: ['Risco cirúrgico', 'Pedido médico'] };
const documentsMissing = eventsOf((status) =>
  status === 'prep_doc'
    ? [
        label({ type: 'lifecycle.advance' as const, fields: {} }, 'advance unconfirmed'),
        label({ type: 'lifecycle.advance' as const, fields: {}, confirm: { missing_documents: true } }, 'advance confirmed'),
        label({ type: 'lifecycle.back' as const }, 'back'),
      ]
    : [label({ type: 'lifecycle.advance' as const, fields: completing[status] ?? {} }, 'advance'), label({ type: 'lifecycle.back' as const }, 'back')],
);

/**
 * 4. "OPME items undecided" (DECISIONS §15): a case with OPME whose one item has no decision. At autorizacao the
 * OPME approval's save and the advance with every approval are offered (the machine refuses both: no transition),
 * and the page's read that every item is now decided; after it both go through.
 */
const itemsUndecided: LifecycleFacts = { ...noData, opme_items_undecided: 1 };
const saveOpmeApproval = label({ type: 'lifecycle.save' as const, fields: { opme_approvals: 'aprovada' as const } }, 'save OPME approval');
const itemsDecided = label({ type: 'case.updated' as const, fields: { opme_items_undecided: 0 } }, 'every OPME item decided');
const opmeUndecided = eventsOf((status) =>
  status === 'autorizacao'
    ? [saveOpmeApproval, label({ type: 'lifecycle.advance' as const, fields: completing.autorizacao! }, 'advance with data'), itemsDecided]
    : [label({ type: 'lifecycle.advance' as const, fields: completing[status] ?? {} }, 'advance')],
);

/**
 * 5. "Ledger difference" (issue 14): a case expecting R$ 2.500,00 with R$ 500,00 already received. At pagamento the
 * advance is offered with X below the receipts (refused), with a difference and no settlement (refused), and with
 * the difference settled as a glosa or a loss (both conclude).
 */
const ledgerDifference: LifecycleFacts = { ...allData, payment_done: null, expected_cents: 250_000, received_cents: 50_000, deducted_cents: 0 };
const payment = (payment_done: number) => ({ payment_done, date_payment: '2026-04-01' });
const differenceEvents = eventsOf((status) =>
  status === 'pagamento'
    ? [
        label({ type: 'lifecycle.advance' as const, fields: payment(400) }, 'advance below the receipts'),
        label({ type: 'lifecycle.advance' as const, fields: payment(2000) }, 'advance with a difference, unsettled'),
        label({ type: 'lifecycle.advance' as const, fields: payment(2000), confirm: { settlement: 'glosa' as const } }, 'advance settled as glosa'),
        label({ type: 'lifecycle.advance' as const, fields: payment(2000), confirm: { settlement: 'perda' as const } }, 'advance settled as perda'),
      ]
    : [label({ type: 'lifecycle.advance' as const, fields: completing[status] ?? {} }, 'advance')],
);

const models = [
  { name: 'data complete', paths: transitionPaths(surgeryLifecycleMachine, { events: dataComplete, input: { facts: allData } }, pathName) },
  { name: 'data missing', paths: transitionPaths(surgeryLifecycleMachine, { events: dataMissing, input: { facts: noData } }, pathName) },
  {
    name: 'documents missing',
    paths: transitionPaths(surgeryLifecycleMachine, { events: documentsMissing, input: { facts: missingDocuments } }, pathName),
  },
  { name: 'OPME items undecided', paths: transitionPaths(surgeryLifecycleMachine, { events: opmeUndecided, input: { facts: itemsUndecided } }, pathName) },
  { name: 'ledger difference', paths: transitionPaths(surgeryLifecycleMachine, { events: differenceEvents, input: { facts: ledgerDifference } }, pathName) },
];

describe('surgery lifecycle machine, documents missing (issue 13)', () => {
  const paths = models[2]!.paths;

  it('leaves prep_doc only with the confirmation', () => {
    const leaving = paths.flatMap((path) =>
      path.steps.slice(1).flatMap((step, i) => (stageOf(path.steps[i]!.state) === 'prep_doc' && stageOf(step.state) === 'env_doc' ? [step.event] : [])),
    );
    expect(leaving.length).toBeGreaterThan(0);
    for (const event of leaving) expect(event).toMatchObject({ confirm: { missing_documents: true } });
  });

  it('refuses the unconfirmed advance with the missing names (the server’s 400)', () => {
    const actor = createActor(surgeryLifecycleMachine, { input: { facts: missingDocuments } }).start();
    actor.send({ type: 'lifecycle.advance' });
    actor.send({ type: 'lifecycle.advance', confirm: { missing_documents: false } });
    expect(stageOf(actor.getSnapshot())).toBe('prep_doc');
    const notices: LifecycleNotice[] = [];
    actor.on('*', (notice) => notices.push(notice));
    actor.send({ type: 'case.advance' });
    expect(notices).toEqual([
      { type: 'lifecycle.problems', problems: ['Faltam documentos exigidos: Risco cirúrgico, Pedido médico. Confirme para avançar mesmo assim.'] },
    ]);
  });
});

describe('surgery lifecycle machine, OPME items undecided', () => {
  const { paths } = models[3]!;

  it('leaves autorizacao only once every item is decided, and saves the OPME approval only then', () => {
    const past = paths.filter((path) => path.steps.some((step) => stageOf(step.state) === 'agendamento'));
    expect(past.length).toBeGreaterThan(0);
    for (const path of past) {
      const names = path.steps.map((step) => labels.get(step.event));
      expect(names.indexOf('every OPME item decided'), pathName(path)).toBeGreaterThan(-1);
      expect(names.indexOf('every OPME item decided')).toBeLessThan(names.indexOf('advance with data'));
    }
    const saves = paths.flatMap((path) => path.steps.filter((step) => step.event === saveOpmeApproval));
    expect(saves.length).toBeGreaterThan(0);
    for (const step of saves) expect(step.state.context.facts).toMatchObject({ opme_items_undecided: 0, opme_approvals: 'aprovada' });
  });

  it('refuses the OPME approval and the advance while an item is undecided', () => {
    const actor = createActor(surgeryLifecycleMachine, { input: { facts: itemsUndecided } }).start();
    for (let i = 0; i < 3; i++) actor.send({ type: 'lifecycle.advance', fields: {} });
    actor.send({ type: 'lifecycle.advance', fields: { document_arrivals: '2026-03-01' } });
    expect(stageOf(actor.getSnapshot())).toBe('autorizacao');
    actor.send(saveOpmeApproval);
    actor.send({ type: 'lifecycle.advance', fields: completing.autorizacao });
    expect(stageOf(actor.getSnapshot())).toBe('autorizacao');
    expect(actor.getSnapshot().context.facts.opme_approvals).toBeNull();
  });
});

describe('surgery lifecycle machine, ledger difference (issue 14)', () => {
  const { paths } = models[4]!;

  it('concludes only with a settlement when the payment leaves a difference', () => {
    const concluding = paths.flatMap((path) =>
      path.steps.slice(1).flatMap((step, i) => (stageOf(path.steps[i]!.state) === 'pagamento' && stageOf(step.state) === 'concluido' ? [step.event] : [])),
    );
    expect(concluding.map((event) => labels.get(event)).sort()).toEqual(['advance settled as glosa', 'advance settled as perda']);
  });

  it('says why: below the receipts, or the difference to settle', () => {
    const actor = createActor(surgeryLifecycleMachine, { input: { facts: ledgerDifference } }).start();
    for (const status of ['ind_paciente', 'prep_doc', 'env_doc', 'autorizacao', 'agendamento', 'realizacao'] as const) {
      actor.send({ type: 'lifecycle.advance', fields: completing[status] ?? {} });
    }
    expect(stageOf(actor.getSnapshot())).toBe('pagamento');
    const notices: LifecycleNotice[] = [];
    actor.on('*', (notice) => notices.push(notice));
    actor.send({ type: 'case.advance', fields: payment(400) });
    actor.send({ type: 'case.advance', fields: payment(2000) });
    expect(notices).toEqual([
      { type: 'lifecycle.problems', problems: ['O valor recebido não pode ser menor que a soma dos recebimentos lançados (R$ 500,00).'] },
      { type: 'lifecycle.problems', problems: ['O pagamento deixa uma diferença de R$ 500,00: informe se ela é glosa ou perda.'] },
    ]);
    // Paid in full: no difference, no settlement needed.
    actor.send({ type: 'lifecycle.advance', fields: payment(2500) });
    expect(stageOf(actor.getSnapshot())).toBe('concluido');
  });
});

describe.each(models)('surgery lifecycle machine, $name: every transition', ({ paths }) => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each(paths.map((path) => [pathName(path), path] as const))('%s', async (_name, path) => {
    const actor = createActor(surgeryLifecycleMachine, { input: { facts: path.steps[0]!.state.context.facts } }).start();
    const last = await replayPath<ModelEvent>(path, {
      actor,
      async exec(event) {
        if (event.type === JUMP_EVENT) vi.advanceTimersByTime(CONFLICT_JUMP_DELAY_MS);
        else actor.send(event);
      },
    });
    const snapshot = actor.getSnapshot();
    if (last.type === 'lifecycle.archive') expect(snapshot.value).toBe('arquiv');
    if (last.type === 'lifecycle.cancel') expect(snapshot.value).toBe('cancelado');
    if (last.type === 'lifecycle.conflict') expect(snapshot.value).toBe('jumping');
    if (last.type === JUMP_EVENT) expect(snapshot.context.jumpTo).toBeNull();
  });
});

/**
 * 4. The requests of the details page: a case that holds every step's data, whose IO actors are deferred fakes. Each resting stage is offered every request; each sending state every answer (the move agreed,
 * a conflict, a refusal, an actor that failed); `uploading` its progress; `reloading` the case
 * read again (once per path), gone, or unreadable.
 */
const answered = surgeryAt('env_doc');
const REQUEST_DONE = 'xstate.done.actor.request';
const REQUEST_ERROR = 'xstate.error.actor.request';
const LOAD_DONE = 'xstate.done.actor.loadCase';
type RequestModelEvent =
  | ModelEvent
  | { type: typeof REQUEST_DONE; output: MoveResult }
  | { type: typeof REQUEST_ERROR; error: unknown }
  | { type: typeof LOAD_DONE; output: CaseRead };

const requestLabels = new Map<object, string>();
const said = <E extends RequestModelEvent>(event: E, name: string): E => (requestLabels.set(event, name), event);
const outcomes = (stage: CaseStatus): RequestModelEvent[] => [
  said({ type: REQUEST_DONE, output: { kind: 'ok', surgery: answered } }, 'agreed'),
  // A conflict one stage back (on, from the first; and from realizacao on too, so that every stage is jumped to).
  ...[BACK_MOVES[stage] ?? nextStatus(stage), stage === 'realizacao' ? nextStatus(stage) : null].flatMap((actual) =>
    actual ? [said({ type: REQUEST_DONE, output: { kind: 'conflict', message: conflictMessage(actual), actual } }, `409 at ${actual}`)] : [],
  ),
  said({ type: REQUEST_DONE, output: { kind: 'rejected', status: 400, messages: ['Dados inválidos.'] } }, '400'),
  said({ type: REQUEST_ERROR, error: new Error('boom') }, 'actor failed'),
];
/** The reasons the dialogs send with archive and cancel (issue 13): they reach the actor's input as they are. */
const ARCHIVE_REASON = { reason: 'paciente_desistiu', reason_note: null } as const;
const CANCEL_REASON = { reason: 'outro', reason_note: 'Mudou de cidade.' } as const;
const resting = (stage: CaseStatus): RequestModelEvent[] => [
  said({ type: 'case.save', fields: {}, notes: { document_note: 'Nota' } }, 'save'),
  said({ type: 'case.advance', fields: completing[stage] ?? {} }, 'advance'),
  said({ type: 'case.back' }, 'back'),
  said({ type: 'case.archive', reason: ARCHIVE_REASON }, 'archive'),
  said({ type: 'case.cancel', reason: CANCEL_REASON }, 'cancel'),
  said({ type: 'case.upload', files: {}, advance: true }, 'upload and advance'),
  said({ type: 'case.upload', files: {}, advance: false }, 'upload'),
];
const requestEvents = (state: Snapshot): LifecycleEvent[] => {
  const stage = stageOf(state);
  if (stage === 'jumping') return [jump] as unknown as LifecycleEvent[];
  const sub = valueLabel(state.value).split('.')[1];
  const events: RequestModelEvent[] =
    sub === 'idle' || sub === 'failed'
      ? resting(stage)
      : sub === 'reloading'
        ? [
            // Read once per path at most: the read counter would make the graph endless.
            ...(state.context.reads === 0 ? [said({ type: LOAD_DONE, output: { kind: 'ok', surgery: answered, fields: {} } }, 'case read')] : []),
            said({ type: LOAD_DONE, output: { kind: 'notFound' } }, 'case gone'),
            said({ type: LOAD_DONE, output: { kind: 'failed' } }, 'case unreadable'),
          ]
        : [...outcomes(stage), ...(sub === 'uploading' ? [said({ type: 'case.progress', percent: 40 }, 'progress 40%')] : [])];
  return events as unknown as LifecycleEvent[];
};

function requestPathName(path: Path): string {
  const steps = path.steps.slice(1).map((step) => `${requestLabels.get(step.event) ?? labels.get(step.event) ?? step.event.type} → ${stateLabel(step.state)}`);
  return ['ind_paciente', ...steps].join(' → ');
}

const requestPaths = transitionPaths(
  surgeryLifecycleMachine,
  {
    events: requestEvents,
    input: { facts: allData, surgery: answered },
  },
  requestPathName,
);

/** The machine with deferred fakes for its IO actors, the inputs they got and the notices it emitted. */
function requestSut(facts: LifecycleFacts) {
  const pending = new Map<string, ReturnType<typeof deferred>>();
  const inputs: unknown[] = [];
  const fake = <T, I>(id: string) =>
    fromPromise<T, I>(({ input }) => {
      const d = deferred();
      inputs.push(input);
      pending.set(id, d);
      return d.promise as Promise<T>;
    });
  const machine = surgeryLifecycleMachine.provide({
    actors: {
      updateCase: fake('request'),
      uploadDocuments: fake('request'),
      archiveCase: fake('request'),
      cancelCase: fake('request'),
      loadCase: fake('loadCase'),
    },
  });
  const actor = createActor(machine, { input: { facts, surgery: answered } });
  const notices: LifecycleNotice[] = [];
  actor.on('*', (notice) => notices.push(notice));
  actor.start();
  async function exec(event: RequestModelEvent): Promise<void> {
    const outcome = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
    if (event.type === JUMP_EVENT) vi.advanceTimersByTime(CONFLICT_JUMP_DELAY_MS);
    else if (outcome) {
      const [, kind, id = ''] = outcome;
      const d = pending.get(id);
      if (!d) throw new Error(`no pending "${id}" actor to settle`);
      pending.delete(id);
      if (kind === 'done') d.resolve((event as { output: unknown }).output);
      else d.reject((event as { error: unknown }).error);
    } else actor.send(event as LifecycleEvent);
    await vi.advanceTimersByTimeAsync(0);
  }
  return { actor, exec, inputs, notices };
}

describe('surgery lifecycle machine, requests: every transition', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each(requestPaths.map((path) => [requestPathName(path), path] as const))('%s', async (_name, path) => {
    const sut = requestSut(allData);
    const last = await replayPath<RequestModelEvent>(path, sut);
    const snapshot = sut.actor.getSnapshot();
    const notice = sut.notices.at(-1);
    if (last.type === REQUEST_DONE && last.output.kind === 'ok') expect(notice?.type).toBe('lifecycle.moved');
    if (last.type === REQUEST_DONE && last.output.kind === 'conflict') {
      expect(snapshot.value).toBe('jumping');
      expect(notice).toMatchObject({ type: 'lifecycle.refused', result: { kind: 'conflict' } });
    }
    if (last.type === REQUEST_DONE && last.output.kind === 'rejected') expect(snapshot.hasTag('failed')).toBe(true);
    if (last.type === REQUEST_ERROR) expect(notice).toMatchObject({ type: 'lifecycle.refused', result: { kind: 'rejected', status: 0 } });
    if (last.type === LOAD_DONE && last.output.kind === 'notFound') expect(notice?.type).toBe('lifecycle.lost');
    if (snapshot.hasTag('sending')) {
      const request = snapshot.context.request!;
      const input = sut.inputs.at(-1) as { body?: { new_status: CaseStatus }; newStatus?: CaseStatus; id: number; reason?: unknown };
      expect(input.id).toBe(answered.id);
      if (request.kind !== 'archive' && request.kind !== 'cancel') expect(input.body?.new_status ?? input.newStatus).toBe(request.to);
      else expect(input.reason).toEqual(request.kind === 'archive' ? ARCHIVE_REASON : CANCEL_REASON);
    }
  });
});

describe('surgery lifecycle machine, requests: before sending', () => {
  it('warns with the step’s problems and sends nothing when its requirements are missing', () => {
    const sut = requestSut(noData);
    sut.actor.send({ type: 'case.advance', fields: {} });
    for (const status of ['prep_doc', 'env_doc'] as const) {
      expect(stageOf(sut.actor.getSnapshot())).not.toBe(status);
    }
    expect(sut.notices).toEqual([]);
    const atEnvDoc = requestSut(noData);
    atEnvDoc.actor.send({ type: 'lifecycle.advance' });
    atEnvDoc.actor.send({ type: 'lifecycle.advance' });
    atEnvDoc.actor.send({ type: 'case.advance', fields: {} });
    expect(atEnvDoc.actor.getSnapshot().value).toEqual({ env_doc: 'idle' });
    expect(atEnvDoc.notices).toEqual([{ type: 'lifecycle.problems', problems: ['Preencha a data de envio da documentação!'] }]);
    expect(atEnvDoc.inputs).toEqual([]);
  });

  it('hands archive’s reason to the actor, and null when the event carries none', () => {
    const withReason = requestSut(allData);
    withReason.actor.send({ type: 'case.archive', reason: { reason: 'financeiro', reason_note: 'Sem cobertura.' } });
    expect(withReason.actor.getSnapshot().value).toEqual({ ind_paciente: 'archiving' });
    expect(withReason.inputs).toEqual([{ id: answered.id, version: answered.version, reason: { reason: 'financeiro', reason_note: 'Sem cobertura.' } }]);
    const without = requestSut(allData);
    without.actor.send({ type: 'case.archive' });
    expect(without.inputs).toEqual([{ id: answered.id, version: answered.version, reason: null }]);
  });

  it('takes no second request while one is in flight', () => {
    const sut = requestSut(allData);
    sut.actor.send({ type: 'case.save', fields: {} });
    expect(sut.actor.getSnapshot().value).toEqual({ ind_paciente: 'updating' });
    expect(sut.actor.getSnapshot().can({ type: 'case.archive' })).toBe(false);
    sut.actor.send({ type: 'case.archive' });
    expect(sut.inputs).toHaveLength(1);
  });

  it('takes facts read elsewhere (the approvals) at any stage, so the advance sees them', () => {
    const sut = requestSut({ ...allData, hospital_approvals: null });
    for (let i = 0; i < 3; i++) sut.actor.send({ type: 'lifecycle.advance' });
    sut.actor.send({ type: 'case.advance', fields: {} });
    expect(sut.notices).toEqual([{ type: 'lifecycle.problems', problems: ['Todos os status tem que está aprovado!'] }]);
    sut.actor.send({ type: 'case.updated', fields: { hospital_approvals: 'aprovada' } });
    sut.actor.send({ type: 'case.advance', fields: {} });
    expect(sut.actor.getSnapshot().value).toEqual({ autorizacao: 'updating' });
  });

  it('carries the confirmation of missing documents to the upload and the update, and moves on once agreed', async () => {
    vi.useFakeTimers();
    const facts = { ...allData, missing_documents: ['Risco cirúrgico'] };
    const upload = requestSut(facts);
    upload.actor.send({ type: 'lifecycle.advance' });
    upload.actor.send({ type: 'case.upload', files: {}, advance: true, confirm: { missing_documents: true } });
    expect(upload.inputs.at(-1)).toMatchObject({ newStatus: 'env_doc', confirmMissingDocuments: true });
    await upload.exec({ type: REQUEST_DONE, output: { kind: 'ok', surgery: answered } });
    expect(upload.actor.getSnapshot().value).toEqual({ env_doc: 'idle' });
    const update = requestSut(facts);
    update.actor.send({ type: 'lifecycle.advance' });
    update.actor.send({ type: 'case.advance', confirm: { missing_documents: true } });
    expect(update.inputs.at(-1)).toMatchObject({ body: { new_status: 'env_doc', missing_documents_confirmed: true } });
    await update.exec({ type: REQUEST_DONE, output: { kind: 'ok', surgery: answered } });
    expect(update.actor.getSnapshot().value).toEqual({ env_doc: 'idle' });
    // Without the confirmation the upload goes out unconfirmed (the server answers the missing names).
    const plain = requestSut(facts);
    plain.actor.send({ type: 'lifecycle.advance' });
    plain.actor.send({ type: 'case.upload', files: {}, advance: true });
    expect(plain.inputs.at(-1)).toMatchObject({ confirmMissingDocuments: false });
    vi.useRealTimers();
  });

  it('reports the upload’s progress through the input it gives the actor', () => {
    const sut = requestSut(allData);
    sut.actor.send({ type: 'lifecycle.advance' });
    sut.actor.send({ type: 'case.upload', files: {}, advance: true });
    const input = sut.inputs.at(-1) as { onProgress: (percent: number) => void; newStatus: CaseStatus };
    expect(input.newStatus).toBe('env_doc');
    expect(sut.actor.getSnapshot().context.progress).toBe(0);
    input.onProgress(40);
    expect(sut.actor.getSnapshot().context.progress).toBe(40);
  });
});

describe('surgery lifecycle machine: coverage', () => {
  it('reaches every state node and takes every event type', () => {
    const all = [...models.flatMap((model) => model.paths), ...requestPaths];
    const reached = new Set(all.map((path) => valueLabel(path.state.value)));
    for (const path of all) {
      for (const step of path.steps) {
        const label = valueLabel(step.state.value);
        reached.add(label).add(label.split('.')[0]!);
      }
    }
    for (const node of stateNodeValues(surgeryLifecycleMachine)) {
      if (node.id !== 'surgeryLifecycle') expect(reached, node.id).toContain(valueLabel(node.value));
    }
    const taken = new Set(all.flatMap((path) => path.steps.map((step) => step.event.type)));
    const types = ['lifecycle.advance', 'lifecycle.save', 'lifecycle.back', 'lifecycle.archive', 'lifecycle.cancel', 'lifecycle.conflict', JUMP_EVENT];
    types.push('case.save', 'case.advance', 'case.back', 'case.archive', 'case.cancel', 'case.upload', 'case.progress');
    for (const type of [...types, REQUEST_DONE, REQUEST_ERROR, LOAD_DONE]) {
      expect(taken).toContain(type);
    }
  });
});

describe('surgery lifecycle machine: the server paths', () => {
  const serverEvents = (state: Snapshot): LifecycleEvent[] => [
    { type: 'lifecycle.advance', fields: completing[stageOf(state) as CaseStatus] ?? {} },
    { type: 'lifecycle.back' },
    { type: 'lifecycle.archive' },
    { type: 'lifecycle.cancel' },
  ];
  const simple = getSimplePaths(surgeryLifecycleMachine, {
    events: serverEvents,
    input: { facts: noData },
    serializeState: (state) => JSON.stringify(state.value),
    toState: (state) => ['concluido', 'cancelado', 'arquiv'].includes(state.value as string),
  });
  const names = simple.map((path) => path.steps.map((step) => stageOf(step.state)).join(' → ')).sort();

  it('are one to concluido, one to cancelado and six to arquiv (one per archivable stage)', () => {
    expect(names).toEqual(
      [
        'ind_paciente → arquiv',
        'ind_paciente → prep_doc → arquiv',
        'ind_paciente → prep_doc → env_doc → arquiv',
        'ind_paciente → prep_doc → env_doc → autorizacao → arquiv',
        'ind_paciente → prep_doc → env_doc → autorizacao → agendamento → arquiv',
        'ind_paciente → prep_doc → env_doc → autorizacao → agendamento → realizacao → arquiv',
        'ind_paciente → prep_doc → env_doc → autorizacao → agendamento → realizacao → pagamento → cancelado',
        'ind_paciente → prep_doc → env_doc → autorizacao → agendamento → realizacao → pagamento → concluido',
      ].sort(),
    );
  });
});
