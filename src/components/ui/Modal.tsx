/**
 * The one modal dialog of the SPA: React Aria's ModalOverlay + Modal + Dialog wrapped once (STYLE §16). React Aria
 * gives the focus trap (focus moves in on open and back to the opener on close), Escape and a click on the backdrop
 * to dismiss, the title as the dialog's name, scroll locking and hiding the page from assistive technology; and,
 * being the same overlay system as SearchSelect's popover, a select opened inside a modal works and stays on top.
 * React Aria's own texts (the hidden dismiss buttons) are in pt-BR whatever the browser's language.
 *
 * Layout: a header with the title and a close button, a scrolling body and an optional footer for the actions that
 * stays visible. Below md (768 px) it takes the whole screen (full width, phone-friendly); from md it is centred,
 * at most `maxWidth` px wide.
 *
 * @see https://react-spectrum.adobe.com/react-aria/Modal.html
 */
import { useEffect, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Dialog, Heading, I18nProvider, Modal as AriaModal, ModalOverlay } from 'react-aria-components';
import { css, keyframes } from 'goober';
import { colors, fontSizes, fontWeights, media, radii, shadows, space, zIndices } from '../../lib/theme';
import { Icon } from './Icon';
import { iconButtonCss } from './cssParts';

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

const riseIn = keyframes`
  from { opacity: 0; transform: translateY(12px); }
  to { opacity: 1; transform: translateY(0); }
`;

const overlayClass = (fullScreenOnPhone: boolean) => css`
  position: fixed;
  inset: 0;
  z-index: ${zIndices.menu};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${fullScreenOnPhone ? '0' : space.lg};
  background: ${colors.backdrop};
  &[data-entering] { animation: ${fadeIn} 160ms ease-out; }
  ${media.md} { padding: ${space.xl}; }
`;

const modalClass = (maxWidth: number, fullScreenOnPhone: boolean) => css`
  display: flex;
  width: 100%;
  max-height: 100%;
  ${fullScreenOnPhone ? 'height: 100%;' : ''}
  background: ${colors.surface};
  border-radius: ${fullScreenOnPhone ? '0' : radii.lg};
  box-shadow: ${shadows.card};
  outline: none;
  &[data-entering] { animation: ${riseIn} 200ms ease-out; }
  ${media.md} {
    max-width: ${maxWidth}px;
    height: auto;
    max-height: calc(100vh - 48px);
    border-radius: ${radii.lg};
  }
`;

const dialogClass = css`
  display: flex;
  flex-direction: column;
  width: 100%;
  min-height: 0;
  outline: none;
`;

const formClass = css`
  display: flex;
  flex-direction: column;
  flex: 1 1 auto;
  min-height: 0;
`;

const headerClass = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${space.md};
  padding: ${space.md} ${space.md} ${space.md} ${space.lg};
  border-bottom: 1px solid ${colors.border};
  ${media.md} { padding: ${space.lg} ${space.lg} ${space.lg} ${space.xl}; }
`;

const titleClass = css`
  margin: 0;
  min-width: 0;
  font-size: ${fontSizes.lg};
  font-weight: ${fontWeights.bold};
  color: ${colors.text};
  overflow-wrap: anywhere;
  ${media.md} { font-size: ${fontSizes.xl}; }
`;

const closeClass = css`
  flex: none;
  ${iconButtonCss('44px')}
  border-radius: ${radii.md};
  color: ${colors.textMuted};
  &:hover:not(:disabled) { background: ${colors.primaryTint}; color: ${colors.primary}; }
  &:disabled { cursor: not-allowed; opacity: 0.5; }
`;

const bodyClass = css`
  flex: 1 1 auto;
  min-height: 0;
  overflow-y: auto;
  padding: ${space.lg};
  color: ${colors.text};
  ${media.md} { padding: ${space.xl}; }
`;

const footerClass = css`
  flex: none;
  padding: ${space.md} ${space.lg};
  border-top: 1px solid ${colors.border};
  background: ${colors.surface};
  border-radius: 0 0 ${radii.lg} ${radii.lg};
  ${media.md} { padding: ${space.lg} ${space.xl}; }
`;

export type ModalProps = {
  isOpen: boolean;
  /** Asked to close: Escape, the backdrop, the close button (only while `dismissable`). */
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** The actions row, kept visible under the scrolling body. */
  footer?: ReactNode;
  /** Maximum width from md up, in px. Default 560. */
  maxWidth?: number;
  /** The close button's accessible name (e.g. 'Fechar'). */
  closeLabel: string;
  /** False while something is being saved: Escape, the backdrop and the close button do nothing. Default true. */
  dismissable?: boolean;
  /** 'alertdialog' for confirmations. Default 'dialog'. */
  role?: 'dialog' | 'alertdialog';
  /** Below md: the whole screen (default) or a centred card (short confirmations). */
  fullScreenOnPhone?: boolean;
  /** Hides the header's close button (confirmations offer their own answers). */
  hideCloseButton?: boolean;
  /** Makes body and footer one form (so footer buttons can submit it); called on submit. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** Marks the form busy while it is being sent. */
  busy?: boolean;
  /**
   * The element to focus once the modal is open (React Aria otherwise focuses the dialog itself). `autoFocus` is not
   * enough inside a nested modal: the outer one keeps new overlays inert for a moment, so the focus is moved a frame
   * later.
   */
  initialFocusRef?: RefObject<HTMLElement | null>;
};

export function Modal({
  isOpen,
  onClose,
  title,
  children,
  footer,
  maxWidth = 560,
  closeLabel,
  dismissable = true,
  role = 'dialog',
  fullScreenOnPhone = true,
  hideCloseButton = false,
  onSubmit,
  busy = false,
  initialFocusRef,
}: ModalProps) {
  useEffect(() => {
    if (!isOpen || !initialFocusRef) return undefined;
    const frame = requestAnimationFrame(() => initialFocusRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [isOpen, initialFocusRef]);

  function handleOpenChange(open: boolean) {
    if (!open && dismissable) onClose();
  }

  return (
    <I18nProvider locale="pt-BR">
      <ModalOverlay
        isOpen={isOpen}
        onOpenChange={handleOpenChange}
        isDismissable={dismissable}
        isKeyboardDismissDisabled={!dismissable}
        className={overlayClass(fullScreenOnPhone)}
      >
        <AriaModal className={modalClass(maxWidth, fullScreenOnPhone)}>
          <Dialog role={role} className={dialogClass}>
            <header className={headerClass}>
              <Heading slot="title" className={titleClass}>
                {title}
              </Heading>
              {hideCloseButton ? null : (
                <button
                  type="button"
                  className={closeClass}
                  aria-label={closeLabel}
                  disabled={!dismissable}
                  onClick={onClose}
                >
                  <Icon name="close" size={22} />
                </button>
              )}
            </header>
            {onSubmit ? (
              <form className={formClass} noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
                <div className={bodyClass}>{children}</div>
                {footer ? <div className={footerClass}>{footer}</div> : null}
              </form>
            ) : (
              <>
                <div className={bodyClass}>{children}</div>
                {footer ? <div className={footerClass}>{footer}</div> : null}
              </>
            )}
          </Dialog>
        </AriaModal>
      </ModalOverlay>
    </I18nProvider>
  );
}
