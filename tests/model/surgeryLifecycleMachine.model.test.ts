import { getSimplePaths } from 'xstate/graph';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { CASE_STATUSES, type CaseStatus } from '../../machines/constants';
import {
  CONFLICT_JUMP_DELAY_MS,
  EMPTY_FACTS,
  nextStatus,
  type LifecycleFacts,
  type StepFields,
} from '../../machines/surgeryLifecycle/lifecycleRules';
import {
  surgeryLifecycleMachine,
  type LifecycleEvent,
} from '../../machines/surgeryLifecycle/surgeryLifecycleMachine';
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
  return (state: Snapshot) => (table.get(valueLabel(state.value)) ?? []) as LifecycleEvent[];
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

function pathName(path: Path): string {
  const steps = path.steps.slice(1).map((step) => `${labels.get(step.event) ?? step.event.type} → ${valueLabel(step.state.value)}`);
  return ['ind_paciente', ...steps].join(' → ').replace(/ → ([\w]+)$/, ' ⇒ $1');
}

const models = [
  { name: 'data complete', paths: transitionPaths(surgeryLifecycleMachine, { events: dataComplete, input: { facts: allData } }, pathName) },
  { name: 'data missing', paths: transitionPaths(surgeryLifecycleMachine, { events: dataMissing, input: { facts: noData } }, pathName) },
];

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

describe('surgery lifecycle machine: coverage', () => {
  it('reaches every state node and takes every event type', () => {
    const all = models.flatMap((model) => model.paths);
    const reached = new Set(all.map((path) => valueLabel(path.state.value)));
    for (const node of stateNodeValues(surgeryLifecycleMachine)) {
      if (node.id !== 'surgeryLifecycle') expect(reached, node.id).toContain(valueLabel(node.value));
    }
    const taken = new Set(all.flatMap((path) => path.steps.map((step) => step.event.type)));
    for (const type of ['lifecycle.advance', 'lifecycle.save', 'lifecycle.back', 'lifecycle.archive', 'lifecycle.cancel', 'lifecycle.conflict', JUMP_EVENT]) {
      expect(taken).toContain(type);
    }
  });
});

describe('surgery lifecycle machine: the server paths', () => {
  const serverEvents = (state: Snapshot): LifecycleEvent[] => [
    { type: 'lifecycle.advance', fields: completing[state.value as CaseStatus] ?? {} },
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
  const names = simple.map((path) => path.steps.map((step) => valueLabel(step.state.value)).join(' → ')).sort();

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
