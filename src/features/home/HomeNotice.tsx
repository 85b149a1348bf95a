/**
 * A quiet state inside a home panel: loading (a spinner), empty, or a read that failed. SPEC §7 says failed reads
 * are silent, so a failure is shown as a neutral line with a retry, never as an error toast or in red.
 */
import { styled } from 'goober';
import { Button } from '../../components/ui/Button';
import { Icon, type IconName } from '../../components/ui/Icon';
import { Spinner } from '../../components/ui/Spinner';
import { homeTexts } from '../../lib/i18n/home';
import { colors, fontSizes, fontWeights, radii, space } from '../../lib/theme';

const StyledNotice = styled('div')<{ $compact: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${space.sm};
  padding: ${(p) => (p.$compact ? space.md : `${space.xl} ${space.lg}`)};
  border: 1px dashed ${colors.border};
  border-radius: ${radii.md};
  background: ${colors.primaryTint};
  text-align: center;
  color: ${colors.textMuted};
`;

const StyledBadge = styled('span')`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 40px;
  border-radius: 50%;
  background: ${colors.primarySoft};
  color: ${colors.primary};
`;

const StyledText = styled('p')`
  font-size: ${fontSizes.md};
  font-weight: ${fontWeights.semibold};
  color: ${colors.text};
`;

const StyledHint = styled('p')`
  font-size: ${fontSizes.sm};
`;

type HomeNoticeProps = {
  kind: 'loading' | 'empty' | 'failed';
  text: string;
  hint?: string;
  icon?: IconName;
  onRetry?: () => void;
  compact?: boolean;
};

export function HomeNotice({ kind, text, hint, icon = 'status', onRetry, compact = false }: HomeNoticeProps) {
  return (
    <StyledNotice $compact={compact} role="status">
      {kind === 'loading' ? (
        <Spinner size={28} />
      ) : (
        <StyledBadge>
          <Icon name={kind === 'failed' ? 'alert' : icon} size={22} />
        </StyledBadge>
      )}
      <StyledText>{text}</StyledText>
      {hint ? <StyledHint>{hint}</StyledHint> : null}
      {kind === 'failed' && onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          {homeTexts.retry}
        </Button>
      ) : null}
    </StyledNotice>
  );
}
