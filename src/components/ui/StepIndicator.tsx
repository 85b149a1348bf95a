import { styled } from 'goober';
import { colors, fontSizes, fontWeights, media, radii, space } from '../../lib/theme';
import { Icon } from './Icon';

type StepState = 'done' | 'current' | 'upcoming';

const StyledList = styled('ol')`
  display: flex;
  gap: ${space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
  counter-reset: step;
`;

const StyledItem = styled('li')<{ $state: StepState }>`
  flex: 1 1 0;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${space.sm};
  font-size: ${fontSizes.xs};
  font-weight: ${(p) => (p.$state === 'current' ? fontWeights.semibold : fontWeights.medium)};
  color: ${(p) => (p.$state === 'upcoming' ? colors.textSubtle : colors.text)};
`;

const StyledBar = styled('span')<{ $state: StepState }>`
  display: block;
  height: 4px;
  border-radius: ${radii.pill};
  background: ${(p) => (p.$state === 'upcoming' ? colors.border : colors.primary)};
`;

const StyledCaption = styled('span')`
  display: flex;
  align-items: flex-start;
  gap: ${space.xs};
  min-width: 0;
`;

const StyledBadge = styled('span')<{ $state: StepState }>`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 20px;
  height: 20px;
  border-radius: 50%;
  font-size: 0.6875rem;
  font-weight: ${fontWeights.bold};
  color: ${(p) => (p.$state === 'upcoming' ? colors.textMuted : colors.onPrimary)};
  background: ${(p) => (p.$state === 'upcoming' ? colors.disabled : colors.primary)};
`;

const StyledName = styled('span')`
  line-height: 1.3;
  ${media.belowMd} {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;

type StepIndicatorProps = {
  steps: readonly string[];
  /** Zero-based index of the step being shown. */
  current: number;
  label: string;
};

/** Wizard progress: one bar per step, the current one announced with aria-current="step". */
export function StepIndicator({ steps, current, label }: StepIndicatorProps) {
  return (
    <div role="group" aria-label={label}>
      <StyledList>
        {steps.map((step, index) => {
          const state: StepState = index < current ? 'done' : index === current ? 'current' : 'upcoming';
          return (
            <StyledItem key={step} $state={state} aria-current={state === 'current' ? 'step' : undefined}>
              <StyledBar $state={state} />
              <StyledCaption>
                <StyledBadge $state={state}>{state === 'done' ? <Icon name="check" size={12} /> : index + 1}</StyledBadge>
                <StyledName>{step}</StyledName>
              </StyledCaption>
            </StyledItem>
          );
        })}
      </StyledList>
    </div>
  );
}
