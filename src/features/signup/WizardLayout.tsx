/**
 * Pieces shared by the two signup wizards: the form column, the step heading (focused when the step changes, so
 * screen readers hear the new step) and the row of navigation buttons.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { styled } from 'goober';
import { Button } from '../../components/ui/Button';
import { colors, fontSizes, fontWeights, media, space } from '../../lib/theme';
import { fill, ptBR } from '../../lib/i18n/pt-BR';

export const StyledWizardForm = styled('form')`
  display: flex;
  flex-direction: column;
  gap: ${space.lg};
  margin-top: ${space.xl};
`;

const StyledStepTitle = styled('h2')`
  display: flex;
  flex-direction: column;
  gap: ${space.xxs};
  font-size: ${fontSizes.lg};
  font-weight: ${fontWeights.semibold};
  color: ${colors.text};
  &:focus { outline: none; }
`;

const StyledStepCount = styled('span')`
  font-size: ${fontSizes.xs};
  font-weight: ${fontWeights.semibold};
  letter-spacing: 0.04em;
  text-transform: uppercase;
  color: ${colors.primary};
`;

const StyledActions = styled('div')`
  display: flex;
  flex-direction: column-reverse;
  gap: ${space.md};
  margin-top: ${space.sm};
  ${media.md} {
    flex-direction: row;
    justify-content: space-between;
    & > :only-child { margin-left: auto; }
  }
`;

const StyledFooter = styled('p')`
  margin-top: ${space.xl};
  text-align: center;
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

type StepTitleProps = {
  children: string;
  /** Zero-based index of the step and how many there are ('Passo 1 de 3'). */
  index: number;
  total: number;
  /** Changes with the step; the heading takes the focus on every change after the first render. */
  stepKey: string;
};

export function StepTitle({ children, index, total, stepKey }: StepTitleProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  const firstKey = useRef(stepKey);
  useEffect(() => {
    if (stepKey !== firstKey.current) ref.current?.focus();
  }, [stepKey]);
  return (
    <StyledStepTitle ref={ref} tabIndex={-1}>
      <StyledStepCount>{fill(ptBR.common.stepOf, { current: index + 1, total })}</StyledStepCount>
      <span>{children}</span>
    </StyledStepTitle>
  );
}

type WizardActionsProps = {
  /** Shows 'Voltar' when given. */
  onBack?: () => void;
  isLastStep: boolean;
  submitting: boolean;
  submitLabel: string;
};

/** 'Voltar' and 'Próximo passo', or the submit ('Validando...' while submitting) on the last step. */
export function WizardActions({ onBack, isLastStep, submitting, submitLabel }: WizardActionsProps) {
  return (
    <StyledActions>
      {onBack ? (
        <Button variant="secondary" onClick={onBack} disabled={submitting}>
          {ptBR.common.back}
        </Button>
      ) : null}
      <Button type="submit" loading={submitting}>
        {isLastStep ? (submitting ? ptBR.common.validating : submitLabel) : ptBR.common.next}
      </Button>
    </StyledActions>
  );
}

type WizardFooterProps = {
  children: ReactNode;
};

export function WizardFooter({ children }: WizardFooterProps) {
  return <StyledFooter>{children}</StyledFooter>;
}
