import { assign, createActor, getNextSnapshot, setup, type SnapshotFrom } from 'xstate';
import { CASE_STATUSES, type CaseStatus } from '../constants';
import {
  advanceProblems,
  applyFields,
  CONFLICT_JUMP_DELAY_MS,
  type LifecycleFacts,
  type StepFields,
} from './lifecycleRules';

/**
 * The seven-step surgery lifecycle (SPEC §4, DECISIONS §4): one state per stage key, the one source of truth for
 * which moves exist. The SPA's details page runs it; the API asks it whether a requested move is allowed
 * (`decideMove` below) before writing anything.
 *
 * - `lifecycle.advance` (with the step's fields) moves to the next stage when ./lifecycleRules.ts `advanceProblems`
 *   finds nothing missing; otherwise it stays.
 * - `lifecycle.save` keeps the stage and applies the fields (the authorization toggles use it).
 * - `lifecycle.back`: the six single-step back moves. `lifecycle.archive`: steps 1–6 → arquiv.
 *   `lifecycle.cancel`: pagamento → cancelado. concluido, cancelado and arquiv are final.
 * - `lifecycle.conflict`: the server refused a move and said where the case really is; the machine waits in
 *   `jumping` for SPEC §9's 400 ms (the `conflictJump` delay) and then enters that stage. The server never sends it.
 *
 * The context holds the facts the guards read; a snapshot for any stage comes from `lifecycleSnapshot`.
 */

export type LifecycleEvent =
  | { type: 'lifecycle.advance'; fields?: StepFields }
  | { type: 'lifecycle.save'; fields: StepFields }
  | { type: 'lifecycle.back' }
  | { type: 'lifecycle.archive' }
  | { type: 'lifecycle.cancel' }
  | { type: 'lifecycle.conflict'; actualStatus: CaseStatus };

export type LifecycleContext = {
  facts: LifecycleFacts;
  /** While `jumping`: the stage the page was showing and the one it is about to show. */
  jumpFrom: CaseStatus | null;
  jumpTo: CaseStatus | null;
};

export type LifecycleInput = { facts: LifecycleFacts };

const stepMachine = setup({
  types: {
    context: {} as LifecycleContext,
    events: {} as LifecycleEvent,
    input: {} as LifecycleInput,
  },
  guards: {
    /** The stage's requirements hold once the event's fields are applied (DECISIONS §4). */
    stepComplete: ({ context, event }, params: { from: CaseStatus }) =>
      event.type === 'lifecycle.advance' &&
      advanceProblems(params.from, applyFields(context.facts, event.fields)).length === 0,
    jumpsTo: ({ context }, params: { status: CaseStatus }) => context.jumpTo === params.status,
  },
  actions: {
    applyFields: assign({
      facts: ({ context, event }) =>
        event.type === 'lifecycle.advance' || event.type === 'lifecycle.save'
          ? applyFields(context.facts, event.fields)
          : context.facts,
    }),
    /** Remembers where to jump; `from` is the stage being left. */
    startJump: assign(({ event }, params: { from: CaseStatus }) => ({
      jumpFrom: params.from,
      jumpTo: event.type === 'lifecycle.conflict' ? event.actualStatus : null,
    })),
    endJump: assign({ jumpFrom: null, jumpTo: null }),
  },
  delays: { conflictJump: CONFLICT_JUMP_DELAY_MS },
});

/** The transitions every active stage has: save in place, advance when complete, and the conflict jump. */
function activeStage(from: CaseStatus, next: CaseStatus) {
  return {
    save: { actions: 'applyFields' as const },
    advance: {
      target: next,
      guard: { type: 'stepComplete' as const, params: { from } },
      actions: 'applyFields' as const,
    },
    conflict: { target: 'jumping', actions: { type: 'startJump' as const, params: { from } } },
  };
}

function stage(from: CaseStatus, next: CaseStatus, moves: { back?: CaseStatus; archive?: boolean; cancel?: boolean }) {
  const { save, advance, conflict } = activeStage(from, next);
  return {
    on: {
      'lifecycle.save': save,
      'lifecycle.advance': advance,
      ...(moves.back ? { 'lifecycle.back': { target: moves.back } } : {}),
      ...(moves.archive ? { 'lifecycle.archive': { target: 'arquiv' } } : {}),
      ...(moves.cancel ? { 'lifecycle.cancel': { target: 'cancelado' } } : {}),
      'lifecycle.conflict': conflict,
    },
  };
}

