/**
 * Step 4, Autorização (SPEC §4, §5, §7): the three approvals (hospital, plan, OPME) read from approvals/{id}/. A
 * click sends update/{id}/ with new_status = the current stage and that approval (and its note), and the switch
 * flips only when the server agreed. The plan's box is greyed out when the payment source is not a health plan,
 * OPME's when the case uses none. 'Próximo passo' needs every approval that applies ('Todos os status tem que está
 * aprovado!', checked by the lifecycle before sending).
 *
 * Third week: turning an approval off asks first (it records a formal 'Negada'), turning it on over a 'Parcial' record
 * asks too (the record keeps its answer); a switch being saved says 'Salvando...' and waits; a box that does not apply
 * shows only why.
 *
 * Issue 13 (DECISIONS §15): under each box that applies, the payer's authorization record (./AuthorizationRecordView.tsx)
 * with its warnings and its editor (./AuthorizationRecordEditor.tsx). A record's aprovada/negada is the box's switch:
 * a saved record updates the switch and the case (its version), and a toggle re-reads the records.
 */
import { useState, type ReactNode } from 'react';
import { useForm, type Control } from 'react-hook-form';
import { styled } from 'goober';
import { isActiveStatus, type ApprovalValue } from '../../../../machines/constants';
import { authorizationOpen, toggleOfRecord } from '../../../../machines/preoperative/authorizationRules';
import {
  AUTHORIZATION_STATUS_LABELS,
  type AuthorizationPayer,
  type AuthorizationStatus,
} from '../../../../machines/preoperative/constants';
import type { AuthorizationSaved } from '../../../api/authorizations';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Spinner } from '../../../components/ui/Spinner';
import { Switch } from '../../../components/ui/Switch';
import { surgeriesTexts } from '../../../lib/i18n/surgeries';
import { useRead } from '../../../lib/useRead';
import { authorizationTexts } from '../../../lib/i18n/authorizations';
import { fill } from '../../../lib/i18n/pt-BR';
import { colors, fontSizes, fontWeights, media, radii, space } from '../../../lib/theme';
import { NotesField } from '../components/NotesField';
import { getApprovals, type Approvals } from './lifecycleApi';
import { PanelFrame, usePanel } from './PanelFrame';
import { StepForm } from './StepForm';
import { useStepDraft } from './stepDraft';
import { noteOf } from './stepData';
import type { AuthorizationRecordEditorProps } from './AuthorizationRecordEditor';
import { AuthorizationRecordSummary, useAuthorizationRecords } from './AuthorizationRecordView';
import { columnCss, pillCss } from '../../../components/ui/cssParts';
import { chunked } from '../../../lib/chunked';

/** A payer's authorization editor, loaded when first opened: its checks (arktype) and React Aria's dialog stay out of the page's first download (issue 41, goal 6). */
const AuthorizationRecordEditor = chunked<AuthorizationRecordEditorProps>(() =>
  import('./AuthorizationRecordEditor').then((module) => module.AuthorizationRecordEditor),
);

const L = surgeriesTexts.lifecycle;
const T = L.authorization;
const R = authorizationTexts.record;

const APPROVAL_KINDS = ['hospital', 'plan', 'opme'] as const;
type ApprovalKind = (typeof APPROVAL_KINDS)[number];

const FIELD = { hospital: 'hospital_approvals', plan: 'plan_approvals', opme: 'opme_approvals' } as const;
const NOTE = { hospital: 'hospital_approvals_note', plan: 'plan_approvals_note', opme: 'opme_approvals_note' } as const;
const LABEL = { hospital: T.hospital, plan: T.plan, opme: T.opme } as const;
const NOTE_LABEL = { hospital: T.hospitalNote, plan: T.planNote, opme: T.opmeNote } as const;
/** The authorization record's payer of each box. */
const PAYER = { hospital: 'hospital', plan: 'plano', opme: 'opme' } as const satisfies Record<ApprovalKind, AuthorizationPayer>;
const KIND_OF_PAYER = { hospital: 'hospital', plano: 'plan', opme: 'opme' } as const satisfies Record<AuthorizationPayer, ApprovalKind>;

