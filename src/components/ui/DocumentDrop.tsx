/**
 * One document slot (a PDF or an image): Ark UI's FileUpload wrapped once (STYLE §16), compact enough for a grid of
 * slots. It shows the file already stored (a link that opens in a new tab), takes a new file by dragging, clicking or
 * the keyboard (the zone is a focusable button), refuses other types and files over `maxSize` with a message, and
 * shows the file chosen until it is sent or removed. `value` / `onChange` are the caller's; the server checks the
 * content again.
 *
 * @see https://ark-ui.com/docs/components/file-upload
 */
import { useId, type ReactNode } from 'react';
import { FileUpload } from '@ark-ui/react/file-upload';
import { css } from 'goober';
import { colors, focusRing, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { fieldErrorClassName } from './Field';
import { Icon } from './Icon';
import { dropZoneCss, textButtonCss, useSingleFileUpload, type FileRejectionTexts } from './singleFileUpload';
import { columnCss, inlineControlCss } from './cssParts';

type DocumentDropTexts = FileRejectionTexts & {
  prompt: string;
  hint: string;
  chosen: string;
  uploaded: string;
  open: string;
  openNamed: string;
  empty: string;
  remove: string;
  removeNamed: string;
};

const slotClass = css`
  ${columnCss(space.sm)}
  min-width: 0;
  padding: ${space.md};
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  background: ${colors.surface};
`;

const headClass = css`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${space.sm};
  min-width: 0;
`;

const labelClass = css`
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  color: ${colors.text};
`;

const statusClass = (stored: boolean) => css`
  display: inline-flex;
  align-items: center;
  gap: ${space.xs};
  font-size: ${fontSizes.xs};
  color: ${stored ? colors.success : colors.textMuted};
`;

const headTextClass = css`
  flex: 1 1 auto;
  min-width: 0;
`;

const detailClass = css`
  display: block;
  overflow-wrap: anywhere;
  font-size: ${fontSizes.xs};
  color: ${colors.textMuted};
`;

const linkClass = css`
  ${inlineControlCss('32px', space.xxs, space.xs)}
  border-radius: ${radii.sm};
  color: ${colors.primary};
  white-space: nowrap;
  &:hover { color: ${colors.primaryPressed}; }
  &:focus-visible { outline: none; box-shadow: ${focusRing}; }
`;

const zoneClass = css`
  display: flex;
  align-items: center;
  gap: ${space.sm};
  min-height: 56px;
  padding: ${space.sm} ${space.md};
  color: ${colors.textMuted};
  font-size: ${fontSizes.sm};
  & > svg { flex: none; color: ${colors.primary}; }
  ${dropZoneCss}
`;

const chosenClass = css`
  ${columnCss(space.xxs)}
  padding: ${space.xs} ${space.sm};
  border-radius: ${radii.sm};
  background: ${colors.successSoft};
  font-size: ${fontSizes.sm};
  & > div { display: flex; align-items: center; justify-content: space-between; gap: ${space.sm}; }
  & > div > span { display: inline-flex; align-items: center; gap: ${space.xs}; color: ${colors.success}; font-weight: ${fontWeights.semibold}; }
  & > div > span > svg { flex: none; }
  & > span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; color: ${colors.text}; }
`;

const removeClass = css`
  flex: none;
  ${textButtonCss}
  &:disabled { cursor: not-allowed; opacity: 0.6; }
`;

/** '120 KB', '2,4 MB' (pt-BR decimals). */
function fileSizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
}

function fill(text: string, name: string): string {
  return text.replace('{name}', name);
}

type DocumentDropProps = {
  label: string;
  /** The form field name (also the multipart field). */
  name: string;
  value: File | null;
  onChange: (file: File | null) => void;
  accept: readonly string[];
  maxSize: number;
  texts: DocumentDropTexts;
  /** A link to the stored file, or null. */
  storedUrl: string | null;
  /** What the stored file is (its name and when it was sent, already in pt-BR), shown under the status. */
  storedDetail?: string | null;
  /** Read-only: only the stored file is shown. */
  readOnly?: boolean;
  /** Shown at the foot of the slot (the documents step's list of the kind's files, its offer of another case's file). */
  footer?: ReactNode;
  disabled?: boolean;
};

export function DocumentDrop({
  label,
  name,
  value,
  onChange,
  accept,
  maxSize,
  texts,
  storedUrl,
  storedDetail = null,
  footer = null,
  readOnly = false,
  disabled = false,
}: DocumentDropProps) {
  const labelId = useId();
  const hintId = useId();
  const { rejection, rootProps } = useSingleFileUpload({ value, onChange, accept, maxSize, texts });

  const status = (
    <span className={statusClass(Boolean(storedUrl))}>
      {storedUrl ? <Icon name="check" size={14} /> : null}
      {storedUrl ? texts.uploaded : texts.empty}
    </span>
  );
  const detail =
    storedUrl && storedDetail ? (
      <span className={detailClass} data-stored-detail>
        {storedDetail}
      </span>
    ) : null;
  const openLink = storedUrl ? (
    <a className={linkClass} href={storedUrl} target="_blank" rel="noopener noreferrer" aria-label={fill(texts.openNamed, label)}>
      {texts.open}
      <Icon name="chevronRight" size={14} />
    </a>
  ) : null;

  if (readOnly) {
    return (
      <div className={slotClass}>
        <div className={headClass}>
          <span className={headTextClass}>
            <span className={labelClass}>{label}</span>
            <br />
            {status}
            {detail}
          </span>
          {openLink}
        </div>
        {footer}
      </div>
    );
  }

  return (
    <FileUpload.Root
      className={slotClass}
      name={name}
      {...rootProps}
      disabled={disabled}
      invalid={Boolean(rejection)}
      translations={{ dropzone: `${label}: ${texts.prompt}. ${texts.hint}.` }}
    >
      <div className={headClass}>
        <span className={headTextClass}>
          <FileUpload.Label className={labelClass} id={labelId}>
            {label}
          </FileUpload.Label>
          <br />
          {status}
          {detail}
        </span>
        {openLink}
      </div>
      {value ? (
        <div className={chosenClass}>
          <div>
            <span>
              <Icon name="check" size={16} />
              {texts.chosen}
            </span>
            <button
              type="button"
              className={removeClass}
              onClick={() => onChange(null)}
              disabled={disabled}
              aria-label={fill(texts.removeNamed, value.name)}
            >
              {texts.remove}
            </button>
          </div>
          <span title={value.name}>
            {value.name} ({fileSizeText(value.size)})
          </span>
        </div>
      ) : (
        <FileUpload.Dropzone className={zoneClass} aria-describedby={hintId}>
          <Icon name="link" size={18} />
          <span>
            {texts.prompt}
            <br />
            <span id={hintId}>{texts.hint}</span>
          </span>
        </FileUpload.Dropzone>
      )}
      {rejection ? (
        <p className={fieldErrorClassName} role="alert">
          <Icon name="alert" size={14} />
          {rejection}
        </p>
      ) : null}
      {footer}
      <FileUpload.HiddenInput />
    </FileUpload.Root>
  );
}
