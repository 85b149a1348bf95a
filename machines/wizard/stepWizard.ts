import {
  assign,
  fromPromise,
  not,
  setup,
  type AnyActorRef,
  type EventObject,
  type MetaObject,
  type ParameterizedObject,
  type PromiseActorLogic,
  type StateMachine,
  type StateSchema,
  type StateValue,
} from 'xstate';

/**
 * The step-wizard machine factory: the doctor signup, the secretary invite signup and the patient wizard are three
 * configurations of it (issue 12).
 *
 * One state per step, in order, then `submitting` (the IO actor, supplied with `.provide`) and `done`.
 * `wizard.next` (every step but the last) and `wizard.submit` (the last) carry the step's form values in `data`; they
 * are always merged into `context.data` (so Voltar shows what was typed), and the move happens only when the step's
 * `validate(data, context)` returns no problems. An invalid step stays where it is with its problems in
 * `context[problemsKey]`. `wizard.back` returns to the previous step. A failed submit returns to the last step (or its
 * `failed` substate) with the submit's messages in `context.errors`.
 *
 * `validate` is any function `(data, context) => problems`: the pure rules of machines/*\/rules.ts or a schema
 * adapter plug in alike. Guards and actions are named after the steps (`isPersonalValid`, `assignPersonalProblems`),
 * so docs/workflows/ reads like a hand-written machine.
 *
 * @see docs/workflows/doctor-signup.md, secretary-signup.md, patient-wizard.md (the three configurations drawn)
 */

/** What every wizard keeps: the data typed so far and the messages of a failed submit. */
export type StepWizardContext<TData extends object = object> = { data: TData; errors: string[] };

/** The events of every wizard (STYLE §4); `wizard.submit` may carry more, e.g. the patient's `link` choice. */
export type StepWizardEvent<TData, TSubmitExtra extends object = object> =
  | { type: 'wizard.next'; data: Partial<TData> }
  | { type: 'wizard.back'; data?: Partial<TData> }
  | ({ type: 'wizard.submit'; data: Partial<TData> } & TSubmitExtra);

/** Sent by a `cancellable` wizard's Cancelar: ends in the final `cancelled`. */
export type StepWizardCancelEvent = { type: 'wizard.cancel' };

/** The context keys that hold a list: where a step's problems may go. */
type ListKey<TContext> = { [K in keyof TContext]: TContext[K] extends readonly unknown[] ? K : never }[keyof TContext] &
  string;

/** A step's problems for the merged data; an empty list lets the wizard move on. */
type StepValidation<TContext extends StepWizardContext, TProblem> = (
  data: TContext['data'],
  context: TContext,
) => readonly TProblem[];

type WizardStep<TContext extends StepWizardContext, TProblem> = {
  /** The step's state key (camelCase). */
  name: string;
  validate: StepValidation<TContext, TProblem>;
  /** Skips the step (an eventless move to the next one) when true; Voltar then cannot return to it. Not the last step. */
  skip?: (context: TContext) => boolean;
};

type Element<T> = T extends readonly (infer E)[] ? E : never;

type StepWizardConfig<
  TContext extends StepWizardContext,
  TEvent extends EventObject,
  TInput,
  TOutput,
  TProblemsKey extends ListKey<TContext>,
  TActor extends string,
  TSubmitInput,
  TSubmitOutput,
  TDelay extends string,
> = {
  id: string;
  /** Types only, as in `setup({ types })`: `{ context: {} as C, events: {} as E, input: {} as I, output: {} as O }`. */
  types: { context: TContext; events: TEvent; input?: TInput; output?: TOutput };
  context: (input: TInput) => TContext;
  steps: readonly [WizardStep<TContext, Element<TContext[TProblemsKey]>>, ...WizardStep<TContext, Element<TContext[TProblemsKey]>>[]];
  /** Where an invalid step's problems go: `errors` (beside the submit's messages) or a list of their own. */
  problemsKey: TProblemsKey;
  submit: {
    /** The IO actor's name, supplied with `.provide({ actors })`; also the invoke id (`xstate.done.actor.<name>`). */
    actor: TActor;
    input: (context: TContext) => TSubmitInput;
    /** The pt-BR messages of a failed submit. */
    errors: (error: unknown, context: TContext) => string[];
    /** Context taken from the valid `wizard.submit` event (e.g. the patient's `link`). */
    fromEvent?: (event: Extract<TEvent, { type: 'wizard.submit' }>) => Partial<TContext>;
    /** Context taken from what the actor resolves with. */
    fromOutput?: (output: TSubmitOutput) => Partial<TContext>;
  };
  /** The last step has `editing` / `failed` substates; a failed submit lands in `failed`. */
  failedSubstate?: boolean;
  /** `wizard.cancel` from any step ends in the final `cancelled`. */
  cancellable?: boolean;
  /** After a success, `saved` waits this named delay before `done` (overridable with `.provide({ delays })`). */
  savedDelay?: { name: TDelay; ms: number };
  output?: (context: TContext) => TOutput;
};

