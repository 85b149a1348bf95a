/**
 * 'Enviar mensagem' in the case's 'Mensagens ao paciente' (issue 39 item 2): pick one of the medic's templates and
 * the channel, read (and edit) the text the server filled from the case, and send it. A template whose fields the
 * case does not have yet says which. Without the channel's consent (or, on WhatsApp, the patient's cellphone) the
 * button is off and the reason shows beside it; the server refuses the same cases with the same words.
 *
 * WhatsApp: the server records the message and answers the wa.me link, which opens in a new tab. A tab opened after
 * the answer is no longer "in the click" and popup blockers (Safari, Firefox, some Chrome settings) stop it, so the
 * click opens an empty tab at once and the answer sends it to the link; the empty tab's `opener` is cut before any
 * page loads in it (what 'noopener' does: with that flag `window.open` answers null and the tab could not be sent
 * anywhere). A refused send closes the empty tab. When the browser blocked even that, or the tab was closed, the link
 * stays shown under the button for a click of the user's own.
 */
import { useState } from 'react';
import { styled } from 'goober';
import { CONTACT_CHANNELS, MESSAGE_TEMPLATE_KINDS, type ContactChannel, type MessageTemplateKind } from '../../../../machines/patientMessages/constants';
import { messagesOf } from '../../../api/call';
import { sendPatientMessage, type CaseMessages, type PatientMessage } from '../../../api/patientMessages';
import { Button } from '../../../components/ui/Button';
import { Select } from '../../../components/ui/Select';
import { TextArea } from '../../../components/ui/TextArea';
import { warningBoxCss } from '../../../components/ui/cssParts';
import { patientMessagesTexts } from '../../../lib/i18n/patientMessages';
import { fill } from '../../../lib/i18n/pt-BR';
import { colors, fontSizes, fontWeights, media, space } from '../../../lib/theme';
import { toastSuccess } from '../../../lib/toast';

const T = patientMessagesTexts.card;
const M = patientMessagesTexts.messages;

const TEMPLATE_OPTIONS = MESSAGE_TEMPLATE_KINDS.map((kind) => ({ value: kind, label: patientMessagesTexts.templates[kind].title }));
const CHANNEL_OPTIONS = CONTACT_CHANNELS.map((channel) => ({ value: channel, label: patientMessagesTexts.channels[channel] }));

const StyledChoices = styled('div')`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space.lg};
  ${media.md} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
`;

const StyledNote = styled('p')`
  ${warningBoxCss}
  padding: ${space.sm} ${space.md};
`;

const StyledActions = styled('div')`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space.sm} ${space.lg};
`;

const StyledReason = styled('p')`
  flex: 1 1 240px;
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

const StyledErrors = styled('p')`
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.medium};
  color: ${colors.danger};
`;

const StyledLink = styled('p')`
  font-size: ${fontSizes.sm};
  color: ${colors.text};
  & a { color: ${colors.primary}; font-weight: ${fontWeights.semibold}; overflow-wrap: anywhere; }
