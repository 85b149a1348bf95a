import { assign, createActor, emit, fromPromise, getNextSnapshot, raise, setup, type SnapshotFrom } from 'xstate';
import { ACTIVE_STATUSES, CASE_STATUSES, isActiveStatus, type ActiveStatus, type CaseStatus } from '../constants';
import type { LossReasonChoice } from '../preoperative/reasonSchemas';
import {
  advanceProblems,
  applyFields,
  CONFLICT_JUMP_DELAY_MS,
  GUARDED_SAVE_STAGES,
  LIFECYCLE_MOVES,
  type AdvanceConfirmations,
  saveProblems,
  type LifecycleFacts,
  type ReadFields,
  type StageMoves,
  type StepFields,
  type StepNotes,
} from './lifecycleRules';
import {
  closeInput,
  loadInput,
  updateInput,
  uploadInput,
  type CaseRead,
  type CloseCaseInput,
  type SurgeryCase,
  type DocumentFiles,
  type LifecycleContext,
  type LifecycleInput,
  type LifecycleNotice,
  type LifecycleRequest,
  type LoadCaseInput,
  type MoveResult,
  type RequestKind,
  type UpdateCaseInput,
  type UploadDocumentsInput,
} from './lifecycleRequests';

/**
 * The seven-step surgery lifecycle (SPEC §4, DECISIONS §4), generated from the one move table
 * (./lifecycleRules.ts `LIFECYCLE_MOVES`): one state per stage key. The API asks it whether a requested move is
 * allowed (`decideMove` below) before writing anything; the details page runs it, and it drives the page's requests.
 *
 * The pure moves (the server's questions; the page's requests raise them once the server agreed):
 * - `lifecycle.advance` (with the step's fields) moves on when `advanceProblems` finds nothing missing, else stays;
 * - `lifecycle.save` keeps the stage and applies the fields; `lifecycle.back`, `lifecycle.archive`,
 *   `lifecycle.cancel` as the table says; concluido, cancelado and arquiv are final;
 * - `lifecycle.conflict`: the server refused a move and said where the case really is; the machine waits in
 *   `jumping` for SPEC §9's 400 ms (`conflictJump`), enters that stage and reads the case again.
 *
 * The requests (`case.*`, the page's events): each active stage rests in `idle` (or `failed`, after a refused
 * request) and sends from `updating`, `uploading`, `archiving` or `cancelling`, whose IO actors are stubs here; the
 * page supplies the real ones with `.provide` (src/features/surgeries/details/actors.ts), the tests fakes. An advance
 * whose requirements are missing is not sent (`lifecycle.problems`). The server resolves a stage with its request
 * sub-state `idle` and only ever sends the pure moves, so no actor runs there.
 */

export type LifecycleEvent =
  /** `confirm`: what the user confirmed although the stage would refuse it (issue 13: missing documents). */
  | { type: 'lifecycle.advance'; fields?: StepFields; confirm?: AdvanceConfirmations }
  | { type: 'lifecycle.save'; fields: StepFields }
  | { type: 'lifecycle.back' }
  | { type: 'lifecycle.archive' }
  | { type: 'lifecycle.cancel' }
  | { type: 'lifecycle.conflict'; actualStatus: CaseStatus }
  | { type: 'case.save'; fields: StepFields; notes?: StepNotes }
  | { type: 'case.advance'; fields?: StepFields; notes?: StepNotes; confirm?: AdvanceConfirmations }
  | { type: 'case.upload'; files: DocumentFiles; advance: boolean; confirm?: AdvanceConfirmations }
  | { type: 'case.back' }
  /** `reason`: why (issue 13), sent with the request; the API takes none too, the page always asks for one. */
  | { type: 'case.archive'; reason?: LossReasonChoice }
  | { type: 'case.cancel'; reason?: LossReasonChoice }
  /**
   * News of the case from elsewhere on the page, whatever wrote or read it (the approvals, the OPME items, the ledger,
   * an authorization record, the holder, the documents): `fields`, facts the guards read, so they see what the server
   * has; `surgery`, the case as that write answered it, or only its new `version`, so the next request is sent from
   * the version the server has. Another case's answer is ignored.
   */
  | { type: 'case.updated'; fields?: ReadFields; surgery?: SurgeryCase | { version: number } }
  | { type: 'case.progress'; percent: number }
  | { type: 'xstate.done.actor.request'; output: MoveResult }
  | { type: 'xstate.done.actor.loadCase'; output: CaseRead };


