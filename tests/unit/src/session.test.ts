// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import type { Profile } from '../../../machines/session/sessionMachine';

/**
 * The real session wiring: src/features/session/{session,actors}.ts + src/api/client.ts against a
 * fake fetch (an in-memory OAuth server and two API routes) and jsdom's localStorage. Every test
 * loads fresh module instances (the session actor starts on import and restores from storage).
 */

// The client uses baseUrl '' (same origin). jsdom's Request cannot resolve a relative URL, the
// browser's can: resolve against the page so openapi-fetch can build its requests.
const NativeRequest = globalThis.Request;
class SameOriginRequest extends NativeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' && input.startsWith('/') ? new URL(input, window.location.href) : input, init);
  }
}
globalThis.Request = SameOriginRequest as typeof Request;

const medic: Profile = { type: 'medic', user: { id: 1, first_name: 'Ana', last_name: 'Souza' } };

type Call = { method: string; path: string; auth: string | null; contentType: string | null; body: string };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** An in-memory server: valid access token, rotating refresh tokens, and how /auth/token behaves. */
function createServer() {
  const server = {
    calls: [] as Call[],
    validToken: 't1',
    /** refresh token → the pair it rotates to */
    rotations: new Map<string, { access_token: string; refresh_token: string }>([
      ['r1', { access_token: 't2', refresh_token: 'r2' }],
    ]),
    passwordGrant: (_form: URLSearchParams): Response =>
      json(200, { access_token: 'tA', refresh_token: 'rA', token_type: 'Bearer', expires_in: 3600 }),
    profileResponse: (): Response => json(200, medic),
    offline: false,
    /** path → a promise the answer waits for */
    gates: new Map<string, Promise<void>>(),
    callsTo(path: string) {
      return server.calls.filter((c) => c.path === path);
    },
  };

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const call: Call = {
      method: request.method,
      path: url.pathname,
      auth: request.headers.get('Authorization'),
      contentType: request.headers.get('Content-Type'),
      body: await request.text(),
    };
    server.calls.push(call);
    if (server.offline) throw new TypeError('Failed to fetch');
    const gate = server.gates.get(call.path);
    if (gate) {
      server.gates.delete(call.path);
      await gate;
    }
    const bearerOk = call.auth === `Bearer ${server.validToken}`;
    if (call.path === '/auth/token') {
      const form = new URLSearchParams(call.body);
      if (form.get('grant_type') === 'password') return server.passwordGrant(form);
      const next = server.rotations.get(form.get('refresh_token') ?? '');
      if (!next) return json(400, { error: 'invalid_grant', error_description: 'Sessão expirada. Entre novamente.' });
      server.rotations.delete(form.get('refresh_token') ?? '');
      server.validToken = next.access_token;
      return json(200, { ...next, token_type: 'Bearer', expires_in: 3600 });
    }
    if (call.path === '/auth/revoke') return new Response(null, { status: 200 });
    if (call.path === '/project_auth/profile/') {
      return call.auth === 'Bearer tA' || bearerOk ? server.profileResponse() : json(401, { error: ['x'] });
    }
    if (!bearerOk) return json(401, { error: ['Sessão expirada. Entre novamente.'] });
    if (call.path === '/surgery/api/v1/create_surgery/') return json(201, { id: 42, echo: JSON.parse(call.body) });
    return json(200, { results: [] });
  }
  return { server, fetch: vi.fn(handle) };
}

/** A Web Locks stand-in: one queue per name, callbacks run one after another. */
function installLocks() {
  const tails = new Map<string, Promise<unknown>>();
  const request = vi.fn((name: string, callback: () => Promise<unknown>) => {
    const run = (tails.get(name) ?? Promise.resolve()).then(() => callback());
    tails.set(name, run.catch(() => undefined));
    return run;
  });
  Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
  return request;
}

function store(token: string, refreshToken: string, profile: Profile = medic) {
  localStorage.setItem('profile', JSON.stringify(profile));
  localStorage.setItem('refresh_token', refreshToken);
  localStorage.setItem('token', token);
}

function storageEvent(key: string | null) {
  window.dispatchEvent(new StorageEvent('storage', { key, storageArea: localStorage }));
}

