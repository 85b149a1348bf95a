/**
 * A read that failed (SPEC §7: failed reads are silent, so no toast): a neutral notice, not an error colour, with a
 * way to try again. Used where a whole screen depends on one read (/all-data, /settings).
 */
import { styled } from 'goober';
import { colors, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { Button } from './Button';
import { Icon } from './Icon';

const StyledBox = styled('div')`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${space.sm};
  padding: ${space.xxl} ${space.lg};
  border: 1px dashed ${colors.borderStrong};
  border-radius: ${radii.lg};
  background: ${colors.surface};
  text-align: center;
`;

const StyledBadge = styled('span')`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 48px;
  height: 48px;
  border-radius: 50%;
  background: ${colors.primarySoft};
  color: ${colors.primary};
`;

const StyledTitle = styled('p')`
  font-size: ${fontSizes.md};
  font-weight: ${fontWeights.semibold};
  color: ${colors.text};
`;

const StyledText = styled('p')`
  margin-bottom: ${space.sm};
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

type LoadFailedProps = {
  title: string;
  text: string;
  retryLabel: string;
  onRetry: () => void;
};

export function LoadFailed({ title, text, retryLabel, onRetry }: LoadFailedProps) {
  return (
    <StyledBox role="status">
      <StyledBadge>
        <Icon name="alert" size={24} />
      </StyledBadge>
      <StyledTitle>{title}</StyledTitle>
      <StyledText>{text}</StyledText>
      <Button variant="secondary" onClick={onRetry}>
        {retryLabel}
      </Button>
    </StyledBox>
  );
}