function notProvided(name: string): never {
  throw new Error(`surgeryLifecycleMachine: the "${name}" actor must be provided with .provide()`);
}

const answerOf = (event: LifecycleEvent): MoveResult | null => (event.type === 'xstate.done.actor.request' ? event.output : null);
const readOf = (event: LifecycleEvent): CaseRead | null => (event.type === 'xstate.done.actor.loadCase' ? event.output : null);

/** The request an event starts (`params`: its kind and stages, from the move table). */
function requestOf(event: LifecycleEvent, params: Pick<LifecycleRequest, 'kind' | 'from' | 'to'>): LifecycleRequest {
  const fields = event.type === 'case.save' || event.type === 'case.advance' ? (event.fields ?? {}) : {};
  const notes = event.type === 'case.save' || event.type === 'case.advance' ? (event.notes ?? {}) : {};
  const files = event.type === 'case.upload' ? event.files : {};
  const reason = event.type === 'case.archive' || event.type === 'case.cancel' ? (event.reason ?? null) : null;
  const confirm = event.type === 'case.advance' || event.type === 'case.upload' ? (event.confirm ?? {}) : {};
  return { ...params, fields, notes, files, reason, confirm };
}

/** The pure move a request stood for, applied once the server agreed. */
function moveOf(request: LifecycleRequest): LifecycleEvent {
  switch (request.kind) {
    case 'save':
      return { type: 'lifecycle.save', fields: request.fields };
    case 'advance':
      return { type: 'lifecycle.advance', fields: request.fields, confirm: request.confirm };
    case 'upload':
      return request.to === request.from ? { type: 'lifecycle.save', fields: {} } : { type: 'lifecycle.advance', confirm: request.confirm };
    default:
      return { type: `lifecycle.${request.kind}` };
  }
}

