/**
 * 'Mensagens ao paciente' on the medic's /settings (issue 39 item 2; docs/MESSAGES.md): his four templates (the
 * shipped text until he saves his own), each in a text box with 'Salvar' and, once changed, 'Restaurar padrão'
 * (asked first), and the fields `{name}` a template may use. Only the medic edits them (the API answers a secretary
 * 403), so the secretary's /account does not show this card; she sends them from the case's page.
 * A `{field}` the messages cannot fill is refused before the text goes, with the server's words (unknownPlaceholders
 * of machines/patientMessages/constants.ts, the check the server makes); what the server refuses lands on the box.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { styled } from 'goober';
import { MESSAGE_TEXTS, unknownPlaceholders } from '../../../machines/patientMessages/constants';
import { messagesOf } from '../../api/call';
import { getMessageTemplates, resetMessageTemplate, saveMessageTemplate, type MessageTemplate } from '../../api/patientMessages';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { ReadNotice } from '../../components/ui/ReadNotice';
import { TextArea } from '../../components/ui/TextArea';
import { pillCss, plainListCss } from '../../components/ui/cssParts';
import { patientMessagesTexts } from '../../lib/i18n/patientMessages';
import { fill } from '../../lib/i18n/pt-BR';
import { colors, fontSizes, fontWeights, media, radii, space } from '../../lib/theme';
import { toastError, toastSuccess } from '../../lib/toast';
import { useRead } from '../../lib/useRead';
import { StyledCard, StyledCardText, StyledCardTitle } from './ProfileCard';

const T = patientMessagesTexts.settings;

/** Four text boxes need the page's whole width. */
const StyledWideCard = styled(StyledCard)`
  grid-column: 1 / -1;
`;

const StyledFields = styled('details')`
  font-size: ${fontSizes.sm};
  color: ${colors.text};
  & > summary { cursor: pointer; font-weight: ${fontWeights.semibold}; color: ${colors.primary}; }
  & ul {
    ${plainListCss(space.xs)}
    margin-top: ${space.sm};
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    ${media.md} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
  }
  & code {
    font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
    font-size: ${fontSizes.xs};
    padding: 1px ${space.xs};
    border-radius: ${radii.sm};
    background: ${colors.primaryTint};
    color: ${colors.text};
    overflow-wrap: anywhere;
  }
  & li span { color: ${colors.textMuted}; }
`;

const StyledTemplates = styled('div')`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 420px), 1fr));
  gap: ${space.xl};
`;

const StyledTemplate = styled('form')`
  display: flex;
  flex-direction: column;
  gap: ${space.sm};
  min-width: 0;
`;

const StyledActions = styled('div')`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${space.sm};
`;

const StyledPill = styled('span')<{ $customized: boolean }>`
  ${pillCss}
  margin-right: auto;
  background: ${(p) => (p.$customized ? colors.primarySoft : colors.disabled)};
  color: ${(p) => (p.$customized ? colors.primary : colors.textMuted)};
`;

type TemplateEditorProps = {
  template: MessageTemplate;
  onSaved: (template: MessageTemplate) => void;
  onRestore: (template: MessageTemplate) => void;
};

