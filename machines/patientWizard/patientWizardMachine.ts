import { assertEvent, assign, fromPromise, setup } from 'xstate';
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

/**
 * The patient registration and edit wizard of /patients (SPEC §2 Patients: two steps; §3 patient form; §5; §8; §9).
 *
 * identification → details → submitting → saved → (200 ms) done; `wizard.cancel` ends in `cancelled` from either
 * step. `wizard.next` / `wizard.submit` carry the step's form values in `data`; they are always merged into
 * `context.data` (so Voltar shows what was typed) and the move happens only when the step is valid by ./rules.ts.
 * An invalid step stays where it is with its problems in `context.problems`.
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

export type PatientWizardContext = {
  mode: PatientWizardMode;
  patientId: number | null;
  requiresMedic: boolean;
  today: string;
  data: PatientWizardData;
  /** Problems of the step the user tried to leave (empty once it is valid). */
  problems: PatientProblem[];
  /** Messages of the last failed save, for the toasts (SPEC §8). */
  errors: string[];
  /** Whether the user chose 'Cadastrar/Atualizar e Vincular Cirurgia'. */
  link: boolean;
  saved: SavedPatient | null;
};

export type PatientWizardEvent =
  | { type: 'wizard.next'; data: Partial<PatientWizardData> }
  | { type: 'wizard.back'; data?: Partial<PatientWizardData> }
  | { type: 'wizard.submit'; data: Partial<PatientWizardData>; link: boolean }
  | { type: 'wizard.cancel' };

export type PatientWizardOutput = { saved: SavedPatient | null; link: boolean };

type Args = { context: PatientWizardContext; event: PatientWizardEvent };

function merged({ context, event }: Args): PatientWizardData {
  return 'data' in event && event.data ? { ...context.data, ...event.data } : context.data;
}

function detailsOf(args: Args): PatientProblem[] {
  const { mode, requiresMedic, today } = args.context;
  return detailsProblems(merged(args), { mode, requiresMedic, today });
}

export const patientWizardMachine = setup({
  types: {
    context: {} as PatientWizardContext,
    events: {} as PatientWizardEvent,
    input: {} as PatientWizardInput,
    output: {} as PatientWizardOutput,
  },
  actors: {
    submitPatient: fromPromise<SavedPatient, PatientSubmitInput>(async () => {
      throw new Error('patientWizardMachine: the "submitPatient" actor must be provided with .provide()');
    }),
  },
  actions: {
    assignData: assign({ data: (args) => merged(args) }),
    clearProblems: assign({ problems: [] }),
    assignIdentificationProblems: assign({ problems: (args) => identificationProblems(merged(args)) }),
    assignDetailsProblems: assign({ problems: (args) => detailsOf(args) }),
    assignLink: assign({
      link: ({ event }) => {
        assertEvent(event, 'wizard.submit');
        return event.link;
      },
    }),
    clearErrors: assign({ errors: [] }),
    assignSaveErrors: assign(({ context }, params: { error: unknown }) => ({
      errors: patientSaveMessages(params.error, context.mode),
    })),
    assignSaved: assign((_, params: { patient: SavedPatient }) => ({ saved: params.patient })),
  },
  guards: {
    isIdentificationValid: (args) => identificationProblems(merged(args)).length === 0,
    isDetailsValid: (args) => detailsOf(args).length === 0,
  },
  delays: {
    modalCloseDelay: MODAL_CLOSE_DELAY_MS,
  },
}).createMachine({
  id: 'patientWizard',
  context: ({ input }) => ({
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
  initial: 'identification',
  states: {
    identification: {
      on: {
        'wizard.next': [
          { guard: 'isIdentificationValid', target: 'details', actions: ['assignData', 'clearProblems'] },
          { actions: ['assignData', 'assignIdentificationProblems'] },
        ],
        'wizard.cancel': { target: 'cancelled' },
      },
    },
    details: {
      initial: 'editing',
      states: {
        editing: {},
        /** A save failed: still step 2 and editable; `context.errors` holds what to toast. */
        failed: {},
      },
      on: {
        'wizard.submit': [
          {
            guard: 'isDetailsValid',
            target: 'submitting',
            actions: ['assignData', 'assignLink', 'clearProblems', 'clearErrors'],
          },
          { target: '.editing', actions: ['assignData', 'assignDetailsProblems', 'clearErrors'] },
        ],
        'wizard.back': { target: 'identification', actions: ['assignData', 'clearProblems', 'clearErrors'] },
        'wizard.cancel': { target: 'cancelled' },
      },
    },
    submitting: {
      invoke: {
        id: 'submitPatient',
        src: 'submitPatient',
        input: ({ context }) => ({
          mode: context.mode,
          patientId: context.patientId,
          payload: toPatientPayload(context.data),
        }),
        onDone: {
          target: 'saved',
          actions: { type: 'assignSaved', params: ({ event }) => ({ patient: event.output }) },
        },
        onError: {
          target: 'details.failed',
          actions: { type: 'assignSaveErrors', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** Saved: the success toast shows; the modal closes after SPEC §9's delay. */
    saved: {
      after: { modalCloseDelay: { target: 'done' } },
    },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ saved: context.saved, link: context.link }),
});

export type PatientWizardMachine = typeof patientWizardMachine;
