/**
 * The small form of 'Registrar consentimento' in the case's 'Mensagens ao paciente' (issue 39 item 2): the day the
 * patient agreed to be contacted (today in São Paulo unless told), and for e-mail the address he agreed to. The form
 * checks what it can see with the API's own schema (machines/patientMessages/schemas.ts `contactConsentSchema`,
 * loaded at its first check): a whole, real date and a well-formed address. What depends on the server's day and on
 * the channel (a date after today, the e-mail's address missing) the server answers, and its field messages land on
 * the same fields.
 */
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { styled } from 'goober';
import type { ContactChannel } from '../../../../machines/patientMessages/constants';
import type { ContactConsentInput } from '../../../../machines/patientMessages/schemas';
import { recordContactConsent, type ContactConsent } from '../../../api/patientMessages';
import { useSchemaForm } from '../../../components/form/useSchemaForm';
import { Button } from '../../../components/ui/Button';
import { DateField } from '../../../components/ui/DateField';
import { TextField } from '../../../components/ui/TextField';
import { formatDate, parseBrDate, todayInSaoPaulo } from '../../../lib/format/date';
import { patientMessagesTexts } from '../../../lib/i18n/patientMessages';
import { fill } from '../../../lib/i18n/pt-BR';
import { colors, fontSizes, media, radii, space } from '../../../lib/theme';
import { toastSuccess } from '../../../lib/toast';
import { checkedOnFirstUse, putFieldErrors } from './lazyChecks';

const T = patientMessagesTexts.card;

type Values = { consented_on: string; email: string };

const StyledForm = styled('form')`
  display: flex;
  flex-direction: column;
  gap: ${space.lg};
  padding: ${space.lg};
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  background: ${colors.surface};
`;

const StyledFields = styled('div')`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space.lg};
  ${media.md} { grid-template-columns: minmax(0, 260px) minmax(0, 1fr); align-items: start; }
`;

const StyledActions = styled('div')`
  display: flex;
  flex-direction: column-reverse;
  gap: ${space.sm};
  ${media.md} { flex-direction: row; justify-content: flex-end; }
`;

const StyledMessages = styled('p')`
  font-size: ${fontSizes.sm};
  color: ${colors.danger};
`;

/** The body the API takes: the date as yyyy-MM-dd when typed whole (else as typed: the schema says why; blank: absent). */
function payloadOf(channel: ContactChannel, values: Values): Record<string, unknown> {
  const typed = values.consented_on.trim();
  return {
    channel,
    ...(typed === '' ? {} : { consented_on: parseBrDate(typed) ?? typed }),
    ...(channel === 'email' ? { email: values.email.trim() === '' ? null : values.email.trim() } : {}),
  };
}

type ContactConsentFormProps = {
  patientId: number;
  channel: ContactChannel;
  onRecorded: (consent: ContactConsent) => void;
  onCancel: () => void;
};

export function ContactConsentForm({ patientId, channel, onRecorded, onCancel }: ContactConsentFormProps) {
  const form = useSchemaForm<Values>(
    checkedOnFirstUse(
      () => import('../../../../machines/patientMessages/schemas'),
      ({ payloadResolver }, { contactConsentSchema }) => payloadResolver<Values>(() => contactConsentSchema, (values) => payloadOf(channel, values)),
    ),
    { consented_on: formatDate(todayInSaoPaulo()), email: '' },
    { clearErrorOnChange: true },
  );
  const { field: consentedOn, fieldState: consentedOnState } = useController({ control: form.control, name: 'consented_on' });
  const { field: email, fieldState: emailState } = useController({ control: form.control, name: 'email' });
  const [saving, setSaving] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);

  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    setMessages([]);
    const result = await recordContactConsent(patientId, payloadOf(channel, values) as ContactConsentInput);
    setSaving(false);
    if (result.ok) {
      toastSuccess(T.saved);
      onRecorded(result.data);
      return;
    }
    await putFieldErrors(form, result.fields);
    // What no field shows (another tenant's patient, an erased one, no answer) is said under the fields.
    const onFields = new Set(Object.entries(result.fields).filter(([name]) => name in values).flatMap(([, list]) => list));
    setMessages(result.messages.filter((message) => !onFields.has(message)));
  });

  const channelLabel = patientMessagesTexts.channels[channel];
  return (
    <StyledForm noValidate aria-label={fill(T.consentForm, { channel: channelLabel })} onSubmit={(event) => void submit(event)}>
      <StyledFields>
        <DateField
          label={T.consentedOn}
          name={`consent_${channel}_date`}
          value={consentedOn.value}
          onChange={consentedOn.onChange}
          placeholder={T.datePlaceholder}
          error={consentedOnState.error?.message}
        />
        {channel === 'email' ? (
          <TextField
            label={T.consentEmail}
            name="consent_email"
            type="email"
            autoComplete="off"
            value={email.value}
            onChange={email.onChange}
            onBlur={email.onBlur}
            inputRef={email.ref}
            placeholder={T.emailPlaceholder}
            error={emailState.error?.message}
          />
        ) : null}
      </StyledFields>
      {messages.length > 0 ? <StyledMessages role="alert">{messages.join(' ')}</StyledMessages> : null}
      <StyledActions>
        <Button variant="ghost" onClick={onCancel} disabled={saving}>
          {patientMessagesTexts.cancel}
        </Button>
        <Button type="submit" loading={saving}>
          {saving ? T.saving : T.save}
        </Button>
      </StyledActions>
    </StyledForm>
  );
}