/** The machine a configuration yields, typed for its pages and tests (`.provide`, input, context, events, output). */
type StepWizardMachine<
  TContext extends StepWizardContext,
  TEvent extends EventObject,
  TInput,
  TOutput,
  TActor extends string,
  TSubmitInput,
  TSubmitOutput,
  TDelay extends string,
> = StateMachine<
  TContext,
  TEvent,
  Record<string, AnyActorRef | undefined>,
  { src: TActor; logic: PromiseActorLogic<TSubmitOutput, TSubmitInput>; id: string | undefined },
  ParameterizedObject,
  ParameterizedObject,
  TDelay,
  StateValue,
  string,
  TInput,
  TOutput,
  EventObject,
  MetaObject,
  StateSchema
>;

/** The factory's own view of any configuration: what its implementations read, without the configuration's types. */
type Context = { data: Record<string, unknown>; errors: string[] } & Record<string, unknown>;
type Event = { type: string; data?: Record<string, unknown> };
type Step = { name: string; validate: (data: unknown, context: Context) => readonly unknown[]; skip?: (context: Context) => boolean };
type LooseConfig = {
  id: string;
  context: (input: unknown) => Context;
  steps: readonly [Step, ...Step[]];
  problemsKey: string;
  submit: {
    actor: string;
    input: (context: Context) => unknown;
    errors: (error: unknown, context: Context) => string[];
    fromEvent?: (event: Event) => Partial<Context>;
    fromOutput?: (output: unknown) => Partial<Context>;
  };
  failedSubstate?: boolean;
  cancellable?: boolean;
  savedDelay?: { name: string; ms: number };
  output?: (context: Context) => unknown;
};

/** Builds the machine of one wizard configuration. */
export function createStepWizardMachine<
  TContext extends StepWizardContext,
  TEvent extends EventObject,
  TInput,
  TOutput,
  TProblemsKey extends ListKey<TContext>,
  TActor extends string,
  TSubmitInput,
  TSubmitOutput = unknown,
  TDelay extends string = never,
>(
  config: StepWizardConfig<TContext, TEvent, TInput, TOutput, TProblemsKey, TActor, TSubmitInput, TSubmitOutput, TDelay>,
): StepWizardMachine<TContext, TEvent, TInput, TOutput, TActor, TSubmitInput, TSubmitOutput, TDelay> {
  // The configuration is type-checked against its own types above; the machine is built on the loose view and
  // typed back with them (xstate cannot infer a machine from a configuration built at run time).
  const machine = buildMachine(config as unknown as LooseConfig);
  return machine as unknown as StepWizardMachine<TContext, TEvent, TInput, TOutput, TActor, TSubmitInput, TSubmitOutput, TDelay>;
}

