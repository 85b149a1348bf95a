import type { StatePath } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { replayPath, stateNodeValues, transitionPaths, valueLabel } from './graph';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import {
  doctorSignupMachine,
  toDoctorSignupPayload,
  type DoctorSignupEvent,
  type DoctorSignupPayload,
} from '../../machines/signup/doctorSignupMachine';
import {
  SIGNUP_MESSAGES as M,
  SignupError,
  doctorAccessProblems,
  doctorPersonalProblems,
  doctorProfessionalProblems,
} from '../../machines/signup/rules';

/**
 * Path coverage of the doctor signup wizard with xstate/graph. Each step offers valid and invalid
 * data (and Voltar); the submit outcome is modelled as `xstate.done.actor.submitSignup` /
 * `xstate.error.actor.submitSignup`. Every generated path is replayed on a real actor whose
 * `submitSignup` is a deferred fake, checking value and context after each step and that the end
 * state makes sense.
 */

const personal = { first_name: 'Ana', last_name: 'Souza', cpf: '529.982.247-25' };
const professional = { address: 'Rua A, 1', cellphone: '(11) 9 8765-4321', crm: '12345/SP', specialty: 7 };
const access = {
  email: 'ana@clinica.com.br',
  password: 'segredo123',
  confirmPassword: 'segredo123',
  IHaveASecretary: true,
  secretary: 'bia@clinica.com.br',
  news: true,
};

type ModelEvent =
  | DoctorSignupEvent
  | { type: 'xstate.done.actor.submitSignup'; output: unknown }
  | { type: 'xstate.error.actor.submitSignup'; error: unknown };

const byStep: Record<string, Array<[ModelEvent, string]>> = {
  personal: [
    [{ type: 'wizard.next', data: personal }, 'next (valid)'],
    [{ type: 'wizard.next', data: { ...personal, cpf: '529.982.247-26' } }, 'next (invalid CPF)'],
  ],
  professional: [
    [{ type: 'wizard.next', data: professional }, 'next (valid)'],
    [{ type: 'wizard.next', data: { ...professional, specialty: null, crm: '' } }, 'next (no CRM, no specialty)'],
    [{ type: 'wizard.back' }, 'back'],
  ],
  access: [
    [{ type: 'wizard.submit', data: access }, 'submit (valid)'],
    [{ type: 'wizard.submit', data: { ...access, confirmPassword: 'outra-senha' } }, 'submit (passwords differ)'],
    [{ type: 'wizard.submit', data: { ...access, secretary: '' } }, 'submit (no secretary e-mail)'],
    [{ type: 'wizard.back' }, 'back'],
  ],
  submitting: [
    [{ type: 'xstate.done.actor.submitSignup', output: { id: 1, message: 'Cadastrado com sucesso!' } }, 'server ok'],
    [{ type: 'xstate.error.actor.submitSignup', error: new SignupError(['E-mail já cadastrado.']) }, 'server refused'],
    [{ type: 'xstate.error.actor.submitSignup', error: new TypeError('Failed to fetch') }, 'server unreachable'],
  ],
};
const labels = new Map<EventObject, string>(Object.values(byStep).flat());

type Snapshot = SnapshotFrom<typeof doctorSignupMachine>;
type Path = StatePath<Snapshot, DoctorSignupEvent>;

// The graph only knows the machine's own event types; the done/error events are its invoke outcomes.
const events = (state: Snapshot) =>
  (byStep[valueLabel(state.value)]?.map(([event]) => event) ?? []) as unknown as DoctorSignupEvent[];

function pathName(path: Path): string {
  const steps = path.steps.slice(1).map((s) => labels.get(s.event) ?? s.event.type);
  return `${['start', ...steps].join(' → ')} ⇒ ${String(path.state.value)}`;
}


function createSut() {
  let pending: { resolve(value: unknown): void; reject(reason: unknown): void } | null = null;
  const submitted: DoctorSignupPayload[] = [];
  const machine = doctorSignupMachine.provide({
    actors: {
      submitSignup: fromPromise<unknown, DoctorSignupPayload>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            submitted.push(input);
            pending = { resolve, reject };
          }),
      ),
    },
  });
  const actor = createActor(machine).start();
  async function exec(event: ModelEvent): Promise<void> {
    if (event.type === 'xstate.done.actor.submitSignup' || event.type === 'xstate.error.actor.submitSignup') {
      if (!pending) throw new Error('no pending submit');
      const settle = pending;
      pending = null;
      if (event.type === 'xstate.done.actor.submitSignup') settle.resolve(event.output);
      else settle.reject(event.error);
    } else {
      actor.send(event);
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return { actor, exec, submitted };
}

function expectPlausible(snapshot: Snapshot, last: ModelEvent, submitted: DoctorSignupPayload[]) {
  const { data, errors } = snapshot.context;
  switch (snapshot.value) {
    case 'professional':
      expect(doctorPersonalProblems(data)).toEqual([]);
      break;
    case 'access':
      expect(doctorPersonalProblems(data)).toEqual([]);
      expect(doctorProfessionalProblems(data)).toEqual([]);
      break;
    case 'submitting':
    case 'done':
      expect(doctorAccessProblems(data)).toEqual([]);
      expect(submitted.at(-1)).toEqual(toDoctorSignupPayload(data));
      expect(errors).toEqual([]);
      break;
  }
  if (snapshot.value === 'done') expect(snapshot.status).toBe('done');
  if (last.type === 'xstate.error.actor.submitSignup') {
    expect(snapshot.value).toBe('access');
    expect(errors).toEqual(last.error instanceof SignupError ? last.error.messages : [M.unknownError]);
  }
  if (last.type === 'wizard.back') expect(errors).toEqual([]);
  if (submitted.length === 0) expect(['personal', 'professional', 'access']).toContain(snapshot.value);
}

const paths = transitionPaths(doctorSignupMachine, { events }, pathName);

describe('doctorSignupMachine (model)', () => {
  it.each(paths.map((path) => [pathName(path), path] as const))('%s', async (_, path) => {
    const sut = createSut();
    const last = await replayPath<ModelEvent>(path, sut);
    expectPlausible(sut.actor.getSnapshot(), last, sut.submitted);
  });

  it('reaches every state node of the machine', () => {
    for (const node of stateNodeValues(doctorSignupMachine)) {
      expect(paths.some((p) => p.state.matches(node.value as never)), node.id).toBe(true);
    }
  });

  it('an invalid step never moves forward', () => {
    for (const path of paths) {
      const [before, after] = [path.steps.at(-2), path.steps.at(-1)];
      if (!before || !after) continue;
      const label = labels.get(after.event) ?? '';
      if (/\((invalid|no |passwords)/.test(label)) expect(after.state.value).toBe(before.state.value);
    }
  });
});
