/** The two steps' fields of the patient registration and edit modal (SPEC §2 Patients). */
import { useEffect } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { styled } from 'goober';
import { CPF_MASKED_LENGTH } from '../../../machines/rules/cpf';
import { healthPlanDetail, searchHealthPlans, type HealthPlan } from '../../api/lookups';
import { FormMaskedField, MASKS } from '../../components/form/FormMaskedField';
import { FormSelect } from '../../components/form/FormSelect';
import { FormTextField } from '../../components/form/FormTextField';
import { DateField } from '../../components/ui/DateField';
import { Dropzone, type DropzoneTexts } from '../../components/ui/Dropzone';
import { SearchSelect } from '../../components/ui/SearchSelect';
import { patientsTexts as T } from '../../lib/i18n/patients';
import { GenderField } from './GenderField';
import { PHOTO_MAX_BYTES, PHOTO_TYPES } from '../../lib/photoFiles';
import type { CardValues, PatientFormValues } from './patientForm';
import { useMedics } from './useMedics';
import { FieldPair, FieldStack } from '../../components/ui/fieldLayout';
import { colors, fontSizes, fontWeights, radii, space } from '../../lib/theme';

const DROPZONE_TEXTS: DropzoneTexts = {
  prompt: T.fields.dropPrompt,
  action: T.fields.dropAction,
  selected: T.fields.photoSelected,
  hint: T.fields.photoHint,
  current: T.fields.photoCurrent,
  replace: T.fields.photoReplace,
  remove: T.fields.photoRemove,
  preview: T.fields.photoPreview,
  invalidType: T.fields.photoInvalidType,
  tooLarge: T.fields.photoTooLarge,
  tooMany: T.fields.photoTooMany,
};

type StepProps = { form: UseFormReturn<PatientFormValues> };

const planKey = (plan: HealthPlan) => plan.id;
const planLabel = (plan: HealthPlan) => plan.fantasy_name;

const StyledCard = styled('fieldset')`
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  padding: ${space.md} ${space.lg} ${space.lg};
  margin: 0;
  min-width: 0;
  & > legend {
    padding: 0 ${space.xs};
    font-weight: ${fontWeights.semibold};
    color: ${colors.text};
  }
`;

