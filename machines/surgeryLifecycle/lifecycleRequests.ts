import type { components } from '../../openapi/schema';
import type { ActiveStatus, CaseStatus, SurgeryDocumentKind } from '../constants';
import type { LossReasonChoice } from '../preoperative/reasonSchemas';
import type { AdvanceConfirmations, LifecycleFacts, StepFields, StepNotes } from './lifecycleRules';

/**
 * The requests of the details page as the lifecycle machine (./surgeryLifecycleMachine.ts) sees them: what its IO
 * actors take and answer (the real ones are src/features/surgeries/details/actors.ts), the request in flight, and
 * the notices it emits for the page to show (SPEC §8). Types and pure helpers only.
 */

/** The case as the API answers it (openapi Surgery). */
export type SurgeryCase = components['schemas']['Surgery'];
export type UpdateSurgeryBody = components['schemas']['UpdateSurgery'];
export type DocumentFiles = Partial<Record<SurgeryDocumentKind, File>>;

/** A lifecycle call's answer: the case moved; a 409 with the actual stage; a refusal (400, 404, 5xx); no answer. */
export type MoveResult =
  | { kind: 'ok'; surgery: SurgeryCase }
  | { kind: 'conflict'; message: string; actual: CaseStatus }
  | { kind: 'rejected'; status: number; messages: string[] }
  /** The call threw instead of answering; `message` is SPEC §8's generic message for why. */
  | { kind: 'offline'; message: string };

export type MoveRefusal = Exclude<MoveResult, { kind: 'ok' }>;

/** The case read again (after a conflict jump), with its step fields as the machine names them. */
export type CaseRead = { kind: 'ok'; surgery: SurgeryCase; fields: StepFields } | { kind: 'notFound' } | { kind: 'failed' };

/** What the page asked for: a step's save or advance, a back move, archive, cancel, or the documents' upload. */
export type RequestKind = 'save' | 'advance' | 'back' | 'archive' | 'cancel' | 'upload';

/** The request in flight: from which stage to which, with what it carries. */
export type LifecycleRequest = {
  kind: RequestKind;
  from: ActiveStatus;
  to: CaseStatus;
  fields: StepFields;
  notes: StepNotes;
  files: DocumentFiles;
  /** Why an archive or a cancel is asked (issue 13), null for any other request or when none was given. */
  reason: LossReasonChoice | null;
  /** What the user confirmed for this move (issue 13: advancing with required documents missing). */
  confirm: AdvanceConfirmations;
};

export type UpdateCaseInput = { id: number; body: UpdateSurgeryBody };
export type UploadDocumentsInput = {
  id: number;
  version: number;
  files: DocumentFiles;
  newStatus: CaseStatus;
  /** Sent as `missing_documents_confirmed: true`: the user confirmed moving on with required documents missing. */
  confirmMissingDocuments: boolean;
  /** Reports the upload's progress, in percent, to the machine. */
  onProgress: (percent: number) => void;
};
export type CloseCaseInput = { id: number; version: number; reason: LossReasonChoice | null };
export type LoadCaseInput = { id: number };

/** What the machine tells the page (emitted events; the page turns them into SPEC §8's toasts and navigation). */
export type LifecycleNotice =
  /** The step's requirements are missing: nothing was sent. */
  | { type: 'lifecycle.problems'; problems: string[] }
  /** The server agreed: the case is now at `to`. */
  | { type: 'lifecycle.moved'; request: RequestKind; to: CaseStatus }
  /** The server refused or did not answer (a conflict's jump follows by itself). */
  | { type: 'lifecycle.refused'; request: RequestKind; result: MoveRefusal }
  /** The case read again after a jump is gone (404). */
  | { type: 'lifecycle.lost' };

export type LifecycleContext = {
  /** What the guards read: the case's facts (DECISIONS §4). */
  facts: LifecycleFacts;
  /** The case as the server last answered it; null where only the facts matter (the server's questions). */
  surgery: SurgeryCase | null;
  request: LifecycleRequest | null;
  /** Upload progress in percent while the documents go up. */
  progress: number | null;
  /** How many times the case was read again after a jump (the page redraws its step panel from it). */
  reads: number;
  /** While `jumping`: the stage the page was showing and the one it is about to show. */
  jumpFrom: CaseStatus | null;
  jumpTo: CaseStatus | null;
};

export type LifecycleInput = { facts: LifecycleFacts; surgery?: SurgeryCase };

type RequestArgs = { context: LifecycleContext };

function inFlight(context: LifecycleContext): { surgery: SurgeryCase; request: LifecycleRequest } {
  const { surgery, request } = context;
  if (!surgery || !request) throw new Error('surgeryLifecycleMachine: a request needs the case (input.surgery)');
  return { surgery, request };
}

/** update/{id}/: the request's target stage with its fields and notes, from the version the page shows. */
export function updateInput({ context }: RequestArgs): UpdateCaseInput {
  const { surgery, request } = inFlight(context);
  return {
    id: surgery.id,
    body: {
      new_status: request.to,
      ...request.fields,
      ...request.notes,
      ...(request.confirm.missing_documents ? { missing_documents_confirmed: true } : {}),
      // Issue 14: how the conclusion's difference is recorded (the page asks with 'Concluir com diferença?').
      ...(request.confirm.settlement ? { settlement: request.confirm.settlement } : {}),
      version: surgery.version,
    },
  };
}

export function uploadInput({ context, self }: RequestArgs & { self: { send: (event: { type: 'case.progress'; percent: number }) => void } }): UploadDocumentsInput {
  const { surgery, request } = inFlight(context);
  return {
    id: surgery.id,
    version: surgery.version,
    files: request.files,
    newStatus: request.to,
    confirmMissingDocuments: request.confirm.missing_documents === true,
    onProgress: (percent) => self.send({ type: 'case.progress', percent }),
  };
}

export function closeInput({ context }: RequestArgs): CloseCaseInput {
  const { surgery, request } = inFlight(context);
  return { id: surgery.id, version: surgery.version, reason: request.reason };
}

export function loadInput({ context }: RequestArgs): LoadCaseInput {
  if (!context.surgery) throw new Error('surgeryLifecycleMachine: reading the case needs input.surgery');
  return { id: context.surgery.id };
}
