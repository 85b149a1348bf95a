import type { StatePath } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { replayPath, stateNodeValues, transitionPaths, valueLabel } from './graph';
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import {
  secretarySignupMachine,
  toSecretarySignupPayload,
  type SecretarySignupEvent,
  type SecretarySignupInput,
  type SecretarySubmitInput,
} from '../../machines/signup/secretarySignupMachine';
import {
  SIGNUP_MESSAGES as M,
  SignupError,
  secretaryAccessProblems,
  secretaryExistingAccountProblems,
  secretaryPersonalProblems,
} from '../../machines/signup/rules';

/**
 * Path coverage of the secretary invite wizard with xstate/graph, for a new account and for an
 * invite to an existing account (password only). Submit outcomes are modelled as
 * `xstate.done.actor.submitSignup` / `xstate.error.actor.submitSignup`; each generated path is
 * replayed on a real actor with a deferred `submitSignup`, checking value and context after every
 * step and that the end state makes sense.
 */

const personal = { first_name: 'Bia', last_name: 'Lima', cpf: '529.982.247-25' };
const access = { email: 'bia@clinica.com.br', password: 'segredo123', confirmPassword: 'segredo123', news: true };

type ModelEvent =
  | SecretarySignupEvent
  | { type: 'xstate.done.actor.submitSignup'; output: unknown }
  | { type: 'xstate.error.actor.submitSignup'; error: unknown };

const byStep: Record<string, Array<[ModelEvent, string]>> = {
  personal: [
    [{ type: 'wizard.next', data: personal }, 'next (valid)'],
    [{ type: 'wizard.next', data: { ...personal, first_name: '', cpf: '' } }, 'next (no name, no CPF)'],
  ],
  access: [
    [{ type: 'wizard.submit', data: access }, 'submit (valid)'],
    [{ type: 'wizard.submit', data: { ...access, email: 'bia@', password: '', confirmPassword: '' } }, 'submit (bad e-mail, no password)'],
    [{ type: 'wizard.back' }, 'back'],
  ],
  submitting: [
    [{ type: 'xstate.done.actor.submitSignup', output: { id: 5, message: 'Cadastrado com sucesso!' } }, 'server ok'],
    [{ type: 'xstate.error.actor.submitSignup', error: new SignupError(['Este convite já foi usado.']) }, 'invite used'],
    [{ type: 'xstate.error.actor.submitSignup', error: new TypeError('Failed to fetch') }, 'server unreachable'],
  ],
};
const labels = new Map<EventObject, string>(Object.values(byStep).flat());

type Snapshot = SnapshotFrom<typeof secretarySignupMachine>;
type Path = StatePath<Snapshot, SecretarySignupEvent>;

// The graph only knows the machine's own event types; the done/error events are its invoke outcomes.
const events = (state: Snapshot) =>
  (byStep[valueLabel(state.value)]?.map(([event]) => event) ?? []) as unknown as SecretarySignupEvent[];

const inputs: Array<[string, SecretarySignupInput]> = [
  ['new account', { token: 'convite-1' }],
  ['existing account', { token: 'convite-2', existingAccount: true, initial: { email: 'bia@clinica.com.br' } }],
];

function pathName(path: Path): string {
  const steps = path.steps.slice(1).map((s) => labels.get(s.event) ?? s.event.type);
  return `${['start', ...steps].join(' → ')} ⇒ ${String(path.state.value)}`;
}


function createSut(input: SecretarySignupInput) {
  let pending: { resolve(value: unknown): void; reject(reason: unknown): void } | null = null;
  const submitted: SecretarySubmitInput[] = [];
  const machine = secretarySignupMachine.provide({
    actors: {
      submitSignup: fromPromise<unknown, SecretarySubmitInput>(
        ({ input: submitInput }) =>
          new Promise((resolve, reject) => {
            submitted.push(submitInput);
            pending = { resolve, reject };
          }),
      ),
    },
  });
  const actor = createActor(machine, { input }).start();
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

function expectPlausible(snapshot: Snapshot, last: ModelEvent, submitted: SecretarySubmitInput[]) {
  const { data, errors, existingAccount, token } = snapshot.context;
  if (existingAccount) expect(snapshot.value).not.toBe('personal');
  if (snapshot.value === 'access' && !existingAccount) expect(secretaryPersonalProblems(data)).toEqual([]);
  if (snapshot.value === 'submitting' || snapshot.value === 'done') {
    const rule = existingAccount ? secretaryExistingAccountProblems : secretaryAccessProblems;
    expect(rule(data)).toEqual([]);
    expect(errors).toEqual([]);
    expect(submitted.at(-1)).toEqual({ token, payload: toSecretarySignupPayload(data, existingAccount) });
  }
  if (snapshot.value === 'done') expect(snapshot.status).toBe('done');
  if (last.type === 'xstate.error.actor.submitSignup') {
    expect(snapshot.value).toBe('access');
    expect(errors).toEqual(last.error instanceof SignupError ? last.error.messages : [M.unknownError]);
  }
  if (submitted.length === 0) expect(['personal', 'access']).toContain(snapshot.value);
}

describe.each(inputs)('secretarySignupMachine (model, %s)', (_, input) => {
  const paths = transitionPaths(secretarySignupMachine, { events, input }, pathName);

  it.each(paths.map((path) => [pathName(path), path] as const))('%s', async (__, path) => {
    const sut = createSut(input);
    const last = await replayPath<ModelEvent>(path, sut);
    expectPlausible(sut.actor.getSnapshot(), last, sut.submitted);
  });

  it('reaches every state node of the machine (personal only for a new account)', () => {
    for (const node of stateNodeValues(secretarySignupMachine)) {
      const reached = paths.some((p) => p.state.matches(node.value as never));
      expect(reached, node.id).toBe(!(input.existingAccount && node.key === 'personal'));
    }
  });
});