let loaded: Array<{ disposeSession(): void }> = [];

async function load() {
  vi.resetModules();
  const session = await import('../../../src/lib/session/session');
  const client = await import('../../../src/api/client');
  const actors = await import('../../../src/lib/session/actors');
  loaded.push(session);
  const reload = vi.spyOn(actors.browserPage, 'reload').mockImplementation(() => {});
  return { ...session, ...client, actors, reload };
}

let server: ReturnType<typeof createServer>['server'];

beforeEach(() => {
  localStorage.clear();
  const fake = createServer();
  server = fake.server;
  vi.stubGlobal('fetch', fake.fetch);
});

afterEach(() => {
  for (const session of loaded) session.disposeSession();
  loaded = [];
  Reflect.deleteProperty(navigator, 'locks');
  vi.unstubAllGlobals();
});

describe('session restore and the bearer middleware', () => {
  it('restores the stored session and sends its token', async () => {
    store('t1', 'r1');
    const s = await load();
    expect(await s.waitForSignedInOrOut()).toEqual(medic);
    expect(s.getProfile()).toEqual(medic);
    const { data } = await s.api.GET('/surgery/api/v1/surgery/');
    expect(data).toEqual({ results: [] });
    expect(server.calls).toEqual([expect.objectContaining({ auth: 'Bearer t1', path: '/surgery/api/v1/surgery/' })]);
  });

  it('is signed out when nothing is stored, and sends no token (nor refreshes) then', async () => {
    const s = await load();
    expect(await s.waitForSignedInOrOut()).toBeNull();
    expect(s.getProfile()).toBeNull();
    const { response } = await s.api.GET('/surgery/api/v1/surgery/');
    expect(response.status).toBe(401);
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]?.auth).toBeNull();
  });

  it('ignores a stored token without a readable profile', async () => {
    localStorage.setItem('token', 't1');
    localStorage.setItem('refresh_token', 'r1');
    localStorage.setItem('profile', '{not json');
    const s = await load();
    expect(await s.waitForSignedInOrOut()).toBeNull();
  });

  it('authApi has no middleware: no bearer header', async () => {
    store('t1', 'r1');
    const s = await load();
    await s.waitForSignedInOrOut();
    await s.authApi.GET('/project_auth/api/v1/list_specialty/');
    expect(server.calls[0]?.auth).toBeNull();
  });
});

