/**
 * The lifecycle actor of one case on /surgery-details: the machine (machines/surgeryLifecycle) with the real IO
 * (./actors.ts), started from the case as first read. It holds the case from then on; the page renders its snapshot
 * and sends it events. What the machine emits becomes SPEC §8's toasts and the way out of the page.
 */
import { useEffect } from 'react';
import { useActorRef } from '@xstate/react';
import { waitFor, type ActorRefFrom } from 'xstate';
import { LIFECYCLE_MESSAGES } from '../../../../machines/surgeryLifecycle/lifecycleRules';
import type { LifecycleNotice, MoveRefusal } from '../../../../machines/surgeryLifecycle/lifecycleRequests';
import type { ReadFields } from '../../../../machines/surgeryLifecycle/lifecycleRules';
import { lifecycleSnapshot, type LifecycleEvent } from '../../../../machines/surgeryLifecycle/surgeryLifecycleMachine';
import { failedCallMessage } from '../../../api/errors';
import { removeDraftsUnder } from '../../../lib/drafts/draftStore';
import { surgeriesTexts } from '../../../lib/i18n/surgeries';
import { toastError, toastSuccess, toastWarning, toastWarningWithAction } from '../../../lib/toast';
import type { Surgery } from '../types';
import { caseMachine } from './actors';
import { factsOf } from './stepData';
import { caseDraftScope } from './stepDraft';

const M = LIFECYCLE_MESSAGES;

export type ListPath = '/patients-surgery' | '/surgery-status';
export type CaseActor = ActorRefFrom<typeof caseMachine>;

export type CaseActorOptions = {
  /** Where this user's list is: /patients-surgery for a secretary, /surgery-status for a medic (SPEC §6). */
  listPath: ListPath;
  /** Leaves the page (after archive, cancel, finish, a vanished case); `replace` when the case was found gone. */
  leave: (to: ListPath, options?: { replace: true }) => void;
};

function warnRefused(result: MoveRefusal, { listPath, leave }: CaseActorOptions): void {
  if (result.kind === 'conflict') {
    // The case changed under this page (another tab or person saved first): say so plainly and offer a fresh read.
    const stale = surgeriesTexts.lifecycle.stale;
    toastWarningWithAction(stale.message, stale.reload, () => window.location.reload(), { id: 'stale-case' });
  }
  else if (result.kind === 'offline') toastError(result.message);
  else if (result.status === 404) {
    toastError(surgeriesTexts.details.notFound);
    leave(listPath);
  } else if (result.status >= 500 || result.messages.length === 0) toastError(failedCallMessage(result.status));
  else for (const message of result.messages) toastWarning(message);
}

/** What the user sees of a notice (SPEC §8; the 409 jump itself is the machine's). */
export function showNotice(notice: LifecycleNotice, caseId: number, options: CaseActorOptions): void {
  switch (notice.type) {
    case 'lifecycle.problems':
      for (const problem of notice.problems) toastWarning(problem);
      return;
    case 'lifecycle.moved':
      if (notice.to === 'concluido') {
        toastSuccess(M.finished);
        options.leave('/surgery-status');
      } else if (notice.request === 'archive' || notice.request === 'cancel') {
        // A closed case takes no more typing: its step drafts go with it.
        removeDraftsUnder(caseDraftScope(caseId));
        toastSuccess(notice.request === 'archive' ? M.archived : M.cancelled);
        options.leave(options.listPath);
      }
      return;
    case 'lifecycle.refused':
      if (notice.request === 'back') toastError(M.backFailed);
      else warnRefused(notice.result, options);
      return;
    case 'lifecycle.lost':
      toastError(surgeriesTexts.details.notFound);
      options.leave(options.listPath, { replace: true });
  }
}

/** One actor per case, started from `initial` (a new case id is a new page, hence a new actor). */
export function useCaseActor(initial: Surgery, options: CaseActorOptions): CaseActor {
  const facts = factsOf(initial);
  const actor = useActorRef(caseMachine, {
    input: { facts, surgery: initial },
    snapshot: lifecycleSnapshot(initial.status, facts, initial),
  });
  const { listPath, leave } = options;
  useEffect(() => {
    const subscription = actor.on('*', (notice) => showNotice(notice, initial.id, { listPath, leave }));
    return () => subscription.unsubscribe();
  }, [actor, initial.id, listPath, leave]);
  return actor;
}

/**
 * A write elsewhere on the page (the OPME items, the ledger) answered the case's facts and its new `version`: the
 * version moves on only from the one this page had (a jump past it is another writer's, which the next request must
 * meet as a conflict).
 */
export function sendWritten(actor: CaseActor, fields: ReadFields, version: number): void {
  const current = actor.getSnapshot().context.surgery?.version;
  actor.send({ type: 'case.updated', fields, ...(current !== undefined && version === current + 1 ? { surgery: { version } } : {}) });
}

/**
 * Sends a request (`case.*`) and waits for it to settle: true once the server agreed, false when it was not sent
 * (another request or a jump under way, the step's problems) or not agreed (refused, conflict, no answer).
 */
export async function sendRequest(actor: CaseActor, event: LifecycleEvent): Promise<boolean> {
  if (actor.getSnapshot().hasTag('sending')) return false;
  actor.send(event);
  if (!actor.getSnapshot().hasTag('sending')) return false;
  const settled = await waitFor(actor, (snapshot) => !snapshot.hasTag('sending'));
  return !settled.hasTag('failed') && !settled.hasTag('jumping');
}
