/** The designed empty and failed states of a surgery list: a short title, a hint and, when failed, a retry. */
import { styled } from 'goober';
import { Button } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/Icon';
import { colors, fontSizes, fontWeights, radii, space } from '../../../lib/theme';

const StyledMessage = styled('div')<{ $failed: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${space.sm};
  padding: ${space.xxl} ${space.lg};
  border: 1px dashed ${colors.borderStrong};
  border-radius: ${radii.lg};
  background: ${colors.surface};
  text-align: center;
  color: ${(p) => (p.$failed ? colors.danger : colors.textMuted)};
`;

const StyledBadge = styled('span')<{ $failed: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 48px;
  height: 48px;
  border-radius: 50%;
  background: ${(p) => (p.$failed ? colors.dangerSoft : colors.primarySoft)};
  color: ${(p) => (p.$failed ? colors.danger : colors.primary)};
`;

const StyledTitle = styled('p')`
  font-size: ${fontSizes.md};
  font-weight: ${fontWeights.semibold};
  color: ${colors.text};
`;

const StyledHint = styled('p')`
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

type ListMessageProps = {
  title: string;
  hint?: string;
  retryLabel?: string;
  onRetry?: () => void;
};

export function ListMessage({ title, hint, retryLabel, onRetry }: ListMessageProps) {
  const failed = Boolean(onRetry);
  return (
    <StyledMessage $failed={failed} role="status">
      <StyledBadge $failed={failed}>
        <Icon name={failed ? 'alert' : 'status'} size={24} />
      </StyledBadge>
      <StyledTitle>{title}</StyledTitle>
      {hint ? <StyledHint>{hint}</StyledHint> : null}
      {onRetry && retryLabel ? (
        <Button variant="secondary" onClick={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
    </StyledMessage>
  );
}
