import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  doctorSignupMachine,
  toDoctorSignupPayload,
  EMPTY_DOCTOR_SIGNUP,
  type DoctorSignupPayload,
} from '../../../machines/signup/doctorSignupMachine';
import { SIGNUP_MESSAGES as M, SignupError } from '../../../machines/signup/rules';

const personal = { first_name: ' Ana ', last_name: 'Souza', cpf: '529.982.247-25' };
const professional = { address: 'Rua A, 1', cellphone: '(11) 9 8765-4321', crm: '12345/SP', specialty: 7 };
const access = {
  email: 'ana@clinica.com.br',
  password: 'segredo123',
  confirmPassword: 'segredo123',
  IHaveASecretary: true,
  secretary: 'bia@clinica.com.br',
  news: true,
  IAcceptToStoreData: true,
};

function start(submit: (payload: DoctorSignupPayload) => Promise<unknown> = async () => ({ id: 1 })) {
  const submitSignup = vi.fn(submit);
  const actor = createActor(
    doctorSignupMachine.provide({ actors: { submitSignup: fromPromise(({ input }) => submitSignup(input)) } }),
  ).start();
  return { actor, submitSignup };
}

function toAccess(actor: ReturnType<typeof start>['actor']) {
  actor.send({ type: 'wizard.next', data: personal });
  actor.send({ type: 'wizard.next', data: professional });
  expect(actor.getSnapshot().value).toBe('access');
}

describe('doctorSignupMachine', () => {
  it('starts on the personal step with empty data', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('personal');
    expect(actor.getSnapshot().context).toEqual({ data: EMPTY_DOCTOR_SIGNUP, errors: [] });
  });

  it('stays on a step with its problems when wizard.next carries invalid data, keeping what was typed', () => {
    const { actor } = start();
    actor.send({ type: 'wizard.next', data: { ...personal, cpf: '529.982.247-26' } });
    const s = actor.getSnapshot();
    expect(s.value).toBe('personal');
    expect(s.context.errors).toEqual(['CPF Invalido!']);
    expect(s.context.data.first_name).toBe(' Ana ');
    expect(s.can({ type: 'wizard.submit', data: {} })).toBe(false);
  });

  it('advances through the three steps with valid data and clears the errors', () => {
    const { actor } = start();
    actor.send({ type: 'wizard.next', data: { first_name: '' } });
    expect(actor.getSnapshot().context.errors).toContain(M.firstNameRequired);
    actor.send({ type: 'wizard.next', data: personal });
    expect(actor.getSnapshot().value).toBe('professional');
    expect(actor.getSnapshot().context.errors).toEqual([]);
    actor.send({ type: 'wizard.next', data: { ...professional, specialty: null } });
    expect(actor.getSnapshot().value).toBe('professional');
    expect(actor.getSnapshot().context.errors).toEqual([M.specialtyRequired]);
    actor.send({ type: 'wizard.next', data: professional });
    expect(actor.getSnapshot().value).toBe('access');
  });

  it('Voltar keeps every step’s data (and saves the current step’s values when given)', () => {
    const { actor } = start();
    toAccess(actor);
    actor.send({ type: 'wizard.back', data: { email: 'meio@digitado' } });
    expect(actor.getSnapshot().value).toBe('professional');
    actor.send({ type: 'wizard.back' });
    const s = actor.getSnapshot();
    expect(s.value).toBe('personal');
    expect(s.context.data).toMatchObject({ ...personal, ...professional, email: 'meio@digitado' });
  });

  it('does not submit an invalid last step', () => {
    const { actor, submitSignup } = start();
    toAccess(actor);
    actor.send({ type: 'wizard.submit', data: { ...access, confirmPassword: 'outra-senha' } });
    expect(actor.getSnapshot().value).toBe('access');
    expect(actor.getSnapshot().context.errors).toEqual([M.passwordsDiffer]);
    expect(submitSignup).not.toHaveBeenCalled();
  });

  it('submits the whole payload (SPEC §3 + crm) and ends in done', async () => {
    const { actor, submitSignup } = start();
    toAccess(actor);
    actor.send({ type: 'wizard.submit', data: access });
    expect(actor.getSnapshot().value).toBe('submitting');
    await waitFor(actor, (s) => s.matches('done'));
    expect(actor.getSnapshot().status).toBe('done');
    expect(submitSignup).toHaveBeenCalledWith({
      nickname: 'Ana',
      first_name: 'Ana',
      last_name: 'Souza',
      cpf: '529.982.247-25',
      specialty: 7,
      address: 'Rua A, 1',
      cellphone: '(11) 9 8765-4321',
      crm: '12345/SP',
      password: 'segredo123',
      confirmPassword: 'segredo123',
      email: 'ana@clinica.com.br',
      IAcceptToStoreData: true,
      IHaveASecretary: true,
      secretary: 'bia@clinica.com.br',
      news: true,
    });
  });

  it('returns to access with the server messages when the submit fails', async () => {
    const { actor } = start(async () => {
      throw new SignupError(['E-mail já cadastrado.', 'CPF já cadastrado.']);
    });
    toAccess(actor);
    actor.send({ type: 'wizard.submit', data: access });
    const s = await waitFor(actor, (snap) => snap.matches('access') && snap.context.errors.length > 0);
    expect(s.context.errors).toEqual(['E-mail já cadastrado.', 'CPF já cadastrado.']);
    expect(s.context.data.email).toBe('ana@clinica.com.br');
  });

  it('shows the generic message when the submit fails without messages', async () => {
    const { actor } = start(async () => {
      throw new TypeError('Failed to fetch');
    });
    toAccess(actor);
    actor.send({ type: 'wizard.submit', data: access });
    const s = await waitFor(actor, (snap) => snap.matches('access') && snap.context.errors.length > 0);
    expect(s.context.errors).toEqual([M.unknownError]);
  });
});

describe('toDoctorSignupPayload', () => {
  it('drops the secretary e-mail when IHaveASecretary is unchecked and keeps a given nickname', () => {
    const payload = toDoctorSignupPayload({
      ...EMPTY_DOCTOR_SIGNUP,
      ...personal,
      ...professional,
      ...access,
      IHaveASecretary: false,
      nickname: ' Dra. Ana ',
    });
    expect(payload.secretary).toBe('');
    expect(payload.nickname).toBe('Dra. Ana');
  });
});
