/**
 * The surgery registration form (SPEC §2 Surgery registration, §5 Surgery creation, §6): the linked patient and
 * their medic (read-only), procedures and CIDs (up to 5 each), payment source, expected value, health plan,
 * hospital, OPME and notes. The payment-source rules run when the source changes: clt clears and disables the
 * expected value; any source but plano_saude clears and disables the health plan.
 */
import { useCallback, useEffect, useState, type RefObject } from 'react';
import { Controller, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { lazyResolver } from '../../../components/form/lazyResolver';
import { styled } from 'goober';
import { PAYMENT_SOURCE_LABELS, PAYMENT_SOURCES, type PaymentSource } from '../../../../machines/constants';
import { isFeesDisabled, isHealthPlanEnabled } from '../../../../machines/surgeryCase/creationRules';
import { healthPlanDetail, searchHealthPlans } from '../../../api/lookups';
import { FormCheckbox } from '../../../components/form/FormCheckbox';
import { FormMoneyField } from '../../../components/form/FormMoneyField';
import { Button } from '../../../components/ui/Button';
import { DraftNotice } from '../../../components/ui/DraftNotice';
import { SearchSelect } from '../../../components/ui/SearchSelect';
import { Select } from '../../../components/ui/Select';
import { TextField } from '../../../components/ui/TextField';
import { failedCallMessage } from '../../../api/errors';
import { useFormDraft, type FormDraft } from '../../../lib/drafts/useFormDraft';
import { surgeriesTexts } from '../../../lib/i18n/surgeries';
import { colors, media, space } from '../../../lib/theme';
import { toastError, toastSuccess, toastWarning } from '../../../lib/toast';
import { createSurgery, searchCids, searchHospitals, searchProcedures } from '../api';
import { emptySurgeryForm, serverProblems, toCreateSurgeryBody, type SurgeryFormValues } from '../rules';
import type { Cid, Hospital, Patient, Procedure } from '../types';
import { CodeRows } from './CodeRows';
import type { AddHospitalModalProps } from './AddHospitalModal';
import { NotesField } from './NotesField';
import { columnCss } from '../../../components/ui/cssParts';
import { chunked } from '../../../lib/chunked';

const T = surgeriesTexts.registration;

const PAYMENT_OPTIONS = PAYMENT_SOURCES.map((value) => ({ value, label: PAYMENT_SOURCE_LABELS[value] }));

const StyledForm = styled('form')`
  ${columnCss(space.xl)}
`;

/** The hospital's search with 'Cadastrar hospital' under it. */
const StyledHospital = styled('div')`
  ${columnCss(space.xs)}
`;

/** The line under a hospital in the search list: where it is. */
function hospitalDetail(hospital: Hospital): string {
  return hospital.city && hospital.uf ? `${hospital.city}/${hospital.uf}` : (hospital.uf ?? '');
}

const StyledGrid = styled('div')`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space.lg};
  ${media.md} { grid-template-columns: repeat(2, minmax(0, 1fr)); column-gap: ${space.xl}; }
`;


const StyledDivider = styled('hr')`
  margin: 0;
  border: 0;
  border-top: 1px solid ${colors.border};
`;

const StyledActions = styled('div')`
  display: flex;
  justify-content: flex-end;
  ${media.belowMd} { & > button { width: 100%; } }
`;

function isPaymentSource(value: string): value is PaymentSource {
  return (PAYMENT_SOURCES as readonly string[]).includes(value);
}

/**
 * The form's rules (../registrationChecks.ts: one schema of machines/, shared with the API's createSurgerySchema) load
 * at the form's first input, or at the latest when it is submitted, which then waits for them: arktype stays out of
 * the page's first download (issue 41, goal 6).
 */
const loadChecks = () => import('../registrationChecks');
const { resolver: surgeryResolver, preload: startLoadingChecks } = lazyResolver<SurgeryFormValues>(() =>
  loadChecks().then((module) => module.surgeryResolver),
);

/** 'Cadastrar hospital', loaded when first opened (its checks bring arktype, and React Aria's dialog). */
const AddHospitalModal = chunked<AddHospitalModalProps>(() => import('./AddHospitalModal').then((module) => module.AddHospitalModal));

const procedureLabel = (item: Procedure) => `${item.code} - ${item.description}`;
const procedureDetail = (item: Procedure) => item.table.toUpperCase();
const cidLabel = (item: Cid) => `${item.code} - ${item.description}`;

export type SurgeryFormProps = {
  patient: Patient;
  onCreated: (id: number) => void;
  /** Told when a submit starts and ends (the page disables 'Trocar paciente' meanwhile). */
  onSubmittingChange?: (submitting: boolean) => void;
  /** Receives the form's draft, so the page can ask before 'Trocar paciente' loses the typing. */
  draftRef?: RefObject<FormDraft | null>;
};

export function SurgeryForm({ patient, onCreated, onSubmittingChange, draftRef }: SurgeryFormProps) {
  const form = useForm<SurgeryFormValues>({
    defaultValues: emptySurgeryForm(patient.convenio),
    resolver: surgeryResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { control, handleSubmit, setValue, getValues, setError, formState } = form;
  // One draft per user and patient (docs/first-week/drafts.md).
  const draft = useFormDraft(form, `surgery-registration/${patient.id}`);
  useEffect(() => {
    if (draftRef) draftRef.current = draft;
  });
  const source = useWatch({ control, name: 'payment_fountains' });
  const submitting = formState.isSubmitting;
  const medicName = `${patient.medic.first_name} ${patient.medic.last_name}`.trim();
  const [addingHospital, setAddingHospital] = useState(false);
  const medicId = patient.medic.id;
  const searchMedicHospitals = useCallback(
    (text: string, signal: AbortSignal) => searchHospitals(medicId, text, signal),
    [medicId],
  );

  function handleSourceChange(next: string, onChange: (value: PaymentSource | '') => void) {
    const value = isPaymentSource(next) ? next : '';
    onChange(value);
    if (isFeesDisabled(value)) setValue('fees_payments', null);
    if (!isHealthPlanEnabled(value)) setValue('health_plan', null);
    else if (getValues('health_plan') === null && patient.convenio) setValue('health_plan', patient.convenio);
  }

  async function handleValid(values: SurgeryFormValues) {
    onSubmittingChange?.(true);
    const result = await createSurgery(toCreateSurgeryBody(patient.id, values));
    onSubmittingChange?.(false);
    if (result.ok) {
      draft.clear();
      toastSuccess(T.success);
      onCreated(result.data.id);
      return;
    }
    // No answer: SPEC §8's message for that, the failure's one message.
    if (result.status === 0) {
      for (const message of result.messages) toastError(message);
      return;
    }
    const problems = serverProblems(result.messages, result.fields, failedCallMessage(result.status));
    for (const message of problems.toasts) toastWarning(message);
    for (const problem of problems.fields) {
      setError(problem.field as FieldPath<SurgeryFormValues>, { type: 'server', message: problem.message });
    }
  }

  async function handleInvalid() {
    // Loaded by now: the resolver that found the form invalid is in the same module.
    const { missingCodesToast } = await loadChecks();
    const toast = missingCodesToast(getValues());
    if (toast) toastWarning(toast);
  }

  return (
    <StyledForm noValidate onSubmit={handleSubmit(handleValid, handleInvalid)} onInput={startLoadingChecks} aria-label={T.formTitle}>
      {draft.restored ? <DraftNotice onDiscard={draft.discard} /> : null}
      <StyledGrid>
        <TextField label={T.patient} name="patient" value={patient.nome_completo} onChange={() => {}} readOnly />
        <TextField label={T.doctor} name="medic" value={medicName} onChange={() => {}} readOnly />
      </StyledGrid>

      <StyledDivider />

      <StyledGrid>
        <CodeRows<Procedure>
          control={control}
          name="procedures"
          texts={T.procedures}
          search={searchProcedures}
          itemLabel={procedureLabel}
          itemDetail={procedureDetail}
          disabled={submitting}
        />
        <CodeRows<Cid>
          control={control}
          name="cids"
          texts={T.cids}
          search={searchCids}
          itemLabel={cidLabel}
          disabled={submitting}
        />
      </StyledGrid>

      <StyledDivider />

      <StyledGrid>
        <Controller
          control={control}
          name="payment_fountains"
          render={({ field, fieldState }) => (
            <Select
              label={T.paymentSource}
              name={field.name}
              value={field.value}
              onChange={(next) => handleSourceChange(next, field.onChange)}
              onBlur={field.onBlur}
              selectRef={field.ref}
              options={PAYMENT_OPTIONS}
              placeholder={T.paymentSourcePlaceholder}
              error={fieldState.error?.message}
            />
          )}
        />
        <FormMoneyField
          control={control}
          name="fees_payments"
          label={T.expectedValue}
          placeholder={T.expectedValuePlaceholder}
          disabled={isFeesDisabled(source)}
          hint={isFeesDisabled(source) ? T.expectedValueCltHint : undefined}
          optional
        />
        <Controller
          control={control}
          name="health_plan"
          render={({ field, fieldState }) => (
            <SearchSelect
              label={T.healthPlan}
              name={field.name}
              placeholder={T.healthPlanPlaceholder}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              search={searchHealthPlans}
              itemKey={(item) => item.id}
              itemLabel={(item) => item.fantasy_name}
              itemDetail={healthPlanDetail}
              disabled={!isHealthPlanEnabled(source) || submitting}
              hint={isHealthPlanEnabled(source) ? undefined : T.healthPlanDisabledHint}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="hospital"
          render={({ field, fieldState }) => (
            <StyledHospital>
              <SearchSelect
                label={T.hospital}
                name={field.name}
                placeholder={T.hospitalPlaceholder}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                search={searchMedicHospitals}
                itemKey={(item) => item.id}
                itemLabel={(item) => item.fantasy_name}
                itemDetail={hospitalDetail}
                disabled={submitting}
                hint={T.hospitalHint}
                error={fieldState.error?.message}
              />
              <div>
                <Button variant="ghost" onClick={() => setAddingHospital(true)} disabled={submitting}>
                  {T.addHospital}
                </Button>
              </div>
              {addingHospital ? (
                <AddHospitalModal
                  medicId={patient.medic.id}
                  initialName=""
                  onCancel={() => setAddingHospital(false)}
                  onCreated={(hospital) => {
                    setAddingHospital(false);
                    field.onChange(hospital);
                    toastSuccess(surgeriesTexts.addHospital.created);
                  }}
                />
              ) : null}
            </StyledHospital>
          )}
        />
      </StyledGrid>

      <FormCheckbox control={control} name="opme">
        {T.opme}
      </FormCheckbox>

      <NotesField control={control} name="surgery_note" label={T.notes} placeholder={T.notesPlaceholder} counter={T.notesCounter} />

      <StyledActions>
        <Button type="submit" loading={submitting}>
          {submitting ? T.submitting : T.submit}
        </Button>
      </StyledActions>
    </StyledForm>
  );
}