const StyledCardHint = styled('p')`
  margin: 0 0 ${space.md};
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

type IdentificationStepProps = StepProps & {
  currentPhoto: string | null;
  /** The card the form opened with (edit: the current plan's), restored when that plan is chosen again. */
  initialCard: CardValues;
};

/**
 * Step 1: photo, Paciente, Telefone, Convênio (optional, searched on the server: ~700 plans) and, once a plan is
 * chosen, its card (optional; docs/TISS.md "The patient's card"). Choosing another plan empties the card fields (the
 * card is the plan's); choosing back the plan the form opened with shows its card again.
 */
export function IdentificationStep({ form, currentPhoto, initialCard }: IdentificationStepProps) {
  const { control, setValue } = form;
  const plan = useWatch({ control, name: 'convenio' });

  function handlePlanChange(next: HealthPlan | null, onChange: (value: HealthPlan | null) => void) {
    onChange(next);
    const restore = next !== null && next.id === initialCard.card_plan_id;
    const card = restore ? initialCard : { card_number: '', card_valid_until: '', card_plan_name: '' };
    setValue('card_number', card.card_number, { shouldDirty: true });
    setValue('card_valid_until', card.card_valid_until, { shouldDirty: true });
    setValue('card_plan_name', card.card_plan_name, { shouldDirty: true });
  }

  return (
    <FieldStack>
      <Controller
        control={control}
        name="foto"
        render={({ field }) => (
          <Dropzone
            label={T.fields.photo}
            name="foto"
            value={field.value}
            onChange={field.onChange}
            accept={PHOTO_TYPES}
            maxSize={PHOTO_MAX_BYTES}
            texts={DROPZONE_TEXTS}
            currentUrl={currentPhoto}
          />
        )}
      />
      <FormTextField
        control={control}
        name="nome_completo"
        label={T.fields.name}
        placeholder={T.fields.namePlaceholder}
        autoComplete="off"
      />
      <FieldPair>
        <FormMaskedField
          control={control}
          name="cellphone"
          label={T.fields.phone}
          mask={MASKS.phone}
          placeholder={T.fields.phonePlaceholder}
          inputMode="tel"
          autoComplete="off"
        />
        <Controller
          control={control}
          name="convenio"
          render={({ field, fieldState }) => (
            <SearchSelect<HealthPlan>
              label={T.fields.plan}
              name="convenio"
              placeholder={T.fields.planPlaceholder}
              value={field.value}
              onChange={(next) => handlePlanChange(next, field.onChange)}
              onBlur={field.onBlur}
              search={searchHealthPlans}
              itemKey={planKey}
              itemLabel={planLabel}
              itemDetail={healthPlanDetail}
              emptyText={T.fields.planEmpty}
              loadingText={T.fields.planLoading}
              hint={T.fields.planHint}
              error={fieldState.error?.message}
            />
          )}
        />
      </FieldPair>
      {plan ? (
        <StyledCard>
          <legend>{T.fields.cardLegend}</legend>
          <StyledCardHint>{T.fields.cardHint}</StyledCardHint>
          <FieldStack>
            <FieldPair>
              <FormTextField
                control={control}
                name="card_number"
                label={T.fields.cardNumber}
                placeholder={T.fields.cardNumberPlaceholder}
                autoComplete="off"
                optional
              />
              <Controller
                control={control}
                name="card_valid_until"
                render={({ field, fieldState }) => (
                  <DateField
                    label={T.fields.cardValidUntil}
                    name="card_valid_until"
                    value={field.value}
                    onChange={field.onChange}
                    placeholder={T.fields.birthdayPlaceholder}
                    error={fieldState.error?.message}
                    optional
                  />
                )}
              />
            </FieldPair>
            <FormTextField
              control={control}
              name="card_plan_name"
              label={T.fields.cardPlanName}
              placeholder={T.fields.cardPlanNamePlaceholder}
              autoComplete="off"
              optional
            />
          </FieldStack>
        </StyledCard>
      ) : null}
    </FieldStack>
  );
}

type DetailsStepProps = StepProps & {
  /** A secretary chooses the patient's medic (SPEC §6). */
  withMedic: boolean;
  /** Preselect the only medic (create mode). */
  preselectMedic: boolean;
};

/** Step 2: Data de nascimento, Endereço, CEP, CPF, Sexo Biológico and, for a secretary, Médico. */
export function DetailsStep({ form, withMedic, preselectMedic }: DetailsStepProps) {
  const { control, trigger, getValues, setValue } = form;
  const medics = useMedics(withMedic);
  const options = medics.items.map((medic) => ({
    value: String(medic.id),
    label: `${medic.first_name} ${medic.last_name}`.trim(),
  }));

  // One medic: nothing to choose (SPEC: preselect when there's only one).
  const onlyMedic = medics.status === 'ready' && medics.items.length === 1 ? medics.items[0] : undefined;
  useEffect(() => {
    if (preselectMedic && onlyMedic && getValues('medic') === '') {
      setValue('medic', String(onlyMedic.id), { shouldDirty: true });
    }
  }, [preselectMedic, onlyMedic, getValues, setValue]);

  function handleCpfChange(value: string) {
    if (value.length === CPF_MASKED_LENGTH) void trigger('cpf');
  }

  return (
    <FieldStack>
      <FieldPair>
        <FormMaskedField
          control={control}
          name="birthday"
          label={T.fields.birthday}
          mask={MASKS.birthday}
          placeholder={T.fields.birthdayPlaceholder}
          autoComplete="off"
          optional
        />
        <FormMaskedField
          control={control}
          name="cpf"
          label={T.fields.cpf}
          mask={MASKS.cpf}
          placeholder={T.fields.cpfPlaceholder}
          autoComplete="off"
          onValueChange={handleCpfChange}
        />
      </FieldPair>
      <FormTextField
        control={control}
        name="address"
        label={T.fields.address}
        placeholder={T.fields.addressPlaceholder}
        autoComplete="off"
        optional
      />
      <FieldPair>
        <FormMaskedField
          control={control}
          name="cep"
          label={T.fields.cep}
          mask={MASKS.cep}
          placeholder={T.fields.cepPlaceholder}
          autoComplete="off"
          optional
        />
        <GenderField control={control} />
      </FieldPair>
      {withMedic ? (
        <FormSelect
          control={control}
          name="medic"
          label={T.fields.medic}
          placeholder={T.fields.medicPlaceholder}
          options={options}
          loading={medics.status === 'loading'}
          loadingText={T.fields.medicLoading}
          loadError={medics.status === 'error' ? T.fields.medicError : undefined}
          retryLabel={T.fields.retry}
          onRetry={medics.retry}
        />
      ) : null}
    </FieldStack>
  );
}
