/**
 * A 'Tem certeza?' confirmation (SPEC §2, §8: Sim / Não with Não focused; 'Sim, arquivar!' / 'Cancelar'; ...): an
 * alertdialog on top of whatever is open, with configurable texts and which answer has the focus when it opens, so
 * that a stray Enter never confirms a destructive action. Escape answers "cancel" (unless `busy`). Its modal loads
 * when it first opens (./LazyModal.tsx): a page that only offers a confirmation does not load React Aria's dialog
 * before its first paint (issue 41, goal 6).
 */
import { useRef, type ReactNode } from 'react';
import { styled } from 'goober';
import { colors, durations, focusRing, fontSizes, fontWeights, media, radii, space } from '../../lib/theme';
import { LazyModal } from './LazyModal';
import { Spinner } from './Spinner';

type Tone = 'danger' | 'primary';

const StyledText = styled('p')`
  font-size: ${fontSizes.md};
  line-height: 1.5;
  color: ${colors.textMuted};
`;

const StyledActions = styled('div')`
  display: flex;
  flex-direction: column-reverse;
  gap: ${space.sm};
  ${media.md} {
    flex-direction: row;
    justify-content: flex-end;
  }
`;

const StyledAnswer = styled('button')<{ $kind: 'confirm' | 'cancel'; $tone: Tone }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${space.sm};
  min-height: 44px;
  min-width: 96px;
  padding: 0 ${space.xl};
  border-radius: ${radii.md};
  border: 1px solid
    ${(p) => (p.$kind === 'cancel' ? colors.borderStrong : p.$tone === 'danger' ? colors.danger : colors.primary)};
  background: ${(p) => (p.$kind === 'cancel' ? colors.surface : p.$tone === 'danger' ? colors.danger : colors.primary)};
  color: ${(p) => (p.$kind === 'cancel' ? colors.text : colors.onPrimary)};
  font-size: ${fontSizes.md};
  font-weight: ${fontWeights.semibold};
  cursor: pointer;
  transition: filter ${durations.fast}, background ${durations.fast};
  &:hover:not(:disabled) {
    ${(p) => (p.$kind === 'cancel' ? `background: ${colors.primaryTint};` : 'filter: brightness(0.92);')}
  }
  /* :focus, not :focus-visible: the answer focused when the dialog opens (after a click) must show its ring too. */
  &:focus { outline: none; box-shadow: ${focusRing}; }
  &:disabled { cursor: not-allowed; opacity: 0.7; }
`;

type ConfirmDialogProps = {
  isOpen: boolean;
  /** E.g. 'Tem certeza?'. */
  title: string;
  /** What will happen, in one or two sentences. */
  text?: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Which answer has the focus when the dialog opens. Default 'cancel'. */
  focus?: 'confirm' | 'cancel';
  /** Colour of the confirm answer. Default 'danger'. */
  tone?: Tone;
  /** While the action runs: the confirm answer shows a spinner (and `busyLabel`), nothing can be dismissed. */
  busy?: boolean;
  busyLabel?: string;
  /** Accessible name of the (hidden) close control, passed to Modal. */
  closeLabel: string;
  /** Maximum width from md up, in px (longer answers need more to stay on one line). Default 440. */
  maxWidth?: number;
  /** Anything the confirmation asks besides yes or no (e.g. the archive's reason), under the text. */
  children?: ReactNode;
};

export function ConfirmDialog({
  isOpen,
  title,
  text,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  focus = 'cancel',
  tone = 'danger',
  busy = false,
  busyLabel,
  closeLabel,
  maxWidth = 440,
  children,
}: ConfirmDialogProps) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <LazyModal
      isOpen={isOpen}
      onClose={onCancel}
      title={title}
      closeLabel={closeLabel}
      role="alertdialog"
      maxWidth={maxWidth}
      fullScreenOnPhone={false}
      hideCloseButton
      dismissable={!busy}
      initialFocusRef={focus === 'confirm' ? confirmRef : cancelRef}
      footer={
        <StyledActions>
          <StyledAnswer
            type="button"
            ref={cancelRef}
            $kind="cancel"
            $tone={tone}
            disabled={busy}
            onClick={onCancel}
          >
            {cancelLabel}
          </StyledAnswer>
          <StyledAnswer
            type="button"
            ref={confirmRef}
            $kind="confirm"
            $tone={tone}
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={onConfirm}
          >
            {busy ? <Spinner size={18} tone="inverse" /> : null}
            {busy && busyLabel ? busyLabel : confirmLabel}
          </StyledAnswer>
        </StyledActions>
      }
    >
      {text ? <StyledText>{text}</StyledText> : null}
      {children}
    </LazyModal>
  );
}
