import { afterEach, describe, expect, it, vi } from 'vitest';

// The client uses baseUrl '' (same origin) and captures Request when it is created: resolve relative URLs first.
vi.hoisted(() => {
  const NativeRequest = globalThis.Request;
  class SameOriginRequest extends NativeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' && input.startsWith('/') ? new URL(input, 'http://localhost:3000') : input, init);
    }
  }
  globalThis.Request = SameOriginRequest as typeof Request;
});

// The session module starts the app's session actor when loaded; only its profile re-read matters here.
const session = vi.hoisted(() => ({ reloadProfileFromServer: vi.fn(async () => {}) }));
vi.mock('../../../../src/lib/session/session', () => session);

import { getSettings, isSettingsShape, removeSecretary, sendSettings } from '../../../../src/features/settings/actors';
import { SettingsSendError } from '../../../../machines/settings/settingsModalMachine';

type Seen = { method: string; path: string; body: unknown };

function answer(status: number, body?: unknown) {
  const seen: Seen[] = [];
  const fetch = vi.fn(async (request: Request) => {
    const text = await request.text();
    seen.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : null });
    return body === undefined
      ? new Response(null, { status })
      : new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return seen;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('settings actors', () => {
  it('sends each modal to its endpoint with SPEC §3’s payload', async () => {
    const seen = answer(200, { message: 'ok' });
    await sendSettings({ form: 'nickname', nickname: null });
    await sendSettings({ form: 'password', password: 'Antiga@2026', new_password: 'Nova@20260' });
    await sendSettings({ form: 'invite', first_name: 'Marta', last_name: 'Lima', email: 'marta@exemplo.com.br' });
    expect(seen).toEqual([
      { method: 'PUT', path: '/project_auth/api/v1/settings/', body: { nickname: null } },
      { method: 'POST', path: '/project_auth/api/v1/change_password/', body: { password: 'Antiga@2026', new_password: 'Nova@20260' } },
      {
        method: 'POST',
        path: '/project_auth/api/v1/create_secretary/',
        body: { first_name: 'Marta', last_name: 'Lima', email: 'marta@exemplo.com.br' },
      },
    ]);
    // The nickname greets the user (DECISIONS §14): saving it re-reads the profile, the password and invite do not.
    expect(session.reloadProfileFromServer).toHaveBeenCalledTimes(1);
  });

  it('re-reads the session profile after a name change, so the header follows', async () => {
    const seen = answer(200, {});
    await sendSettings({ form: 'name', first_name: 'Helena', last_name: 'Duarte' });
    expect(seen[0]).toEqual({
      method: 'PUT',
      path: '/project_auth/api/v1/settings/',
      body: { first_name: 'Helena', last_name: 'Duarte' },
    });
    expect(session.reloadProfileFromServer).toHaveBeenCalledTimes(1);
  });

  it('rejects a refusal with the server’s messages, and does not touch the profile', async () => {
    answer(400, { error: ['Senha atual incorreta.'] });
    const failure = sendSettings({ form: 'password', password: 'errada', new_password: 'Nova@20260' });
    await expect(failure).rejects.toBeInstanceOf(SettingsSendError);
    await expect(failure).rejects.toMatchObject({ messages: ['Senha atual incorreta.'] });
    answer(500, { error: ['Ocorreu um erro interno!'] });
    await expect(sendSettings({ form: 'name', first_name: 'A', last_name: 'B' })).rejects.toMatchObject({
      messages: ['Ocorreu um erro interno!'],
    });
    expect(session.reloadProfileFromServer).not.toHaveBeenCalled();
  });

  it('rejects with no messages when the server cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(sendSettings({ form: 'nickname', nickname: 'x' })).rejects.toMatchObject({ messages: [] });
  });

  it('removes a linked person with DELETE remove_secretary/{id}', async () => {
    const seen = answer(204);
    expect(await removeSecretary(12)).toBe(true);
    expect(seen[0]).toMatchObject({ method: 'DELETE', path: '/project_auth/api/v1/remove_secretary/12' });
    answer(404, { error: ['Secretária não encontrada.'] });
    expect(await removeSecretary(13)).toBe(false);
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await removeSecretary(14)).toBe(false);
  });

  it('reads the settings, and treats a body without the expected shape as a failed read', async () => {
    const settings = {
      first_name: 'Helena',
      last_name: 'Duarte',
      nickname: null,
      crm: '1234/SP',
      email: 'helena@clinica.com.br',
      image: null,
      secretary_set: [{ id: 4, email: 'marta@exemplo.com.br' }],
      invite_set: [],
    };
    answer(200, settings);
    expect(await getSettings()).toEqual({ kind: 'ok', value: settings });
    answer(200, { results: [] });
    expect(await getSettings()).toEqual({ kind: 'error' });
    answer(403, { error: ['Você não tem permissão para esta ação.'] });
    expect(await getSettings()).toEqual({ kind: 'error' });
    expect(isSettingsShape({ ...settings, secretary_set: null })).toBe(false);
    expect(isSettingsShape(null)).toBe(false);
  });
});
