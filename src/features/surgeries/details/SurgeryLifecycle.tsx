/**
 * The lifecycle part of /surgery-details (SPEC §2, §4): the 7-step indicator, whose steps open up to the current one
 * (any once the case is closed), the panel of the step on view (editable only when it is the current step), and the
 * 'Tem certeza?' dialogs of archiving and cancelling, all rendered from the case's lifecycle actor (./caseActor.ts),
 * which holds the case; the panels send it requests.
 */
import { useEffect, useState, type ComponentType, type MutableRefObject } from 'react';
import { useSelector } from '@xstate/react';
import { styled } from 'goober';
import { isActiveStatus, type ActiveStatus, type CaseStatus } from '../../../../machines/constants';
import { stageOf } from '../../../../machines/stages';
import { Icon } from '../../../components/ui/Icon';
import { PartLoading, Spinner } from '../../../components/ui/Spinner';
import { StepIndicator } from '../../../components/ui/StepIndicator';
import { fill } from '../../../lib/i18n/pt-BR';
import { surgeriesTexts } from '../../../lib/i18n/surgeries';
import { colors, fontSizes, radii, space } from '../../../lib/theme';
import type { FormDraft } from '../../../lib/drafts/useFormDraft';
import { Card } from '../components/Card';
import type { Surgery } from '../types';
import { shownStatus } from '../../../../machines/surgeryLifecycle/surgeryLifecycleMachine';
import { lossReasonLabel, type LossReasonChoice } from '../../../../machines/preoperative/lossReasons';
import { reasonsTexts } from '../../../lib/i18n/reasons';
import type { LossReasonDialogProps } from './LossReasonDialog';
import { CaseAuthorizationAlerts } from './CaseAuthorizationAlerts';
import { CaseClock } from './CaseClock';
import { PanelProvider, type PanelContextValue } from './panelContext';
import { canOpenStep, defaultStepIndex, isClosedStatus, STEP_NAMES, stepIndexOf, stepStatus } from './stepData';
import { sendRequest, type CaseActor, type CaseActorOptions, type ListPath } from './caseActor';
import { chunked } from '../../../lib/chunked';
import { chunkComponent, useChunk, type ChunkComponent } from '../../../lib/chunkComponent';
import { usePainted } from '../../../lib/usePainted';

const D = surgeriesTexts.details;
const T = surgeriesTexts.lifecycle;

/**
 * Each step's panel in a chunk of its own, loaded when the step is first on view (and the next step's then, so that
 * advancing finds it loaded): a case's page downloads the panel it shows, not the other six with their forms, file
 * drop, calendar and ledger (issue 41, goals 6 and 7). Until it has arrived the panel's card shows a spinner.
 */
const PANEL_CHUNKS: Record<ActiveStatus, ChunkComponent<object>> = {
  ind_paciente: chunkComponent(() => import('./IndicationPanel').then((module) => module.IndicationPanel)),
  prep_doc: chunkComponent(() => import('./DocumentsPanel').then((module) => module.DocumentsPanel)),
  env_doc: chunkComponent(() => import('./SendingPanel').then((module) => module.SendingPanel)),
  autorizacao: chunkComponent(() => import('./AuthorizationPanel').then((module) => module.AuthorizationPanel)),
  agendamento: chunkComponent(() => import('./SchedulingPanel').then((module) => module.SchedulingPanel)),
  realizacao: chunkComponent(() => import('./AccomplishmentPanel').then((module) => module.AccomplishmentPanel)),
  pagamento: chunkComponent(() => import('./PaymentPanel').then((module) => module.PaymentPanel)),
};

/** Loads every step's panel (a test that renders them at once, as a page that has shown them all). */
export function loadAllPanels(): Promise<unknown> {
  return Promise.all(Object.values(PANEL_CHUNKS).map((chunk) => chunk.load()));
}

/**
 * A step's panel: at once when its chunk has loaded, else a spinner until it arrives. On a case's first render the
 * chunk is asked for once the header has painted (usePainted).
 */
function stepPanel(step: ActiveStatus): ComponentType {
  return function StepPanel() {
    const { Component } = useChunk(PANEL_CHUNKS[step], usePainted());
    return Component ? <Component /> : <PartLoading />;
  };
}

export const PANELS: Record<ActiveStatus, ComponentType> = {
  ind_paciente: stepPanel('ind_paciente'),
  prep_doc: stepPanel('prep_doc'),
  env_doc: stepPanel('env_doc'),
  autorizacao: stepPanel('autorizacao'),
  agendamento: stepPanel('agendamento'),
  realizacao: stepPanel('realizacao'),
  pagamento: stepPanel('pagamento'),
};

/**
 * Archiving's and cancelling's dialog, loaded when first asked: its checks (arktype) stay out of the page's first
 * download (issue 41, goal 6).
 */
const LossReasonDialog = chunked<LossReasonDialogProps>(() => import('./LossReasonDialog').then((module) => module.LossReasonDialog));

/** The two moves asked with a 'Tem certeza?' dialog (SPEC §8) that also asks why (./LossReasonDialog.tsx). */
type ConfirmKind = 'archive' | 'cancel';

const StyledReason = styled('span')`
  display: block;
  margin-top: ${space.xxs};
  color: ${colors.text};
  overflow-wrap: anywhere;
`;

