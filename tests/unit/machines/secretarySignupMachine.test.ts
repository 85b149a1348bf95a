import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  secretarySignupMachine,
  type SecretarySignupInput,
  type SecretarySubmitInput,
} from '../../../machines/signup/secretarySignupMachine';
import { SIGNUP_MESSAGES as M, SignupError } from '../../../machines/signup/rules';

const personal = { first_name: 'Bia', last_name: 'Lima', cpf: '529.982.247-25' };
const access = { email: 'bia@clinica.com.br', password: 'segredo123', confirmPassword: 'segredo123', news: true, IAcceptToStoreData: true };

function start(
  input: SecretarySignupInput = { token: 'convite-1' },
  submit: (input: SecretarySubmitInput) => Promise<unknown> = async () => ({ id: 5 }),
) {
  const submitSignup = vi.fn(submit);
  const actor = createActor(
    secretarySignupMachine.provide({ actors: { submitSignup: fromPromise(({ input }) => submitSignup(input)) } }),
    { input },
  ).start();
  return { actor, submitSignup };
}

describe('secretarySignupMachine', () => {
  it('starts on personal with the invite token in context', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('personal');
    expect(actor.getSnapshot().context.token).toBe('convite-1');
  });

  it('prefills from the invite', () => {
    const { actor } = start({ token: 't', initial: { email: 'bia@clinica.com.br', first_name: 'Bia' } });
    expect(actor.getSnapshot().context.data).toMatchObject({ email: 'bia@clinica.com.br', first_name: 'Bia' });
  });

  it('needs names and CPF to advance', () => {
    const { actor } = start();
    actor.send({ type: 'wizard.next', data: { ...personal, last_name: '' } });
    expect(actor.getSnapshot().value).toBe('personal');
    expect(actor.getSnapshot().context.errors).toEqual([M.lastNameRequired]);
    actor.send({ type: 'wizard.next', data: personal });
    expect(actor.getSnapshot().value).toBe('access');
  });

  it('Voltar returns to personal with the typed data', () => {
    const { actor } = start();
    actor.send({ type: 'wizard.next', data: personal });
    actor.send({ type: 'wizard.back', data: { email: 'rascunho@x.com' } });
    expect(actor.getSnapshot().value).toBe('personal');
    expect(actor.getSnapshot().context.data).toMatchObject({ ...personal, email: 'rascunho@x.com' });
  });

  it('needs e-mail and matching passwords to submit', () => {
    const { actor, submitSignup } = start();
    actor.send({ type: 'wizard.next', data: personal });
    actor.send({ type: 'wizard.submit', data: { ...access, email: '', confirmPassword: 'x' } });
    expect(actor.getSnapshot().value).toBe('access');
    // The passwords' match is a rule across fields: checked once every field of the step is well-formed.
    expect(actor.getSnapshot().context.errors).toEqual([M.emailRequired]);
    actor.send({ type: 'wizard.submit', data: { ...access, confirmPassword: 'x' } });
    expect(actor.getSnapshot().value).toBe('access');
    expect(actor.getSnapshot().context.errors).toEqual([M.passwordsDiffer]);
    expect(submitSignup).not.toHaveBeenCalled();
  });

  it('submits token and payload, then done', async () => {
    const { actor, submitSignup } = start();
    actor.send({ type: 'wizard.next', data: personal });
    actor.send({ type: 'wizard.submit', data: access });
    await waitFor(actor, (s) => s.matches('done'));
    expect(submitSignup).toHaveBeenCalledWith({
      token: 'convite-1',
      payload: {
        nickname: 'Bia',
        first_name: 'Bia',
        last_name: 'Lima',
        cpf: '529.982.247-25',
        password: 'segredo123',
        confirmPassword: 'segredo123',
        email: 'bia@clinica.com.br',
        IAcceptToStoreData: true,
        news: true,
      },
    });
  });

  it('returns to access with the messages of a failed submit', async () => {
    const { actor } = start({ token: 'usado' }, async () => {
      throw new SignupError(['Este convite já foi usado.']);
    });
    actor.send({ type: 'wizard.next', data: personal });
    actor.send({ type: 'wizard.submit', data: access });
    const s = await waitFor(actor, (snap) => snap.matches('access') && snap.context.errors.length > 0);
    expect(s.context.errors).toEqual(['Este convite já foi usado.']);
  });

  it('an existing account skips personal, needs only the password and sends only password and news', async () => {
    const { actor, submitSignup } = start({
      token: 'convite-2',
      existingAccount: true,
      initial: { email: 'bia@clinica.com.br' },
    });
    expect(actor.getSnapshot().value).toBe('access');
    actor.send({ type: 'wizard.back' });
    expect(actor.getSnapshot().value).toBe('access');
    actor.send({ type: 'wizard.submit', data: { password: '' } });
    expect(actor.getSnapshot().context.errors).toEqual([M.passwordRequired]);
    actor.send({ type: 'wizard.submit', data: { password: 'senha-atual', news: false } });
    await waitFor(actor, (s) => s.matches('done'));
    expect(submitSignup).toHaveBeenCalledWith({
      token: 'convite-2',
      payload: { password: 'senha-atual', news: false },
    });
  });
});
