import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import { MODAL_CLOSE_DELAY_MS } from '../constants';

/**
 * The four modals of /settings (SPEC §2 Settings; §3 payloads; §8 messages; §9 close delay): 'Atualizar Nome do
 * Perfil' (`name`), 'Atualizar perfil' (`nickname`), 'Atualizar a senha' (`password`) and 'Adicionar uma pessoa a
 * sua conta' (`invite`). One modal at most is open at a time.
 *
 * closed → editing (`settings.open`) → sending (`settings.submit` with the open modal's payload) →
 * - success: `sent`, then SPEC §9's 200 ms later (`modalCloseDelay`) closed;
 * - failure of the invite: `refused`, then closed the same 200 ms later (SPEC §8: "the modal closes either way");
 * - failure of the other three: back to `editing`, with what was typed kept, so the person can correct it (a wrong
 *   current password) or try again.
 * `settings.cancel` closes from `editing` only: nothing is dismissed while sending.
 *
 * Pure (STYLE §3): the call is the `sendSettingsForm` actor, supplied with `.provide` by
 * src/features/settings/actors.ts. The outcome is announced with emitted events (`settings.sent`,
 * `settings.failed` with the server's messages), on which the page shows its toasts (SPEC §8); the messages of the
 * last failure also stay in `context.messages` for the open modal.
 */

export const SETTINGS_FORMS = ['name', 'nickname', 'password', 'invite'] as const;
export type SettingsForm = (typeof SETTINGS_FORMS)[number];

/** The body each modal sends (SPEC §3 "Settings update", "Change password", "Create secretary"), tagged by modal. */
export type SettingsPayload =
  | { form: 'name'; first_name: string; last_name: string }
  | { form: 'nickname'; nickname: string | null }
  | { form: 'password'; password: string; new_password: string }
  | { form: 'invite'; first_name: string; last_name: string; email: string };

type SettingsModalContext = {
  /** The open modal (null when closed). */
  form: SettingsForm | null;
  /** The server's messages of the last failed send (empty when it gave none). */
  messages: string[];
};

export type SettingsModalEvent =
  | { type: 'settings.open'; form: SettingsForm }
  | { type: 'settings.submit'; payload: SettingsPayload }
  | { type: 'settings.cancel' };

export type SettingsModalEmitted =
  | { type: 'settings.sent'; form: SettingsForm }
  | { type: 'settings.failed'; form: SettingsForm; messages: string[] };

/**
 * The error the `sendSettingsForm` actor rejects with: `messages` are the server's own texts (an `error` list), empty
 * when it gave none. Any error with a `messages: string[]` property is accepted (duck-typed).
 */
export class SettingsSendError extends Error {
  readonly messages: string[];
  constructor(messages: string[]) {
    super(messages.join(' ') || 'The settings form was not accepted.');
    this.name = 'SettingsSendError';
    this.messages = messages;
  }
}

/** The server's messages carried by a failure; none for anything else (a network error, a bug). */
export function messagesOfFailure(error: unknown): string[] {
  if (typeof error !== 'object' || error === null || !('messages' in error)) return [];
  const { messages } = error as { messages: unknown };
  return Array.isArray(messages) ? messages.filter((m): m is string => typeof m === 'string' && m.trim() !== '') : [];
}

function openForm(context: SettingsModalContext): SettingsForm {
  if (context.form === null) throw new Error('settingsModalMachine: no modal is open');
  return context.form;
}

export const settingsModalMachine = setup({
  types: {
    context: {} as SettingsModalContext,
    events: {} as SettingsModalEvent,
    emitted: {} as SettingsModalEmitted,
  },
  actors: {
    /** PUT settings/ (name, nickname), POST change_password/ or POST create_secretary/; rejects with a SettingsSendError. */
    sendSettingsForm: fromPromise<void, SettingsPayload>(async () => {
      throw new Error('settingsModalMachine: the "sendSettingsForm" actor must be provided with .provide()');
    }),
  },
  actions: {
    assignForm: assign({
      form: ({ event }) => {
        assertEvent(event, 'settings.open');
        return event.form;
      },
    }),
    clearMessages: assign({ messages: [] }),
    forgetForm: assign({ form: null, messages: [] }),
    assignMessages: assign((_, params: { error: unknown }) => ({ messages: messagesOfFailure(params.error) })),
    emitSent: emit(({ context }) => ({ type: 'settings.sent' as const, form: openForm(context) })),
    emitFailed: emit(({ context }) => ({
      type: 'settings.failed' as const,
      form: openForm(context),
      messages: context.messages,
    })),
  },
  guards: {
    /** The payload belongs to the modal that is open (a stale submit of another modal is ignored). */
    isOpenFormPayload: ({ context, event }) => event.type === 'settings.submit' && event.payload.form === context.form,
    isInvite: ({ context }) => context.form === 'invite',
  },
  delays: {
    modalCloseDelay: MODAL_CLOSE_DELAY_MS,
  },
}).createMachine({
  id: 'settingsModal',
  context: { form: null, messages: [] },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'settings.open': { target: 'editing', actions: ['assignForm', 'clearMessages'] },
      },
    },
    editing: {
      on: {
        'settings.submit': { guard: 'isOpenFormPayload', target: 'sending', actions: 'clearMessages' },
        'settings.cancel': { target: 'closed', actions: 'forgetForm' },
      },
    },
    sending: {
      invoke: {
        id: 'sendSettingsForm',
        src: 'sendSettingsForm',
        input: ({ event }) => {
          assertEvent(event, 'settings.submit');
          return event.payload;
        },
        onDone: { target: 'sent', actions: 'emitSent' },
        onError: [
          {
            guard: 'isInvite',
            target: 'refused',
            actions: [{ type: 'assignMessages', params: ({ event }) => ({ error: event.error }) }, 'emitFailed'],
          },
          {
            target: 'editing',
            actions: [{ type: 'assignMessages', params: ({ event }) => ({ error: event.error }) }, 'emitFailed'],
          },
        ],
      },
    },
    /** Saved: the success toast shows; the modal closes after SPEC §9's delay. */
    sent: {
      after: { modalCloseDelay: { target: 'closed', actions: 'forgetForm' } },
    },
    /** The invite was not sent: the failure toast shows and the modal closes anyway (SPEC §8). */
    refused: {
      after: { modalCloseDelay: { target: 'closed', actions: 'forgetForm' } },
    },
  },
});
