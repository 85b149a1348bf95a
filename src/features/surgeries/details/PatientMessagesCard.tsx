/**
 * 'Mensagens ao paciente' on /surgery-details (issue 39 item 2; docs/MESSAGES.md), for the medic and the secretary,
 * just before 'Histórico'. One read (GET surgery/{id}/messages/) gives its three parts:
 * - 'Consentimento de contato': per channel, the patient's standing consent (the day, who recorded it, the e-mail's
 *   address) with 'Revogar' (asked first), or 'Sem consentimento' with 'Registrar consentimento' (./ContactConsentForm);
 * - 'Enviar mensagem': a template filled from the case, through WhatsApp or e-mail (./PatientMessageComposer);
 * - 'Mensagens enviadas': newest first, each with its text behind a <details>.
 * A patient whose data were erased (LGPD) gets the notice and nothing else. A message sent is added at once and the
 * card reads again; `onSent` tells the page, whose 'Histórico' then reads again too (a message changes neither the
 * case's version nor its stage, what the history otherwise follows).
 */
import { useEffect, useState } from 'react';
import { styled } from 'goober';
import { CONTACT_CHANNELS, type ContactChannel } from '../../../../machines/patientMessages/constants';
import { formatPhone } from '../../../../machines/rules/phone';
import { messagesOf } from '../../../api/call';
import { getCaseMessages, revokeContactConsent, type CaseMessages, type ContactConsent, type PatientMessage } from '../../../api/patientMessages';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Notice } from '../../../components/ui/Notice';
import { ReadNotice } from '../../../components/ui/ReadNotice';
import { boxedRowsCss, plainListCss, spreadRowCss } from '../../../components/ui/cssParts';
import { formatDate, formatTime } from '../../../lib/format/date';
import { patientMessagesTexts } from '../../../lib/i18n/patientMessages';
import { fill } from '../../../lib/i18n/pt-BR';
import { colors, fontSizes, fontWeights, radii, space } from '../../../lib/theme';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useRead } from '../../../lib/useRead';
import { Card, CardTitle } from '../components/Card';
import { ContactConsentForm } from './ContactConsentForm';
import { PatientMessageComposer } from './PatientMessageComposer';

const T = patientMessagesTexts.card;
const TITLE_ID = 'patient-messages-title';

const StyledPart = styled('section')`
  display: flex;
  flex-direction: column;
  gap: ${space.md};
  & + & { padding-top: ${space.lg}; border-top: 1px solid ${colors.border}; }
  & > h3 { font-size: ${fontSizes.md}; font-weight: ${fontWeights.bold}; color: ${colors.text}; }
`;

const StyledIntro = styled('p')`
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

const StyledConsents = styled('ul')`
  ${boxedRowsCss}
  & > li { display: flex; flex-direction: column; gap: ${space.md}; padding: ${space.md}; }
`;

const StyledConsentRow = styled('div')`
  ${spreadRowCss(space.sm)}
  & > div { display: flex; flex-direction: column; gap: ${space.xxs}; min-width: 0; flex: 1 1 220px; }
  & strong { font-weight: ${fontWeights.semibold}; color: ${colors.text}; }
  & span { font-size: ${fontSizes.sm}; color: ${colors.textMuted}; overflow-wrap: anywhere; }
`;

const StyledSent = styled('ol')`
  ${plainListCss(space.sm)}
  & > li {
    display: flex;
    flex-direction: column;
    gap: ${space.xxs};
    padding: ${space.md};
    border-radius: ${radii.md};
    background: ${colors.primaryTint};
    min-width: 0;
  }
  & strong { font-weight: ${fontWeights.semibold}; color: ${colors.text}; }
  & span, & small { font-size: ${fontSizes.sm}; color: ${colors.textMuted}; overflow-wrap: anywhere; }
  & small { font-size: ${fontSizes.xs}; }
  & summary { cursor: pointer; font-size: ${fontSizes.sm}; font-weight: ${fontWeights.semibold}; color: ${colors.primary}; }
  & details p { margin-top: ${space.xs}; font-size: ${fontSizes.sm}; color: ${colors.text}; white-space: pre-wrap; overflow-wrap: anywhere; }