const stepMachine = setup({
  types: {
    context: {} as LifecycleContext,
    events: {} as LifecycleEvent,
    input: {} as LifecycleInput,
    emitted: {} as LifecycleNotice,
  },
  actors: {
    updateCase: fromPromise<MoveResult, UpdateCaseInput>(async () => notProvided('updateCase')),
    uploadDocuments: fromPromise<MoveResult, UploadDocumentsInput>(async () => notProvided('uploadDocuments')),
    archiveCase: fromPromise<MoveResult, CloseCaseInput>(async () => notProvided('archiveCase')),
    cancelCase: fromPromise<MoveResult, CloseCaseInput>(async () => notProvided('cancelCase')),
    loadCase: fromPromise<CaseRead, LoadCaseInput>(async () => notProvided('loadCase')),
  },
  guards: {
    /**
     * The stage's requirements hold once the event's fields are applied (DECISIONS §4), or what is missing was
     * confirmed where a confirmation is enough (issue 13: the required documents at prep_doc).
     */
    stepComplete: ({ context, event }, params: { from: CaseStatus }) =>
      (event.type === 'lifecycle.advance' || event.type === 'case.advance') &&
      advanceProblems(params.from, applyFields(context.facts, event.fields), event.confirm).length === 0,
    /** A save in place is allowed with its fields (DECISIONS §15: no OPME approval while an item is undecided). */
    saveAllowed: ({ context, event }, params: { from: CaseStatus }) =>
      (event.type === 'lifecycle.save' || event.type === 'case.save') && saveProblems(params.from, context.facts, event.fields).length === 0,
    jumpsTo: ({ context }, params: { status: CaseStatus }) => context.jumpTo === params.status,
    jumpsToCase: ({ context }, params: { status: CaseStatus }) => context.jumpTo === params.status && context.surgery !== null,
    uploadAdvances: ({ event }) => event.type === 'case.upload' && event.advance,
    answerOk: ({ event }) => answerOf(event)?.kind === 'ok',
    answerConflict: ({ event }) => answerOf(event)?.kind === 'conflict',
    readOk: ({ event }) => readOf(event)?.kind === 'ok',
    caseMissing: ({ event }) => readOf(event)?.kind === 'notFound',
  },
  actions: {
    applyFields: assign({
      facts: ({ context, event }) =>
        event.type === 'lifecycle.advance' || event.type === 'lifecycle.save' || event.type === 'case.updated'
          ? applyFields(context.facts, event.fields)
          : context.facts,
    }),
    /** The case as a write elsewhere left it (all of it, or its version), when it is this page's case. */
    assignUpdated: assign({
      surgery: ({ context, event }) => {
        if (event.type !== 'case.updated' || !event.surgery || !context.surgery) return context.surgery;
        if ('id' in event.surgery && event.surgery.id !== context.surgery.id) return context.surgery;
        return { ...context.surgery, ...event.surgery };
      },
    }),
    /** Remembers where to jump; `from` is the stage being left. */
    startJump: assign(({ event }, params: { from: CaseStatus }) => ({
      jumpFrom: params.from,
      jumpTo: event.type === 'lifecycle.conflict' ? event.actualStatus : null,
    })),
    /** Landed: a closed stage is not read again, so the case takes the stage the server named. */
    endJump: assign(({ context }) => ({
      jumpFrom: null,
      jumpTo: null,
      surgery: context.surgery && context.jumpTo ? { ...context.surgery, status: context.jumpTo } : context.surgery,
    })),
    startRequest: assign(({ event }, params: Pick<LifecycleRequest, 'kind' | 'from' | 'to'>) => ({
      request: requestOf(event, params),
    })),
    endRequest: assign({ request: null, progress: null }),
    startProgress: assign({ progress: 0 }),
    assignProgress: assign({ progress: ({ context, event }) => (event.type === 'case.progress' ? event.percent : context.progress) }),
    assignAnswer: assign({
      surgery: ({ context, event }) => {
        const answer = answerOf(event);
        return answer?.kind === 'ok' ? answer.surgery : context.surgery;
      },
    }),
    assignRead: assign(({ context, event }) => {
      const read = readOf(event);
      if (read?.kind !== 'ok') return {};
      return { surgery: read.surgery, facts: applyFields(context.facts, read.fields), reads: context.reads + 1 };
    }),
    raiseMove: raise(({ context }) => (context.request ? moveOf(context.request) : { type: 'lifecycle.save', fields: {} })),
    raiseConflict: raise(({ event }) => {
      const answer = answerOf(event);
      return { type: 'lifecycle.conflict', actualStatus: answer?.kind === 'conflict' ? answer.actual : 'ind_paciente' };
    }),
    warnProblems: emit(({ context, event }, params: { from: CaseStatus }) => ({
      type: 'lifecycle.problems' as const,
      problems:
        event.type === 'case.advance'
          ? advanceProblems(params.from, applyFields(context.facts, event.fields), event.confirm)
          : advanceProblems(params.from, context.facts),
    })),
    warnSaveProblems: emit(({ context, event }, params: { from: CaseStatus }) => ({
      type: 'lifecycle.problems' as const,
      problems: saveProblems(params.from, context.facts, event.type === 'case.save' ? event.fields : undefined),
    })),
    emitMoved: emit(({ context }) => ({
      type: 'lifecycle.moved' as const,
      request: context.request?.kind ?? 'save',
      to: context.request?.to ?? 'ind_paciente',
    })),
    emitRefused: emit(({ context, event }) => {
      const answer = answerOf(event);
      return {
        type: 'lifecycle.refused' as const,
        request: context.request?.kind ?? 'save',
        // No answer at all (the actor failed): SPEC §8's generic message, as for a body without messages.
        result: answer && answer.kind !== 'ok' ? answer : { kind: 'rejected' as const, status: 0, messages: [] },
      };
    }),
    emitLost: emit({ type: 'lifecycle.lost' as const }),
  },
  delays: { conflictJump: CONFLICT_JUMP_DELAY_MS },
});

/** How a sending state ends: the pure move on success, the jump on 409, `failed` otherwise (always with a notice). */
const settle = {
  onDone: [
    { guard: 'answerOk', target: 'idle', actions: ['assignAnswer', 'emitMoved', 'raiseMove', 'endRequest'] },
    { guard: 'answerConflict', target: 'idle', actions: ['emitRefused', 'raiseConflict', 'endRequest'] },
    { target: 'failed', actions: ['emitRefused', 'endRequest'] },
  ],
  onError: { target: 'failed', actions: ['emitRefused', 'endRequest'] },
} as const;

