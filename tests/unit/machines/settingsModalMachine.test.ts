import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { MODAL_CLOSE_DELAY_MS } from '../../../machines/constants';
import {
  messagesOfFailure,
  SettingsSendError,
  settingsModalMachine,
  type SettingsModalEmitted,
  type SettingsPayload,
} from '../../../machines/settings/settingsModalMachine';

const namePayload: SettingsPayload = { form: 'name', first_name: 'Helena', last_name: 'Duarte' };
const invitePayload: SettingsPayload = { form: 'invite', first_name: 'Marta', last_name: 'Lima', email: 'marta@exemplo.com.br' };
const passwordPayload: SettingsPayload = { form: 'password', password: 'Antiga@2026', new_password: 'Nova@20260' };

function start(send: (payload: SettingsPayload) => Promise<void> = async () => {}, closeDelay = 0) {
  const sendSettingsForm = vi.fn(send);
  const actor = createActor(
    settingsModalMachine.provide({
      actors: { sendSettingsForm: fromPromise(({ input }) => sendSettingsForm(input)) },
      delays: { modalCloseDelay: closeDelay },
    }),
  );
  const emitted: SettingsModalEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, sendSettingsForm, emitted };
}

describe('settingsModalMachine', () => {
  it('starts closed with no modal', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context).toEqual({ form: null, messages: [] });
  });

  it('opens the chosen modal and closes it on cancel without sending', () => {
    const { actor, sendSettingsForm } = start();
    actor.send({ type: 'settings.open', form: 'nickname' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.form).toBe('nickname');
    actor.send({ type: 'settings.cancel' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.form).toBeNull();
    expect(sendSettingsForm).not.toHaveBeenCalled();
  });

  it('sends the payload, emits settings.sent and closes after the delay', async () => {
    const { actor, sendSettingsForm, emitted } = start();
    actor.send({ type: 'settings.open', form: 'name' });
    actor.send({ type: 'settings.submit', payload: namePayload });
    expect(actor.getSnapshot().value).toBe('sending');
    await waitFor(actor, (s) => s.matches('sent'));
    expect(sendSettingsForm).toHaveBeenCalledWith(namePayload);
    expect(emitted).toEqual([{ type: 'settings.sent', form: 'name' }]);
    await waitFor(actor, (s) => s.matches('closed'));
    expect(actor.getSnapshot().context.form).toBeNull();
  });

  it('closes exactly SPEC §9’s 200 ms after a save', async () => {
    vi.useFakeTimers();
    try {
      const { actor } = start(async () => {}, MODAL_CLOSE_DELAY_MS);
      actor.send({ type: 'settings.open', form: 'nickname' });
      actor.send({ type: 'settings.submit', payload: { form: 'nickname', nickname: 'Dra. Helena' } });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().value).toBe('sent');
      await vi.advanceTimersByTimeAsync(MODAL_CLOSE_DELAY_MS - 1);
      expect(actor.getSnapshot().value).toBe('sent');
      await vi.advanceTimersByTimeAsync(1);
      expect(actor.getSnapshot().value).toBe('closed');
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a failed password modal open with the server’s message', async () => {
    const { actor, emitted } = start(async () => {
      throw new SettingsSendError(['Senha atual incorreta.']);
    });
    actor.send({ type: 'settings.open', form: 'password' });
    actor.send({ type: 'settings.submit', payload: passwordPayload });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context).toEqual({ form: 'password', messages: ['Senha atual incorreta.'] });
    expect(emitted).toEqual([{ type: 'settings.failed', form: 'password', messages: ['Senha atual incorreta.'] }]);
    // A new try clears the old message.
    actor.send({ type: 'settings.submit', payload: passwordPayload });
    expect(actor.getSnapshot().context.messages).toEqual([]);
  });

  it('reports no server message for a network failure', async () => {
    const { actor, emitted } = start(async () => {
      throw new TypeError('Failed to fetch');
    });
    actor.send({ type: 'settings.open', form: 'name' });
    actor.send({ type: 'settings.submit', payload: namePayload });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(emitted).toEqual([{ type: 'settings.failed', form: 'name', messages: [] }]);
  });

  it('closes the invite modal after a failure too (SPEC §8: either way)', async () => {
    const { actor, emitted } = start(async () => {
      throw new SettingsSendError(['Esta secretária já está vinculada a você.']);
    });
    actor.send({ type: 'settings.open', form: 'invite' });
    actor.send({ type: 'settings.submit', payload: invitePayload });
    await waitFor(actor, (s) => s.matches('refused'));
    expect(emitted).toEqual([
      { type: 'settings.failed', form: 'invite', messages: ['Esta secretária já está vinculada a você.'] },
    ]);
    await waitFor(actor, (s) => s.matches('closed'));
    expect(actor.getSnapshot().context).toEqual({ form: null, messages: [] });
  });

  it('ignores a payload of another modal and a cancel while sending', async () => {
    let finish: () => void = () => {};
    const { actor, sendSettingsForm } = start(() => new Promise<void>((resolve) => (finish = resolve)));
    actor.send({ type: 'settings.open', form: 'invite' });
    actor.send({ type: 'settings.submit', payload: namePayload });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(sendSettingsForm).not.toHaveBeenCalled();
    actor.send({ type: 'settings.submit', payload: invitePayload });
    actor.send({ type: 'settings.cancel' });
    actor.send({ type: 'settings.open', form: 'name' });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(actor.getSnapshot().context.form).toBe('invite');
    finish();
    await waitFor(actor, (s) => s.matches('closed'));
  });

  it('reads the messages of a duck-typed failure and drops the rest', () => {
    expect(messagesOfFailure(new SettingsSendError(['a', ' ', 'b']))).toEqual(['a', 'b']);
    expect(messagesOfFailure({ messages: ['x', 3] })).toEqual(['x']);
    expect(messagesOfFailure(new Error('boom'))).toEqual([]);
    expect(messagesOfFailure('boom')).toEqual([]);
  });
});
