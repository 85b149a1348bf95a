import type { StatePath } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { replayPath, stateNodeValues, transitionPaths, valueLabel } from './graph';
import {
  patientWizardMachine,
  type PatientSubmitInput,
  type PatientWizardEvent,
  type PatientWizardInput,
} from '../../machines/patientWizard/patientWizardMachine';
import {
  detailsProblems,
  identificationProblems,
  PatientSaveError,
  toPatientPayload,
} from '../../machines/patientWizard/rules';

/**
 * Path coverage of the patient wizard with xstate/graph, once per mode (a secretary registering, a medic editing).
 * Each step offers valid and invalid data, Voltar and Cancelar; the save outcome is modelled as
 * `xstate.done.actor.submitPatient` / `xstate.error.actor.submitPatient`, and the 200 ms close delay as its
 * `xstate.after` event. Every generated path is replayed on a real actor whose `submitPatient` is a deferred fake
 * and whose close delay is 0, checking value and context after each step and that the end state makes sense.
 */

const identification = { nome_completo: 'Ana Souza', cellphone: '(11) 9 8765-4321', convenio: { id: 7, fantasy_name: 'Unimed' } };
const details = { birthday: '01/02/1980', address: 'Rua A, 1', cep: '01.310-100', cpf: '529.982.247-25', gender: 'female' as const, medic: 3 };
const CLOSE_EVENT = 'xstate.after.modalCloseDelay.patientWizard.saved';

type ModelEvent =
  | PatientWizardEvent
  | { type: 'xstate.done.actor.submitPatient'; output: unknown }
  | { type: 'xstate.error.actor.submitPatient'; error: unknown }
  | { type: typeof CLOSE_EVENT };

const stepTwo: Array<[ModelEvent, string]> = [
  [{ type: 'wizard.submit', data: details, link: false }, 'submit (valid)'],
  [{ type: 'wizard.submit', data: details, link: true }, 'submit and link (valid)'],
  [{ type: 'wizard.submit', data: { ...details, cpf: '529.982.247-26' }, link: false }, 'submit (invalid CPF)'],
  [{ type: 'wizard.submit', data: { ...details, gender: '', birthday: '31/02/1980' }, link: false }, 'submit (no sex, invalid birthday)'],
  [{ type: 'wizard.back' }, 'back'],
  [{ type: 'wizard.cancel' }, 'cancel'],
];

const byStep: Record<string, Array<[ModelEvent, string]>> = {
  identification: [
    [{ type: 'wizard.next', data: identification }, 'next (valid)'],
    [{ type: 'wizard.next', data: { ...identification, cellphone: '(11) 9 8765' } }, 'next (invalid phone)'],
    [{ type: 'wizard.cancel' }, 'cancel'],
  ],
  'details.editing': stepTwo,
  'details.failed': stepTwo,
  submitting: [
    [{ type: 'xstate.done.actor.submitPatient', output: { id: 41 } }, 'server ok'],
    [
      { type: 'xstate.error.actor.submitPatient', error: new PatientSaveError(['Paciente já cadastrado para esse médico'], 400) },
      'server refused',
    ],
    [{ type: 'xstate.error.actor.submitPatient', error: new TypeError('Failed to fetch') }, 'server unreachable'],
  ],
  saved: [[{ type: CLOSE_EVENT }, '200 ms later']],
};
const labels = new Map<EventObject, string>(Object.values(byStep).flat());

type Snapshot = SnapshotFrom<typeof patientWizardMachine>;
type Path = StatePath<Snapshot, PatientWizardEvent>;

// The graph only knows the machine's own event types; done/error/after are its invoke and delay outcomes.
const events = (state: Snapshot) =>
  (byStep[valueLabel(state.value)]?.map(([event]) => event) ?? []) as unknown as PatientWizardEvent[];

function pathName(path: Path): string {
  const steps = path.steps.slice(1).map((s) => labels.get(s.event) ?? s.event.type);
  return `${['start', ...steps].join(' → ')} ⇒ ${valueLabel(path.state.value)}`;
}