const sendingStates = {
  updating: { tags: ['sending'], invoke: { id: 'request', src: 'updateCase', input: updateInput, ...settle } },
  uploading: {
    tags: ['sending'],
    entry: 'startProgress',
    on: { 'case.progress': { actions: 'assignProgress' } },
    invoke: { id: 'request', src: 'uploadDocuments', input: uploadInput, ...settle },
  },
  archiving: { tags: ['sending'], invoke: { id: 'request', src: 'archiveCase', input: closeInput, ...settle } },
  cancelling: { tags: ['sending'], invoke: { id: 'request', src: 'cancelCase', input: closeInput, ...settle } },
} as const;

/** The requests a resting stage takes, as the move table allows them. */
function requests(from: ActiveStatus, moves: StageMoves) {
  const start = (kind: RequestKind, to: CaseStatus, target: keyof typeof sendingStates) => ({
    target,
    actions: { type: 'startRequest' as const, params: { kind, from, to } },
  });
  return {
    'case.save': GUARDED_SAVE_STAGES.includes(from)
      ? [
          { guard: { type: 'saveAllowed' as const, params: { from } }, ...start('save', from, 'updating') },
          { actions: { type: 'warnSaveProblems' as const, params: { from } } },
        ]
      : start('save', from, 'updating'),
    'case.advance': [
      { guard: { type: 'stepComplete' as const, params: { from } }, ...start('advance', moves.advance, 'updating') },
      { actions: { type: 'warnProblems' as const, params: { from } } },
    ],
    ...(moves.back ? { 'case.back': start('back', moves.back, 'updating') } : {}),
    ...(moves.upload
      ? {
          'case.upload': [
            { guard: 'uploadAdvances' as const, ...start('upload', moves.advance, 'uploading') },
            start('upload', from, 'uploading'),
          ],
        }
      : {}),
    ...(moves.archive ? { 'case.archive': start('archive', 'arquiv', 'archiving') } : {}),
    ...(moves.cancel ? { 'case.cancel': start('cancel', 'cancelado', 'cancelling') } : {}),
  };
}

/** An active stage: its pure moves, and its request sub-states (resting in `idle`). */
function stage(from: ActiveStatus) {
  const moves: StageMoves = LIFECYCLE_MOVES[from];
  const { uploading, archiving, cancelling, updating } = sendingStates;
  return {
    initial: 'idle' as const,
    on: {
      'lifecycle.save': GUARDED_SAVE_STAGES.includes(from)
        ? { guard: { type: 'saveAllowed' as const, params: { from } }, actions: 'applyFields' as const }
        : { actions: 'applyFields' as const },
      'lifecycle.advance': {
        target: `#surgeryLifecycle.${moves.advance}`,
        guard: { type: 'stepComplete' as const, params: { from } },
        actions: 'applyFields' as const,
      },
      ...(moves.back ? { 'lifecycle.back': { target: `#surgeryLifecycle.${moves.back}` } } : {}),
      ...(moves.archive ? { 'lifecycle.archive': { target: '#surgeryLifecycle.arquiv' } } : {}),
      ...(moves.cancel ? { 'lifecycle.cancel': { target: '#surgeryLifecycle.cancelado' } } : {}),
      'lifecycle.conflict': { target: '#surgeryLifecycle.jumping', actions: { type: 'startJump' as const, params: { from } } },
      'case.updated': { actions: ['applyFields' as const, 'assignUpdated' as const] },
    },
    states: {
      idle: { on: requests(from, moves) },
      failed: { tags: ['failed'], on: requests(from, moves) },
      /** After a conflict jump: the case as the server has it now. */
      reloading: {
        invoke: {
          id: 'loadCase',
          src: 'loadCase' as const,
          input: loadInput,
          onDone: [
            { guard: 'readOk' as const, target: 'idle', actions: 'assignRead' as const },
            { guard: 'caseMissing' as const, target: 'idle', actions: 'emitLost' as const },
            { target: 'idle' },
          ],
          onError: { target: 'idle' },
        },
      },
      updating,
      ...(moves.upload ? { uploading } : {}),
      ...(moves.archive ? { archiving } : {}),
      ...(moves.cancel ? { cancelling } : {}),
    },
  };
}

type ClosedStatus = Exclude<CaseStatus, ActiveStatus>;

/** One state per stage, in STAGES' order: an active stage's moves and requests, a closed stage final. */
const stageStates = Object.fromEntries(
  CASE_STATUSES.map((status) => [status, isActiveStatus(status) ? stage(status) : { type: 'final' as const }]),
) as Record<ActiveStatus, ReturnType<typeof stage>> & Record<ClosedStatus, { type: 'final' }>;