const StyledNotice = styled('p')<{ $tone: 'info' | 'closed' }>`
  display: flex;
  align-items: center;
  gap: ${space.sm};
  padding: ${space.sm} ${space.md};
  border-radius: ${radii.md};
  font-size: ${fontSizes.sm};
  background: ${(p) => (p.$tone === 'closed' ? colors.disabled : colors.warningSoft)};
  color: ${(p) => (p.$tone === 'closed' ? colors.textMuted : colors.warning)};
`;

export type SurgeryLifecycleProps = {
  /** The case's lifecycle actor (./caseActor.ts): the case, its stage and its requests live there. */
  actor: CaseActor;
  listPath: ListPath;
  leave: CaseActorOptions['leave'];
  /** Receives the editable step form's draft (the page asks before leaving with unsaved changes). */
  draftRef?: MutableRefObject<FormDraft | null>;
};

/** 'Motivo: …' of a lost case (issue 13), with its text when there is one; null when none was given. */
function reasonLine(surgery: { loss_reason: Surgery['loss_reason']; loss_reason_note: string | null }): string | null {
  if (!surgery.loss_reason) return null;
  const reason = lossReasonLabel(surgery.loss_reason);
  return surgery.loss_reason_note
    ? fill(reasonsTexts.caseReasonWithNote, { reason, note: surgery.loss_reason_note })
    : fill(reasonsTexts.caseReason, { reason });
}

function closedNotice(status: CaseStatus): string | null {
  return isActiveStatus(status) ? null : T.closed[status];
}

export function SurgeryLifecycle({ actor, listPath, leave, draftRef }: SurgeryLifecycleProps) {
  const surgery = useSelector(actor, (snapshot) => snapshot.context.surgery);
  const status = useSelector(actor, shownStatus);
  const jumping = useSelector(actor, (snapshot) => snapshot.hasTag('jumping'));
  const sending = useSelector(actor, (snapshot) => snapshot.hasTag('sending'));
  const pending = useSelector(actor, (snapshot) => (snapshot.hasTag('sending') ? (snapshot.context.request?.kind ?? null) : null));
  const progress = useSelector(actor, (snapshot) => snapshot.context.progress);
  const reads = useSelector(actor, (snapshot) => snapshot.context.reads);
  // The step picked on the indicator, for the stage it was picked at; any move shows the new current step.
  const [selection, setSelection] = useState<{ status: CaseStatus; index: number } | null>(null);
  const [confirm, setConfirm] = useState<ConfirmKind | null>(null);

  const current = stepIndexOf(status);
  const closed = isClosedStatus(status);
  const viewIndex = selection?.status === status ? selection.index : defaultStepIndex(status);
  const step = stepStatus(viewIndex);
  const Panel = PANELS[step];
  const notice = closedNotice(status);
  const lostReason = surgery && stageOf(status).group === 'lost' ? reasonLine(surgery) : null;
  const nextStep = current + 1 < STEP_NAMES.length ? stepStatus(current + 1) : null;

  const painted = usePainted();
  useEffect(() => {
    if (!painted) return;
    // The panel on view first, then the next step's, so that advancing finds it loaded (a failure shows when rendered).
    PANEL_CHUNKS[step]
      .load()
      .then(() => (nextStep ? PANEL_CHUNKS[nextStep].load() : undefined))
      .catch(() => undefined);
  }, [painted, step, nextStep]);

  if (!surgery) return null;
  const panel: PanelContextValue = {
    surgery,
    lifecycle: {
      actor,
      pending,
      progress,
      request: (event) => sendRequest(actor, event),
      leaveToList: () => leave(listPath),
    },
    step,
    // While jumping the panel stays as it was (locked) until the actual step shows.
    editable: !closed && viewIndex === current,
    locked: jumping || sending,
    askArchive: () => setConfirm('archive'),
    askCancel: () => setConfirm('cancel'),
    goToCurrent: closed || viewIndex === current ? null : () => setSelection(null),
    draftRef,
  };

  async function handleConfirm(kind: ConfirmKind, reason: LossReasonChoice) {
    await sendRequest(actor, { type: kind === 'archive' ? 'case.archive' : 'case.cancel', reason });
    setConfirm(null);
  }

  return (
    <>
      <Card $stack>
        <StepIndicator
          steps={STEP_NAMES}
          current={current}
          label={D.stepsLabel}
          navigation={{
            selected: viewIndex,
            canSelect: (index) => !jumping && canOpenStep(status, index),
            onSelect: (index) => setSelection({ status, index }),
            stepLabel: (index, name, selectable) =>
              fill(selectable ? T.openStep : T.lockedStep, { n: index + 1, name }),
          }}
        />
        {jumping ? (
          <StyledNotice $tone="info" role="status">
            <Spinner size={16} />
            {T.jumping}
          </StyledNotice>
        ) : notice ? (
          <StyledNotice $tone="closed">
            <Icon name={status === 'concluido' ? 'check' : 'alert'} size={16} />
            <span>
              {notice}
              {lostReason ? <StyledReason>{lostReason}</StyledReason> : null}
            </span>
          </StyledNotice>
        ) : null}
        <CaseAuthorizationAlerts alerts={surgery.authorization_alerts} />
        <CaseClock actor={actor} />
      </Card>
      <Card>
        <PanelProvider value={panel}>
          <Panel key={`${step}:${status}:${reads}`} />
        </PanelProvider>
      </Card>
      {confirm ? (
        <LossReasonDialog
          key={confirm}
          kind={confirm}
          busy={pending === confirm}
          onConfirm={(reason) => void handleConfirm(confirm, reason)}
          onCancel={() => setConfirm(null)}
        />
      ) : null}
    </>
  );
}
