import type { StatePath } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { replayPath, stateNodeValues, transitionPaths, valueLabel } from './graph';
import {
  SETTINGS_FORMS,
  SettingsSendError,
  settingsModalMachine,
  type SettingsForm,
  type SettingsModalEmitted,
  type SettingsModalEvent,
  type SettingsPayload,
} from '../../machines/settings/settingsModalMachine';

/**
 * Path coverage of the settings modals with xstate/graph: each of the four modals is opened, cancelled, sent with its
 * own payload (and with another modal's, which must be ignored), and each send ends in success, a refusal with the
 * server's message, or no answer. The send outcome is modelled as `xstate.done.actor.sendSettingsForm` /
 * `xstate.error.actor.sendSettingsForm` and the 200 ms close as its `xstate.after` event. Every generated path is
 * replayed on a real actor whose `sendSettingsForm` is a deferred fake and whose close delay is 0, checking value and
 * context after each step, what was sent, and what was emitted for the toasts.
 */

const PAYLOADS: Record<SettingsForm, SettingsPayload> = {
  name: { form: 'name', first_name: 'Helena', last_name: 'Duarte' },
  nickname: { form: 'nickname', nickname: 'Dra. Helena' },
  password: { form: 'password', password: 'Antiga@2026', new_password: 'Nova@20260' },
  invite: { form: 'invite', first_name: 'Marta', last_name: 'Lima', email: 'marta@exemplo.com.br' },
};
const OTHER: Record<SettingsForm, SettingsForm> = { name: 'invite', nickname: 'name', password: 'nickname', invite: 'password' };
const REFUSAL = new SettingsSendError(['Senha atual incorreta.']);
const UNREACHABLE = new TypeError('Failed to fetch');
const AFTER_SENT = 'xstate.after.modalCloseDelay.settingsModal.sent';
const AFTER_REFUSED = 'xstate.after.modalCloseDelay.settingsModal.refused';

type ModelEvent =
  | SettingsModalEvent
  | { type: 'xstate.done.actor.sendSettingsForm'; output: undefined }
  | { type: 'xstate.error.actor.sendSettingsForm'; error: unknown }
  | { type: typeof AFTER_SENT }
  | { type: typeof AFTER_REFUSED };

const labels = new Map<object, string>();
function labelled(event: ModelEvent, label: string): ModelEvent {
  labels.set(event, label);
  return event;
}

const OPEN = SETTINGS_FORMS.map((form) => labelled({ type: 'settings.open', form }, `open ${form}`));
const SUBMIT_OWN = Object.fromEntries(
  SETTINGS_FORMS.map((form) => [form, labelled({ type: 'settings.submit', payload: PAYLOADS[form] }, 'submit')]),
) as Record<SettingsForm, ModelEvent>;
const SUBMIT_OTHER = Object.fromEntries(
  SETTINGS_FORMS.map((form) => [
    form,
    labelled({ type: 'settings.submit', payload: PAYLOADS[OTHER[form]] }, `submit (${OTHER[form]} payload)`),
  ]),
) as Record<SettingsForm, ModelEvent>;
const CANCEL = labelled({ type: 'settings.cancel' }, 'cancel');
const OUTCOMES = [
  labelled({ type: 'xstate.done.actor.sendSettingsForm', output: undefined }, 'server ok'),
  labelled({ type: 'xstate.error.actor.sendSettingsForm', error: REFUSAL }, 'server refused'),
  labelled({ type: 'xstate.error.actor.sendSettingsForm', error: UNREACHABLE }, 'server unreachable'),
];
const CLOSE_SENT = labelled({ type: AFTER_SENT }, '200 ms later');
const CLOSE_REFUSED = labelled({ type: AFTER_REFUSED }, '200 ms later');

type Snapshot = SnapshotFrom<typeof settingsModalMachine>;
type Path = StatePath<Snapshot, SettingsModalEvent>;

function eventsOf(state: Snapshot): ModelEvent[] {
  const form = state.context.form;
  switch (valueLabel(state.value)) {
    case 'closed':
      return OPEN;
    case 'editing':
      return form ? [SUBMIT_OWN[form], SUBMIT_OTHER[form], CANCEL] : [];
    case 'sending':
      return OUTCOMES;
    case 'sent':
      return [CLOSE_SENT];
    case 'refused':
      return [CLOSE_REFUSED];
    default:
      return [];
  }
}

// The graph only knows the machine's own event types; done/error/after are its invoke and delay outcomes.
const events = (state: Snapshot) => eventsOf(state) as unknown as SettingsModalEvent[];

