import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  createStepWizardMachine,
  type StepWizardCancelEvent,
  type StepWizardContext,
  type StepWizardEvent,
} from '../../../machines/wizard/stepWizard';

type Data = { name: string; age: number | null; code: string };
type Problem = { field: keyof Data; message: string };
type Context = StepWizardContext<Data> & {
  minAge: number;
  skipName: boolean;
  problems: Problem[];
  choice: string;
  savedId: number | null;
};
type Input = { minAge: number; skipName?: boolean; initial?: Partial<Data> };
type Event = StepWizardEvent<Data, { choice: string }> | StepWizardCancelEvent;
type SubmitInput = { name: string; age: number; code: string };

const EMPTY: Data = { name: '', age: null, code: '' };

function nameProblems(data: Data): Problem[] {
  return data.name.trim() ? [] : [{ field: 'name', message: 'Preencha o nome.' }];
}

/** Uses the context: the minimum age comes from the input. */
function ageProblems(data: Data, context: Context): Problem[] {
  return data.age !== null && data.age >= context.minAge ? [] : [{ field: 'age', message: 'Idade insuficiente.' }];
}

function codeProblems(data: Data): Problem[] {
  return /^\d{3}$/.test(data.code) ? [] : [{ field: 'code', message: 'Código inválido.' }];
}

const fullMachine = createStepWizardMachine({
  id: 'fullWizard',
  types: {} as { context: Context; events: Event; input: Input; output: { savedId: number | null; choice: string } },
  context: (input) => ({
    minAge: input.minAge,
    skipName: input.skipName ?? false,
    data: { ...EMPTY, ...input.initial },
    problems: [],
    errors: [],
    choice: '',
    savedId: null,
  }),
  steps: [
    { name: 'name', validate: nameProblems, skip: (context) => context.skipName },
    { name: 'age', validate: ageProblems },
    { name: 'code', validate: codeProblems },
  ],
  problemsKey: 'problems',
  submit: {
    actor: 'saveThing',
    input: (context): SubmitInput => ({ name: context.data.name, age: context.data.age ?? 0, code: context.data.code }),
    errors: (error, context) => [`${context.data.code}: ${(error as Error).message}`],
    fromEvent: (event) => ({ choice: event.choice }),
    fromOutput: (output: { id: number }) => ({ savedId: output.id }),
  },
  failedSubstate: true,
  cancellable: true,
  savedDelay: { name: 'closeDelay', ms: 200 },
  output: (context) => ({ savedId: context.savedId, choice: context.choice }),
});

function startFull(input: Input = { minAge: 18 }, save: (input: SubmitInput) => Promise<{ id: number }> = async () => ({ id: 7 })) {
  const saveThing = vi.fn(save);
  const actor = createActor(
    fullMachine.provide({
      actors: { saveThing: fromPromise(({ input: submitInput }) => saveThing(submitInput)) },
      delays: { closeDelay: 0 },
    }),
    { input },
  ).start();
  return { actor, saveThing };
}

type SimpleContext = StepWizardContext<{ a: string; b: string }>;
const simpleMachine = createStepWizardMachine({
  id: 'simpleWizard',
  types: {} as { context: SimpleContext; events: StepWizardEvent<{ a: string; b: string }> },
  context: () => ({ data: { a: '', b: '' }, errors: [] }),
  steps: [
    { name: 'first', validate: (data) => (data.a ? [] : ['Preencha A.']) },
    { name: 'second', validate: (data) => (data.b ? [] : ['Preencha B.']) },
  ],
  problemsKey: 'errors',
  submit: {
    actor: 'send',
    input: (context) => context.data,
    errors: (error) => (error instanceof Error ? [error.message] : ['?']),
  },
});

