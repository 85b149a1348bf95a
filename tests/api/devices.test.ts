/**
 * Signed-in devices (issue 35 item 4): each sign-in listed with the browser and system of its User-Agent, its
 * approximate last use and "this device"; ending one revokes its tokens and its signed file links at once, ending
 * the others keeps only the current one; another user's device is not found.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkSigner } from '../../server/services/files/signed-links';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery } from '../helpers/clinical-fixtures';
import { authHeader, createMedic, createSecretary, signIn, TEST_CLIENT, TEST_PASSWORD, tokenFamily, type SignedIn } from '../helpers/fixtures';

const LIST = '/project_auth/api/v1/devices/';
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

type Device = { id: string; browser: string; system: string; signed_in_at: string; last_used_at: string; current: boolean };

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ seedLookups: false });
});
afterAll(async () => {
  await t?.close();
});

function get(url: string, session: SignedIn, userAgent = CHROME_WINDOWS) {
  return t.app.inject({ method: 'GET', url, headers: { ...authHeader(session.access_token), 'user-agent': userAgent } });
}

async function devices(session: SignedIn, userAgent = CHROME_WINDOWS): Promise<Device[]> {
  const res = await get(LIST, session, userAgent);
  expect(res.statusCode).toBe(200);
  return (res.json() as { results: Device[] }).results;
}

const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/auth/token', payload: { grant_type: 'refresh_token', refresh_token: refreshToken, ...TEST_CLIENT } });

describe('GET devices/', () => {
  it('lists each sign-in with its browser, system and last use, this device first', async () => {
    const medic = await createMedic(t.deps);
    const desk = await signIn(t.app, medic.email, TEST_PASSWORD);
    await get('/project_auth/profile/', desk, CHROME_WINDOWS);
    t.clock.advance(30 * 60 * 1000);
    const phone = await signIn(t.app, medic.email, TEST_PASSWORD);
    await get('/project_auth/profile/', phone, SAFARI_IPHONE);
    t.clock.advance(10 * 60 * 1000);

    const seenFromDesk = await devices(desk);
    expect(seenFromDesk.map(({ browser, system, current }) => ({ browser, system, current }))).toEqual([
      { browser: 'Chrome', system: 'Windows', current: true },
      { browser: 'Safari', system: 'iPhone', current: false },
    ]);
    // The desk was just used again (listing counts): its last use moved; the phone's is when it was last seen.
    expect(seenFromDesk[0]!.last_used_at).toBe(t.clock.now.toISOString());
    expect(seenFromDesk[1]!.last_used_at).toBe(new Date(t.clock.now.getTime() - 10 * 60 * 1000).toISOString());

    const seenFromPhone = await devices(phone, SAFARI_IPHONE);
    expect(seenFromPhone[0]).toMatchObject({ browser: 'Safari', system: 'iPhone', current: true });
    expect(seenFromPhone.map((device) => device.id).sort()).toEqual(seenFromDesk.map((device) => device.id).sort());
  });

  it('shows a sign-in that made no request yet as an unknown browser', async () => {
    const medic = await createMedic(t.deps);
    const current = await signIn(t.app, medic.email, TEST_PASSWORD);
    await signIn(t.app, medic.email, TEST_PASSWORD);
    const list = await devices(current, FIREFOX_LINUX);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ browser: 'Firefox', system: 'Linux', current: true });
    expect(list[1]).toMatchObject({ browser: 'Navegador desconhecido', system: 'Sistema desconhecido', current: false });
  });

  // GET surgery by id checks its token in its own statement (issue 41): its use of a sign-in is noted all the same.
  it('notes a sign-in used only to open a case, and one that opened a case it may not see', async () => {
    const medic = await createMedic(t.deps);
    const current = await signIn(t.app, medic.email, TEST_PASSWORD);
    const phone = await signIn(t.app, medic.email, TEST_PASSWORD);
    const tablet = await signIn(t.app, medic.email, TEST_PASSWORD);
    const patient = await insertPatient(t.deps.db, medic.id, { nomeCompleto: 'Helena Duarte' });
    const surgery = await insertSurgery(t.deps.db, patient, {});
    expect((await get(`/surgery/api/v1/surgery/${surgery.id}/`, phone, SAFARI_IPHONE)).statusCode).toBe(200);
    expect((await get('/surgery/api/v1/surgery/987654/', tablet, FIREFOX_LINUX)).statusCode).toBe(404);
    const list = await devices(current);
    expect(list.map(({ browser, system }) => `${browser} ${system}`).sort()).toEqual(['Chrome Windows', 'Firefox Linux', 'Safari iPhone']);
  });

  it('needs a sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url: LIST })).statusCode).toBe(401);
  });
});

describe('DELETE devices/{id}/ and devices/others/', () => {
  it('ending a device revokes its access and refresh tokens and its signed links at once', async () => {
    const medic = await createMedic(t.deps);
    const desk = await signIn(t.app, medic.email, TEST_PASSWORD);
    const phone = await signIn(t.app, medic.email, TEST_PASSWORD);
    await get('/project_auth/profile/', phone, SAFARI_IPHONE);
    const signer = createLinkSigner({ db: t.deps.db, now: t.deps.now });
    const path = `/project_auth/api/v1/profile_photo/${medic.id}/00000000000000000000000000000000/`;
    const phoneLink = Object.fromEntries(new URL(await signer.sign(path, await tokenFamily(t.deps, phone.access_token)), 'http://x').searchParams);
    const deskLink = Object.fromEntries(new URL(await signer.sign(path, await tokenFamily(t.deps, desk.access_token)), 'http://x').searchParams);
    expect(await signer.verify(path, phoneLink)).not.toBeNull();

    const phoneDevice = (await devices(desk)).find((device) => !device.current)!;
    expect(phoneDevice.browser).toBe('Safari');
    const res = await t.app.inject({ method: 'DELETE', url: `${LIST}${phoneDevice.id}/`, headers: authHeader(desk.access_token) });
    expect(res.statusCode).toBe(204);

    expect((await get('/project_auth/profile/', phone)).statusCode).toBe(401);
    expect((await refresh(phone.refresh_token)).statusCode).toBe(400);
    expect(await signer.verify(path, phoneLink)).toBeNull();
    // This device goes on.
    expect(await signer.verify(path, deskLink)).not.toBeNull();
    expect((await devices(desk)).map((device) => device.current)).toEqual([true]);

    const again = await t.app.inject({ method: 'DELETE', url: `${LIST}${phoneDevice.id}/`, headers: authHeader(desk.access_token) });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: ['Dispositivo não encontrado.'] });
  });

  it("another user's device is not found, and stays signed in", async () => {
    const medic = await createMedic(t.deps);
    const secretary = await createSecretary(t.deps, { medicIds: [medic.id] });
    const asMedic = await signIn(t.app, medic.email, TEST_PASSWORD);
    const asSecretary = await signIn(t.app, secretary.email, TEST_PASSWORD);
    const hers = await tokenFamily(t.deps, asSecretary.access_token);
    const res = await t.app.inject({ method: 'DELETE', url: `${LIST}${hers}/`, headers: authHeader(asMedic.access_token) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: ['Dispositivo não encontrado.'] });
    expect((await get('/project_auth/profile/', asSecretary)).statusCode).toBe(200);
    const malformed = await t.app.inject({ method: 'DELETE', url: `${LIST}nao-e-um-id/`, headers: authHeader(asMedic.access_token) });
    expect(malformed.statusCode).toBe(404);
  });

  it('ending all the others keeps only this device', async () => {
    const medic = await createMedic(t.deps);
    const sessions = [];
    for (let i = 0; i < 3; i++) sessions.push(await signIn(t.app, medic.email, TEST_PASSWORD));
    const [current, ...others] = sessions as [SignedIn, ...SignedIn[]];
    const res = await t.app.inject({ method: 'DELETE', url: `${LIST}others/`, headers: authHeader(current.access_token) });
    expect(res.statusCode).toBe(204);
    for (const other of others) {
      expect((await get('/project_auth/profile/', other)).statusCode).toBe(401);
      expect((await refresh(other.refresh_token)).statusCode).toBe(400);
    }
    expect((await get('/project_auth/profile/', current)).statusCode).toBe(200);
    expect((await devices(current)).map((device) => device.current)).toEqual([true]);
  });
});
