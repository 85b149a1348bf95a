import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { CPF_MASKED_LENGTH } from '../../../machines/rules/cpf';
import { FormMaskedField, MASKS } from '../../components/form/FormMaskedField';
import { FormTextField } from '../../components/form/FormTextField';
import { FieldPair } from '../../components/ui/fieldLayout';
import { ptBR } from '../../lib/i18n/pt-BR';

type WithPersonal = FieldValues & { first_name: string; last_name: string; cpf: string };

type PersonalFieldsProps<T extends WithPersonal> = { form: UseFormReturn<T> };

/**
 * The first step of both signups: first name, last name, CPF ('CPF Invalido!' as soon as 14 characters are typed
 * and it is not valid).
 */
export function PersonalFields<T extends WithPersonal>({ form }: PersonalFieldsProps<T>) {
  const { control, trigger } = form;
  const cpfName = 'cpf' as FieldPath<T>;

  function handleCpfChange(value: string) {
    if (value.length === CPF_MASKED_LENGTH) void trigger(cpfName);
  }

  return (
    <>
      <FieldPair>
        <FormTextField
          control={control}
          name={'first_name' as FieldPath<T>}
          label={ptBR.fields.firstName}
          autoComplete="given-name"
        />
        <FormTextField
          control={control}
          name={'last_name' as FieldPath<T>}
          label={ptBR.fields.lastName}
          autoComplete="family-name"
        />
      </FieldPair>
      <FormMaskedField
        control={control}
        name={cpfName}
        label={ptBR.fields.cpf}
        mask={MASKS.cpf}
        placeholder={ptBR.fields.cpfPlaceholder}
        autoComplete="off"
        onValueChange={handleCpfChange}
      />
    </>
  );
}
