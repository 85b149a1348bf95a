/**
 * Runs the surgery lifecycle machine (machines/surgeryLifecycle) for one case on /surgery-details and performs its
 * moves against the API (SPEC §4, §8; DECISIONS §4). Every move goes the same way:
 *
 * 1. check locally with the machine's own rules (`advanceProblems`) and warn before sending anything;
 * 2. call the API;
 * 3. success: send the event to the actor (its state follows the server) and take the case the server answered;
 *    409: warn with the server's message, send `lifecycle.conflict` (the machine waits 400 ms in `jumping`, then
 *    enters the actual stage) and reload the case; 400: each message of `error` as a warning.
 *
 * The actor's facts are kept equal to the server's case: each case that arrives is applied with `lifecycle.save`;
 * should the server's stage ever differ from the actor's outside a jump, `onDesync` asks for a fresh actor.
 */
import { useEffect, useRef, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { waitFor } from 'xstate';
import type { CaseStatus } from '../../../../machines/constants';
import {
  advanceProblems,
  applyFields,
  BACK_MOVES,
  LIFECYCLE_MESSAGES,
  nextStatus,
  type StepFields,
} from '../../../../machines/surgeryLifecycle/lifecycleRules';
import {
  lifecycleSnapshot,
  shownStatus,
  surgeryLifecycleMachine,
  type LifecycleEvent,
} from '../../../../machines/surgeryLifecycle/surgeryLifecycleMachine';
import { failedCallMessage } from '../../../api/errors';
import { removeDraftsUnder } from '../../../lib/drafts/draftStore';
import { surgeriesTexts } from '../../../lib/i18n/surgeries';
import { toastError, toastSuccess, toastWarning } from '../../../lib/toast';
import type { Surgery } from '../types';
import {
  archiveSurgery,
  cancelSurgery,
  updateSurgery,
  uploadSurgeryFiles,
  type DocumentFiles,
  type MoveResult,
  type UpdateSurgeryBody,
} from './lifecycleApi';
import { factsOf, stepFieldsOf } from './stepData';
import { caseDraftScope } from './stepDraft';

const M = LIFECYCLE_MESSAGES;

export type ListPath = '/patients-surgery' | '/surgery-status';

/** The request in flight (its button shows 'Enviando...' and the others wait). */
export type Pending = 'advance' | 'save' | 'back' | 'archive' | 'cancel' | 'upload' | null;

/** The notes a step sends besides the machine's facts. */
export type StepNotes = Partial<
  Pick<
    UpdateSurgeryBody,
    | 'document_note'
    | 'hospital_approvals_note'
    | 'plan_approvals_note'
    | 'opme_approvals_note'
    | 'schedule_note'
    | 'accomplishment_note'
    | 'payment_notes'
  >
>;

export type LifecycleOptions = {
  surgery: Surgery;
  /** The case as the server answered a move. */
  onSurgery: (surgery: Surgery) => void;
  /** Reads the case again (after a conflict jump). */
  reload: () => Promise<void>;
  /** Leaves the page (after archive, cancel, finish, a vanished case, or the first step's back button). */
  leave: (to: ListPath) => void;
  /** Where this user's list is: /patients-surgery for a secretary, /surgery-status for a medic (SPEC §6). */
  listPath: ListPath;
  /** The server's stage and the actor's differ outside a jump: the caller starts a fresh actor. */
  onDesync: () => void;
};

export type Lifecycle = ReturnType<typeof useLifecycle>;

export function useLifecycle(options: LifecycleOptions) {
  const { surgery } = options;
  const actor = useActorRef(surgeryLifecycleMachine, {
    input: { facts: factsOf(surgery) },
    snapshot: lifecycleSnapshot(surgery.status, factsOf(surgery)),
  });
  const status = useSelector(actor, shownStatus);
  const jumping = useSelector(actor, (snapshot) => snapshot.value === 'jumping');
  const [pending, setPending] = useState<Pending>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    const snapshot = actor.getSnapshot();
    if (snapshot.value === 'jumping') return;
    if (snapshot.value !== surgery.status) {
      latest.current.onDesync();
      return;
    }
    if (snapshot.status === 'active') actor.send({ type: 'lifecycle.save', fields: stepFieldsOf(surgery) });
  }, [actor, surgery]);

  /** Where the actor is when a move starts (never `jumping`: the panels are locked then). */
  function currentStatus(): CaseStatus {
    return shownStatus(actor.getSnapshot());
  }

  async function jumpTo(actual: CaseStatus): Promise<void> {
    actor.send({ type: 'lifecycle.conflict', actualStatus: actual });
    await waitFor(actor, (snapshot) => snapshot.value !== 'jumping');
    await latest.current.reload();
  }

  function warnRejected(result: Exclude<MoveResult, { kind: 'ok' | 'conflict' }>): void {
    if (result.kind === 'offline') {
      toastError(result.message);
      return;
    }
    if (result.status === 404) {
      toastError(surgeriesTexts.details.notFound);
      latest.current.leave(latest.current.listPath);
      return;
    }
    if (result.status >= 500 || result.messages.length === 0) {
      toastError(failedCallMessage(result.status));
      return;
    }
    for (const message of result.messages) toastWarning(message);
  }

  /** Applies an answer: the event on success, the jump on 409, the warnings otherwise. True on success. */
  async function settle(result: MoveResult, event: LifecycleEvent): Promise<boolean> {
    if (result.kind === 'ok') {
      actor.send(event);
      latest.current.onSurgery(result.surgery);
      return true;
    }
    if (result.kind === 'conflict') {
      toastWarning(result.message);
      await jumpTo(result.actual);
      return false;
    }
    warnRejected(result);
    return false;
  }

  async function run(kind: Exclude<Pending, null>, work: () => Promise<boolean>): Promise<boolean> {
    if (pending !== null || actor.getSnapshot().value === 'jumping') return false;
    setPending(kind);
    try {
      return await work();
    } finally {
      setPending(null);
      setProgress(null);
    }
  }

  /** Problems that keep the current step from moving on with `fields`; warned as toasts. */
  function checkAdvance(from: CaseStatus, fields: StepFields): boolean {
    const problems = advanceProblems(from, applyFields(actor.getSnapshot().context.facts, fields));
    for (const problem of problems) toastWarning(problem);
    return problems.length === 0;
  }

  /** 'Próximo passo': the next stage with the step's fields and notes; the payment step finishes the case. */
  function advance(fields: StepFields, notes: StepNotes = {}): Promise<boolean> {
    return run('advance', async () => {
      const from = currentStatus();
      const to = nextStatus(from);
      if (!to || !checkAdvance(from, fields)) return false;
      const result = await updateSurgery(surgery.id, { new_status: to, ...fields, ...notes, version: surgery.version });
      const moved = await settle(result, { type: 'lifecycle.advance', fields });
      if (moved && to === 'concluido') {
        toastSuccess(M.finished);
        latest.current.leave('/surgery-status');
      }
      return moved;
    });
  }

  /** Saves fields of the current step without moving (the approval toggles). */
  function save(fields: StepFields, notes: StepNotes = {}): Promise<boolean> {
    return run('save', async () => {
      const result = await updateSurgery(surgery.id, { new_status: currentStatus(), ...fields, ...notes, version: surgery.version });
      return settle(result, { type: 'lifecycle.save', fields });
    });
  }

  /** The document step: uploads the chosen files; `andAdvance` moves on to env_doc in the same request. */
  function upload(files: DocumentFiles, andAdvance: boolean): Promise<boolean> {
    return run('upload', async () => {
      setProgress(0);
      const newStatus = andAdvance ? 'env_doc' : 'prep_doc';
      const result = await uploadSurgeryFiles(surgery.id, surgery.version, files, newStatus, ({ loaded, total }) =>
        setProgress(total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0),
      );
      const event: LifecycleEvent = andAdvance ? { type: 'lifecycle.advance' } : { type: 'lifecycle.save', fields: {} };
      return settle(result, event);
    });
  }

  /** The back button (SPEC §4, §6): one step back, or from the first step back to the user's list. */
  function back(): Promise<boolean> {
    const to = BACK_MOVES[currentStatus()];
    if (!to) {
      latest.current.leave(latest.current.listPath);
      return Promise.resolve(true);
    }
    return run('back', async () => {
      const result = await updateSurgery(surgery.id, { new_status: to, version: surgery.version });
      if (result.kind === 'ok') return settle(result, { type: 'lifecycle.back' });
      toastError(M.backFailed);
      if (result.kind === 'conflict') await jumpTo(result.actual);
      return false;
    });
  }

  function close(kind: 'archive' | 'cancel'): Promise<boolean> {
    return run(kind, async () => {
      const result = kind === 'archive' ? await archiveSurgery(surgery.id, surgery.version) : await cancelSurgery(surgery.id, surgery.version);
      const closed = await settle(result, { type: kind === 'archive' ? 'lifecycle.archive' : 'lifecycle.cancel' });
      if (closed) {
        // A closed case takes no more typing: its step drafts go with it.
        removeDraftsUnder(caseDraftScope(surgery.id));
        toastSuccess(kind === 'archive' ? M.archived : M.cancelled);
        latest.current.leave(latest.current.listPath);
      }
      return closed;
    });
  }

  /** Facts read elsewhere (the approvals) enter the actor, so its guards see what the server has. */
  function syncFacts(fields: StepFields): void {
    if (actor.getSnapshot().status === 'active' && !jumping) actor.send({ type: 'lifecycle.save', fields });
  }

  return {
    /** The stage on view (while jumping, the one being left). */
    status,
    jumping,
    pending,
    /** Upload progress in percent while the documents go up. */
    progress,
    advance,
    save,
    upload,
    back,
    archive: () => close('archive'),
    cancel: () => close('cancel'),
    syncFacts,
  };
}
