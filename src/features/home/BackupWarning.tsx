/**
 * The medic's home warns when the installation's last backup is older than two days or the last attempt failed
 * (issue 40; GET backup_status/): one line with what to do and a link to the settings' 'Backup' card. Nothing while
 * loading, when all is well, or when the status cannot be read (the settings card shows that).
 */
import { Link } from '@tanstack/react-router';
import { styled } from 'goober';
import { getBackupStatus } from '../../api/backup';
import { Icon } from '../../components/ui/Icon';
import { backupTexts } from '../../lib/i18n/backup';
import { colors, focusRing, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { useRead } from '../../lib/useRead';
import { columnCss } from '../../components/ui/cssParts';

const T = backupTexts.home;

const StyledWarning = styled('div')`
  display: flex;
  align-items: flex-start;
  gap: ${space.md};
  padding: ${space.md} ${space.lg};
  border-radius: ${radii.md};
  border: 1px solid ${colors.warningBorder};
  background: ${colors.warningSoft};
  color: ${colors.warning};
  & > svg { flex: none; margin-top: 2px; }
  & p { margin: 0; }
  & strong { font-weight: ${fontWeights.semibold}; }
  & span { font-size: ${fontSizes.sm}; }
  & a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    color: ${colors.warning};
    font-weight: ${fontWeights.semibold};
    border-radius: ${radii.sm};
  }
  & a:focus-visible { outline: none; box-shadow: ${focusRing}; }
`;

const StyledBody = styled('div')`
  ${columnCss(space.xxs)}
  min-width: 0;
`;

export function BackupWarning() {
  const { state } = useRead((signal) => getBackupStatus(signal), []);
  if (state.status !== 'ready' || state.value.warning === 'none') return null;
  const { warning, last_success_at: last } = state.value;
  const title = warning === 'failed' ? T.failed : last ? T.stale : T.never;
  return (
    <StyledWarning role="status" data-testid="backup-warning">
      <Icon name="alert" size={20} />
      <StyledBody>
        <p>
          <strong>{title}</strong>
        </p>
        <p>
          <span>{T.action}</span>
        </p>
        <Link to="/settings">{T.link}</Link>
      </StyledBody>
    </StyledWarning>
  );
}
