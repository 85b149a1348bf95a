/**
 * What Dropzone and DocumentDrop share around Ark UI's FileUpload: one file of the accepted types up to `maxSize`,
 * the message of a refused choice, and the drop zone's and the text button's looks.
 *
 * @see https://ark-ui.com/docs/components/file-upload
 */
import { useRef, useState } from 'react';
import { contentMatches } from '../../lib/fileType';
import type { FileUploadFileRejectDetails as FileRejectDetails } from '@ark-ui/react/file-upload';
import { colors, durations, focusRing, fontSizes, fontWeights, radii, space } from '../../lib/theme';

/** The client-side refusals' messages. */
export type FileRejectionTexts = {
  invalidType: string;
  tooLarge: string;
  tooMany: string;
};

/** The message of a refused choice: too many files first, then too large, else the wrong type. */
function rejectionMessage(details: FileRejectDetails, texts: FileRejectionTexts): string {
  const errors = details.files.flatMap((rejection) => rejection.errors);
  if (errors.includes('TOO_MANY_FILES')) return texts.tooMany;
  if (errors.includes('FILE_TOO_LARGE')) return texts.tooLarge;
  return texts.invalidType;
}

type SingleFileUploadOptions = {
  value: File | null;
  onChange: (file: File | null) => void;
  /** MIME types accepted. */
  accept: readonly string[];
  /** Largest file accepted, in bytes. */
  maxSize: number;
  texts: FileRejectionTexts;
};

/**
 * FileUpload.Root's props for one file (`rootProps`), and the message of the last refused choice (`rejection`),
 * cleared when a file is accepted or by `clearRejection`.
 */
export function useSingleFileUpload({ value, onChange, accept, maxSize, texts }: SingleFileUploadOptions) {
  const [rejection, setRejection] = useState<string | null>(null);
  const latestChoice = useRef(0);

  // The picker and the drop only check the name's type; the content is checked here, when the file is chosen.
  async function onFileAccept(details: { files: File[] }) {
    const file = details.files[0] ?? null;
    const choice = ++latestChoice.current;
    if (file && !(await contentMatches(file, accept))) {
      if (choice !== latestChoice.current) return;
      setRejection(texts.invalidType);
      onChange(null);
      return;
    }
    if (choice !== latestChoice.current) return;
    setRejection(null);
    onChange(file);
  }

  function onFileReject(details: FileRejectDetails) {
    if (details.files.length > 0) setRejection(rejectionMessage(details, texts));
  }

  return {
    rejection,
    clearRejection: () => setRejection(null),
    rootProps: {
      maxFiles: 1,
      accept: [...accept],
      maxFileSize: maxSize,
      acceptedFiles: value ? [value] : [],
      onFileAccept,
      onFileReject,
      locale: 'pt-BR',
    },
  };
}

/** The drop zone's border, background and states (hover, keyboard focus, dragging over, invalid, disabled). */
export const dropZoneCss = `
  border: 2px dashed ${colors.borderStrong};
  border-radius: ${radii.md};
  background: ${colors.primaryTint};
  cursor: pointer;
  transition: border-color ${durations.fast}, background ${durations.fast}, box-shadow ${durations.fast};
  &:hover { border-color: ${colors.primary}; }
  &:focus-visible { outline: none; box-shadow: ${focusRing}; border-color: ${colors.primary}; }
  &[data-dragging] { border-color: ${colors.primary}; background: ${colors.primarySoft}; }
  &[data-invalid] { border-color: ${colors.danger}; }
  &[data-disabled] { cursor: not-allowed; opacity: 0.7; }
`;

/** An underlined text button in the primary colour (the 'remove the chosen file' button). */
export const textButtonCss = `
  min-height: 32px;
  padding: 0 ${space.sm};
  border: 0;
  border-radius: ${radii.sm};
  background: transparent;
  color: ${colors.primary};
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  text-decoration: underline;
  text-underline-offset: 3px;
  cursor: pointer;
  &:hover { color: ${colors.primaryPressed}; }
  &:focus-visible { outline: none; box-shadow: ${focusRing}; }
`;
