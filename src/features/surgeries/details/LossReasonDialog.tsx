/**
 * The 'Tem certeza?' of 'Arquivar ciclo' and 'Cancelar cirurgia' (SPEC §2, §8) asking why (issue 13; DECISIONS §15
 * "Reasons"): SPEC's title, text and answers as before ('Sim, arquivar!' / 'Cancelar', 'Sim, cancelar!' / 'Fechar',
 * the negative answer focused), one line on how archiving differs from cancelling, then the reason (a select of the fixed list) and its free text under the text. The
 * form is checked with machines/preoperative/reasonSchemas.ts' form schema (the reason required; 'Outro motivo' needs
 * the text) before anything is sent; the confirmation then hands the valid choice to the page, which sends it with
 * the lifecycle's archive or cancel request. Mounted only while open, so every opening starts empty.
 */
import { useId } from 'react';
import { css, styled } from 'goober';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { LOSS_REASON_NOTE_MAX, lossReasonFormSchema, isLossReason, type LossReasonChoice, type LossReasonValues } from '../../../../machines/preoperative/reasonSchemas';
import { FormSelect } from '../../../components/form/FormSelect';
import { stepResolver } from '../../../components/form/stepResolver';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { describedBy, Field, inputClassName } from '../../../components/ui/Field';
import { fill } from '../../../lib/i18n/pt-BR';
import { reasonsTexts } from '../../../lib/i18n/reasons';
import { surgeriesTexts } from '../../../lib/i18n/surgeries';
import { colors, fontSizes, space } from '../../../lib/theme';
import { columnCss } from '../../../components/ui/cssParts';

const R = reasonsTexts.dialog;
const T = surgeriesTexts.lifecycle;

const resolver = stepResolver<LossReasonValues>(lossReasonFormSchema);

const StyledFields = styled('div')`
  ${columnCss(space.lg)}
  margin-top: ${space.lg};
`;

/** One line on how archiving and cancelling differ (issue 33 item 13), under SPEC's text. */
const StyledDifference = styled('p')`
  margin-top: ${space.sm};
  font-size: ${fontSizes.sm};
  line-height: 1.5;
  color: ${colors.textMuted};
`;

const textareaClass = css`
  min-height: 96px;
  padding: ${space.sm} ${space.md};
  resize: vertical;
  line-height: 1.5;
`;

/** The reason's free text: at most LOSS_REASON_NOTE_MAX characters, optional unless the reason is 'outro'. */
function ReasonNoteField({ control, required, disabled }: { control: Control<LossReasonValues>; required: boolean; disabled: boolean }) {
  const id = useId();
  const {
    field: { ref, name, value: fieldValue, onChange, onBlur },
    fieldState,
  } = useController({ control, name: 'reason_note' });
  const error = fieldState.error?.message;
  const value = typeof fieldValue === 'string' ? fieldValue : '';
  const counter = { count: [...value].length, max: LOSS_REASON_NOTE_MAX };
  const hint = fill(required ? R.noteRequiredHint : R.noteCounter, counter);
  return (
    <Field id={id} label={R.noteLabel} hint={hint} error={error} optional={!required}>
      <textarea
        ref={ref}
        id={id}
        name={name}
        className={`${inputClassName} ${textareaClass}`}
        value={value}
        maxLength={LOSS_REASON_NOTE_MAX}
        placeholder={R.notePlaceholder}
        disabled={disabled}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
      />
    </Field>
  );
}

export type LossReasonDialogProps = {
  kind: 'archive' | 'cancel';
  /** The request is on its way: the confirmation shows 'Arquivando...' / 'Cancelando...' and nothing can change. */
  busy: boolean;
  onConfirm: (choice: LossReasonChoice) => void;
  onCancel: () => void;
};

export function LossReasonDialog({ kind, busy, onConfirm, onCancel }: LossReasonDialogProps) {
  const { control, handleSubmit } = useForm<LossReasonValues>({
    defaultValues: { reason: '', reason_note: '' },
    resolver,
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const texts = T[kind];
  const reason = useWatch({ control, name: 'reason' });
  const confirm = handleSubmit((values) => {
    if (!isLossReason(values.reason)) return;
    const note = values.reason_note.trim();
    onConfirm({ reason: values.reason, reason_note: note === '' ? null : note });
  });
  return (
    <ConfirmDialog
      isOpen
      title={texts.title}
      text={texts.text}
      confirmLabel={texts.confirm}
      cancelLabel={texts.cancel}
      busy={busy}
      busyLabel={texts.busy}
      closeLabel={T.dialogClose}
      maxWidth={520}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    >
      <StyledDifference>{texts.difference}</StyledDifference>
      <StyledFields>
        <FormSelect
          control={control}
          name="reason"
          label={kind === 'archive' ? R.archiveLabel : R.cancelLabel}
          options={reasonsTexts.options}
          placeholder={R.placeholder}
        />
        <ReasonNoteField control={control} required={reason === 'outro'} disabled={busy} />
      </StyledFields>
    </ConfirmDialog>
  );
}