describe('refresh on 401', () => {
  it('refreshes once and retries the saved request (body included) with the new token', async () => {
    store('t1', 'r1');
    server.validToken = 't2-not-yet'; // t1 has expired
    server.rotations.set('r1', { access_token: 't2-not-yet', refresh_token: 'r2' });
    const s = await load();
    await s.waitForSignedInOrOut();
    const body = {
      cid: [1],
      procedure: [2],
      patient: 3,
      hospital: 4,
      health_plan: null,
      fees_payments: 1500.5,
      surgery_note: 'nota',
      opme: false,
      payment_fountains: 'particular',
    };
    const { data, response } = await s.api.POST('/surgery/api/v1/create_surgery/', { body } as never);
    expect(response.status).toBe(201);
    expect(data).toMatchObject({ id: 42, echo: body });
    expect(server.calls.map((c) => `${c.method} ${c.path} ${c.auth ?? ''}`)).toEqual([
      'POST /surgery/api/v1/create_surgery/ Bearer t1',
      'POST /auth/token ',
      'POST /surgery/api/v1/create_surgery/ Bearer t2-not-yet',
    ]);
    const refresh = new URLSearchParams(server.callsTo('/auth/token')[0]?.body);
    expect(Object.fromEntries(refresh)).toEqual({
      grant_type: 'refresh_token',
      client_id: 'cirurgias-web',
      client_secret: 'cirurgias-web-secret',
      refresh_token: 'r1',
    });
    expect(server.callsTo('/auth/token')[0]?.contentType).toBe('application/x-www-form-urlencoded');
    expect(localStorage.getItem('token')).toBe('t2-not-yet');
    expect(localStorage.getItem('refresh_token')).toBe('r2');
    expect(JSON.parse(localStorage.getItem('profile') ?? 'null')).toEqual(medic);
    expect(s.sessionActor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
  });

  it('concurrent 401s share one refresh', async () => {
    store('t1', 'r1');
    server.validToken = 't2';
    const s = await load();
    await s.waitForSignedInOrOut();
    const results = await Promise.all([
      s.api.GET('/surgery/api/v1/surgery/'),
      s.api.GET('/surgery/api/v1/healthplan/'),
      s.api.GET('/surgery/api/v1/hospital/'),
    ]);
    expect(results.map((r) => r.response.status)).toEqual([200, 200, 200]);
    expect(server.callsTo('/auth/token')).toHaveLength(1);
    expect(server.calls.filter((c) => c.auth === 'Bearer t2')).toHaveLength(3);
  });

  it('a late 401 for a token already replaced is retried with the current token, without refreshing again', async () => {
    store('t1', 'r1');
    server.validToken = 't2'; // t1 has expired
    let releaseSlow!: () => void;
    server.gates.set('/surgery/api/v1/cid/', new Promise<void>((resolve) => (releaseSlow = resolve)));
    const s = await load();
    await s.waitForSignedInOrOut();
    const slow = s.api.GET('/surgery/api/v1/cid/'); // sent with t1, answered later
    const fast = await s.api.GET('/surgery/api/v1/surgery/'); // 401 → refresh → t2
    expect(fast.response.status).toBe(200);
    releaseSlow();
    expect((await slow).response.status).toBe(200);
    expect(server.callsTo('/auth/token')).toHaveLength(1);
    expect(server.callsTo('/surgery/api/v1/cid/').map((c) => c.auth)).toEqual(['Bearer t1', 'Bearer t2']);
  });

  it('a refused refresh goes to failed: clears the storage, reloads the page, returns the 401', async () => {
    store('t1', 'r1');
    server.validToken = 't-other';
    server.rotations.clear();
    const s = await load();
    await s.waitForSignedInOrOut();
    const { response, error } = await s.api.GET('/surgery/api/v1/surgery/');
    expect(response.status).toBe(401);
    expect(error).toEqual({ error: ['Sessão expirada. Entre novamente.'] });
    expect(s.sessionActor.getSnapshot().matches('failed')).toBe(true);
    expect(s.reload).toHaveBeenCalledTimes(1);
    expect([localStorage.getItem('token'), localStorage.getItem('refresh_token'), localStorage.getItem('profile')]).toEqual([
      null,
      null,
      null,
    ]);
  });
});

describe('cross-tab refresh', () => {
  it('runs the refresh under the session-refresh lock', async () => {
    const locks = installLocks();
    store('t1', 'r1');
    server.validToken = 't2';
    const s = await load();
    await s.waitForSignedInOrOut();
    await s.api.GET('/surgery/api/v1/surgery/');
    expect(locks).toHaveBeenCalledWith('session-refresh', expect.any(Function));
    expect(server.callsTo('/auth/token')).toHaveLength(1);
  });

  it('adopts the tokens another tab refreshed while this one waited for the lock, without calling the server', async () => {
    const locks = installLocks();
    store('t1', 'r1');
    const s = await load();
    await s.waitForSignedInOrOut();

    // The other tab holds the lock and is refreshing r1 itself.
    let releaseOtherTab!: () => void;
    void locks('session-refresh', () => new Promise<void>((resolve) => (releaseOtherTab = resolve)));

    server.validToken = 't2';
    server.rotations.clear(); // r1 must not be spent again (reuse detection would revoke the family)
    const pending = s.api.GET('/surgery/api/v1/surgery/');
    await waitFor(s.sessionActor, (snap) => snap.matches({ signedIn: 'refreshing' }));

    // The other tab stores its new pair and releases the lock (its storage event may come later).
    store('t2', 'r2');
    releaseOtherTab();

    const { response } = await pending;
    expect(response.status).toBe(200);
    expect(server.callsTo('/auth/token')).toHaveLength(0);
    expect(server.calls.at(-1)?.auth).toBe('Bearer t2');
    expect(s.sessionActor.getSnapshot().context).toMatchObject({ token: 't2', refreshToken: 'r2' });
  });

  it('adopts without locks too (browsers without navigator.locks)', async () => {
    store('t1', 'r1');
    const s = await load();
    await s.waitForSignedInOrOut();
    localStorage.setItem('refresh_token', 'r2');
    localStorage.setItem('token', 't2');
    server.validToken = 't2';
    server.rotations.clear();
    const { response } = await s.api.GET('/surgery/api/v1/surgery/');
    expect(response.status).toBe(200);
    expect(server.callsTo('/auth/token')).toHaveLength(0);
  });

  it('uses the pair another tab hands over on the channel, though localStorage still shows the old one', async () => {
    store('t1', 'r1');
    const s = await load();
    await s.waitForSignedInOrOut();
    const otherTab = new BroadcastChannel('session-tokens');
    otherTab.postMessage({ from: 'r1', tokens: { token: 't2', refreshToken: 'r2' } });
    await waitFor(s.sessionActor, (snap) => snap.context.token === 't2');
    otherTab.close();
    server.validToken = 't2';
    server.rotations.clear(); // r1 must never be spent again
    const { response } = await s.api.GET('/surgery/api/v1/surgery/');
    expect(response.status).toBe(200);
    expect(server.callsTo('/auth/token')).toHaveLength(0);
    expect(s.sessionActor.getSnapshot().context).toMatchObject({ token: 't2', refreshToken: 'r2' });
  });

  it('never spends a refresh token another tab already rotated, even when the stored pair is stale', async () => {
    installLocks();
    store('t1', 'r1');
    const s = await load();
    await s.waitForSignedInOrOut();
    // The other tab's rotation r1 → r2 → r3 reached this tab; its localStorage read still says r1.
    s.actors.rememberRotation({ from: 'r1', tokens: { token: 't2', refreshToken: 'r2' } });
    s.actors.rememberRotation({ from: 'r2', tokens: { token: 't3', refreshToken: 'r3' } });
    server.validToken = 't3';
    server.rotations.clear();
    const { response } = await s.api.GET('/surgery/api/v1/surgery/');
    expect(response.status).toBe(200);
    expect(server.callsTo('/auth/token')).toHaveLength(0);
    expect(s.sessionActor.getSnapshot().context).toMatchObject({ token: 't3', refreshToken: 'r3' });
  });

  it('hands its own rotation to the other tabs on the channel before storing it', async () => {
    installLocks();
    store('t1', 'r1');
    server.validToken = 't2';
    const otherTab = new BroadcastChannel('session-tokens');
    const received = new Promise<unknown>((resolve) => otherTab.addEventListener('message', (e) => resolve(e.data)));
    const s = await load();
    await s.waitForSignedInOrOut();
    await s.api.GET('/surgery/api/v1/surgery/');
    expect(await received).toEqual({ from: 'r1', tokens: { token: 't2', refreshToken: 'r2' } });
    otherTab.close();
  });

  it('follows a storage event: tokens refreshed in another tab are used here', async () => {
    store('t1', 'r1');
    const s = await load();
    await s.waitForSignedInOrOut();
    store('t3', 'r3');
    storageEvent('token');
    server.validToken = 't3';
    await s.api.GET('/surgery/api/v1/surgery/');
    expect(server.calls[0]?.auth).toBe('Bearer t3');
    expect(server.callsTo('/auth/token')).toHaveLength(0);
  });

  it('follows a storage event: signed out in another tab → signed out here', async () => {
    store('t1', 'r1');
    const s = await load();
    await s.waitForSignedInOrOut();
    localStorage.clear();
    storageEvent(null);
    expect(s.sessionActor.getSnapshot().matches('signedOut')).toBe(true);
    expect(s.getProfile()).toBeNull();
    expect(server.callsTo('/auth/revoke')).toHaveLength(0);
  });

  it('ignores storage events of other keys', async () => {
    store('t1', 'r1');
    const s = await load();
    await s.waitForSignedInOrOut();
    localStorage.setItem('wizard_loaded_at', '1');
    localStorage.removeItem('token'); // not announced: only a foreign key changes
    storageEvent('wizard_loaded_at');
    expect(s.sessionActor.getSnapshot().matches('signedIn')).toBe(true);
  });
});

describe('sign in and sign out', () => {
  it('signs in with the password grant, reads the profile and stores the session', async () => {
    const s = await load();
    const { result } = renderHook(() => s.useSession());
    await act(() => s.waitForSignedInOrOut());
    expect(result.current.status).toBe('signedOut');

    act(() => result.current.signIn('ana@clinica.com.br', 'segredo123'));
    expect(result.current.status).toBe('signingIn');
    const profile = await act(() => s.waitForSignedInOrOut());
    expect(profile).toEqual(medic);
    expect(result.current).toMatchObject({ status: 'signedIn', profile: medic, errors: [] });

    const [token, me] = server.calls;
    expect(token?.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(token?.body))).toEqual({
      grant_type: 'password',
      client_id: 'cirurgias-web',
      client_secret: 'cirurgias-web-secret',
      username: 'ana@clinica.com.br',
      password: 'segredo123',
    });
    expect(me).toMatchObject({ method: 'GET', path: '/project_auth/profile/', auth: 'Bearer tA' });
    expect(localStorage.getItem('token')).toBe('tA');
    expect(localStorage.getItem('refresh_token')).toBe('rA');
    expect(JSON.parse(localStorage.getItem('profile') ?? 'null')).toEqual(medic);
  });

  it('shows the OAuth error_description of a refused sign-in', async () => {
    server.passwordGrant = () =>
      json(400, { error: 'invalid_grant', error_description: 'Usuário ou senha inválidos.' });
    const s = await load();
    const { result } = renderHook(() => s.useSession());
    await act(() => s.waitForSignedInOrOut());
    act(() => result.current.signIn('ana@clinica.com.br', 'errada'));
    await act(() => s.waitForSignedInOrOut());
    expect(result.current).toMatchObject({ status: 'signedOut', profile: null, errors: ['Usuário ou senha inválidos.'] });
    expect(localStorage.getItem('token')).toBeNull();
  });

  it.each([
    ['an error list', () => json(400, { error: ['Primeira.', 'Segunda.'] }), ['Primeira.', 'Segunda.']],
    ['a non_field_errors list', () => json(400, { non_field_errors: ['Conta inativa.'] }), ['Conta inativa.']],
    ['other data', () => json(500, { detail: 'boom' }), ['Ocorreu um erro interno!']],
    ['a non-JSON body', () => new Response('<html>502</html>', { status: 502 }), ['Ocorreu um erro interno!']],
  ])('maps %s to its warnings', async (_, response, messages) => {
    server.passwordGrant = response;
    const { actors } = await load();
    await expect(actors.signIn({ username: 'a@b.com', password: 'x' })).rejects.toMatchObject({ messages });
  });

  it("maps no response to 'Ocorreu um erro, tente novamente!'", async () => {
    server.offline = true;
    const { actors } = await load();
    await expect(actors.signIn({ username: 'a@b.com', password: 'x' })).rejects.toMatchObject({
      messages: ['Ocorreu um erro, tente novamente!'],
    });
  });

  it('a failed profile read fails the sign-in and revokes the fresh tokens', async () => {
    server.profileResponse = () => json(500, { error: ['Ocorreu um erro interno!'] });
    const { actors } = await load();
    await expect(actors.signIn({ username: 'a@b.com', password: 'x' })).rejects.toMatchObject({
      messages: ['Ocorreu um erro interno!'],
    });
    await vi.waitFor(() => expect(server.callsTo('/auth/revoke')).toHaveLength(1));
  });

  it('signs out: clears the storage and revokes the refresh token (best effort)', async () => {
    store('t1', 'r1');
    const s = await load();
    const { result } = renderHook(() => s.useSession());
    await act(() => s.waitForSignedInOrOut());
    act(() => result.current.signOut());
    expect(result.current).toMatchObject({ status: 'signedOut', profile: null });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('profile')).toBeNull();
    await vi.waitFor(() => expect(server.callsTo('/auth/revoke')).toHaveLength(1));
    expect(Object.fromEntries(new URLSearchParams(server.callsTo('/auth/revoke')[0]?.body))).toEqual({
      token: 'r1',
      token_type_hint: 'refresh_token',
      client_id: 'cirurgias-web',
      client_secret: 'cirurgias-web-secret',
    });
  });

  it('form drafts: the signed-in user owns them; signing out drops every draft of the tab', async () => {
    sessionStorage.clear();
    store('t1', 'r1');
    const s = await load();
    const drafts = await import('../../../src/lib/drafts/draftStore');
    await s.waitForSignedInOrOut();
    expect(drafts.draftKeyOf('patient/new')).toBe('draft:1:patient/new');
    sessionStorage.setItem('draft:1:patient/new', '{"nome_completo":"Maria"}');
    sessionStorage.setItem('draft:1:surgery/4/agendamento', '{"schedule_note":"x"}');
    s.sessionActor.send({ type: 'session.signOut' });
    expect(Object.keys(sessionStorage).filter((key) => key.startsWith('draft:'))).toEqual([]);
    expect(drafts.draftKeyOf('patient/new')).toBeNull();
  });

  it('form drafts: signed out in another tab drops them here too; another user signing in drops the previous one\'s', async () => {
    sessionStorage.clear();
    store('t1', 'r1');
    const s = await load();
    await s.waitForSignedInOrOut();
    sessionStorage.setItem('draft:1:patient/new', '{}');
    localStorage.clear();
    storageEvent('token');
    expect(s.sessionActor.getSnapshot().matches('signedOut')).toBe(true);
    expect(sessionStorage.getItem('draft:1:patient/new')).toBeNull();

    // A session that expired keeps its drafts for the next sign-in; someone else signing in drops them.
    sessionStorage.setItem('draft:1:patient/new', '{}');
    sessionStorage.setItem('draft:2:patient/new', '{}');
    server.profileResponse = () => json(200, { ...medic, user: { ...medic.user, id: 2 } });
    s.sessionActor.send({ type: 'session.signIn', username: 'bia@clinica.com.br', password: 'x' });
    await s.waitForSignedInOrOut();
    expect(sessionStorage.getItem('draft:1:patient/new')).toBeNull();
    expect(sessionStorage.getItem('draft:2:patient/new')).toBe('{}');
  });

  it('signing out still works when the revoke call fails', async () => {
    store('t1', 'r1');
    server.offline = true;
    const s = await load();
    await s.waitForSignedInOrOut();
    s.sessionActor.send({ type: 'session.signOut' });
    await vi.waitFor(() => expect(server.callsTo('/auth/revoke')).toHaveLength(1));
    expect(s.sessionActor.getSnapshot().matches('signedOut')).toBe(true);
  });

  it("reports 'refreshing' as its own status", async () => {
    store('t1', 'r1');
    let answerRefresh!: () => void;
    server.gates.set('/auth/token', new Promise<void>((resolve) => (answerRefresh = resolve)));
    const s = await load();
    const { result } = renderHook(() => s.useSession());
    await act(() => s.waitForSignedInOrOut());
    act(() => s.sessionActor.send({ type: 'session.refresh' }));
    expect(result.current.status).toBe('refreshing');
    expect(result.current.profile).toEqual(medic);
    await act(async () => {
      answerRefresh();
      await waitFor(s.sessionActor, (snap) => snap.matches({ signedIn: 'idle' }));
    });
    expect(result.current.status).toBe('signedIn');
  });
});

describe('reloadProfileFromServer (page load)', () => {
  it('re-reads the profile, refreshing a token that expired while the page was closed', async () => {
    const renamed: Profile = { type: 'medic', user: { id: 1, first_name: 'Ana Paula', last_name: 'Souza' } };
    store('t1', 'r1');
    server.validToken = 't2'; // t1 expired
    server.profileResponse = () => json(200, renamed);
    const s = await load();
    await s.reloadProfileFromServer();
    expect(server.calls.map((c) => `${c.method} ${c.path} ${c.auth ?? ''}`)).toEqual([
      'GET /project_auth/profile/ Bearer t1',
      'POST /auth/token ',
      'GET /project_auth/profile/ Bearer t2',
    ]);
    expect(s.getProfile()).toEqual(renamed);
    expect(JSON.parse(localStorage.getItem('profile') ?? 'null')).toEqual(renamed);
    expect(localStorage.getItem('token')).toBe('t2');
  });

  it('does nothing when nobody is signed in', async () => {
    const s = await load();
    await s.reloadProfileFromServer();
    expect(server.calls).toEqual([]);
  });
});
