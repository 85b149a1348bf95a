/**
 * The stored files of one document of a case (issue 33 #10b/c): each with its name and when it was sent, its own
 * signed link (opened in a new tab) and, where the step is editable, its own 'Remover'. Used under a kind's slot
 * (DocumentsPanel) and under a named document of the checklist (CaseChecklist).
 */
import { styled } from 'goober';
import { formatDate, formatTime } from '../../../lib/format/date';
import { fill } from '../../../lib/i18n/pt-BR';
import { surgeriesTexts } from '../../../lib/i18n/surgeries';
import { colors, focusRing, fontSizes, fontWeights, radii, space } from '../../../lib/theme';
import type { DocumentFile } from './documentsApi';
import { plainListCss, spreadRowCss } from '../../../components/ui/cssParts';

const T = surgeriesTexts.lifecycle.documents;

const List = styled('ul')`
  ${plainListCss(space.xxs)}
  width: 100%;
  & li {
    ${spreadRowCss(`${space.xxs} ${space.sm}`)}
    min-width: 0;
    padding: ${space.xxs} ${space.sm};
    border-radius: ${radii.sm};
    background: ${colors.background};
    font-size: ${fontSizes.xs};
    color: ${colors.textMuted};
  }
  & li > span { flex: 1 1 12rem; min-width: 0; overflow-wrap: anywhere; }
  & li > div { display: inline-flex; gap: ${space.xs}; }
  & a, & button {
    display: inline-flex;
    align-items: center;
    min-height: 32px;
    padding: 0 ${space.xs};
    border: 0;
    border-radius: ${radii.sm};
    background: none;
    color: ${colors.primary};
    font: inherit;
    font-size: ${fontSizes.sm};
    font-weight: ${fontWeights.semibold};
    cursor: pointer;
  }
  & a:focus-visible, & button:focus-visible { outline: none; box-shadow: ${focusRing}; }
  & button:disabled { cursor: not-allowed; opacity: 0.6; }
`;

/** 'rg-frente.pdf · enviado em 02/12/2026 às 09:15'. */
export function fileDetail(file: Pick<DocumentFile, 'name' | 'uploaded_at'>): string {
  const when = { date: formatDate(file.uploaded_at), time: formatTime(file.uploaded_at) };
  return file.name ? fill(T.storedNamed, { name: file.name, ...when }) : fill(T.storedUnnamed, when);
}

type StoredFilesProps = {
  /** What the files are of (the kind's label or the named document), for the list's and the buttons' names. */
  label: string;
  files: readonly DocumentFile[];
  /** Absent: read-only (no 'Remover'). */
  onRemove?: (file: DocumentFile) => void;
  disabled?: boolean;
};

export function StoredFiles({ label, files, onRemove, disabled = false }: StoredFilesProps) {
  if (files.length === 0) return null;
  return (
    <List aria-label={fill(T.filesLabel, { name: label })} data-stored-files={label}>
      {files.map((file) => {
        const name = file.name ?? T.fileUnnamed;
        return (
          <li key={file.id} data-stored-file={file.id}>
            <span>{fileDetail(file)}</span>
            <div>
              <a href={file.link} target="_blank" rel="noopener noreferrer" aria-label={fill(T.fileOpenNamed, { name })}>
                {T.open}
              </a>
              {onRemove ? (
                <button type="button" onClick={() => onRemove(file)} disabled={disabled} aria-label={fill(T.fileRemoveNamed, { name })}>
                  {T.fileRemove}
                </button>
              ) : null}
            </div>
          </li>
        );
      })}
    </List>
  );
}