function pathName(path: Path): string {
  const steps = path.steps.slice(1).map((s) => labels.get(s.event) ?? s.event.type);
  return `${['start', ...steps].join(' → ')} ⇒ ${valueLabel(path.state.value)} (${path.state.context.form ?? 'none'})`;
}

function createSut() {
  let pending: { resolve(): void; reject(reason: unknown): void } | null = null;
  const sent: SettingsPayload[] = [];
  const emitted: SettingsModalEmitted[] = [];
  const machine = settingsModalMachine.provide({
    actors: {
      sendSettingsForm: fromPromise<void, SettingsPayload>(
        ({ input }) =>
          new Promise<void>((resolve, reject) => {
            sent.push(input);
            pending = { resolve, reject };
          }),
      ),
    },
    delays: { modalCloseDelay: 0 },
  });
  const actor = createActor(machine);
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  async function exec(event: ModelEvent): Promise<void> {
    if (event.type === 'xstate.done.actor.sendSettingsForm' || event.type === 'xstate.error.actor.sendSettingsForm') {
      if (!pending) throw new Error('no pending send');
      const settle = pending;
      pending = null;
      if (event.type === 'xstate.done.actor.sendSettingsForm') settle.resolve();
      else settle.reject(event.error);
    } else if (event.type !== AFTER_SENT && event.type !== AFTER_REFUSED) {
      actor.send(event);
    }
    // The close delay is 0 here: one macrotask lets the timer fire.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return { actor, exec, sent, emitted };
}

/** The form a path last opened. */
function lastOpened(path: Path): SettingsForm | null {
  const opens = path.steps.filter((s) => s.event.type === 'settings.open');
  const last = opens.at(-1)?.event;
  return last && last.type === 'settings.open' ? last.form : null;
}

function expectPlausible(path: Path, sut: ReturnType<typeof createSut>, last: ModelEvent) {
  const snapshot = sut.actor.getSnapshot();
  const label = valueLabel(snapshot.value);
  const opened = lastOpened(path);
  // Only the open modal's own payload is ever sent, once per accepted submit.
  const accepted = path.steps.filter((s) => labels.get(s.event) === 'submit').length;
  expect(sut.sent).toHaveLength(accepted);
  for (const payload of sut.sent) expect(payload).toEqual(PAYLOADS[payload.form]);
  if (label === 'closed') expect(snapshot.context).toEqual({ form: null, messages: [] });
  else expect(snapshot.context.form).toBe(opened);
  // Each settled send emitted exactly one outcome, for the toasts.
  const settled = path.steps.filter((s) => /^xstate\.(done|error)\.actor/.test(String(s.event.type))).length;
  expect(sut.emitted).toHaveLength(settled);
  if (last.type === 'xstate.done.actor.sendSettingsForm') {
    expect(label).toBe('sent');
    expect(sut.emitted.at(-1)).toEqual({ type: 'settings.sent', form: opened });
  }
  if (last.type === 'xstate.error.actor.sendSettingsForm') {
    expect(label).toBe(opened === 'invite' ? 'refused' : 'editing');
    const messages = last.error === REFUSAL ? REFUSAL.messages : [];
    expect(snapshot.context.messages).toEqual(messages);
    expect(sut.emitted.at(-1)).toEqual({ type: 'settings.failed', form: opened, messages });
  }
  if (last.type === 'settings.cancel') expect(label).toBe('closed');
}

describe('settingsModalMachine (model)', () => {
  const paths = transitionPaths(settingsModalMachine, { events }, pathName);

  it.each(paths.map((path) => [pathName(path), path] as const))('%s', async (_name, path) => {
    const sut = createSut();
    const last = await replayPath<ModelEvent>(path, sut);
    expectPlausible(path, sut, last);
  });

  it('reaches every state node of the machine', () => {
    for (const node of stateNodeValues(settingsModalMachine)) {
      expect(paths.some((p) => p.state.matches(node.value as never)), node.id).toBe(true);
    }
  });

  it('reaches the failure of every modal, and `refused` only for the invite', () => {
    const failedEditing = paths.filter((p) => p.state.matches('editing') && p.state.context.messages.length > 0);
    expect(new Set(failedEditing.map((p) => p.state.context.form))).toEqual(new Set(['name', 'nickname', 'password']));
    const refused = paths.filter((p) => p.state.matches('refused'));
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((p) => p.state.context.form === 'invite')).toBe(true);
  });

  it('generates a bounded, non-trivial set of paths', () => {
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.length).toBeLessThan(200);
  });
});