function TemplateEditor({ template, onSaved, onRestore }: TemplateEditorProps) {
  const [body, setBody] = useState(template.body);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);

  /** The box says what is wrong under it, and takes the focus so its description is read. */
  function refuse(message: string) {
    setError(message);
    box.current?.focus();
  }

  function handleBody(next: string) {
    setBody(next);
    setError(undefined);
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const unknown = unknownPlaceholders(body);
    const problem = body.trim() === '' ? MESSAGE_TEXTS.bodyRequired : unknown.length > 0 ? MESSAGE_TEXTS.unknownPlaceholder(unknown) : null;
    if (problem) {
      refuse(problem);
      return;
    }
    setSaving(true);
    const result = await saveMessageTemplate(template.kind, body);
    setSaving(false);
    if (result.ok) {
      toastSuccess(T.saved);
      onSaved(result.data);
    } else if (result.status === 400) {
      refuse((result.fields.body ?? messagesOf(result)).join(' '));
    } else {
      toastError(messagesOf(result).join(' '));
    }
  }

  return (
    <StyledTemplate noValidate aria-label={template.title} data-template={template.kind} onSubmit={(event) => void handleSubmit(event)}>
      <TextArea
        label={template.title}
        name={`template_${template.kind}`}
        value={body}
        onChange={handleBody}
        maxLength={patientMessagesTexts.maxLength}
        counter={patientMessagesTexts.counter}
        rows={12}
        error={error}
        textareaRef={box}
      />
      <StyledActions>
        <StyledPill $customized={template.customized}>{template.customized ? T.customized : T.standard}</StyledPill>
        {template.customized ? (
          <Button variant="secondary" onClick={() => onRestore(template)} aria-label={fill(T.restoreFor, { title: template.title })}>
            {T.restore}
          </Button>
        ) : null}
        <Button type="submit" loading={saving}>
          {saving ? T.saving : T.save}
        </Button>
      </StyledActions>
    </StyledTemplate>
  );
}

export function MessageTemplatesCard() {
  const titleId = useId();
  const templates = useRead((signal) => getMessageTemplates(signal), []);
  const { state, replace } = templates;
  const [restoring, setRestoring] = useState<MessageTemplate | null>(null);
  const [busy, setBusy] = useState(false);
  // The template just restored: its box takes the focus ('Restaurar padrão', where it was, is gone with the change).
  const [restored, setRestored] = useState<{ kind: MessageTemplate['kind'] } | null>(null);
  useEffect(() => {
    if (!restored) return;
    // After the dialog's own focus restoration (a frame later), to the button that no longer exists.
    const frame = requestAnimationFrame(() =>
      document.querySelector<HTMLTextAreaElement>(`textarea[name="template_${restored.kind}"]`)?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, [restored]);

  function put(saved: MessageTemplate) {
    replace((value) => ({ ...value, results: value.results.map((each) => (each.kind === saved.kind ? saved : each)) }));
  }

  async function handleRestore() {
    if (!restoring) return;
    setBusy(true);
    const result = await resetMessageTemplate(restoring.kind);
    setBusy(false);
    setRestoring(null);
    if (result.ok) {
      put(result.data);
      setRestored({ kind: result.data.kind });
      toastSuccess(T.restored);
    } else {
      toastError(messagesOf(result).join(' '));
    }
  }

  return (
    <StyledWideCard aria-labelledby={titleId} aria-busy={state.status === 'loading' || undefined}>
      <StyledCardTitle id={titleId}>{T.title}</StyledCardTitle>
      <StyledCardText>{T.intro}</StyledCardText>
      {state.status !== 'ready' ? (
        <ReadNotice read={templates} loading={T.loading} failed={T.failed} compact />
      ) : (
        <>
          <StyledFields>
            <summary>{T.fields}</summary>
            <ul>
              {state.value.placeholders.map((placeholder) => (
                <li key={placeholder.key}>
                  <code>{`{${placeholder.key}}`}</code> <span>{placeholder.description}</span>
                </li>
              ))}
            </ul>
          </StyledFields>
          <StyledTemplates>
            {state.value.results.map((template) => (
              // A restored or saved template starts its box anew from the server's text.
              <TemplateEditor key={`${template.kind}:${template.updated_at ?? 'default'}`} template={template} onSaved={put} onRestore={setRestoring} />
            ))}
          </StyledTemplates>
        </>
      )}
      <ConfirmDialog
        isOpen={restoring !== null}
        title={T.restoreTitle}
        text={fill(T.restoreText, { title: restoring?.title ?? '' })}
        confirmLabel={T.restore}
        cancelLabel={patientMessagesTexts.cancel}
        busy={busy}
        busyLabel={T.restoring}
        closeLabel={patientMessagesTexts.close}
        onConfirm={() => void handleRestore()}
        onCancel={() => setRestoring(null)}
      />
    </StyledWideCard>
  );
}
