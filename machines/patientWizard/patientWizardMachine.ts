import { MODAL_CLOSE_DELAY_MS } from '../constants';
import {
  detailsProblems,
  EMPTY_PATIENT,
  identificationProblems,
  patientSaveMessages,
  toPatientPayload,
  type PatientPayload,
  type PatientProblem,
  type PatientWizardData,
  type PatientWizardMode,
} from './rules';
import {
  createStepWizardMachine,
  type StepWizardCancelEvent,
  type StepWizardContext,
  type StepWizardEvent,
} from '../wizard/stepWizard';

/**
 * The patient registration and edit wizard of /patients (SPEC §2 Patients: two steps; §3 patient form; §5; §8; §9):
 * a configuration of the step-wizard factory (../wizard/stepWizard.ts).
 *
 * identification → details → submitting → saved → (200 ms) done; `wizard.cancel` ends in `cancelled` from either
 * step. Each step is validated by ./rules.ts; an invalid step stays where it is with its problems in
 * `context.problems`.
 *
 * `wizard.submit` also says whether to go on to link a surgery (`link`: Cadastrar / Atualizar e Vincular Cirurgia).
 * `submitting` invokes `submitPatient` (POST add_paciente or PUT update_patient/{id}, supplied with `.provide` by
 * src/features/patients/actors.ts). A failure returns to step 2, editable, as `details.failed`, with the messages to
 * toast in `context.errors`. A success keeps the saved patient in `context.saved`; the modal closes when the
 * machine reaches `done`, SPEC §9's 200 ms later (the `modalCloseDelay`). The machine's output is the saved patient
 * and the `link` choice.
 */

/** SPEC §9: modal close delay after a save (kept in ../constants.ts, re-exported for this machine's users). */
export { MODAL_CLOSE_DELAY_MS };

/** What a successful save answers (the full Patient; the wizard needs only its id). */
export type SavedPatient = { id: number };

export type PatientWizardInput = {
  mode: PatientWizardMode;
  /** The patient being edited (edit mode). */
  patientId?: number | null;
  /** Prefill: the patient's current values (edit), or a preselected medic (create). */
  initial?: Partial<PatientWizardData>;
  /** True for a secretary: the Médico field is required (SPEC §6). */
  requiresMedic: boolean;
  /** Today in São Paulo, yyyy-MM-dd: a birthday may not be later. */
  today: string;
};

export type PatientSubmitInput = {
  mode: PatientWizardMode;
  patientId: number | null;
  payload: PatientPayload;
};

type PatientWizardContext = StepWizardContext<PatientWizardData> & {
  mode: PatientWizardMode;
  patientId: number | null;
  requiresMedic: boolean;
  today: string;
  /** Problems of the step the user tried to leave (empty once it is valid). */
  problems: PatientProblem[];
  /** Whether the user chose 'Cadastrar/Atualizar e Vincular Cirurgia'. */
  link: boolean;
  saved: SavedPatient | null;
};

export type PatientWizardEvent = StepWizardEvent<PatientWizardData, { link: boolean }> | StepWizardCancelEvent;

type PatientWizardOutput = { saved: SavedPatient | null; link: boolean };

/** Step 2's problems: its rules depend on the mode, the user (a secretary picks the medic) and today. */
function detailsStepProblems(data: PatientWizardData, context: PatientWizardContext): PatientProblem[] {
  const { mode, requiresMedic, today } = context;
  return detailsProblems(data, { mode, requiresMedic, today });
}

export const patientWizardMachine = createStepWizardMachine({
  id: 'patientWizard',
  types: {} as {
    context: PatientWizardContext;
    events: PatientWizardEvent;
    input: PatientWizardInput;
    output: PatientWizardOutput;
  },
  context: (input) => ({
    mode: input.mode,
    patientId: input.patientId ?? null,
    requiresMedic: input.requiresMedic,
    today: input.today,
    data: { ...EMPTY_PATIENT, ...input.initial },
    problems: [],
    errors: [],
    link: false,
    saved: null,
  }),
  steps: [
    { name: 'identification', validate: identificationProblems },
    { name: 'details', validate: detailsStepProblems },
  ],
  problemsKey: 'problems',
  submit: {
    actor: 'submitPatient',
    input: (context): PatientSubmitInput => ({
      mode: context.mode,
      patientId: context.patientId,
      payload: toPatientPayload(context.data),
    }),
    errors: (error, context) => patientSaveMessages(error, context.mode),
    fromEvent: (event) => ({ link: event.link }),
    fromOutput: (patient: SavedPatient) => ({ saved: patient }),
  },
  failedSubstate: true,
  cancellable: true,
  savedDelay: { name: 'modalCloseDelay', ms: MODAL_CLOSE_DELAY_MS },
  output: (context) => ({ saved: context.saved, link: context.link }),
});
