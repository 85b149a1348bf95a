/**
 * Step 2, Preparação de documentação (SPEC §4; DECISIONS §4, §7): one slot per document kind of the contract's
 * SurgeryFilesForm (each optional; PDF or image, at most 10 MB), the files already stored (several per kind, each
 * with its own signed link, opened in a new tab, and its own 'Remover', issue 33 #10b), and the upload with its
 * progress; the checklist's named documents take files too ('Anexar arquivo', #10c). 'Salvar documentos' stores the chosen files and stays
 * (new_status prep_doc); 'Próximo passo' sends them with new_status env_doc.
 */
import { useEffect, useState } from 'react';
import { styled } from 'goober';
import { SURGERY_DOCUMENT_KINDS, type SurgeryDocumentKind } from '../../../../machines/constants';
import {
  attachNamedDocument,
  listReusableDocuments,
  removeDocumentFile,
  reuseDocument,
  type DocumentFile,
  type ReusableDocument,
} from './documentsApi';
import { fileDetail, StoredFiles } from './StoredFiles';
import { plural } from '../../../../machines/rules/plural';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { CaseChecklist, stillMissing, useCaseChecklist } from './CaseChecklist';
import { checklistsTexts } from '../../../lib/i18n/checklists';
import { DocumentDrop } from '../../../components/ui/DocumentDrop';
import { UploadProgress } from '../../../components/ui/UploadProgress';
import { fill } from '../../../lib/i18n/pt-BR';
import { formatDate, formatTime } from '../../../lib/format/date';
import { surgeriesTexts } from '../../../lib/i18n/surgeries';
import { colors, fontSizes, media, space } from '../../../lib/theme';
import { toastError, toastSuccess, toastWarning } from '../../../lib/toast';
import type { Surgery } from '../types';
import type { DocumentFiles } from '../../../../machines/surgeryLifecycle/lifecycleRequests';
import { NextButton, PanelFrame, usePanel } from './PanelFrame';

const T = surgeriesTexts.lifecycle.documents;

/** DECISIONS §7: documents are PDF or images (JPEG, PNG, WebP), at most 10 MB each. */
const DOCUMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/**
 * Under 'Arquivo enviado': 'exame.pdf · enviado em 02/12/2026 às 09:15' for a kind's only file, '2 arquivos enviados ·
 * o último em ...' for several (issue 33 #10b); null when none.
 */
function storedDetailOf(surgery: Pick<Surgery, 'document_files'>, kind: SurgeryDocumentKind): string | null {
  const files = surgery.document_files.filter((each) => each.kind === kind);
  const last = files[files.length - 1];
  if (!last) return null;
  if (files.length === 1) return fileDetail(last);
  return plural(files.length, T.storedMany).replace('{date}', formatDate(last.uploaded_at)).replace('{time}', formatTime(last.uploaded_at));
}

/** The slots a case shows: the plan's filled template only when the case has a health plan. */
function documentKindsOf(surgery: Pick<Surgery, 'health_plan'>): SurgeryDocumentKind[] {
  return SURGERY_DOCUMENT_KINDS.filter((kind) => kind !== 'health_plan_template' || surgery.health_plan !== null);
}

const StyledGrid = styled('div')`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space.md};
  ${media.md} { grid-template-columns: repeat(2, minmax(0, 1fr)); }
`;

/** Under a slot: the offer to use the patient's file of another case (issue 33 #10d). */
const StyledReuse = styled('p')`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space.xs} ${space.sm};
  font-size: ${fontSizes.xs};
  color: ${colors.textMuted};
  overflow-wrap: anywhere;
`;

