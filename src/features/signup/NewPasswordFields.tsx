import { useEffect } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { FormTextField } from '../../components/form/FormTextField';
import { ptBR } from '../../lib/i18n/pt-BR';
import { FieldPair } from '../../components/ui/fieldLayout';

type WithNewPassword = FieldValues & { password: string; confirmPassword: string };

type NewPasswordFieldsProps<T extends WithNewPassword> = { form: UseFormReturn<T> };

/**
 * The password and its repetition of both signups. Once the repetition was touched, its error
 * follows every change of the password (SPEC §5: a different confirmation is marked once touched).
 */
export function NewPasswordFields<T extends WithNewPassword>({ form }: NewPasswordFieldsProps<T>) {
  const { control, watch, trigger, getFieldState } = form;
  const passwordName = 'password' as FieldPath<T>;
  const confirmName = 'confirmPassword' as FieldPath<T>;
  const password = watch(passwordName);

  useEffect(() => {
    if (getFieldState(confirmName).isTouched) void trigger(confirmName);
  }, [password, confirmName, getFieldState, trigger]);

  return (
    <FieldPair>
      <FormTextField
        control={control}
        name={passwordName}
        label={ptBR.fields.password}
        type="password"
        autoComplete="new-password"
        hint={ptBR.fields.passwordHint}
      />
      <FormTextField
        control={control}
        name={confirmName}
        label={ptBR.fields.repeatPassword}
        type="password"
        autoComplete="new-password"
      />
    </FieldPair>
  );
}
