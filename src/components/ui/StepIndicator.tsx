import type { ReactNode } from 'react';
import { styled } from 'goober';
import { colors, durations, focusRing, fontSizes, fontWeights, media, radii, space } from '../../lib/theme';
import { Icon } from './Icon';
import { columnCss, iconBoxCss, visuallyHiddenCss } from './cssParts';

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
  font-size: ${fontSizes.xs};
  font-weight: ${(p) => (p.$state === 'current' ? fontWeights.semibold : fontWeights.medium)};
  color: ${(p) => (p.$state === 'upcoming' ? colors.textSubtle : colors.text)};
`;

const StyledStep = styled('div')`
  ${columnCss(space.sm)}
`;

/** A step the user may open: the whole column (bar and caption) is the button, at least 44 px tall. */
const StyledStepButton = styled('button')<{ $selected: boolean }>`
  ${columnCss(space.sm)}
  width: 100%;
  min-height: 44px;
  margin: 0;
  padding: 0 0 ${space.xs};
  border: 0;
  border-radius: ${radii.sm};
  background: transparent;
  color: inherit;
  font: inherit;
  text-align: left;
  cursor: pointer;
  transition: background ${durations.fast};
  &:hover:not(:disabled) { background: ${colors.primaryTint}; }
  &:focus-visible { outline: none; box-shadow: ${focusRing}; }
  &:disabled { cursor: default; }
  ${media.belowMd} { & > span:last-child { justify-content: center; } }
  ${(p) => (p.$selected ? `& > span:last-child { text-decoration: underline; text-underline-offset: 4px; text-decoration-thickness: 2px; }` : '')}
`;

const StyledBar = styled('span')<{ $state: StepState; $selected: boolean }>`
  display: block;
  height: ${(p) => (p.$selected ? '6px' : '4px')};
  border-radius: ${radii.pill};
  background: ${(p) => (p.$state === 'upcoming' ? colors.border : colors.primary)};
  box-shadow: ${(p) => (p.$selected ? `0 0 0 2px ${colors.primarySoft}` : 'none')};
`;

const StyledCaption = styled('span')`
  display: flex;
  align-items: flex-start;
  gap: ${space.xs};
  min-width: 0;
`;

const StyledBadge = styled('span')<{ $state: StepState; $selected: boolean }>`
  flex: none;
  ${iconBoxCss('20px')}
  border-radius: 50%;
  font-size: 0.6875rem;
  font-weight: ${fontWeights.bold};
  color: ${(p) => (p.$state === 'upcoming' ? colors.textMuted : colors.onPrimary)};
  background: ${(p) => (p.$state === 'upcoming' ? colors.disabled : colors.primary)};
  box-shadow: ${(p) => (p.$selected ? `0 0 0 3px ${colors.accent}` : 'none')};
`;

const StyledName = styled('span')`
  line-height: 1.3;
  ${media.belowMd} { ${visuallyHiddenCss} }
`;

type StepIndicatorProps = {
  steps: readonly string[];
  /** Zero-based index of the step being worked on (a past-the-end index marks every step done; -1 none). */
  current: number;
  label: string;
  /**
   * Makes the steps buttons that open a step (the surgery details page): `selected` is the step on view, `canSelect`
   * which steps may be opened (the others are disabled), `stepLabel` the accessible name of each button.
   */
  navigation?: {
    selected: number;
    canSelect: (index: number) => boolean;
    onSelect: (index: number) => void;
    stepLabel: (index: number, name: string, selectable: boolean) => string;
  };
};

/**
 * Wizard progress: one bar per step, the current one announced with aria-current="step". With `navigation`, each
 * step is a button that shows that step (aria-pressed marks the one on view).
 */
export function StepIndicator({ steps, current, label, navigation }: StepIndicatorProps) {
  return (
    <div role="group" aria-label={label}>
      <StyledList>
        {steps.map((step, index) => {
          const state: StepState = index < current ? 'done' : index === current ? 'current' : 'upcoming';
          const selected = navigation?.selected === index;
          const content: ReactNode = (
            <>
              <StyledBar $state={state} $selected={selected} />
              <StyledCaption>
                <StyledBadge $state={state} $selected={selected}>
                  {state === 'done' ? <Icon name="check" size={12} /> : index + 1}
                </StyledBadge>
                <StyledName>{step}</StyledName>
              </StyledCaption>
            </>
          );
          const selectable = navigation?.canSelect(index) ?? false;
          return (
            <StyledItem key={step} $state={state} aria-current={state === 'current' ? 'step' : undefined}>
              {navigation ? (
                <StyledStepButton
                  type="button"
                  $selected={selected}
                  disabled={!selectable}
                  aria-pressed={selected}
                  aria-label={navigation.stepLabel(index, step, selectable)}
                  onClick={() => navigation.onSelect(index)}
                >
                  {content}
                </StyledStepButton>
              ) : (
                <StyledStep>{content}</StyledStep>
              )}
            </StyledItem>
          );
        })}
      </StyledList>
    </div>
  );
}
