/**
 * 'Backup' in the medic's /settings (issue 40): the installation's last successful backup (date, time, size), the
 * last attempt when it failed after it, and where the archives go; with PostgreSQL, that the database's provider
 * backs it up. Designed loading and failed states.
 */
import { useId } from 'react';
import { styled } from 'goober';
import { getBackupStatus } from '../../api/backup';
import { ReadNotice } from '../../components/ui/ReadNotice';
import { formatDate, formatTime } from '../../lib/format/date';
import { backupTexts, formatBytes } from '../../lib/i18n/backup';
import { fill } from '../../lib/i18n/pt-BR';
import { colors, fontSizes, space } from '../../lib/theme';
import { useRead } from '../../lib/useRead';
import { StyledCard, StyledCardTitle } from './ProfileCard';
import { warningBoxCss } from '../../components/ui/cssParts';

const T = backupTexts.card;

const StyledText = styled('p')`
  margin: 0;
  font-size: ${fontSizes.md};
  color: ${colors.text};
`;

const StyledFailure = styled('p')`
  margin: 0;
  padding: ${space.sm} ${space.md};
  ${warningBoxCss}
`;

const StyledHelp = styled('p')`
  margin: 0;
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

export function BackupCard() {
  const titleId = useId();
  const backup = useRead((signal) => getBackupStatus(signal), []);
  const { state } = backup;
  return (
    <StyledCard aria-labelledby={titleId} data-testid="backup-card">
      <StyledCardTitle id={titleId}>{T.title}</StyledCardTitle>
      {state.status !== 'ready' ? (
        <ReadNotice read={backup} loading={T.loading} failed={T.failed} compact />
      ) : state.value.mode === 'external' ? (
        <StyledText>{T.external}</StyledText>
      ) : (
        <>
          <StyledText>
            {state.value.last_success_at && state.value.last_success_size !== null
              ? fill(T.last, {
                  date: formatDate(state.value.last_success_at),
                  time: formatTime(state.value.last_success_at),
                  size: formatBytes(state.value.last_success_size),
                })
              : T.none}
          </StyledText>
          {state.value.last_failure_at ? (
            <StyledFailure role="status">
              {fill(T.failedAt, { date: formatDate(state.value.last_failure_at), time: formatTime(state.value.last_failure_at) })}
            </StyledFailure>
          ) : null}
          <StyledHelp>{T.help}</StyledHelp>
        </>
      )}
    </StyledCard>
  );
}
