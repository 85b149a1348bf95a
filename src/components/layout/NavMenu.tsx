/**
 * The role's menu (SPEC §2 Navigation; DECISIONS §13 for a medic without a secretary), shared by the desktop side rail and the phone slide-in menu.
 */
import { Link } from '@tanstack/react-router';
import { css, styled } from 'goober';
import type { UserType } from '../../../machines/constants';
import { colors, durations, focusRing, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { ptBR } from '../../lib/i18n/pt-BR';
import { checklistsTexts } from '../../lib/i18n/checklists';
import { receivablesTexts } from '../../lib/i18n/receivables';
import { Icon, type IconName } from '../ui/Icon';
import { plainListCss } from '../ui/cssParts';

type NavPath = '/' | '/all-data' | '/settings' | '/surgery-status' | '/patients' | '/patients-surgery' | '/document-checklists' | '/receivables' | '/tiss-lots' | '/audit' | '/account';
type NavItem = { to: NavPath; label: string; icon: IconName };

const REGISTRATION: readonly NavItem[] = [
  { to: '/patients', label: ptBR.nav.addPatient, icon: 'userPlus' },
  { to: '/patients-surgery', label: ptBR.nav.linkSurgery, icon: 'link' },
];

const MENUS: Record<UserType, readonly NavItem[]> = {
  medic: [
    { to: '/', label: ptBR.nav.home, icon: 'home' },
    { to: '/all-data', label: ptBR.nav.dashboard, icon: 'chart' },
    { to: '/settings', label: ptBR.nav.settings, icon: 'settings' },
    { to: '/surgery-status', label: ptBR.nav.surgeryStatus, icon: 'status' },
    { to: '/receivables', label: receivablesTexts.nav, icon: 'wallet' },
    { to: '/tiss-lots', label: ptBR.nav.tissLots, icon: 'send' },
    { to: '/document-checklists', label: checklistsTexts.nav, icon: 'clipboard' },
    { to: '/audit', label: ptBR.nav.audit, icon: 'shieldCheck' },
  ],
  secretary: [
    { to: '/', label: ptBR.nav.home, icon: 'home' },
    ...REGISTRATION,
    { to: '/surgery-status', label: ptBR.nav.surgeryStatus, icon: 'status' },
    { to: '/receivables', label: receivablesTexts.nav, icon: 'wallet' },
    { to: '/tiss-lots', label: ptBR.nav.tissLots, icon: 'send' },
    { to: '/document-checklists', label: checklistsTexts.nav, icon: 'clipboard' },
    { to: '/account', label: ptBR.nav.account, icon: 'settings' },
  ],
};

/** The role's menu; a medic without a linked secretary also registers patients and cases (DECISIONS §13). */
function menuOf(role: UserType, registers: boolean): readonly NavItem[] {
  if (role !== 'medic' || !registers) return MENUS[role];
  const [home, ...rest] = MENUS.medic;
  return [home!, ...REGISTRATION, ...rest];
}

const itemClassName = css`
  display: flex;
  align-items: center;
  gap: ${space.md};
  width: 100%;
  min-height: 44px;
  padding: ${space.sm} ${space.md};
  border: 0;
  border-radius: ${radii.md};
  background: transparent;
  color: ${colors.textMuted};
  font-size: ${fontSizes.md};
  font-weight: ${fontWeights.medium};
  text-align: left;
  text-decoration: none;
  cursor: pointer;
  transition: background ${durations.fast}, color ${durations.fast};
  &:hover { background: ${colors.primaryTint}; color: ${colors.primary}; }
  &:focus-visible { outline: none; box-shadow: ${focusRing}; }
  &[aria-current='page'] {
    background: ${colors.primarySoft};
    color: ${colors.primary};
    font-weight: ${fontWeights.semibold};
  }
`;

const StyledNav = styled('nav')`
  display: flex;
  flex-direction: column;
  flex: 1;
  min-height: 0;
`;

const StyledList = styled('ul')`
  ${plainListCss(space.xs)}
`;

const StyledFooter = styled('div')`
  margin-top: auto;
  padding-top: ${space.lg};
  border-top: 1px solid ${colors.border};
`;

type NavMenuProps = {
  role: UserType;
  /** The user registers patients and cases (a secretary, or a medic without one). */
  registersPatients: boolean;
  onSignOut: () => void;
  /** Called after a link is chosen (the phone menu closes itself). */
  onNavigate?: () => void;
};

export function NavMenu({ role, registersPatients, onSignOut, onNavigate }: NavMenuProps) {
  return (
    <StyledNav aria-label={ptBR.nav.label}>
      <StyledList>
        {menuOf(role, registersPatients).map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className={itemClassName}
              activeOptions={{ exact: item.to === '/' }}
              onClick={onNavigate}
            >
              <Icon name={item.icon} />
              {item.label}
            </Link>
          </li>
        ))}
      </StyledList>
      <StyledFooter>
        <button type="button" className={itemClassName} onClick={onSignOut}>
          <Icon name="logout" />
          {ptBR.nav.signOut}
        </button>
      </StyledFooter>
    </StyledNav>
  );
}
