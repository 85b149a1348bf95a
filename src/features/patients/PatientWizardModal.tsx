/**
 * The registration and edit modal of /patients (SPEC §2 Patients; §8 patient rows; §9 close delay). The patient
 * wizard machine owns the step, the save and the 200 ms close; react-hook-form owns the fields and marks them with
 * the schema of the step shown, the one the machine's guard uses (STYLE §17). Each open is a fresh mount (the parent
 * renders it only while open).
 */
import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useMachine } from '@xstate/react';
import { styled } from 'goober';
import { patientWizardMachine, type PatientWizardInput } from '../../../machines/patientWizard/patientWizardMachine';
import { EMPTY_PATIENT } from '../../../machines/patientWizard/rules';
import { detailsSchema, identificationSchema } from '../../../machines/patientWizard/schemas';
import { Button } from '../../components/ui/Button';
import { DiscardChangesDialog } from '../../components/ui/DiscardChangesDialog';
import { DraftNotice } from '../../components/ui/DraftNotice';
import { Icon } from '../../components/ui/Icon';
import { Modal } from '../../components/ui/Modal';
import { StepIndicator } from '../../components/ui/StepIndicator';
import { useFormDraft } from '../../lib/drafts/useFormDraft';
import { todayInSaoPaulo } from '../../lib/format/date';
import { patientsTexts as T } from '../../lib/i18n/patients';
import { fill, ptBR } from '../../lib/i18n/pt-BR';
import { colors, fontWeights, space } from '../../lib/theme';
import { toastSuccess, toastWarning } from '../../lib/toast';
import { submitPatient, type Patient } from './actors';
import { cardValues, stepResolver, toFormValues, toWizardData, wizardDataFromPatient, type PatientFormValues, type PatientStep } from './patientForm';
import { ModalActions } from './ModalActions';
import { DetailsStep, IdentificationStep } from './PatientWizardSteps';
import { columnCss, eyebrowCss, warningBoxCss } from '../../components/ui/cssParts';

/** SPEC §9: the patient modals are at most 997 px wide. */
export const PATIENT_MODAL_MAX_WIDTH = 997;

const wizardMachine = patientWizardMachine.provide({ actors: { submitPatient } });

const StyledHead = styled('div')`
  ${columnCss(space.md)}
  margin-bottom: ${space.xl};
`;

const StyledStepCount = styled('p')`
  ${eyebrowCss}
  color: ${colors.primary};
  &:focus { outline: none; }
`;

const StyledAlert = styled('div')`
  display: flex;
  gap: ${space.sm};
  margin-bottom: ${space.lg};
  padding: ${space.md};
  ${warningBoxCss}
  font-weight: ${fontWeights.medium};
  & > ul { margin: 0; padding: 0; list-style: none; display: flex; flex-direction: column; gap: ${space.xxs}; }
  & > svg { flex: none; margin-top: 1px; }
`;

const StyledDraft = styled('div')`
  margin-bottom: ${space.lg};
`;

export type PatientWizardModalProps = {
  /** The patient to edit; registers a new one when absent. */
  patient?: Patient | null;
  /** True for a secretary: the Médico field is shown and required. */
  requiresMedic: boolean;
  /** Cancelled or closed without saving. */
  onClose: () => void;
  /** Saved; called when the modal should close (SPEC §9: 200 ms after the save). */
  onSaved: (patient: Patient, link: boolean) => void;
};

