/**
 * The context every step panel reads (./PanelFrame.tsx provides it through SurgeryLifecycle): the case, the
 * lifecycle, whether this panel is the editable current step. Its own module, so the sections PanelFrame renders on
 * every step (./OpmeSection.tsx) read it without importing PanelFrame back.
 */
import { createContext, useContext, type MutableRefObject } from 'react';
import type { ActiveStatus } from '../../../../machines/constants';
import type { RequestKind } from '../../../../machines/surgeryLifecycle/lifecycleRequests';
import type { LifecycleEvent } from '../../../../machines/surgeryLifecycle/surgeryLifecycleMachine';
import type { FormDraft } from '../../../lib/drafts/useFormDraft';
import type { Surgery } from '../types';
import type { CaseActor } from './caseActor';

/** The case's lifecycle as a panel uses it: its actor, the request in flight, and a way to send one. */
type PanelLifecycle = {
  actor: CaseActor;
  /** The request in flight (its button shows 'Enviando...' and the others wait). */
  pending: RequestKind | null;
  /** Upload progress in percent while the documents go up. */
  progress: number | null;
  /** Sends a request (`case.*`); true once the server agreed (./caseActor.ts `sendRequest`). */
  request: (event: LifecycleEvent) => Promise<boolean>;
  /** The first step's back button: the user's list. */
  leaveToList: () => void;
};

export type PanelContextValue = {
  surgery: Surgery;
  lifecycle: PanelLifecycle;
  /** The stage this panel belongs to. */
  step: ActiveStatus;
  /** This panel is the case's current step: its form can be sent (unless `locked`). */
  editable: boolean;
  /** A request or a jump is under way: every control waits. */
  locked: boolean;
  askArchive: () => void;
  askCancel: () => void;
  /** Shows the current step again (null when the case is closed or already on it). */
  goToCurrent: (() => void) | null;
  /** Where the editable step form puts its draft, so the page can ask before leaving with unsaved changes. */
  draftRef?: MutableRefObject<FormDraft | null>;
};

const PanelContext = createContext<PanelContextValue | null>(null);

export const PanelProvider = PanelContext.Provider;

export function usePanel(): PanelContextValue {
  const value = useContext(PanelContext);
  if (!value) throw new Error('usePanel outside a step panel');
  return value;
}
