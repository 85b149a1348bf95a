/**
 * 'Modelo do hospital' / 'Modelo do convênio' on the 'Documentos exigidos' page (issue 33 item 10f): the DOCX form the
 * office's cases fill for the chosen hospital or plan. It shows the template in use (the office's own, with its name,
 * date and who sent it; or the shared one; or none) and lets the medic or a secretary send the office's own (with the
 * upload's progress), download it and remove it (back to the shared one). The server checks the file by its content;
 * its pt-BR refusals are shown as they come.
 */
import { useRef, useState } from 'react';
import { styled } from 'goober';
import type { ChecklistScope } from '../../api/checklists';
import { downloadOfficeTemplate, getOfficeTemplate, removeOfficeTemplate, uploadOfficeTemplate } from '../../api/officeTemplates';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Icon } from '../../components/ui/Icon';
import { Notice } from '../../components/ui/Notice';
import { UploadProgress } from '../../components/ui/UploadProgress';
import { saveBlob } from '../../lib/download';
import { formatDate, formatTime } from '../../lib/format/date';
import { checklistsTexts } from '../../lib/i18n/checklists';
import { fill } from '../../lib/i18n/pt-BR';
import { colors, fontSizes, fontWeights, media, radii, space } from '../../lib/theme';
import { toastSuccess, toastWarning } from '../../lib/toast';
import { useRead } from '../../lib/useRead';
import { cardSurface, visuallyHiddenCss } from '../../components/ui/cssParts';

const T = checklistsTexts.template;
/** The server's limit (docx-template.ts MAX_TEMPLATE_BYTES): a bigger file is refused here, before it is sent. */
const MAX_BYTES = 10 * 1024 * 1024;

const Card = styled('section')`
  display: flex;
  flex-direction: column;
  gap: ${space.md};
  ${cardSurface}
  & h2 { font-size: ${fontSizes.lg}; font-weight: ${fontWeights.bold}; color: ${colors.text}; }
  & > p { font-size: ${fontSizes.sm}; color: ${colors.textMuted}; max-width: 70ch; }
`;

const Current = styled('div')`
  display: flex;
  flex-direction: column;
  gap: ${space.md};
  padding: ${space.md} ${space.lg};
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  ${media.md} { flex-direction: row; align-items: center; justify-content: space-between; }
`;

const FileLine = styled('div')`
  display: flex;
  gap: ${space.sm};
  align-items: flex-start;
  min-width: 0;
  color: ${colors.primary};
  & > svg { flex-shrink: 0; }
  & > div { display: flex; flex-direction: column; gap: ${space.xxs}; min-width: 0; }
  & strong { font-weight: ${fontWeights.semibold}; color: ${colors.text}; overflow-wrap: anywhere; }
  & span { font-size: ${fontSizes.sm}; color: ${colors.textMuted}; }
`;

const Buttons = styled('div')`
  display: flex;
  flex-wrap: wrap;
  gap: ${space.sm};
  ${media.belowMd} { & > button { flex: 1 1 auto; } }
`;

const HiddenInput = styled('input')`
  ${visuallyHiddenCss}
`;

type Props = { scope: ChecklistScope; id: number; medic: number | null };

export function OfficeTemplateSection({ scope, id, medic }: Props) {
  const { state, retry, replace } = useRead((signal) => getOfficeTemplate(scope, id, medic, signal), [scope, id, medic]);
  const [progress, setProgress] = useState<number | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const titleId = `office-template-${scope}`;

  const current = state.status === 'ready' ? state.value : null;
  const template = current?.template ?? null;

  async function send(file: File) {
    if (file.size > MAX_BYTES) {
      toastWarning(T.tooLarge);
      return;
    }
    if (!file.name.toLowerCase().endsWith('.docx')) {
      toastWarning(T.notDocx);
      return;
    }
    setProgress(0);
    const result = await uploadOfficeTemplate(scope, id, medic, file, setProgress);
    setProgress(null);
    if (result.ok) {
      replace(() => result.data);
      toastSuccess(T.uploaded);
    } else for (const message of result.messages.length ? result.messages : [T.uploadFailed]) toastWarning(message);
  }

  async function download() {
    setDownloading(true);
    const result = await downloadOfficeTemplate(scope, id, medic);
    setDownloading(false);
    if (result.ok) saveBlob(result.data.blob, result.data.filename);
    else for (const message of result.messages.length ? result.messages : [T.downloadFailed]) toastWarning(message);
  }

  async function remove() {
    setRemoving(true);
    const result = await removeOfficeTemplate(scope, id, medic);
    setRemoving(false);
    setConfirming(false);
    if (result.ok) {
      replace(() => result.data);
      toastSuccess(T.removed);
    } else {
      for (const message of result.messages.length ? result.messages : [T.removeFailed]) toastWarning(message);
      if (result.status === 404) retry();
    }
  }

  const busy = progress !== null || removing;

  return (
    <Card aria-labelledby={titleId} data-office-template={scope}>
      <h2 id={titleId}>{T.title[scope]}</h2>
      <p>{T.intro[scope]}</p>
      {current === null && state.status === 'loading' ? (
        <Notice kind="loading" title={T.loading} compact />
      ) : current === null ? (
        <Notice kind="failed" title={T.loadFailed} onRetry={retry} compact />
      ) : (
        <>
          {template ? (
            <Current>
              <FileLine>
                <Icon name="fileText" size={22} />
                <div>
                  <strong data-template-name>{template.name}</strong>
                  <span>
                    {template.source === 'office'
                      ? `${T.office} · ${fill(T.uploadedOn, { date: formatDate(template.uploaded_at), time: formatTime(template.uploaded_at) })}${
                          template.uploaded_by ? fill(T.uploadedBy, { name: `${template.uploaded_by.first_name} ${template.uploaded_by.last_name}`.trim() }) : ''
                        }`
                      : `${T.shared} · ${T.sharedHint}`}
                  </span>
                </div>
              </FileLine>
              <Buttons>
                <Button variant="secondary" onClick={() => void download()} loading={downloading} disabled={busy} aria-label={fill(T.downloadLabel, { name: template.name })}>
                  {downloading ? T.downloading : T.download}
                </Button>
                {template.source === 'office' ? (
                  <Button variant="ghost" onClick={() => setConfirming(true)} disabled={busy || downloading} aria-label={fill(T.removeLabel, { name: template.name })}>
                    {T.remove}
                  </Button>
                ) : null}
              </Buttons>
            </Current>
          ) : (
            <Notice kind="empty" icon="fileText" title={T.none[scope]} text={T.noneHint} compact announce={false} />
          )}
          {progress !== null ? (
            <UploadProgress percent={progress} text={fill(T.progress, { percent: progress })} label={T.progressLabel} />
          ) : null}
          <div>
            <HiddenInput
              ref={input}
              type="file"
              tabIndex={-1}
              aria-label={T.fileLabel}
              accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void send(file);
              }}
            />
            <Button variant={template?.source === 'office' ? 'secondary' : 'primary'} onClick={() => input.current?.click()} loading={progress !== null} disabled={busy}>
              {progress !== null ? T.uploading : template?.source === 'office' ? T.replace : T.upload}
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        isOpen={confirming}
        title={T.removeTitle}
        text={`${fill(T.removeText, { name: template?.name ?? '' })}${current?.shared_available ? ` ${T.sharedBack}` : ''}`}
        confirmLabel={T.removeConfirm}
        cancelLabel={T.cancel}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
        busy={removing}
        busyLabel={T.removing}
        closeLabel={T.close}
      />
    </Card>
  );
}