export function PatientWizardModal({ patient, requiresMedic, onClose, onSaved }: PatientWizardModalProps) {
  const mode = patient ? 'edit' : 'create';
  // The input is read once, when the machine starts.
  const [input] = useState<PatientWizardInput>(() => ({
    mode,
    patientId: patient?.id ?? null,
    requiresMedic,
    today: todayInSaoPaulo(),
    initial: patient ? wizardDataFromPatient(patient) : {},
  }));
  const [initialCard] = useState(() => cardValues(patient ?? null));
  const [snapshot, send] = useMachine(wizardMachine, { input });
  const value = snapshot.value;
  const submitting = value === 'submitting' || value === 'saved' || value === 'done';
  const step: PatientStep = value === 'identification' || value === 'cancelled' ? 'identification' : 'details';
  const failed = snapshot.matches({ details: 'failed' });
  const [linkPressed, setLinkPressed] = useState(false);

  const stepSchema =
    step === 'identification' ? identificationSchema : detailsSchema({ mode, requiresMedic, today: input.today });
  const form = useForm<PatientFormValues>({
    defaultValues: toFormValues({ ...EMPTY_PATIENT, ...input.initial }),
    mode: 'onTouched',
    // react-hook-form reads the resolver of the latest render: the schema of the step shown.
    resolver: stepResolver(stepSchema),
  });
  const { handleSubmit, clearErrors, getValues } = form;
  // Typing survives a reload or a close until saved or discarded (docs/first-week/drafts.md); a photo does not.
  const draft = useFormDraft(form, patient ? `patient/${patient.id}` : 'patient/new', { transient: ['foto'] });
  const [askingDiscard, setAskingDiscard] = useState(false);
  const clearDraft = draft.clear;

  // A new step starts clean: errors of fields that are not shown would only confuse.
  useEffect(() => {
    clearErrors();
  }, [step, clearErrors]);

  // The step heading takes the focus on a step change, so screen readers hear the new step.
  const stepRef = useRef<HTMLParagraphElement>(null);
  const firstStep = useRef(step);
  useEffect(() => {
    if (step !== firstStep.current) stepRef.current?.focus();
  }, [step]);

  // SPEC §8: the toasts of a save; SPEC §9: the close 200 ms later (the machine's `done`).
  const previous = useRef(value);
  const close = useEffectEvent(onClose);
  const closeSaved = useEffectEvent(onSaved);
  useEffect(() => {
    const was = previous.current;
    previous.current = value;
    if (value === 'saved' && was !== 'saved') {
      clearDraft();
      toastSuccess(mode === 'edit' ? T.wizard.updated : T.wizard.created);
    }
    if (failed && was === 'submitting') for (const message of snapshot.context.errors) toastWarning(message);
    if (value === 'cancelled' && was !== 'cancelled') close();
    if (value === 'done' && was !== 'done' && snapshot.context.saved) {
      closeSaved(snapshot.context.saved as Patient, snapshot.context.link);
    }
  }, [value, failed, mode, snapshot.context.errors, snapshot.context.saved, snapshot.context.link, clearDraft]);

  function submitWith(link: boolean) {
    return handleSubmit((values) => {
      setLinkPressed(link);
      send({ type: 'wizard.submit', data: toWizardData(values), link });
    });
  }

  function handleFormSubmit(event: FormEvent<HTMLFormElement>) {
    if (step === 'identification') {
      void handleSubmit((values) => send({ type: 'wizard.next', data: toWizardData(values) }))(event);
    } else {
      void submitWith(false)(event);
    }
  }

  function handleBack() {
    send({ type: 'wizard.back', data: toWizardData(getValues()) });
  }

  /** Cancelar, Escape, the backdrop and the close button: with unsaved changes, 'Descartar alterações?' first. */
  function handleCancel() {
    if (submitting) return;
    if (draft.hasChanges()) setAskingDiscard(true);
    else send({ type: 'wizard.cancel' });
  }

  function handleDiscard() {
    draft.clear();
    setAskingDiscard(false);
    send({ type: 'wizard.cancel' });
  }

  const stepIndex = step === 'identification' ? 0 : 1;
  const save = mode === 'edit' ? T.wizard.update : T.wizard.create;
  const saveAndLink = mode === 'edit' ? T.wizard.updateAndLink : T.wizard.createAndLink;

  const footer = (
    <ModalActions
      start={
        <>
          <Button variant="ghost" onClick={handleCancel} disabled={submitting}>
            {T.wizard.cancel}
          </Button>
          {step === 'details' ? (
            <Button variant="secondary" onClick={handleBack} disabled={submitting}>
              {T.wizard.back}
            </Button>
          ) : null}
        </>
      }
      end={
        step === 'identification' ? (
          <Button type="submit">{T.wizard.next}</Button>
        ) : (
          <>
            <Button type="submit" variant="secondary" loading={submitting && !linkPressed} disabled={submitting}>
              {submitting && !linkPressed ? T.wizard.sending : save}
            </Button>
            <Button onClick={() => void submitWith(true)()} loading={submitting && linkPressed} disabled={submitting}>
              {submitting && linkPressed ? T.wizard.sending : saveAndLink}
            </Button>
          </>
        )
      }
    />
  );

  return (
    <>
      <Modal
        isOpen
        onClose={handleCancel}
        title={mode === 'edit' ? T.wizard.editTitle : T.wizard.createTitle}
        closeLabel={T.modal.close}
        maxWidth={PATIENT_MODAL_MAX_WIDTH}
        dismissable={!submitting}
        onSubmit={handleFormSubmit}
        busy={submitting}
        footer={footer}
      >
        <StyledHead>
          <StepIndicator steps={T.wizard.steps} current={stepIndex} label={T.wizard.stepsLabel} />
          <StyledStepCount ref={stepRef} tabIndex={-1}>
            {fill(ptBR.common.stepOf, { current: stepIndex + 1, total: T.wizard.steps.length })}
            {' · '}
            {T.wizard.steps[stepIndex]}
          </StyledStepCount>
        </StyledHead>
        {failed && snapshot.context.errors.length > 0 ? (
          <StyledAlert role="alert">
            <Icon name="alert" size={18} />
            <ul>
              {snapshot.context.errors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </StyledAlert>
        ) : null}
        {draft.restored ? (
          <StyledDraft>
            <DraftNotice onDiscard={draft.discard} />
          </StyledDraft>
        ) : null}
        {step === 'identification' ? (
          <IdentificationStep form={form} currentPhoto={patient?.foto ?? null} initialCard={initialCard} />
        ) : (
          <DetailsStep form={form} withMedic={requiresMedic} preselectMedic={mode === 'create'} />
        )}
      </Modal>
      <DiscardChangesDialog isOpen={askingDiscard} onDiscard={handleDiscard} onKeepEditing={() => setAskingDiscard(false)} />
    </>
  );
}