export const surgeryLifecycleMachine = stepMachine.createMachine({
  id: 'surgeryLifecycle',
  context: ({ input }) => ({ facts: input.facts, jumpFrom: null, jumpTo: null }),
  initial: 'ind_paciente',
  states: {
    ind_paciente: stage('ind_paciente', 'prep_doc', { archive: true }),
    prep_doc: stage('prep_doc', 'env_doc', { back: 'ind_paciente', archive: true }),
    env_doc: stage('env_doc', 'autorizacao', { back: 'prep_doc', archive: true }),
    autorizacao: stage('autorizacao', 'agendamento', { back: 'env_doc', archive: true }),
    agendamento: stage('agendamento', 'realizacao', { back: 'autorizacao', archive: true }),
    realizacao: stage('realizacao', 'pagamento', { back: 'agendamento', archive: true }),
    pagamento: stage('pagamento', 'concluido', { back: 'realizacao', cancel: true }),
    concluido: { type: 'final' },
    cancelado: { type: 'final' },
    arquiv: { type: 'final' },
    jumping: {
      after: {
        conflictJump: CASE_STATUSES.map((status) => ({
          target: status,
          guard: { type: 'jumpsTo' as const, params: { status } },
          actions: 'endJump' as const,
        })),
      },
    },
  },
});

export type LifecycleSnapshot = SnapshotFrom<typeof surgeryLifecycleMachine>;

/** The machine at `status` with the case's facts (a stored case, read back into the machine). */
export function lifecycleSnapshot(status: CaseStatus, facts: LifecycleFacts): LifecycleSnapshot {
  return surgeryLifecycleMachine.resolveState({ value: status, context: { facts, jumpFrom: null, jumpTo: null } });
}

/** A started actor of the machine at `status` (the details page runs one per case). */
export function startLifecycleActor(status: CaseStatus, facts: LifecycleFacts) {
  return createActor(surgeryLifecycleMachine, { snapshot: lifecycleSnapshot(status, facts), input: { facts } }).start();
}

/** The stage a snapshot shows: its state, or while jumping the stage it is leaving. */
export function shownStatus(snapshot: LifecycleSnapshot): CaseStatus {
  if (snapshot.value === 'jumping') return snapshot.context.jumpFrom ?? 'ind_paciente';
  return snapshot.value;
}

/** The stage `event` leads to from `status` by the machine's own transitions (guards aside), or null if none. */
export function transitionTarget(status: CaseStatus, eventType: LifecycleEvent['type']): CaseStatus | null {
  const node = surgeryLifecycleMachine.states[status];
  const transitions = node?.on[eventType];
  const target = transitions?.[0]?.target?.[0];
  if (!transitions) return null;
  return target ? (target.key as CaseStatus) : status;
}

/** What the server may do with a request to put a case that is at `current` into `requested`. */
export type MoveDecision =
  | { kind: 'save' | 'advance' | 'back' | 'archive' | 'cancel'; to: CaseStatus; facts: LifecycleFacts }
  | { kind: 'conflict' }
  | { kind: 'invalid'; problems: string[] };

const MOVE_EVENTS = {
  save: 'lifecycle.save',
  advance: 'lifecycle.advance',
  back: 'lifecycle.back',
  archive: 'lifecycle.archive',
  cancel: 'lifecycle.cancel',
} as const satisfies Record<string, LifecycleEvent['type']>;

type MoveKind = keyof typeof MOVE_EVENTS;

/**
 * Asks the machine about a requested move (DECISIONS §4): which of its events leads from `current` to `requested`
 * (none: conflict), and whether that event's guard lets it through with `fields` applied (no: the step's
 * problems). Archive and cancel are asked for by `kind` (their routes carry no status).
 */
export function decideMove(
  current: CaseStatus,
  facts: LifecycleFacts,
  request: { requested: CaseStatus; fields?: StepFields } | { kind: 'archive' | 'cancel' },
): MoveDecision {
  const kinds: MoveKind[] = 'kind' in request ? [request.kind] : ['save', 'advance', 'back'];
  const fields = 'kind' in request ? undefined : request.fields;
  const kind = kinds.find((candidate) => {
    const target = transitionTarget(current, MOVE_EVENTS[candidate]);
    return target !== null && ('kind' in request || target === request.requested);
  });
  if (!kind) return { kind: 'conflict' };
  const event = (kind === 'save' ? { type: MOVE_EVENTS.save, fields: fields ?? {} } : { type: MOVE_EVENTS[kind], fields }) as LifecycleEvent;
  const before = lifecycleSnapshot(current, facts);
  const after = getNextSnapshot(surgeryLifecycleMachine, before, event);
  const to = after.value as CaseStatus;
  if (kind !== 'save' && to === current) {
    // Only an advance has a guard that can refuse it; its problems are the guard's own reasons.
    return { kind: 'invalid', problems: advanceProblems(current, applyFields(facts, fields)) };
  }
  return { kind, to, facts: after.context.facts };
}
