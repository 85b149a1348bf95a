import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type Actor } from 'xstate';
import {
  MODAL_CLOSE_DELAY_MS,
  patientWizardMachine,
  type PatientSubmitInput,
  type PatientWizardInput,
  type SavedPatient,
} from '../../../machines/patientWizard/patientWizardMachine';
import { PATIENT_MESSAGES as M } from '../../../machines/patientWizard/patientFields';
import { EMPTY_PATIENT, PatientSaveError } from '../../../machines/patientWizard/rules';

const identification = {
  nome_completo: 'Ana Souza',
  cellphone: '(11) 9 8765-4321',
  convenio: { id: 7, fantasy_name: 'Unimed' },
};
const details = {
  birthday: '01/02/1980',
  address: 'Rua A, 1',
  cep: '01.310-100',
  cpf: '529.982.247-25',
  gender: 'female' as const,
  medic: 3,
};
const createInput: PatientWizardInput = { mode: 'create', requiresMedic: true, today: '2026-03-10' };

function start(
  input: PatientWizardInput = createInput,
  submit: (input: PatientSubmitInput) => Promise<SavedPatient> = async () => ({ id: 41 }),
) {
  const submitPatient = vi.fn(submit);
  const actor = createActor(
    patientWizardMachine.provide({
      actors: { submitPatient: fromPromise(({ input: submitInput }) => submitPatient(submitInput)) },
      delays: { modalCloseDelay: 0 },
    }),
    { input },
  ).start();
  return { actor, submitPatient };
}

function toDetails(actor: Actor<typeof patientWizardMachine>) {
  actor.send({ type: 'wizard.next', data: identification });
  expect(actor.getSnapshot().value).toEqual({ details: 'editing' });
}