export const surgeryLifecycleMachine = stepMachine.createMachine({
  id: 'surgeryLifecycle',
  context: ({ input }) => ({
    facts: input.facts,
    surgery: input.surgery ?? null,
    request: null,
    progress: null,
    reads: 0,
    jumpFrom: null,
    jumpTo: null,
  }),
  initial: ACTIVE_STATUSES[0],
  states: {
    ...stageStates,
    jumping: {
      tags: ['jumping'],
      after: {
        // An active stage reads the case again (when there is one: not on the server); a closed one cannot.
        conflictJump: CASE_STATUSES.flatMap((status) => [
          ...(isActiveStatus(status)
            ? [{ target: `${status}.reloading`, guard: { type: 'jumpsToCase' as const, params: { status } }, actions: 'endJump' as const }]
            : []),
          { target: status, guard: { type: 'jumpsTo' as const, params: { status } }, actions: 'endJump' as const },
        ]),
      },
    },
  },
});

export type LifecycleSnapshot = SnapshotFrom<typeof surgeryLifecycleMachine>;

/** The machine at `status` (its request sub-state idle) with the case's facts (a stored case, read back in). */
export function lifecycleSnapshot(status: CaseStatus, facts: LifecycleFacts, surgery: LifecycleInput['surgery'] = undefined): LifecycleSnapshot {
  return surgeryLifecycleMachine.resolveState({
    value: status,
    context: { facts, surgery: surgery ?? null, request: null, progress: null, reads: 0, jumpFrom: null, jumpTo: null },
  });
}

/** A started actor of the machine at `status`. */
export function startLifecycleActor(status: CaseStatus, facts: LifecycleFacts) {
  return createActor(surgeryLifecycleMachine, { snapshot: lifecycleSnapshot(status, facts), input: { facts } }).start();
}

/** The stage (or `jumping`) a snapshot is in, whatever its request sub-state. */
export function stageOf(snapshot: Pick<LifecycleSnapshot, 'value'>): CaseStatus | 'jumping' {
  const { value } = snapshot;
  return typeof value === 'string' ? value : (Object.keys(value)[0] as ActiveStatus);
}

/** The stage a snapshot shows: its stage, or while jumping the stage it is leaving. */
export function shownStatus(snapshot: LifecycleSnapshot): CaseStatus {
  const stage = stageOf(snapshot);
  return stage === 'jumping' ? (snapshot.context.jumpFrom ?? 'ind_paciente') : stage;
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
 * problems). Archive and cancel are asked for by `kind` (their routes carry no status). Only the pure moves are
 * sent, to a snapshot resolved with the request sub-state idle: no actor runs.
 */
export function decideMove(
  current: CaseStatus,
  facts: LifecycleFacts,
  request: { requested: CaseStatus; fields?: StepFields; confirm?: AdvanceConfirmations } | { kind: 'archive' | 'cancel' },
): MoveDecision {
  const kinds: MoveKind[] = 'kind' in request ? [request.kind] : ['save', 'advance', 'back'];
  const fields = 'kind' in request ? undefined : request.fields;
  const confirm = 'kind' in request ? undefined : request.confirm;
  const kind = kinds.find((candidate) => {
    const target = transitionTarget(current, MOVE_EVENTS[candidate]);
    return target !== null && ('kind' in request || target === request.requested);
  });
  if (!kind) return { kind: 'conflict' };
  const event = (
    kind === 'save' ? { type: MOVE_EVENTS.save, fields: fields ?? {} } : { type: MOVE_EVENTS[kind], fields, confirm }
  ) as LifecycleEvent;
  const before = lifecycleSnapshot(current, facts);
  // A save's guard (an OPME approval while an item is undecided) refuses it with its own reasons.
  if (kind === 'save' && !before.can(event)) return { kind: 'invalid', problems: saveProblems(current, facts, fields) };
  const after = getNextSnapshot(surgeryLifecycleMachine, before, event);
  const to = stageOf(after) as CaseStatus;
  if (kind !== 'save' && to === current) {
    // Only an advance has a guard that can refuse it; its problems are the guard's own reasons.
    return { kind: 'invalid', problems: advanceProblems(current, applyFields(facts, fields), confirm) };
  }
  return { kind, to, facts: after.context.facts };
}
