/**
 * The editor of one authorization record (issue 13; DECISIONS §15): status, request date, protocol or guide number,
 * senha, decision date, valid-until date and notes, in a modal. The form is checked by the API's own schema
 * (machines/preoperative/authorizationSchemas.ts) on the payload it sends, so both say the same pt-BR messages; the
 * server's field messages land on the same fields. After the authorization step the status is shown, not edited.
 */
import { useState } from 'react';
import { styled } from 'goober';
import { AUTHORIZATION_PAYER_LABELS, AUTHORIZATION_STATUSES, AUTHORIZATION_STATUS_LABELS, type AuthorizationPayer, type AuthorizationStatus } from '../../../../machines/preoperative/constants';
import { authorizationSchema } from '../../../../machines/preoperative/authorizationSchemas';
import { saveAuthorization, type AuthorizationRecord, type AuthorizationSaved, type AuthorizationUpdate } from '../../../api/authorizations';
import { FormMaskedField, MASKS } from '../../../components/form/FormMaskedField';
import { FormSelect } from '../../../components/form/FormSelect';
import { FormTextField } from '../../../components/form/FormTextField';
import { payloadResolver, putFieldErrors } from '../../../components/form/stepResolver';
import { useSchemaForm } from '../../../components/form/useSchemaForm';
import { Modal } from '../../../components/ui/Modal';
import { ModalMessages, ModalSubmitActions, ModalText } from '../../../components/ui/modalParts';
import { formatDate, parseBrDate, todayInSaoPaulo } from '../../../lib/format/date';
import { authorizationTexts } from '../../../lib/i18n/authorizations';
import { fill } from '../../../lib/i18n/pt-BR';
import { toastSuccess } from '../../../lib/toast';
import { colors, fontSizes, media, space } from '../../../lib/theme';
import { NotesField } from '../components/NotesField';
import { FieldStack } from '../../../components/ui/fieldLayout';

const T = authorizationTexts.editor;
const R = authorizationTexts.record;

type RecordValues = {
  status: AuthorizationStatus;
  requested_on: string;
  protocol: string;
  password: string;
  decided_on: string;
  valid_until: string;
  notes: string;
};

const STATUS_OPTIONS = AUTHORIZATION_STATUSES.map((status) => ({ value: status, label: AUTHORIZATION_STATUS_LABELS[status] }));

/** A typed dd/mm/aaaa as the API takes it: null when blank, the date when real, else the text (the schema says why). */
function dateOf(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : (parseBrDate(trimmed) ?? trimmed);
}

function payloadOf(values: RecordValues, version: number): AuthorizationUpdate {
  return {
    status: values.status,
    requested_on: dateOf(values.requested_on),
    protocol: values.protocol,
    password: values.password,
    decided_on: dateOf(values.decided_on),
    valid_until: dateOf(values.valid_until),
    notes: values.notes,
    version,
  };
}

function valuesOf(record: AuthorizationRecord): RecordValues {
  return {
    status: record.status,
    requested_on: formatDate(record.requested_on),
    protocol: record.protocol ?? '',
    password: record.password ?? '',
    decided_on: formatDate(record.decided_on),
    valid_until: formatDate(record.valid_until),
    notes: record.notes ?? '',
  };
}

const StyledGrid = styled('div')`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space.lg};
  ${media.md} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
`;

const StyledLocked = styled('p')`
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
  & > strong { color: ${colors.text}; }
`;

export type AuthorizationRecordEditorProps = {
  surgeryId: number;
  /** The case version the page shows (a save from an older one is 409). */
  version: number;
  record: AuthorizationRecord;
  /** After the authorization step the status no longer changes (the server refuses it). */
  statusLocked: boolean;
  onClose: () => void;
  onSaved: (saved: AuthorizationSaved) => void;
};

export function AuthorizationRecordEditor({ surgeryId, version, record, statusLocked, onClose, onSaved }: AuthorizationRecordEditorProps) {
  const payer: AuthorizationPayer = record.payer;
  // The API's schema (for today) over the payload the form would send.
  const form = useSchemaForm(
    payloadResolver<RecordValues>(() => authorizationSchema(todayInSaoPaulo()), (values) => payloadOf(values, version)),
    valuesOf(record),
  );
  const { control, handleSubmit } = form;
  const [sending, setSending] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);

  const onSubmit = handleSubmit(async (values) => {
    setSending(true);
    setMessages([]);
    const result = await saveAuthorization(surgeryId, payer, payloadOf(values, version));
    setSending(false);
    if (result.ok) {
      toastSuccess(T.saved);
      onSaved(result.data);
      return;
    }
    if (result.status === 0) {
      setMessages(result.messages);
      return;
    }
    putFieldErrors(form, result.fields);
    const fieldMessages = new Set(Object.values(result.fields).flat());
    setMessages(result.messages.filter((message) => !fieldMessages.has(message)));
  });

  const payerLabel = AUTHORIZATION_PAYER_LABELS[payer];
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={fill(T.title, { payer: payerLabel })}
      closeLabel={T.close}
      maxWidth={640}
      dismissable={!sending}
      busy={sending}
      onSubmit={(event) => void onSubmit(event)}
      footer={
        <ModalSubmitActions cancelLabel={T.cancel} onCancel={onClose} submitLabel={T.save} sendingLabel={T.saving} sending={sending} />
      }
    >
      <FieldStack data-authorization-editor={payer}>
        <ModalText>{T.intro}</ModalText>
        <ModalMessages messages={messages} role="alert" />
        {statusLocked ? (
          <StyledLocked>
            <strong>{R.status}:</strong> {AUTHORIZATION_STATUS_LABELS[record.status]}. {T.statusLocked}
          </StyledLocked>
        ) : (
          <FormSelect control={control} name="status" label={R.status} options={STATUS_OPTIONS} placeholder={R.status} />
        )}
        <StyledGrid>
          <FormMaskedField control={control} name="requested_on" label={R.requestedOn} mask={MASKS.date} placeholder={T.datePlaceholder} />
          <FormMaskedField control={control} name="decided_on" label={R.decidedOn} mask={MASKS.date} placeholder={T.datePlaceholder} />
          <FormTextField control={control} name="protocol" label={R.protocol} placeholder={T.protocolPlaceholder} optional autoComplete="off" />
          <FormTextField control={control} name="password" label={R.password} placeholder={T.passwordPlaceholder} optional autoComplete="off" />
          <FormMaskedField control={control} name="valid_until" label={R.validUntil} mask={MASKS.date} placeholder={T.datePlaceholder} />
        </StyledGrid>
        <NotesField control={control} name="notes" label={R.notes} placeholder={T.notesPlaceholder} counter={T.noteCounter} />
      </FieldStack>
    </Modal>
  );
}
