/**
 * What both signup wizards (doctor, secretary) do around their machine: the react-hook-form of the step shown, and
 * the machine's outcome said once its submit ends (success: a toast and /auth; failure: each server error as a warning).
 */
import { useEffect, useRef } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { useNavigate } from '@tanstack/react-router';
import { toastSuccess, toastWarning } from '../../lib/toast';

type SignupWizardFormOptions<T extends FieldValues> = {
  /** The step shown: its schema is the resolver, and a new one clears the errors. */
  step: string;
  /** The machine's state value ('submitting', 'done' or a step). */
  state: unknown;
  /** The machine's errors of its last submit. */
  errors: readonly string[];
  defaultValues: DefaultValues<T>;
  resolver: Resolver<T>;
  successText: string;
};

export function useSignupWizardForm<T extends FieldValues>({
  step,
  state,
  errors,
  defaultValues,
  resolver,
  successText,
}: SignupWizardFormOptions<T>) {
  const navigate = useNavigate();
  const form = useForm<T>({
    defaultValues,
    mode: 'onTouched',
    // react-hook-form reads the resolver of the latest render: the schema of the step shown.
    resolver,
  });
  const { clearErrors } = form;

  // A new step starts clean: errors of fields that are not shown would only confuse.
  useEffect(() => {
    clearErrors();
  }, [step, clearErrors]);

  // Server errors come back as the machine's `errors` when the submit fails (SPEC §8: each as a warning).
  const previousState = useRef(state);
  useEffect(() => {
    const wasSubmitting = previousState.current === 'submitting';
    previousState.current = state;
    if (state === 'done') {
      toastSuccess(successText);
      void navigate({ to: '/auth' });
    } else if (wasSubmitting) {
      for (const message of errors) toastWarning(message);
    }
  }, [state, errors, navigate, successText]);

  return form;
}
