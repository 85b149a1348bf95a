/**
 * Layout of every signed-in page: header (menu button on phones, logo linking home, the user's photo and name), the
 * desktop side rail with the role's menu, and the phone slide-in menu (SPEC §2 Navigation). The photo opens 'Foto do
 * perfil' for both roles (issue 11 item 13). On a phone the logo keeps only its mark, so the name has the room.
 */
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, Outlet } from '@tanstack/react-router';
import { css, styled } from 'goober';
import {
  breakpoints,
  colors,
  focusRing,
  fontSizes,
  fontWeights,
  layout,
  media,
  radii,
  space,
  zIndices,
} from '../../lib/theme';
import { fill, ptBR } from '../../lib/i18n/pt-BR';
import { reloadProfileFromServer, useSession } from '../../lib/session/session';
import { Avatar, initialsOf } from '../ui/Avatar';
import { Icon } from '../ui/Icon';
import { displayNameOf } from '../../../machines/session/sessionMachine';
import { registersPatients } from '../../lib/access';
import { useIsPhone } from '../../lib/useIsPhone';
import { MobileMenu } from './MobileMenu';
import { NavMenu } from './NavMenu';
import { iconButtonCss } from '../ui/cssParts';

// Loaded when first opened: the dropzone stays out of every page's first download.
const ProfilePhotoModal = lazy(() =>
  import('../profilePhoto/ProfilePhotoModal').then((module) => ({ default: module.ProfilePhotoModal })),
);

const StyledShell = styled('div')`
  min-height: 100vh;
  min-height: 100dvh;
  display: flex;
  flex-direction: column;
  background: ${colors.background};
`;

const StyledSkipLink = styled('a')`
  position: absolute;
  left: ${space.lg};
  top: -100px;
  z-index: ${zIndices.menu + 2};
  padding: ${space.sm} ${space.lg};
  border-radius: ${radii.md};
  background: ${colors.surface};
  color: ${colors.primary};
  font-weight: ${fontWeights.semibold};
  &:focus { top: ${space.sm}; outline: none; box-shadow: ${focusRing}; }
`;

const StyledHeader = styled('header')`
  position: sticky;
  top: 0;
  z-index: ${zIndices.header};
  display: flex;
  align-items: center;
  gap: ${space.sm};
  height: ${layout.headerHeight};
  padding: 0 ${space.lg};
  background: ${colors.surface};
  border-bottom: 1px solid ${colors.border};
  ${media.md} { padding: 0 ${space.xl}; gap: ${space.lg}; }
`;

const StyledMenuButton = styled('button')`
  ${iconButtonCss('44px')}
  margin-left: -${space.sm};
  border-radius: ${radii.md};
  color: ${colors.text};
  &:hover { background: ${colors.primaryTint}; }
  ${media.md} { display: none; }
`;

const logoLinkClassName = css`
  display: inline-flex;
  align-items: center;
  gap: ${space.sm};
  padding: ${space.xs};
  border-radius: ${radii.md};
  color: ${colors.text};
  font-size: ${fontSizes.lg};
  font-weight: ${fontWeights.bold};
  letter-spacing: -0.01em;
  text-decoration: none;
  &:focus-visible { outline: none; box-shadow: ${focusRing}; }
  & > img { width: 32px; height: 32px; }
`;

/** In the header on a phone, the mark alone: the app's name would take the user's name's room. */
const compactLogoClassName = css`
  flex: none;
  ${media.belowMd} { & > span { display: none; } }
`;

const StyledUser = styled('div')`
  flex: 1 1 auto;
  margin-left: auto;
  display: flex;
  align-items: center;
  justify-content: flex-end;
  gap: ${space.sm};
  min-width: 0;
`;

const StyledAvatarButton = styled('button')`
  flex: none;
  ${iconButtonCss('44px')}
  padding: 0;
  border-radius: 50%;
  &:hover > span { box-shadow: 0 0 0 2px ${colors.primary}; }
`;

const StyledUserText = styled('span')`
  display: flex;
  flex-direction: column;
  min-width: 0;
  line-height: 1.2;
`;

const StyledUserName = styled('span')`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-weight: ${fontWeights.semibold};
`;

const StyledUserRole = styled('span')`
  font-size: ${fontSizes.xs};
  color: ${colors.textMuted};
`;

const StyledBody = styled('div')`
  flex: 1;
  display: flex;
  min-height: 0;
`;