type NoteValues = Record<(typeof NOTE)[ApprovalKind], string>;

/** Whether an approval applies to the case (SPEC §4: the others are greyed out). */
function approvalApplies(kind: ApprovalKind, approvals: Approvals): boolean {
  if (kind === 'plan') return approvals.health_plan_approval;
  if (kind === 'opme') return approvals.opme;
  return true;
}

/** The value a click asks for: approved, or, from approved, denied. */
function toggledApproval(value: ApprovalValue | null): ApprovalValue {
  return value === 'aprovada' ? 'negada' : 'aprovada';
}

/**
 * The box's pill: SPEC's Aprovada / Negada / Pendente, except that an undecided toggle whose record says more
 * ('Solicitada', 'Parcial') says that.
 */
function approvalText(value: ApprovalValue | null, applies: boolean, recordStatus?: AuthorizationStatus): string {
  if (!applies) return T.notApplicable;
  if (value === 'aprovada') return recordStatus === 'parcial' ? T.approvedPartial : T.approved;
  if (value === 'negada') return T.denied;
  return recordStatus === 'solicitada' || recordStatus === 'parcial' ? AUTHORIZATION_STATUS_LABELS[recordStatus] : T.pending;
}


const StyledList = styled('div')`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space.md};
  ${media.md} { grid-template-columns: repeat(3, minmax(0, 1fr)); }
`;

const StyledBox = styled('div')<{ $applies: boolean }>`
  ${columnCss(space.sm)}
  min-width: 0;
  padding: ${space.md};
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  background: ${(p) => (p.$applies ? colors.surface : colors.disabled)};
`;

const StyledBoxHead = styled('div')`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${space.sm};
  & > h3 { font-size: ${fontSizes.md}; font-weight: ${fontWeights.semibold}; color: ${colors.text}; }
`;

const StyledPill = styled('span')<{ $tone: 'ok' | 'no' | 'wait' | 'off' }>`
  flex: none;
  ${pillCss}
  background: ${(p) => ({ ok: colors.successSoft, no: colors.dangerSoft, wait: colors.warningSoft, off: colors.surface })[p.$tone]};
  color: ${(p) => ({ ok: colors.success, no: colors.danger, wait: colors.warning, off: colors.textMuted })[p.$tone]};
`;

const StyledReason = styled('p')`
  font-size: ${fontSizes.xs};
  color: ${colors.textMuted};
`;

const StyledState = styled('div')`
  display: flex;
  align-items: center;
  gap: ${space.sm};
  color: ${colors.textMuted};
  font-size: ${fontSizes.sm};
`;

function tone(value: ApprovalValue | null, applies: boolean): 'ok' | 'no' | 'wait' | 'off' {
  if (!applies) return 'off';
  if (value === 'aprovada') return 'ok';
  return value === 'negada' ? 'no' : 'wait';
}

type ApprovalBoxProps = {
  kind: ApprovalKind;
  approvals: Approvals;
  editable: boolean;
  busy: boolean;
  disabled: boolean;
  onToggle: () => void;
  control: Control<NoteValues>;
  savedNote: string | null;
  /** The payer's authorization record, under the box (null: not read, or the payer does not apply). */
  record?: ReactNode;
  /** That record's status, once read. */
  recordStatus?: AuthorizationStatus;
};

function ApprovalBox({ kind, approvals, editable, busy, disabled, onToggle, control, savedNote, record, recordStatus }: ApprovalBoxProps) {
  const applies = approvalApplies(kind, approvals);
  const value = approvals[FIELD[kind]];
  return (
    <StyledBox $applies={applies} data-approval={kind}>
      <StyledBoxHead>
        <h3>{LABEL[kind]}</h3>
        <StyledPill $tone={tone(value, applies)}>{approvalText(value, applies, recordStatus)}</StyledPill>
      </StyledBoxHead>
      {!applies ? (
        // Third week: a box that does not apply says why in one line; no switch or notes to wonder about.
        <StyledReason>{kind === 'plan' ? T.planNotApplicable : T.opmeNotApplicable}</StyledReason>
      ) : editable ? (
        <>
          <Switch
            label={T.approved}
            ariaLabel={`${LABEL[kind]}: ${T.approved}`}
            isSelected={value === 'aprovada'}
            onToggle={onToggle}
            isDisabled={disabled}
            busy={busy}
            busyLabel={T.saving}
          />
          <NotesField
            control={control}
            name={NOTE[kind]}
            label={NOTE_LABEL[kind]}
            placeholder={L.notePlaceholder}
            counter={L.noteCounter}
          />
        </>
      ) : (
        <StyledReason>
          <strong>{NOTE_LABEL[kind]}:</strong> {savedNote ?? L.none}
        </StyledReason>
      )}
      {applies ? record : null}
    </StyledBox>
  );
}