describe('patientWizardMachine', () => {
  it('starts on step 1 with the input’s prefill', () => {
    const { actor } = start({ ...createInput, initial: { medic: 3 } });
    const s = actor.getSnapshot();
    expect(s.value).toBe('identification');
    expect(s.context.data).toEqual({ ...EMPTY_PATIENT, medic: 3 });
    expect(s.context).toMatchObject({ mode: 'create', patientId: null, problems: [], errors: [], saved: null });
  });

  it('does not advance step 1 with a card typed without its number, and sends the card once complete (issue 37)', async () => {
    const { actor, submitPatient } = start();
    actor.send({ type: 'wizard.next', data: { ...identification, card_valid_until: '31/01/2027' } });
    expect(actor.getSnapshot().value).toBe('identification');
    expect(actor.getSnapshot().context.problems).toEqual([{ field: 'card_number', message: 'Informe o número da carteira.' }]);
    actor.send({ type: 'wizard.next', data: { ...identification, card_number: ' 0123 ', card_valid_until: '31/01/2027', card_plan_name: 'Unimed Nacional' } });
    expect(actor.getSnapshot().value).toEqual({ details: 'editing' });
    actor.send({ type: 'wizard.submit', data: details, link: false });
    await waitFor(actor, (s) => s.status === 'done');
    expect(submitPatient.mock.calls[0]![0].payload.plan_card).toEqual({ card_number: '0123', valid_until: '2027-01-31', plan_name: 'Unimed Nacional' });
  });

  it('does not advance an invalid step 1 and keeps what was typed', () => {
    const { actor } = start();
    actor.send({ type: 'wizard.next', data: { nome_completo: 'Ana', cellphone: '(11) 9 8765' } });
    const s = actor.getSnapshot();
    expect(s.value).toBe('identification');
    expect(s.context.problems).toEqual([{ field: 'cellphone', message: M.phoneInvalid }]);
    expect(s.context.data.nome_completo).toBe('Ana');
    expect(s.can({ type: 'wizard.submit', data: {}, link: false })).toBe(false);
  });

  it('advances to step 2 with valid data and clears the problems', () => {
    const { actor } = start();
    actor.send({ type: 'wizard.next', data: {} });
    expect(actor.getSnapshot().context.problems).toHaveLength(2);
    toDetails(actor);
    expect(actor.getSnapshot().context.problems).toEqual([]);
  });

  it('blocks submit with "CPF Invalido!" in create mode', () => {
    const { actor, submitPatient } = start();
    toDetails(actor);
    actor.send({ type: 'wizard.submit', data: { ...details, cpf: '529.982.247-26' }, link: false });
    expect(actor.getSnapshot().value).toEqual({ details: 'editing' });
    expect(actor.getSnapshot().context.problems).toEqual([{ field: 'cpf', message: 'CPF Invalido!' }]);
    expect(submitPatient).not.toHaveBeenCalled();
  });

  it('blocks submit with "O CPF {cpf} é invalido!" in edit mode', () => {
    const { actor } = start({
      mode: 'edit',
      patientId: 9,
      requiresMedic: true,
      today: '2026-03-10',
      initial: { ...identification, ...details },
    });
    actor.send({ type: 'wizard.next', data: {} });
    actor.send({ type: 'wizard.submit', data: { cpf: '123.456.789-00' }, link: false });
    expect(actor.getSnapshot().context.problems).toEqual([{ field: 'cpf', message: 'O CPF 123.456.789-00 é invalido!' }]);
  });

  it('needs the medic only for a secretary', () => {
    const secretary = start();
    toDetails(secretary.actor);
    secretary.actor.send({ type: 'wizard.submit', data: { ...details, medic: null }, link: false });
    expect(secretary.actor.getSnapshot().context.problems).toEqual([{ field: 'medic', message: M.medicRequired }]);

    const medic = start({ ...createInput, requiresMedic: false });
    toDetails(medic.actor);
    medic.actor.send({ type: 'wizard.submit', data: { ...details, medic: null }, link: false });
    expect(medic.actor.getSnapshot().value).toBe('submitting');
  });

  it('Voltar returns to step 1 keeping both steps’ data', () => {
    const { actor } = start();
    toDetails(actor);
    actor.send({ type: 'wizard.back', data: { address: 'meio digitado' } });
    const s = actor.getSnapshot();
    expect(s.value).toBe('identification');
    expect(s.context.data).toMatchObject({ ...identification, address: 'meio digitado' });
  });

  it('submits the payload, keeps the saved patient and the link choice, then ends after the close delay', async () => {
    const { actor, submitPatient } = start();
    toDetails(actor);
    actor.send({ type: 'wizard.submit', data: details, link: true });
    expect(actor.getSnapshot().value).toBe('submitting');
    await waitFor(actor, (s) => s.matches('saved'));
    expect(actor.getSnapshot().context.saved).toEqual({ id: 41 });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ saved: { id: 41 }, link: true });
    expect(submitPatient).toHaveBeenCalledWith({
      mode: 'create',
      patientId: null,
      payload: {
        foto: null,
        nome_completo: 'Ana Souza',
        cellphone: '(11) 9 8765-4321',
        convenio: 7,
        birthday: '1980-02-01',
        address: 'Rua A, 1',
        cep: '01.310-100',
        cpf: '529.982.247-25',
        gender: 'female',
        medic: 3,
      },
    });
  });

  it('waits SPEC §9’s 200 ms in `saved` before `done` by default', async () => {
    vi.useFakeTimers();
    try {
      const actor = createActor(
        patientWizardMachine.provide({ actors: { submitPatient: fromPromise(async () => ({ id: 1 })) } }),
        { input: createInput },
      ).start();
      toDetails(actor);
      actor.send({ type: 'wizard.submit', data: details, link: false });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().value).toBe('saved');
      await vi.advanceTimersByTimeAsync(MODAL_CLOSE_DELAY_MS - 1);
      expect(actor.getSnapshot().value).toBe('saved');
      await vi.advanceTimersByTimeAsync(1);
      expect(actor.getSnapshot().value).toBe('done');
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends the edited patient’s id in edit mode', async () => {
    const { actor, submitPatient } = start({
      mode: 'edit',
      patientId: 9,
      requiresMedic: false,
      today: '2026-03-10',
      initial: { ...identification, ...details },
    });
    actor.send({ type: 'wizard.next', data: {} });
    actor.send({ type: 'wizard.submit', data: { address: 'Rua B, 2' }, link: false });
    await waitFor(actor, (s) => s.status === 'done');
    expect(submitPatient.mock.calls[0]?.[0]).toMatchObject({ mode: 'edit', patientId: 9, payload: { address: 'Rua B, 2' } });
    expect(actor.getSnapshot().output).toEqual({ saved: { id: 41 }, link: false });
  });

  it('returns to step 2 (failed, editable) with the server messages, and can submit again', async () => {
    let attempt = 0;
    const { actor } = start(createInput, async () => {
      attempt += 1;
      if (attempt === 1) throw new PatientSaveError(['Paciente já cadastrado para esse médico'], 400);
      return { id: 5 };
    });
    toDetails(actor);
    actor.send({ type: 'wizard.submit', data: details, link: false });
    const failed = await waitFor(actor, (s) => s.matches({ details: 'failed' }));
    expect(failed.context.errors).toEqual(['Paciente já cadastrado para esse médico']);
    expect(failed.context.data.cpf).toBe(details.cpf);
    actor.send({ type: 'wizard.submit', data: { cpf: '111.444.777-35' }, link: false });
    expect(actor.getSnapshot().context.errors).toEqual([]);
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().output?.saved).toEqual({ id: 5 });
  });

  it('uses "Erro interno!" for an update failure without messages', async () => {
    const { actor } = start(
      { mode: 'edit', patientId: 9, requiresMedic: false, today: '2026-03-10', initial: { ...identification, ...details } },
      async () => {
        throw new TypeError('boom');
      },
    );
    actor.send({ type: 'wizard.next', data: {} });
    actor.send({ type: 'wizard.submit', data: {}, link: false });
    const failed = await waitFor(actor, (s) => s.matches({ details: 'failed' }));
    expect(failed.context.errors).toEqual(['Erro interno!']);
  });

  it('cancels from either step but not while sending', () => {
    const first = start();
    first.actor.send({ type: 'wizard.cancel' });
    expect(first.actor.getSnapshot().value).toBe('cancelled');
    expect(first.actor.getSnapshot().status).toBe('done');

    const second = start(createInput, () => new Promise(() => {}));
    toDetails(second.actor);
    second.actor.send({ type: 'wizard.submit', data: details, link: false });
    expect(second.actor.getSnapshot().can({ type: 'wizard.cancel' })).toBe(false);
    second.actor.send({ type: 'wizard.cancel' });
    expect(second.actor.getSnapshot().value).toBe('submitting');
  });
});
