/**
 * A single-image dropzone: Ark UI's FileUpload wrapped once (STYLE §16). The file is chosen by dragging it onto the
 * zone, by clicking it, or from the keyboard (the zone is a focusable button: Enter or Space opens the picker).
 * Files of another type, too large, or more than one are refused on the client with a message (`texts`); the server
 * checks the content again. A chosen image is previewed; an existing photo (edit forms) shows until a new one
 * replaces it. The component holds no file itself: `value` / `onChange` are the form's.
 *
 * @see https://ark-ui.com/docs/components/file-upload
 */
import { useEffect, useId, useState } from 'react';
import { FileUpload } from '@ark-ui/react/file-upload';
import { css } from 'goober';
import { colors, fontSizes, fontWeights, space } from '../../lib/theme';
import { fieldClassName, fieldErrorClassName, fieldHintClassName, fieldLabelClassName } from './Field';
import { Icon } from './Icon';
import { dropZoneCss, textButtonCss, useSingleFileUpload, type FileRejectionTexts } from './singleFileUpload';
import { columnCss, iconBoxCss, spreadRowCss } from './cssParts';

export type DropzoneTexts = FileRejectionTexts & {
  /** 'Arraste a foto para aqui'. */
  prompt: string;
  /** 'ou clique para escolher'. */
  action: string;
  /** Shown once an image is chosen ('Imagem selecionado!'). */
  selected: string;
  /** Under the zone ('JPEG e JPG'). */
  hint: string;
  /** Over an existing photo ('Foto atual'). */
  current: string;
  /** How to replace the chosen or current image. */
  replace: string;
  /** The button that drops the chosen image. */
  remove: string;
  /** Alternative text of the preview. */
  preview: string;
};

const zoneClass = css`
  display: flex;
  align-items: center;
  gap: ${space.lg};
  min-height: 112px;
  padding: ${space.lg};
  color: ${colors.text};
  ${dropZoneCss}
`;

const thumbClass = css`
  flex: none;
  ${iconBoxCss('72px')}
  border-radius: 50%;
  overflow: hidden;
  background: ${colors.surface};
  color: ${colors.primary};
  box-shadow: inset 0 0 0 1px ${colors.border};
  & > img { width: 100%; height: 100%; object-fit: cover; }
`;

const textsClass = css`
  ${columnCss(space.xxs)}
  min-width: 0;
`;

const promptClass = css`
  font-size: ${fontSizes.md};
  font-weight: ${fontWeights.semibold};
  color: ${colors.text};
`;

const selectedClass = css`
  display: inline-flex;
  align-items: center;
  gap: ${space.xs};
  font-size: ${fontSizes.md};
  font-weight: ${fontWeights.semibold};
  color: ${colors.success};
`;

const detailClass = css`
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
  overflow-wrap: anywhere;
`;

const footerClass = css`
  ${spreadRowCss(space.sm)}
`;

const removeClass = css`
  ${textButtonCss}
`;

type DropzoneProps = {
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  /** MIME types accepted, e.g. ['image/jpeg', 'image/png', 'image/webp']. */
  accept: readonly string[];
  /** Largest file accepted, in bytes. */
  maxSize: number;
  texts: DropzoneTexts;
  /** The image already saved (edit forms), shown until another is chosen. */
  currentUrl?: string | null;
  name?: string;
  error?: string;
  disabled?: boolean;
};

/** The object URL of a chosen file, revoked when the file changes or the component goes away. */
function useObjectUrl(file: File | null): string | null {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return undefined;
    const url = URL.createObjectURL(file);
    // The object URL is a resource the effect owns (created here, revoked by the cleanup, again under StrictMode's
    // second run), so it can only reach the state from here; a URL made during render would leak or be revoked early.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setPreview({ file, url });
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return preview !== null && preview.file === file ? preview.url : null;
}

export function Dropzone({
  label,
  value,
  onChange,
  accept,
  maxSize,
  texts,
  currentUrl,
  name,
  error,
  disabled = false,
}: DropzoneProps) {
  const hintId = useId();
  const { rejection, clearRejection, rootProps } = useSingleFileUpload({ value, onChange, accept, maxSize, texts });
  const previewUrl = useObjectUrl(value);
  const shownUrl = previewUrl ?? currentUrl ?? null;
  const message = rejection ?? error;

  function handleRemove() {
    clearRejection();
    onChange(null);
  }

  const zoneLabel = value
    ? `${label}: ${texts.selected} ${value.name}. ${texts.replace}.`
    : currentUrl
      ? `${label}: ${texts.current}. ${texts.replace}.`
      : `${label}: ${texts.prompt} ${texts.action}. ${texts.hint}.`;

  return (
    <FileUpload.Root
      className={fieldClassName}
      name={name}
      {...rootProps}
      disabled={disabled}
      invalid={Boolean(message)}
      translations={{ dropzone: zoneLabel }}
    >
      <FileUpload.Label className={fieldLabelClassName}>{label}</FileUpload.Label>
      <FileUpload.Dropzone className={zoneClass} aria-describedby={hintId}>
        <span className={thumbClass}>
          {shownUrl ? <img src={shownUrl} alt={texts.preview} /> : <Icon name="userPlus" size={30} />}
        </span>
        <span className={textsClass}>
          {value ? (
            <>
              <span className={selectedClass}>
                <Icon name="check" size={18} />
                {texts.selected}
              </span>
              <span className={detailClass}>{value.name}</span>
              <span className={detailClass}>{texts.replace}</span>
            </>
          ) : currentUrl ? (
            <>
              <span className={promptClass}>{texts.current}</span>
              <span className={detailClass}>{texts.replace}</span>
            </>
          ) : (
            <>
              <span className={promptClass}>{texts.prompt}</span>
              <span className={detailClass}>{texts.action}</span>
            </>
          )}
        </span>
      </FileUpload.Dropzone>
      <div className={footerClass}>
        <span id={hintId} className={fieldHintClassName}>
          {texts.hint}
        </span>
        {value ? (
          <button type="button" className={removeClass} onClick={handleRemove} disabled={disabled}>
            {texts.remove}
          </button>
        ) : null}
      </div>
      {message ? (
        <p className={fieldErrorClassName} role="alert">
          <Icon name="alert" size={14} />
          {message}
        </p>
      ) : null}
      <FileUpload.HiddenInput data-testid="dropzone-input" />
    </FileUpload.Root>
  );
}