`;

/** A field's description without its format in brackets: 'Data agendada da cirurgia (dd/mm/aaaa)' → 'Data agendada da cirurgia'. */
function placeholderName(key: string): string {
  return (patientMessagesTexts.placeholders[key] ?? key).replace(/\s*\([^)]*\)$/, '');
}

/** Why the message cannot go through `channel` now, or null. */
function blockedReason(data: CaseMessages, channel: ContactChannel): string | null {
  if (!data.consents.some((consent) => consent.channel === channel)) return M.noConsent[channel];
  if (channel === 'whatsapp' && !data.has_cellphone) return M.noCellphone;
  return null;
}

/** An empty tab opened in the click (see the file's comment), its opener cut; null when the browser blocked it. */
function openBlankTab(): Window | null {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  return tab;
}

type PatientMessageComposerProps = {
  data: CaseMessages;
  onSent: (message: PatientMessage) => void;
};

export function PatientMessageComposer({ data, onSent }: PatientMessageComposerProps) {
  const draftOf = (kind: MessageTemplateKind) => data.drafts.find((draft) => draft.template === kind);
  const [template, setTemplate] = useState<MessageTemplateKind>(MESSAGE_TEMPLATE_KINDS[0]);
  const [channel, setChannel] = useState<ContactChannel>('whatsapp');
  const [text, setText] = useState(() => draftOf(MESSAGE_TEMPLATE_KINDS[0])?.text ?? '');
  const [textError, setTextError] = useState<string | undefined>();
  const [errors, setErrors] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [whatsappUrl, setWhatsappUrl] = useState<string | null>(null);

  const empty = draftOf(template)?.empty ?? [];
  const reason = blockedReason(data, channel);

  function handleTemplate(next: string) {
    const kind = next as MessageTemplateKind;
    setTemplate(kind);
    setText(draftOf(kind)?.text ?? '');
    setTextError(undefined);
    setErrors([]);
  }

  function handleChannel(next: string) {
    setChannel(next as ContactChannel);
    setErrors([]);
  }

  function handleText(next: string) {
    setText(next);
    setTextError(undefined);
  }

  async function handleSend() {
    if (text.trim() === '') {
      setTextError(M.textRequired);
      return;
    }
    // Opened now, while the click still counts as the user's: see the file's comment.
    const tab = channel === 'whatsapp' ? openBlankTab() : null;
    setSending(true);
    setErrors([]);
    setWhatsappUrl(null);
    // The text as filled goes as the template's name alone (the server fills it again, the same way); an edited one
    // goes as typed.
    const edited = text !== draftOf(template)?.text;
    const result = await sendPatientMessage(data.surgery_id, edited ? { template, channel, text } : { template, channel });
    setSending(false);
    if (!result.ok) {
      tab?.close();
      const textMessages = result.fields.text ?? [];
      setTextError(textMessages[0]);
      setErrors(messagesOf(result).filter((message) => !textMessages.includes(message)));
      return;
    }
    const { message, whatsapp_url: url } = result.data;
    if (url) {
      if (tab && !tab.closed) tab.location.replace(url);
      setWhatsappUrl(url);
      toastSuccess(T.whatsappOpened);
    } else {
      toastSuccess(fill(T.emailSent, { email: message.recipient }));
    }
    onSent(message);
  }

  return (
    <>
      <StyledChoices>
        <Select label={T.template} name="message_template" value={template} onChange={handleTemplate} options={TEMPLATE_OPTIONS} />
        <Select label={T.channel} name="message_channel" value={channel} onChange={handleChannel} options={CHANNEL_OPTIONS} />
      </StyledChoices>
      <TextArea
        label={T.text}
        name="message_text"
        value={text}
        onChange={handleText}
        maxLength={patientMessagesTexts.maxLength}
        counter={patientMessagesTexts.counter}
        rows={9}
        error={textError}
        disabled={sending}
      />
      {empty.length > 0 ? <StyledNote>{fill(T.emptyFields, { names: empty.map(placeholderName).join(', ') })}</StyledNote> : null}
      {errors.length > 0 ? <StyledErrors role="alert">{errors.join(' ')}</StyledErrors> : null}
      <StyledActions>
        <Button onClick={() => void handleSend()} disabled={reason !== null} loading={sending}>
          {sending ? T.sending : channel === 'whatsapp' ? T.openWhatsapp : T.sendEmail}
        </Button>
        {reason ? <StyledReason>{reason}</StyledReason> : null}
      </StyledActions>
      {whatsappUrl ? (
        <StyledLink role="status">
          {T.whatsappLinkIntro}{' '}
          <a href={whatsappUrl} target="_blank" rel="noopener noreferrer">
            {T.whatsappLink}
          </a>
        </StyledLink>
      ) : null}
    </>
  );
}
