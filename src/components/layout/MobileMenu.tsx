/**
 * The phone menu (below md = 768px, SPEC §2): a panel sliding in from the left over a backdrop. It is a modal dialog:
 * focus moves into it on open, Tab stays inside, and Escape, a click on the backdrop or choosing a link closes it;
 * focus then returns to the menu button (done by the opener). While it is open the page behind it is inert
 * (src/lib/inertOutside.ts), as React Aria makes the page behind a Modal.
 */
import { useEffect, useEffectEvent, useRef, type ReactNode } from 'react';
import { keyframes, styled } from 'goober';
import { colors, radii, shadows, space, zIndices } from '../../lib/theme';
import { ptBR } from '../../lib/i18n/pt-BR';
import { Icon } from '../ui/Icon';
import { inertOutside } from '../../lib/inertOutside';
import { columnCss, iconButtonCss } from '../ui/cssParts';

const slideIn = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(0); }
`;

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

const StyledBackdrop = styled('div')`
  position: fixed;
  inset: 0;
  z-index: ${zIndices.menu};
  background: ${colors.backdrop};
  animation: ${fadeIn} 160ms ease-out;
`;

const StyledPanel = styled('div')`
  position: fixed;
  top: 0;
  bottom: 0;
  left: 0;
  z-index: ${zIndices.menu + 1};
  ${columnCss(space.lg)}
  width: min(calc(100% - 56px), 340px);
  padding: ${space.lg};
  background: ${colors.surface};
  box-shadow: ${shadows.panel};
  overflow-y: auto;
  animation: ${slideIn} 200ms ease-out;
`;

const StyledTop = styled('div')`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${space.md};
`;

const StyledClose = styled('button')`
  ${iconButtonCss('44px')}
  border-radius: ${radii.md};
  color: ${colors.text};
  &:hover { background: ${colors.primaryTint}; }
`;

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

type MobileMenuProps = {
  id: string;
  onClose: () => void;
  header: ReactNode;
  children: ReactNode;
};

export function MobileMenu({ id, onClose, header, children }: MobileMenuProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const backdropRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  // An effect event, so that a new onClose identity does not re-run the effect (and steal the focus again).
  const closeOnEscape = useEffectEvent(onClose);

  useEffect(() => {
    closeRef.current?.focus();
    // The page behind the menu is out of reach (keyboard and assistive technology) while it is open.
    const kept = [panelRef.current, backdropRef.current].filter((element): element is HTMLDivElement => element !== null);
    const restoreOutside = inertOutside(kept);
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    function handleKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.preventDefault();
        closeOnEscape();
        return;
      }
      if (event.key === 'Tab' && panelRef.current) {
        const focusable = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (!first || !last) return;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }
    }

    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('keydown', handleKeyDown);
      document.body.style.overflow = previousOverflow;
      restoreOutside();
    };
  }, []);

  return (
    <>
      <StyledBackdrop ref={backdropRef} data-testid="menu-backdrop" aria-hidden="true" onClick={onClose} />
      <StyledPanel id={id} ref={panelRef} role="dialog" aria-modal="true" aria-label={ptBR.nav.label}>
        <StyledTop>
          {header}
          <StyledClose ref={closeRef} type="button" aria-label={ptBR.nav.closeMenu} onClick={onClose}>
            <Icon name="close" size={22} />
          </StyledClose>
        </StyledTop>
        {children}
      </StyledPanel>
    </>
  );
}