const StyledRail = styled('aside')`
  display: none;
  ${media.md} {
    position: sticky;
    top: ${layout.headerHeight};
    display: flex;
    flex-direction: column;
    flex: none;
    width: ${layout.sideRailWidth};
    max-width: ${layout.sideRailMaxWidth};
    height: calc(100vh - ${layout.headerHeight});
    padding: ${space.lg} ${space.md};
    background: ${colors.surface};
    border-right: 1px solid ${colors.border};
  }
`;

const StyledMain = styled('main')`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  &:focus { outline: none; }
`;

export function AppLayout() {
  const { profile, signOut } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  // The side rail is hidden on a phone: its menu is not rendered there (the slide-in menu has its own).
  const phone = useIsPhone();
  const [photoOpen, setPhotoOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const handleCloseMenu = useCallback(() => {
    // The menu makes the page inert while open: the button takes the focus once the menu has gone (flushSync).
    flushSync(() => setMenuOpen(false));
    menuButtonRef.current?.focus();
  }, []);

  function handleOpenMenu() {
    setMenuOpen(true);
  }

  function handleSignOut() {
    setMenuOpen(false);
    signOut();
  }

  // A phone rotated (or a window widened) past md shows the side rail: the slide-in menu is no longer needed.
  useEffect(() => {
    if (!menuOpen || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(`(min-width: ${breakpoints.md}px)`);
    function handleChange(event: MediaQueryListEvent) {
      if (event.matches) setMenuOpen(false);
    }
    query.addEventListener('change', handleChange);
    return () => query.removeEventListener('change', handleChange);
  }, [menuOpen]);

  if (!profile) return null;

  // DECISIONS §14: the nickname, else the first name.
  const firstName = displayNameOf(profile);
  const registers = registersPatients(profile);
  const roleLabel = profile.type === 'medic' ? ptBR.nav.roleMedic : ptBR.nav.roleSecretary;
  // Without a photo the button shows the initials ('DC'): its name starts with them (WCAG 2.5.3, label in name).
  const initials = profile.user.image ? '' : initialsOf(firstName);
  const photoLabel = initials ? fill(ptBR.nav.profilePhotoOf, { initials }) : ptBR.nav.profilePhoto;
  const logo = (compact: boolean) => (
    <Link
      to="/"
      className={compact ? `${logoLinkClassName} ${compactLogoClassName}` : logoLinkClassName}
      aria-label={ptBR.app.logoAlt}
      onClick={menuOpen ? handleCloseMenu : undefined}
    >
      <img src="/logo.svg" alt="" width={32} height={32} />
      <span aria-hidden="true">{ptBR.app.name}</span>
    </Link>
  );

  return (
    <StyledShell>
      <StyledSkipLink href="#conteudo">{ptBR.nav.skipToContent}</StyledSkipLink>
      <StyledHeader>
        <StyledMenuButton
          ref={menuButtonRef}
          type="button"
          aria-label={ptBR.nav.openMenu}
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? menuId : undefined}
          aria-haspopup="dialog"
          onClick={handleOpenMenu}
        >
          <Icon name="menu" size={24} />
        </StyledMenuButton>
        {logo(true)}
        <StyledUser>
          <StyledAvatarButton type="button" aria-label={photoLabel} aria-haspopup="dialog" onClick={() => setPhotoOpen(true)}>
            <Avatar src={profile.user.image} name={firstName} size={36} onFailed={reloadProfileFromServer} />
          </StyledAvatarButton>
          <StyledUserText>
            <StyledUserName data-testid="header-user-name">{firstName}</StyledUserName>
            <StyledUserRole>{roleLabel}</StyledUserRole>
          </StyledUserText>
        </StyledUser>
      </StyledHeader>
      <StyledBody>
        <StyledRail>{phone ? null : <NavMenu role={profile.type} registersPatients={registers} onSignOut={handleSignOut} />}</StyledRail>
        <StyledMain id="conteudo" tabIndex={-1}>
          <Outlet />
        </StyledMain>
      </StyledBody>
      {menuOpen ? (
        <MobileMenu id={menuId} onClose={handleCloseMenu} header={logo(false)}>
          <NavMenu role={profile.type} registersPatients={registers} onSignOut={handleSignOut} onNavigate={handleCloseMenu} />
        </MobileMenu>
      ) : null}
      {photoOpen ? (
        <Suspense fallback={null}>
          <ProfilePhotoModal current={profile.user.image ?? null} onClose={() => setPhotoOpen(false)} />
        </Suspense>
      ) : null}
    </StyledShell>
  );
}