function createSut(input: PatientWizardInput) {
  let pending: { resolve(value: unknown): void; reject(reason: unknown): void } | null = null;
  const submitted: PatientSubmitInput[] = [];
  const machine = patientWizardMachine.provide({
    actors: {
      submitPatient: fromPromise<{ id: number }, PatientSubmitInput>(
        ({ input: submitInput }) =>
          new Promise((resolve, reject) => {
            submitted.push(submitInput);
            pending = { resolve: resolve as (value: unknown) => void, reject };
          }),
      ),
    },
    delays: { modalCloseDelay: 0 },
  });
  const actor = createActor(machine, { input }).start();
  async function exec(event: ModelEvent): Promise<void> {
    if (event.type === 'xstate.done.actor.submitPatient' || event.type === 'xstate.error.actor.submitPatient') {
      if (!pending) throw new Error('no pending submit');
      const settle = pending;
      pending = null;
      if (event.type === 'xstate.done.actor.submitPatient') settle.resolve(event.output);
      else settle.reject(event.error);
    } else if (event.type !== CLOSE_EVENT) {
      actor.send(event);
    }
    // The close delay is 0 here: one macrotask lets the timer fire.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return { actor, exec, submitted };
}

function expectPlausible(snapshot: Snapshot, last: ModelEvent, submitted: PatientSubmitInput[]) {
  const { data, errors, mode, requiresMedic, today } = snapshot.context;
  const label = valueLabel(snapshot.value);
  if (label !== 'identification' && label !== 'cancelled') expect(identificationProblems(data)).toEqual([]);
  if (['submitting', 'saved', 'done'].includes(label)) {
    expect(detailsProblems(data, { mode, requiresMedic, today })).toEqual([]);
    expect(submitted.at(-1)).toEqual({ mode, patientId: snapshot.context.patientId, payload: toPatientPayload(data) });
    expect(errors).toEqual([]);
  }
  if (label === 'done') {
    expect(snapshot.status).toBe('done');
    expect(snapshot.output).toEqual({ saved: { id: 41 }, link: snapshot.context.link });
  }
  if (label === 'cancelled') expect(snapshot.status).toBe('done');
  if (last.type === 'xstate.error.actor.submitPatient') {
    expect(label).toBe('details.failed');
    const fallback = mode === 'edit' ? 'Erro interno!' : 'Ocorreu um erro interno!';
    expect(errors).toEqual(last.error instanceof PatientSaveError ? last.error.messages : [fallback]);
  }
  if (last.type === 'wizard.back') expect(errors).toEqual([]);
  if (submitted.length === 0) expect(['identification', 'details.editing', 'cancelled']).toContain(label);
}

const scenarios: Array<[string, PatientWizardInput]> = [
  ['a secretary registers a patient', { mode: 'create', requiresMedic: true, today: '2026-03-10' }],
  [
    'a medic edits a patient',
    {
      mode: 'edit',
      patientId: 9,
      requiresMedic: false,
      today: '2026-03-10',
      initial: { ...identification, ...details, cpf: '111.444.777-35', medic: null },
    },
  ],
];

describe.each(scenarios)('patientWizardMachine (model): %s', (_, input) => {
  const paths = transitionPaths(patientWizardMachine, { events, input }, pathName);

  it.each(paths.map((path) => [pathName(path), path] as const))('%s', async (_name, path) => {
    const sut = createSut(input);
    const last = await replayPath<ModelEvent>(path, sut);
    expectPlausible(sut.actor.getSnapshot(), last, sut.submitted);
  });

  it('reaches every state node of the machine', () => {
    for (const node of stateNodeValues(patientWizardMachine)) {
      expect(paths.some((p) => p.state.matches(node.value as never)), node.id).toBe(true);
    }
  });

  it('an invalid step never moves forward', () => {
    for (const path of paths) {
      const [before, after] = [path.steps.at(-2), path.steps.at(-1)];
      if (!before || !after) continue;
      const label = labels.get(after.event) ?? '';
      if (/\((invalid|no )/.test(label)) {
        expect(valueLabel(after.state.value)).toBe(valueLabel(before.state.value) === 'details.failed' ? 'details.editing' : valueLabel(before.state.value));
      }
    }
  });

  it('generates a bounded, non-trivial set of paths', () => {
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.length).toBeLessThan(400);
  });
});