`;

const personName = (person: ContactConsent['recorded_by']) => (person ? `${person.first_name} ${person.last_name}`.trim() : T.unknownPerson);

/** 'Autorizado em 02/12/2026 · registrado por Juliana Souza', after the address on e-mail. */
function consentText(consent: ContactConsent): string {
  const text = fill(T.consented, { date: formatDate(consent.consented_on), name: personName(consent.recorded_by) });
  return consent.email ? `${consent.email} · ${text}` : text;
}

type ConsentsProps = {
  data: CaseMessages;
  onRecorded: (consent: ContactConsent) => void;
  onRevoke: (channel: ContactChannel) => void;
  /** The channel whose consent was just recorded or revoked: its status takes the focus (the button pressed is gone). */
  settled: { channel: ContactChannel } | null;
};

const statusId = (channel: ContactChannel) => `consent-status-${channel}`;

function Consents({ data, onRecorded, onRevoke, settled }: ConsentsProps) {
  const [recording, setRecording] = useState<ContactChannel | null>(null);
  useEffect(() => {
    if (!settled) return;
    // After the dialog's own focus restoration (a frame later), to the button that no longer exists.
    const frame = requestAnimationFrame(() => document.getElementById(statusId(settled.channel))?.focus());
    return () => cancelAnimationFrame(frame);
  }, [settled]);
  return (
    <StyledConsents>
      {CONTACT_CHANNELS.map((channel) => {
        const consent = data.consents.find((standing) => standing.channel === channel);
        const label = patientMessagesTexts.channels[channel];
        return (
          <li key={channel} data-consent={channel}>
            <StyledConsentRow>
              <div id={statusId(channel)} tabIndex={-1}>
                <strong>{label}</strong>
                <span>{consent ? consentText(consent) : T.noConsent}</span>
              </div>
              {consent ? (
                <Button variant="secondary" onClick={() => onRevoke(channel)} aria-label={fill(T.revokeFor, { channel: label })}>
                  {T.revoke}
                </Button>
              ) : recording !== channel ? (
                <Button variant="secondary" onClick={() => setRecording(channel)} aria-label={fill(T.recordFor, { channel: label })}>
                  {T.record}
                </Button>
              ) : null}
            </StyledConsentRow>
            {recording === channel && !consent ? (
              <ContactConsentForm
                patientId={data.patient_id}
                channel={channel}
                onCancel={() => setRecording(null)}
                onRecorded={(recorded) => {
                  setRecording(null);
                  onRecorded(recorded);
                }}
              />
            ) : null}
          </li>
        );
      })}
    </StyledConsents>
  );
}

/** 'Juliana Souza · 02/12/2026 às 14:35' */
function sentByAt(message: PatientMessage): string {
  return fill(T.byAt, { name: personName(message.sent_by), date: formatDate(message.sent_at), time: formatTime(message.sent_at) });
}

function SentMessages({ sent }: { sent: PatientMessage[] }) {
  if (sent.length === 0) return <Notice kind="empty" title={T.sentEmpty} compact announce={false} />;
  return (
    <StyledSent aria-label={T.sentTitle}>
      {sent.map((message) => (
        <li key={message.id} data-message={message.id}>
          <strong>{`${message.title} · ${T.byChannel[message.channel]}`}</strong>
          {message.recipient ? (
            <span>{fill(T.recipient, { recipient: message.channel === 'whatsapp' ? formatPhone(message.recipient) : message.recipient })}</span>
          ) : null}
          <small>
            <time dateTime={message.sent_at}>{sentByAt(message)}</time>
          </small>
          <details>
            <summary>{T.showText}</summary>
            <p>{message.text}</p>
          </details>
        </li>
      ))}
    </StyledSent>
  );
}

export type PatientMessagesCardProps = {
  surgeryId: number;
  /** After a message is sent (the page's 'Histórico' reads again). */
  onSent: () => void;
};

export function PatientMessagesCard({ surgeryId, onSent }: PatientMessagesCardProps) {
  const messages = useRead((signal) => getCaseMessages(surgeryId, signal), [surgeryId]);
  const { state, replace, reload } = messages;
  const [revoking, setRevoking] = useState<ContactChannel | null>(null);
  const [busy, setBusy] = useState(false);
  const [settled, setSettled] = useState<{ channel: ContactChannel } | null>(null);
  const data = state.status === 'ready' ? state.value : null;

  function handleRecorded(consent: ContactConsent) {
    replace((value) => ({ ...value, consents: [...value.consents.filter((each) => each.channel !== consent.channel), consent] }));
    setSettled({ channel: consent.channel });
  }

  function handleSent(message: PatientMessage) {
    replace((value) => ({ ...value, sent: [message, ...value.sent.filter((each) => each.id !== message.id)] }));
    reload();
    onSent();
  }

  async function handleRevoke() {
    if (!data || revoking === null) return;
    const channel = revoking;
    setBusy(true);
    const result = await revokeContactConsent(data.patient_id, channel);
    setBusy(false);
    setRevoking(null);
    if (result.ok || result.status === 404) {
      // 404: already revoked (another tab, another person): the card shows what is so.
      replace((value) => ({ ...value, consents: value.consents.filter((each) => each.channel !== channel) }));
      setSettled({ channel });
      if (result.ok) toastSuccess(T.revoked);
      else reload();
      return;
    }
    toastError(messagesOf(result).join(' '));
  }

  let body;
  if (!data) body = <ReadNotice read={messages} loading={T.loading} failed={T.failed} compact />;
  else if (data.anonymized) body = <Notice kind="empty" title={patientMessagesTexts.messages.anonymized} compact announce={false} />;
  else
    body = (
      <>
        <StyledPart aria-labelledby="patient-consents-title">
          <h3 id="patient-consents-title">{T.consentTitle}</h3>
          <StyledIntro>{T.consentIntro}</StyledIntro>
          <Consents data={data} onRecorded={handleRecorded} onRevoke={setRevoking} settled={settled} />
        </StyledPart>
        <StyledPart aria-labelledby="patient-send-title">
          <h3 id="patient-send-title">{T.sendTitle}</h3>
          <PatientMessageComposer data={data} onSent={handleSent} />
        </StyledPart>
        <StyledPart aria-labelledby="patient-sent-title">
          <h3 id="patient-sent-title">{T.sentTitle}</h3>
          <SentMessages sent={data.sent} />
        </StyledPart>
      </>
    );

  const byChannel = revoking ? T.byChannel[revoking] : '';
  return (
    <Card as="section" $stack aria-labelledby={TITLE_ID} aria-busy={state.status === 'loading' || undefined}>
      <CardTitle id={TITLE_ID}>{T.title}</CardTitle>
      <StyledIntro>{T.intro}</StyledIntro>
      {body}
      <ConfirmDialog
        isOpen={revoking !== null}
        title={T.revokeTitle}
        text={fill(T.revokeText, { channel: byChannel })}
        confirmLabel={T.revoke}
        cancelLabel={patientMessagesTexts.cancel}
        busy={busy}
        busyLabel={T.revoking}
        closeLabel={patientMessagesTexts.close}
        onConfirm={() => void handleRevoke()}
        onCancel={() => setRevoking(null)}
      />
    </Card>
  );
}