export function DocumentsPanel() {
  const { surgery, lifecycle, editable, locked } = usePanel();
  const [files, setFiles] = useState<DocumentFiles>({});
  const [sending, setSending] = useState<'save' | 'next' | null>(null);
  // Issue 13: the required documents still missing, asked about before moving on.
  const [confirming, setConfirming] = useState<string[] | null>(null);
  const checklist = useCaseChecklist(surgery.id, surgery.version);
  // Issue 33 #10d: the patient's own documents already sent for another of their cases, offered where this case has none.
  const [reusable, setReusable] = useState<ReusableDocument[]>([]);
  const [reusing, setReusing] = useState<SurgeryDocumentKind | null>(null);
  // Issue 33 #10b/c: a stored file asked about before it is removed; a named document's file being attached.
  const [removing, setRemoving] = useState<DocumentFile | null>(null);
  const [fileBusy, setFileBusy] = useState(false);
  useEffect(() => {
    if (!editable) return;
    const controller = new AbortController();
    // A superseded read rejects with its abort (read() rethrows it): nothing to show then, and nothing unexpected.
    listReusableDocuments(surgery.id, controller.signal).then(
      (result) => {
        if (!controller.signal.aborted && result.kind === 'ok' && Array.isArray(result.value.results)) setReusable(result.value.results);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [surgery.id, editable]);
  const kinds = documentKindsOf(surgery);
  const chosen = Object.values(files).filter(Boolean).length;

  function handleChange(kind: SurgeryDocumentKind, file: File | null) {
    setFiles((current) => {
      const next = { ...current };
      if (file) next[kind] = file;
      else delete next[kind];
      return next;
    });
  }

  async function handleSave() {
    if (chosen === 0) {
      toastWarning(T.nothingChosen);
      return;
    }
    setSending('save');
    const saved = await lifecycle.request({ type: 'case.upload', files, advance: false });
    setSending(null);
    if (saved) {
      setFiles({});
      toastSuccess(T.saved);
    }
  }

  async function handleNext(confirmed = false) {
    const { state } = checklist;
    const missing = state.status === 'ready' ? stillMissing(state.value, Object.keys(files)) : [];
    if (!confirmed && missing.length > 0) {
      setConfirming(missing);
      return;
    }
    setSending('next');
    const confirm = confirmed ? { missing_documents: true } : undefined;
    const moved = await lifecycle.request({ type: 'case.upload', files, advance: true, confirm });
    setSending(null);
    setConfirming(null);
    if (moved) setFiles({});
    // Refused (another tab changed the checklist, say): read it again, so the next try asks about the right ones.
    else checklist.retry();
  }

  async function handleReuse(file: ReusableDocument) {
    setReusing(file.kind);
    const result = await reuseDocument(surgery.id, { kind: file.kind, from_surgery: file.surgery_id, version: surgery.version });
    setReusing(null);
    if (result.ok) {
      lifecycle.actor.send({ type: 'case.updated', surgery: result.data });
      toastSuccess(fill(T.reused, { name: T.kinds[file.kind] }));
    } else for (const message of result.messages.length ? result.messages : [T.reuseFailed]) toastError(message);
  }

  /** The case as a file call left it: the panel shows it, and the checklist is read again (received or not). */
  function refreshed(next: Surgery) {
    lifecycle.actor.send({ type: 'case.updated', surgery: next });
    checklist.retry();
  }

  async function handleRemove(file: DocumentFile) {
    setFileBusy(true);
    const result = await removeDocumentFile(surgery.id, file.id);
    setFileBusy(false);
    setRemoving(null);
    if (result.ok) {
      refreshed(result.data);
      toastSuccess(T.removed);
    } else for (const message of result.messages.length ? result.messages : [T.removeFailed]) toastError(message);
  }

  async function handleAttach(name: string, file: File) {
    if (!(DOCUMENT_TYPES as readonly string[]).includes(file.type)) return toastError(T.invalidType);
    if (file.size > MAX_DOCUMENT_BYTES) return toastError(T.tooLarge);
    setFileBusy(true);
    const result = await attachNamedDocument(surgery.id, name, file);
    setFileBusy(false);
    if (result.ok) {
      refreshed(result.data);
      toastSuccess(fill(T.attached, { name }));
    } else for (const message of result.messages.length ? result.messages : [T.attachFailed]) toastError(message);
  }

  /** Under slot `kind`: its files, each opened and removed alone, when it has several or the step is editable. */
  function storedFiles(kind: SurgeryDocumentKind) {
    const stored = surgery.document_files.filter((each) => each.kind === kind);
    if (stored.length === 0 || (stored.length === 1 && !editable)) return null;
    return <StoredFiles label={T.kinds[kind]} files={stored} onRemove={editable ? setRemoving : undefined} disabled={locked || fileBusy} />;
  }

  /** The offer under slot `kind`: only where the case has no file of that kind and nothing is chosen for it. */
  function reuseOffer(kind: SurgeryDocumentKind) {
    const file = editable && !surgery[kind] && !files[kind] ? reusable.find((each) => each.kind === kind) : undefined;
    if (!file) return null;
    const when = formatDate(file.uploaded_at);
    return (
      <StyledReuse data-reuse={kind}>
        <span>{fill(file.name ? T.reuseFromNamed : T.reuseFrom, { id: file.surgery_id, name: file.name ?? '', date: when })}</span>
        <Button variant="secondary" onClick={() => void handleReuse(file)} disabled={locked || reusing !== null} loading={reusing === kind}>
          {fill(T.reuse, { name: T.kinds[kind] })}
        </Button>
      </StyledReuse>
    );
  }

  const uploading = lifecycle.pending === 'upload';
  return (
    <PanelFrame
      intro={T.intro}
      actions={
        <>
          <Button
            variant="secondary"
            onClick={() => void handleSave()}
            disabled={locked && sending !== 'save'}
            loading={uploading && sending === 'save'}
          >
            {uploading && sending === 'save' ? surgeriesTexts.lifecycle.busy : T.save}
          </Button>
          <NextButton busy={uploading && sending === 'next'} onClick={() => void handleNext()} />
        </>
      }
    >
      {uploading && lifecycle.progress !== null ? <UploadProgress percent={lifecycle.progress} text={fill(T.progress, { percent: lifecycle.progress })} label={T.progressLabel} /> : null}
      <CaseChecklist
        surgeryId={surgery.id}
        hasPlan={surgery.payment_fountains === 'plano_saude'}
        checklist={checklist}
        editable={editable && !locked}
        files={surgery.document_files}
        onAttach={editable && !locked ? (name, file) => void handleAttach(name, file) : undefined}
        onRemove={editable && !locked ? setRemoving : undefined}
        busy={fileBusy}
      />
      <StyledGrid>
        {kinds.map((kind) => (
          <DocumentDrop
            key={kind}
            label={T.kinds[kind]}
            name={kind}
            value={files[kind] ?? null}
            onChange={(file) => handleChange(kind, file)}
            accept={DOCUMENT_TYPES}
            maxSize={MAX_DOCUMENT_BYTES}
            texts={T}
            storedUrl={surgery[kind] ?? null}
            storedDetail={storedDetailOf(surgery, kind)}
            readOnly={!editable}
            disabled={locked}
            footer={
              <>
                {storedFiles(kind)}
                {reuseOffer(kind)}
              </>
            }
          />
        ))}
      </StyledGrid>
      <ConfirmDialog
        isOpen={confirming !== null}
        title={checklistsTexts.checklist.confirmTitle}
        text={fill(checklistsTexts.checklist.confirmText, { names: (confirming ?? []).join(', ') })}
        confirmLabel={checklistsTexts.checklist.confirm}
        cancelLabel={checklistsTexts.checklist.cancel}
        tone="primary"
        busy={uploading && sending === 'next'}
        busyLabel={surgeriesTexts.lifecycle.busy}
        closeLabel={checklistsTexts.checklist.close}
        maxWidth={520}
        onConfirm={() => void handleNext(true)}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        isOpen={removing !== null}
        title={T.removeTitle}
        text={fill(T.removeText, { name: removing?.name ?? T.fileUnnamed })}
        confirmLabel={T.removeConfirm}
        cancelLabel={T.removeCancel}
        busy={fileBusy}
        busyLabel={surgeriesTexts.lifecycle.busy}
        closeLabel={T.removeClose}
        maxWidth={480}
        onConfirm={() => removing && void handleRemove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </PanelFrame>
  );
}