export function AuthorizationPanel() {
  const { surgery, lifecycle, editable, locked } = usePanel();
  const [toggling, setToggling] = useState<ApprovalKind | null>(null);
  const [asking, setAsking] = useState<{ kind: ApprovalKind; next: ApprovalValue } | null>(null);
  const records = useAuthorizationRecords(surgery.id);
  const [editing, setEditing] = useState<AuthorizationPayer | null>(null);
  const form = useForm<NoteValues>({
    defaultValues: {
      hospital_approvals_note: surgery.hospital_approvals_note ?? '',
      plan_approvals_note: surgery.plan_approvals_note ?? '',
      opme_approvals_note: surgery.opme_approvals_note ?? '',
    },
  });
  const { control, getValues, handleSubmit } = form;
  const draft = useStepDraft(form);
  const { actor } = lifecycle;

  // A new case, a move or a retry reads the approvals again; until that read lands, the panel is loading.
  const read = useRead(async (signal) => {
    const result = await getApprovals(surgery.id, signal);
    if (result.kind === 'ok' && !signal.aborted) {
      const { hospital_approvals, plan_approvals, opme_approvals } = result.value;
      // Facts read here enter the actor, so its guards see what the server has.
      actor.send({ type: 'case.updated', fields: { hospital_approvals, plan_approvals, opme_approvals } });
    }
    return result;
  }, [surgery.id, surgery.status]);
  const approvals = read.state.status === 'ready' ? read.state.value : null;

  /** The status of the payer's record, once read. */
  function recordStatusOf(kind: ApprovalKind): AuthorizationStatus | undefined {
    return records.state.status === 'ready' ? records.state.value.find((each) => each.payer === PAYER[kind])?.status : undefined;
  }

  /**
   * A click on a switch: turning an approval off records a formal 'Negada', and turning it on over a 'Parcial' record
   * goes ahead with a partial answer, so both ask first (`asking`); any other click saves at once.
   */
  function handleClick(kind: ApprovalKind) {
    if (!approvals) return;
    const next = toggledApproval(approvals[FIELD[kind]]);
    if (next === 'negada') setAsking({ kind, next });
    else if (recordStatusOf(kind) === 'parcial') setAsking({ kind, next });
    else void handleToggle(kind, next);
  }

  async function handleToggle(kind: ApprovalKind, next: ApprovalValue) {
    if (!approvals) return;
    setToggling(kind);
    const saved = await lifecycle.request({
      type: 'case.save',
      fields: { [FIELD[kind]]: next },
      notes: { [NOTE[kind]]: noteOf(getValues(NOTE[kind])) },
    });
    setToggling(null);
    if (saved) {
      // The toggle wrote the record's status on the server (DECISIONS §15).
      records.reload();
      read.replace((current) => ({ ...current, [FIELD[kind]]: next }));
    }
  }

  /** A saved record: its switch, the case (version, warnings) and the actor's facts follow it. */
  function handleRecordSaved(saved: AuthorizationSaved) {
    const kind = KIND_OF_PAYER[saved.authorization.payer];
    // The server's rule (a 'Parcial' record kept 'Parcial' keeps an approval turned on over it).
    const before = recordStatusOf(kind);
    const toggle = toggleOfRecord(
      saved.authorization.status,
      before && approvals ? { status: before, toggle: approvals[FIELD[kind]] } : undefined,
    );
    records.replace(saved.authorization);
    read.replace((current) => ({ ...current, [FIELD[kind]]: toggle }));
    actor.send({ type: 'case.updated', surgery: saved.surgery, fields: { [FIELD[kind]]: toggle } });
    setEditing(null);
  }

  function recordOf(kind: ApprovalKind): ReactNode {
    if (records.state.status === 'loading') return <StyledReason role="status">{R.loading}</StyledReason>;
    if (records.state.status === 'error') {
      return (
        <StyledState role="alert">
          {R.failed}
          <Button variant="secondary" onClick={records.retry}>
            {R.retry}
          </Button>
        </StyledState>
      );
    }
    const record = records.state.value.find((each) => each.payer === PAYER[kind]);
    if (!record) return null;
    return (
      <AuthorizationRecordSummary
        record={record}
        alerts={surgery.authorization_alerts.filter((alert) => alert.payer === record.payer)}
        canEdit={isActiveStatus(surgery.status) && !locked}
        onEdit={setEditing}
      />
    );
  }

  const editedRecord = records.state.status === 'ready' ? records.state.value.find((each) => each.payer === editing) : undefined;
  const editor = editedRecord ? (
    <AuthorizationRecordEditor
      surgeryId={surgery.id}
      version={surgery.version}
      record={editedRecord}
      statusLocked={!authorizationOpen(surgery.status)}
      onClose={() => setEditing(null)}
      onSaved={handleRecordSaved}
    />
  ) : null;

  const onSubmit = handleSubmit(async (values) => {
    const moved = await lifecycle.request({
      type: 'case.advance',
      fields: {},
      notes: {
        hospital_approvals_note: noteOf(values.hospital_approvals_note),
        ...(approvals?.health_plan_approval ? { plan_approvals_note: noteOf(values.plan_approvals_note) } : {}),
        ...(approvals?.opme ? { opme_approvals_note: noteOf(values.opme_approvals_note) } : {}),
      },
    });
    if (moved) draft.clear();
  });

  const body =
    read.state.status === 'loading' ? (
      <StyledState role="status">
        <Spinner size={18} />
        {T.loading}
      </StyledState>
    ) : !approvals ? (
      <StyledState role="alert">
        {T.failed}
        <Button variant="secondary" onClick={read.retry}>
          {T.retry}
        </Button>
      </StyledState>
    ) : (
      <StyledList>
        {APPROVAL_KINDS.map((kind) => (
          <ApprovalBox
            key={kind}
            kind={kind}
            approvals={approvals}
            editable={editable}
            busy={toggling === kind}
            disabled={locked}
            onToggle={() => handleClick(kind)}
            control={control}
            savedNote={surgery[NOTE[kind]]}
            record={recordOf(kind)}
            recordStatus={recordStatusOf(kind)}
          />
        ))}
      </StyledList>
    );

  const confirmTexts = asking?.next === 'negada' ? T.denyConfirm : T.partialConfirm;
  const confirm = (
    <ConfirmDialog
      isOpen={asking !== null}
      title={confirmTexts.title}
      text={asking ? fill(confirmTexts.text, { subject: T.subject[asking.kind] }) : undefined}
      confirmLabel={confirmTexts.confirm}
      cancelLabel={confirmTexts.cancel}
      focus="cancel"
      tone={asking?.next === 'negada' ? 'danger' : 'primary'}
      busy={asking !== null && toggling === asking.kind}
      busyLabel={T.saving}
      closeLabel={T.confirmClose}
      maxWidth={600}
      onConfirm={() => {
        if (!asking) return;
        void handleToggle(asking.kind, asking.next).finally(() => setAsking(null));
      }}
      onCancel={() => setAsking(null)}
    />
  );

  if (!editable) {
    return (
      <>
        <PanelFrame>
          {body}
        </PanelFrame>
        {editor}
      </>
    );
  }
  return (
    <>
      <StepForm onSubmit={onSubmit} intro={T.intro} draft={draft}>
        {body}
      </StepForm>
      {/* Outside the step form: the editor is a form of its own (a modal portal, but kept out of the tree too). */}
      {editor}
      {confirm}
    </>
  );
}
