/**
 * Pieces shared by the two signup wizards: the form column, the step heading (focused when the step changes, so
 * screen readers hear the new step), the row of navigation buttons, and the wizard that puts them together.
 */
import { useEffect, useRef, type FormEventHandler, type ReactNode } from 'react';
import { styled } from 'goober';
import { Button } from '../../components/ui/Button';
import { StepIndicator } from '../../components/ui/StepIndicator';
import { TextLink } from '../../components/ui/TextLink';
import { colors, fontSizes, fontWeights, media, space } from '../../lib/theme';
import { fill, ptBR } from '../../lib/i18n/pt-BR';
import { columnCss, eyebrowCss } from '../../components/ui/cssParts';

export const StyledWizardForm = styled('form')`
  ${columnCss(space.lg)}
  margin-top: ${space.xl};
`;

const StyledStepTitle = styled('h2')`
  ${columnCss(space.xxs)}
  font-size: ${fontSizes.lg};
  font-weight: ${fontWeights.semibold};
  color: ${colors.text};
  &:focus { outline: none; }
`;

const StyledStepCount = styled('span')`
  ${eyebrowCss}
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

function StepTitle({ children, index, total, stepKey }: StepTitleProps) {
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
function WizardActions({ onBack, isLastStep, submitting, submitLabel }: WizardActionsProps) {
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

type SignupWizardProps = {
  /** The steps' names (for the indicator and the step's heading), the indicator's name and the last step's submit. */
  texts: { steps: readonly string[]; stepsLabel: string; submit: string };
  /** Zero-based index of the step shown: 'Voltar' from the second one on, the submit on the last one. */
  index: number;
  submitting: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onBack: () => void;
  /** The step's fields. */
  children: ReactNode;
};

/** A signup wizard: the steps' indicator, the step's form (heading, fields, buttons) and 'Já tem uma conta?'. */
export function SignupWizard({ texts, index, submitting, onSubmit, onBack, children }: SignupWizardProps) {
  const { steps } = texts;
  return (
    <>
      <StepIndicator steps={steps} current={index} label={texts.stepsLabel} />
      <StyledWizardForm noValidate onSubmit={onSubmit} aria-busy={submitting}>
        <StepTitle stepKey={String(index)} index={index} total={steps.length}>
          {steps[index] ?? ''}
        </StepTitle>
        {children}
        <WizardActions
          onBack={index === 0 ? undefined : onBack}
          isLastStep={index === steps.length - 1}
          submitting={submitting}
          submitLabel={texts.submit}
        />
      </StyledWizardForm>
      <WizardFooter>
        <TextLink to="/auth">{ptBR.signup.haveAccount}</TextLink>
      </WizardFooter>
    </>
  );
}