function capitalized(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function merged(context: Context, event: Event): Record<string, unknown> {
  return { ...context.data, ...event.data };
}

/** Per step: `is<Step>Valid`, `assign<Step>Problems` and, for a skippable step, `is<Step>Skipped`. */
function stepImplementations({ steps, problemsKey }: LooseConfig) {
  const guards: Record<string, (args: { context: Context; event: Event }) => boolean> = {};
  const actions: Record<string, ReturnType<typeof assign<Context, Event, undefined, Event, never>>> = {};
  for (const step of steps) {
    const name = capitalized(step.name);
    guards[`is${name}Valid`] = ({ context, event }) => step.validate(merged(context, event), context).length === 0;
    actions[`assign${name}Problems`] = assign(({ context, event }) => ({
      errors: [],
      [problemsKey]: step.validate(merged(context, event), context),
    }));
    const { skip } = step;
    if (skip) guards[`is${name}Skipped`] = ({ context }) => skip(context);
  }
  return { guards, actions };
}

function buildMachine(config: LooseConfig) {
  const { steps, submit, problemsKey, savedDelay, output } = config;
  const last = steps[steps.length - 1]!;
  const { guards, actions } = stepImplementations(config);
  return setup({
    types: {} as { context: Context; events: Event; input: unknown; output: unknown },
    actors: {
      [submit.actor]: fromPromise<unknown, unknown>(async () => {
        throw new Error(`${config.id}: the "${submit.actor}" actor must be provided with .provide()`);
      }),
    },
    actions: {
      ...actions,
      assignData: assign({ data: ({ context, event }) => merged(context, event) }),
      clearProblems: assign({ errors: [], [problemsKey]: [] }),
      assignSubmitChoice: assign(({ event }) => submit.fromEvent?.(event) ?? {}),
      assignSubmitOutput: assign((_, params: { output: unknown }) => submit.fromOutput?.(params.output) ?? {}),
      assignSubmitErrors: assign(({ context }, params: { error: unknown }) => ({ errors: submit.errors(params.error, context) })),
    },
    guards,
    delays: savedDelay ? { [savedDelay.name]: savedDelay.ms } : {},
  }).createMachine({
    id: config.id,
    context: ({ input }) => config.context(input),
    initial: steps[0].name,
    states: {
      ...Object.fromEntries(steps.map((step, index) => [step.name, stepState(config, index)])),
      submitting: {
        invoke: {
          id: submit.actor,
          src: submit.actor,
          input: ({ context }) => submit.input(context),
          onDone: {
            target: savedDelay ? 'saved' : 'done',
            ...(submit.fromOutput
              ? { actions: { type: 'assignSubmitOutput', params: ({ event }) => ({ output: event.output }) } }
              : {}),
          },
          onError: {
            target: config.failedSubstate ? `${last.name}.failed` : last.name,
            actions: { type: 'assignSubmitErrors', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      ...(savedDelay ? { saved: { after: { [savedDelay.name]: { target: 'done' } } } } : {}),
      done: { type: 'final' },
      ...(config.cancellable ? { cancelled: { type: 'final' } } : {}),
    },
    ...(output ? { output: ({ context }: { context: Context }) => output(context) } : {}),
  });
}

/** The state of step `index`: forward when valid, else stay with the problems; back; cancel; skip. */
function stepState({ steps, failedSubstate, cancellable, submit }: LooseConfig, index: number) {
  const step = steps[index]!;
  const name = capitalized(step.name);
  const isLast = index === steps.length - 1;
  const previous = steps[index - 1];
  const next = steps[index + 1];
  const withSubstates = isLast && failedSubstate;
  const forward = isLast
    ? {
        'wizard.submit': [
          {
            guard: `is${name}Valid`,
            target: 'submitting',
            actions: ['assignData', ...(submit.fromEvent ? ['assignSubmitChoice'] : []), 'clearProblems'],
          },
          { ...(withSubstates ? { target: '.editing' } : {}), actions: ['assignData', `assign${name}Problems`] },
        ],
      }
    : {
        'wizard.next': [
          { guard: `is${name}Valid`, target: next!.name, actions: ['assignData', 'clearProblems'] },
          { actions: ['assignData', `assign${name}Problems`] },
        ],
      };
  return {
    ...(step.skip && next ? { always: { guard: `is${name}Skipped`, target: next.name } } : {}),
    ...(withSubstates ? { initial: 'editing', states: { editing: {}, failed: {} } } : {}),
    on: {
      ...forward,
      ...(previous
        ? {
            'wizard.back': {
              ...(previous.skip ? { guard: not(`is${capitalized(previous.name)}Skipped`) } : {}),
              target: previous.name,
              actions: ['assignData', 'clearProblems'],
            },
          }
        : {}),
      ...(cancellable ? { 'wizard.cancel': { target: 'cancelled' } } : {}),
    },
  };
}
