/** The fields of the doctor signup's last two steps (SPEC §2); the first one's are PersonalFields. */
import type { Control, UseFormReturn } from 'react-hook-form';
import { FormCheckbox } from '../../components/form/FormCheckbox';
import { FormMaskedField, MASKS } from '../../components/form/FormMaskedField';
import { FormSelect } from '../../components/form/FormSelect';
import { FormTextField } from '../../components/form/FormTextField';
import { ptBR } from '../../lib/i18n/pt-BR';
import type { DoctorSignupForm } from './DoctorSignupPage';
import { NewPasswordFields } from './NewPasswordFields';
import { useSpecialties } from './useSpecialties';
import { FieldPair } from '../../components/ui/fieldLayout';

type FormProps = { form: UseFormReturn<DoctorSignupForm> };

type ControlProps = { control: Control<DoctorSignupForm> };

/** Step 2: address, CRM, specialty (from list_specialty), cellphone. */
export function DoctorProfessionalStep({ control }: ControlProps) {
  const specialties = useSpecialties();
  const options = specialties.items.map((item) => ({ value: String(item.id), label: item.nome_fantasia }));
  return (
    <>
      <FormTextField
        control={control}
        name="address"
        label={ptBR.fields.address}
        placeholder={ptBR.fields.addressPlaceholder}
        autoComplete="street-address"
      />
      <FieldPair>
        <FormTextField control={control} name="crm" label={ptBR.fields.crm} placeholder={ptBR.fields.crmPlaceholder} />
        <FormMaskedField
          control={control}
          name="cellphone"
          label={ptBR.fields.cellphone}
          mask={MASKS.phone}
          placeholder={ptBR.fields.cellphonePlaceholder}
          autoComplete="tel-national"
          inputMode="tel"
        />
      </FieldPair>
      <FormSelect
        control={control}
        name="specialty"
        label={ptBR.fields.specialty}
        placeholder={ptBR.fields.specialtyPlaceholder}
        options={options}
        loading={specialties.status === 'loading'}
        loadingText={ptBR.fields.specialtyLoading}
        loadError={specialties.status === 'error' ? ptBR.fields.specialtyError : undefined}
        retryLabel={ptBR.common.retry}
        onRetry={specialties.retry}
      />
    </>
  );
}

/**
 * Step 3: e-mail, password and its repetition (marked once touched when different), newsletter, LGPD consent, and
 * 'has a secretary' revealing the secretary's contact e-mail.
 */
export function DoctorAccessStep({ form }: FormProps) {
  const { control, watch } = form;
  const hasSecretary = watch('IHaveASecretary');

  return (
    <>
      <FormTextField
        control={control}
        name="email"
        label={ptBR.fields.email}
        type="email"
        inputMode="email"
        placeholder={ptBR.fields.emailPlaceholder}
        autoComplete="email"
      />
      <NewPasswordFields form={form} />
      <FormCheckbox control={control} name="news">
        {ptBR.signup.newsletter}
      </FormCheckbox>
      <FormCheckbox control={control} name="IHaveASecretary">
        {ptBR.signup.hasSecretary}
      </FormCheckbox>
      {hasSecretary ? (
        <FormTextField
          control={control}
          name="secretary"
          label={ptBR.signup.secretaryEmail}
          type="email"
          inputMode="email"
          placeholder={ptBR.fields.emailPlaceholder}
          hint={ptBR.signup.secretaryEmailHint}
          autoComplete="off"
        />
      ) : null}
      <FormCheckbox control={control} name="IAcceptToStoreData" required>
        {ptBR.signup.consent}
      </FormCheckbox>
    </>
  );
}