describe('createStepWizardMachine', () => {
  it('builds one state per step, in order, then submitting, saved, done and cancelled', () => {
    expect(Object.keys(fullMachine.root.states)).toEqual(['name', 'age', 'code', 'submitting', 'saved', 'done', 'cancelled']);
    expect(Object.keys(simpleMachine.root.states)).toEqual(['first', 'second', 'submitting', 'done']);
    expect(Object.keys(fullMachine.root.states.code!.states)).toEqual(['editing', 'failed']);
  });

  it('names guards and actions after the steps', () => {
    expect(Object.keys(fullMachine.implementations.guards).sort()).toEqual(
      ['isAgeValid', 'isCodeValid', 'isNameSkipped', 'isNameValid'].sort(),
    );
    expect(fullMachine.implementations.actions).toHaveProperty('assignAgeProblems');
  });

  it('stays on an invalid step with its problems and the typed data, then moves on when valid', () => {
    const { actor } = startFull();
    actor.send({ type: 'wizard.next', data: { name: ' ', code: '12' } });
    expect(actor.getSnapshot().value).toBe('name');
    expect(actor.getSnapshot().context.problems).toEqual([{ field: 'name', message: 'Preencha o nome.' }]);
    expect(actor.getSnapshot().context.data).toEqual({ name: ' ', age: null, code: '12' });
    actor.send({ type: 'wizard.next', data: { name: 'Ana' } });
    expect(actor.getSnapshot().value).toBe('age');
    expect(actor.getSnapshot().context.problems).toEqual([]);
  });

  it('passes the context to the validation (the minimum age comes from the input)', () => {
    const strict = startFull({ minAge: 21, initial: { name: 'Ana' } });
    strict.actor.send({ type: 'wizard.next', data: {} });
    strict.actor.send({ type: 'wizard.next', data: { age: 20 } });
    expect(strict.actor.getSnapshot().value).toBe('age');
    expect(strict.actor.getSnapshot().context.problems).toEqual([{ field: 'age', message: 'Idade insuficiente.' }]);

    const lenient = startFull({ minAge: 18, initial: { name: 'Ana' } });
    lenient.actor.send({ type: 'wizard.next', data: {} });
    lenient.actor.send({ type: 'wizard.next', data: { age: 20 } });
    expect(lenient.actor.getSnapshot().value).toEqual({ code: 'editing' });
  });

  it('Voltar keeps what was typed and clears the problems', () => {
    const { actor } = startFull({ minAge: 18, initial: { name: 'Ana' } });
    actor.send({ type: 'wizard.next', data: {} });
    actor.send({ type: 'wizard.next', data: { age: 3 } });
    actor.send({ type: 'wizard.back', data: { age: 4 } });
    expect(actor.getSnapshot().value).toBe('name');
    expect(actor.getSnapshot().context.data.age).toBe(4);
    expect(actor.getSnapshot().context.problems).toEqual([]);
  });

  it('skips a step whose skip holds, and then offers no Voltar to it', () => {
    const { actor } = startFull({ minAge: 18, skipName: true });
    expect(actor.getSnapshot().value).toBe('age');
    expect(actor.getSnapshot().can({ type: 'wizard.back' })).toBe(false);
    actor.send({ type: 'wizard.back' });
    expect(actor.getSnapshot().value).toBe('age');
  });

  it('submits the valid last step, keeps the event’s choice and the output, and ends after the saved delay', async () => {
    const { actor, saveThing } = startFull({ minAge: 18, initial: { name: 'Ana', age: 30 } });
    actor.send({ type: 'wizard.next', data: {} });
    actor.send({ type: 'wizard.next', data: {} });
    actor.send({ type: 'wizard.submit', data: { code: '12' }, choice: 'link' });
    expect(actor.getSnapshot().value).toEqual({ code: 'editing' });
    expect(actor.getSnapshot().context.choice).toBe('');
    actor.send({ type: 'wizard.submit', data: { code: '123' }, choice: 'link' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await waitFor(actor, (s) => s.matches('saved'));
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.value).toBe('done');
    expect(saveThing).toHaveBeenCalledWith({ name: 'Ana', age: 30, code: '123' });
    expect(done.output).toEqual({ savedId: 7, choice: 'link' });
  });

  it('returns a failed submit to the last step’s failed substate with its messages; an invalid retry clears them', async () => {
    const { actor } = startFull({ minAge: 18, initial: { name: 'Ana', age: 30 } }, async () => {
      throw new Error('recusado');
    });
    actor.send({ type: 'wizard.next', data: {} });
    actor.send({ type: 'wizard.next', data: {} });
    actor.send({ type: 'wizard.submit', data: { code: '123' }, choice: '' });
    const failed = await waitFor(actor, (s) => s.matches({ code: 'failed' }));
    expect(failed.context.errors).toEqual(['123: recusado']);
    actor.send({ type: 'wizard.submit', data: { code: 'x' }, choice: '' });
    expect(actor.getSnapshot().value).toEqual({ code: 'editing' });
    expect(actor.getSnapshot().context.errors).toEqual([]);
    expect(actor.getSnapshot().context.problems).toEqual([{ field: 'code', message: 'Código inválido.' }]);
  });

  it('cancels from any step, never while submitting', () => {
    const first = startFull();
    first.actor.send({ type: 'wizard.cancel' });
    expect(first.actor.getSnapshot().value).toBe('cancelled');
    expect(first.actor.getSnapshot().status).toBe('done');

    const second = startFull({ minAge: 18, initial: { name: 'Ana', age: 30, code: '123' } }, () => new Promise(() => {}));
    second.actor.send({ type: 'wizard.next', data: {} });
    second.actor.send({ type: 'wizard.next', data: {} });
    second.actor.send({ type: 'wizard.submit', data: {}, choice: '' });
    expect(second.actor.getSnapshot().can({ type: 'wizard.cancel' })).toBe(false);
  });

  it('with problemsKey "errors", step problems and submit messages share one list', async () => {
    const actor = createActor(
      simpleMachine.provide({
        actors: {
          send: fromPromise<unknown, { a: string; b: string }>(async () => {
            throw new Error('E-mail já cadastrado.');
          }),
        },
      }),
    ).start();
    expect(actor.getSnapshot().context).toEqual({ data: { a: '', b: '' }, errors: [] });
    actor.send({ type: 'wizard.next', data: {} });
    expect(actor.getSnapshot().context.errors).toEqual(['Preencha A.']);
    actor.send({ type: 'wizard.next', data: { a: 'x' } });
    expect(actor.getSnapshot().context.errors).toEqual([]);
    actor.send({ type: 'wizard.submit', data: { b: 'y' } });
    const back = await waitFor(actor, (s) => s.matches('second') && s.context.errors.length > 0);
    expect(back.context).toEqual({ data: { a: 'x', b: 'y' }, errors: ['E-mail já cadastrado.'] });
  });

  it('refuses to submit until the IO actor is provided', async () => {
    const actor = createActor(simpleMachine, {}).start();
    actor.send({ type: 'wizard.next', data: { a: 'x' } });
    actor.send({ type: 'wizard.submit', data: { b: 'y' } });
    const back = await waitFor(actor, (s) => s.matches('second') && s.context.errors.length > 0);
    expect(back.context.errors).toEqual(['simpleWizard: the "send" actor must be provided with .provide()']);
  });
});
