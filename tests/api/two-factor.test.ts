import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { twoFactorRecoveryCodes, twoFactorSecrets } from '../../server/db/schema/index';
import { base32Decode, hotp, totpStep } from '../../server/services/auth/totp';
import { MFA_OTP_GRANT, MFA_RECOVERY_CODE_GRANT } from '../../server/routes/auth';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { authHeader, createMedic, createSecretary, signIn, TEST_CLIENT, TEST_PASSWORD, type TestAccount } from '../helpers/fixtures';

/**
 * Issue 35 item 3: two-factor sign-in (TOTP, RFC 6238) with the clock injected: enrolment, the second step of the
 * password grant (window ±1 step, a code never accepted twice, the mfa_token short-lived and single-use), recovery
 * codes used once, wrong codes counted by the sign-in guard like wrong passwords, and the medic's requirement for
 * his secretaries (enrolment at sign-in).
 */
let t: TestApp;
let delays: number[] = [];
let addressSeq = 0;
const nextAddress = () => `10.35.${Math.floor(++addressSeq / 250)}.${(addressSeq % 250) + 1}`;
const STEP_MS = 30_000;
const M = {
  mfaRequired: 'Informe o código do aplicativo autenticador.',
  enrolRequired: 'Seu médico exige a verificação em duas etapas. Configure-a para entrar.',
  wrongCode: 'Código inválido. Confira o código no aplicativo autenticador e tente novamente.',
  expired: 'A verificação expirou. Entre novamente.',
  tooMany: 'Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente.',
  wrongPassword: 'Senha atual incorreta.',
  requiredByMedic: 'Seu médico exige a verificação em duas etapas: ela não pode ser desativada.',
};

beforeAll(async () => {
  t = await buildTestApp({ seedLookups: false });
  // A step boundary, so "this step" and "the next" are exact.
  t.clock.now = new Date(Date.UTC(2026, 11, 2, 12, 0, 0));
});
beforeEach(() => {
  delays = [];
  t.deps.sleep = async (ms) => {
    delays.push(ms);
  };
});
afterAll(async () => {
  await t?.close();
});

type Enrolled = { account: TestAccount; secret: Buffer; recoveryCodes: string[]; headers: ReturnType<typeof authHeader> };

/** The code an authenticator app shows `offset` steps from the app's clock. */
function codeAt(secret: Buffer, offset = 0): string {
  return hotp(secret, totpStep(t.clock.now) + offset);
}

function token(payload: Record<string, unknown>, remoteAddress = '10.35.250.1', device?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/auth/token',
    payload: { ...TEST_CLIENT, ...payload },
    remoteAddress,
    ...(device ? { cookies: { cirurgias_device: device } } : {}),
  });
}
const passwordGrant = (email: string, password: string, address?: string, device?: string) =>
  token({ grant_type: 'password', username: email, password }, address, device);
const otpGrant = (mfaToken: string, otp: string, address?: string, device?: string) =>
  token({ grant_type: MFA_OTP_GRANT, mfa_token: mfaToken, otp }, address, device);
const recoveryGrant = (mfaToken: string, code: string, address?: string) =>
  token({ grant_type: MFA_RECOVERY_CODE_GRANT, mfa_token: mfaToken, recovery_code: code }, address);

async function mfaTokenOf(email: string, address?: string, device?: string): Promise<string> {
  const res = await passwordGrant(email, TEST_PASSWORD, address, device);
  expect(res.statusCode).toBe(400);
  const body = res.json();
  expect(body).toMatchObject({ error: 'mfa_required', error_description: M.mfaRequired, enrollment_required: false });
  expect(res.cookies.find((c) => c.name === 'cirurgias_device')).toBeUndefined();
  return body.mfa_token as string;
}

async function enrol(account: TestAccount): Promise<Enrolled> {
  const headers = authHeader((await signIn(t.app, account.email, TEST_PASSWORD)).access_token);
  const setup = await t.app.inject({ method: 'POST', url: '/project_auth/api/v1/two_factor/setup/', headers });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauth_uri: uri, qr_code: qr } = setup.json();
  expect(new URL(uri).searchParams.get('secret')).toBe(secret);
  expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
  expect(Buffer.from(qr.split(',')[1], 'base64').toString('utf8')).toContain('<svg');
  const key = base32Decode(secret)!;
  const confirm = await t.app.inject({
    method: 'POST',
    url: '/project_auth/api/v1/two_factor/confirm/',
    headers,
    payload: { otp: codeAt(key) },
  });
  expect(confirm.statusCode).toBe(200);
  const recoveryCodes = confirm.json().recovery_codes as string[];
  return { account, secret: key, recoveryCodes, headers };
}

function deviceOf(res: { cookies: Array<{ name: string; value: string }> }): string {
  const cookie = res.cookies.find((c) => c.name === 'cirurgias_device');
  if (!cookie) throw new Error('no device cookie');
  return cookie.value;
}

describe('enrolment', () => {
  it('confirms with a code of the QR code secret and gives ten distinct recovery codes once', async () => {
    const medic = await createMedic(t.deps);
    const headers = authHeader((await signIn(t.app, medic.email, TEST_PASSWORD)).access_token);
    const setup = (await t.app.inject({ method: 'POST', url: '/project_auth/api/v1/two_factor/setup/', headers })).json();
    const wrong = await t.app.inject({ method: 'POST', url: '/project_auth/api/v1/two_factor/confirm/', headers, payload: { otp: '000000' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: [M.wrongCode], otp: [M.wrongCode] });
    const malformed = await t.app.inject({ method: 'POST', url: '/project_auth/api/v1/two_factor/confirm/', headers, payload: { otp: '12a' } });
    expect(malformed.json()).toEqual({ error: ['O código tem 6 dígitos.'], otp: ['O código tem 6 dígitos.'] });

    const ok = await t.app.inject({
      method: 'POST',
      url: '/project_auth/api/v1/two_factor/confirm/',
      headers,
      payload: { otp: codeAt(base32Decode(setup.secret)!) },
    });
    expect(ok.statusCode).toBe(200);
    const codes = ok.json().recovery_codes as string[];
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Stored: the recovery codes as hashes only, the secret sealed; neither readable in the rows.
    const stored = await t.deps.db.select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, medic.id));
    expect(stored).toHaveLength(10);
    const secretRows = await t.deps.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, medic.id));
    expect(secretRows).toHaveLength(1);
    const rowsText = JSON.stringify([stored, secretRows]).toLowerCase();
    for (const code of codes) {
      expect(rowsText).not.toContain(code);
      expect(rowsText).not.toContain(code.replace('-', ''));
    }
    expect(rowsText).not.toContain(setup.secret.toLowerCase());
    expect(rowsText).not.toContain(base32Decode(setup.secret)!.toString('hex'));
    expect(rowsText).not.toContain(base32Decode(setup.secret)!.toString('base64').toLowerCase());
    const status = await t.app.inject({ method: 'GET', url: '/project_auth/api/v1/two_factor/', headers });
    expect(status.json()).toEqual({ enabled: true, required: false, recovery_codes_left: 10, secretaries_required: false });
    const again = await t.app.inject({ method: 'POST', url: '/project_auth/api/v1/two_factor/setup/', headers });
    expect(again.json()).toEqual({ error: ['A verificação em duas etapas já está ativada.'] });
  });
});

describe('sign-in with two-factor', () => {
  it('asks the second factor, never accepts a code twice, and spends the mfa_token on success', async () => {
    const { account, secret } = await enrol(await createMedic(t.deps));
    const mfaToken = await mfaTokenOf(account.email);
    // The code that confirmed the enrolment, still on the app's screen: never accepted again.
    const reused = await otpGrant(mfaToken, codeAt(secret));
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ error: 'invalid_grant', error_description: M.wrongCode });

    t.clock.advance(STEP_MS);
    const ok = await otpGrant(mfaToken, codeAt(secret));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ token_type: 'Bearer', scope: 'cirurgias' });
    expect(ok.json().recovery_codes).toBeUndefined();
    deviceOf(ok);
    const profile = await t.app.inject({ method: 'GET', url: '/project_auth/profile/', headers: authHeader(ok.json().access_token) });
    expect(profile.statusCode).toBe(200);

    // Single use: the same mfa_token (with a fresh code) is refused.
    t.clock.advance(STEP_MS);
    const spent = await otpGrant(mfaToken, codeAt(secret));
    expect(spent.json()).toEqual({ error: 'invalid_grant', error_description: M.expired });
    // The same code on a new sign-in: its step was accepted once, never again.
    const second = await otpGrant(await mfaTokenOf(account.email), codeAt(secret));
    expect(second.statusCode).toBe(200);
    const replay = await otpGrant(await mfaTokenOf(account.email), codeAt(secret));
    expect(replay.json()).toEqual({ error: 'invalid_grant', error_description: M.wrongCode });
  });

  it('accepts the previous and the next step, not two steps away', async () => {
    const { account, secret } = await enrol(await createMedic(t.deps));
    t.clock.advance(3 * STEP_MS);
    let mfaToken = await mfaTokenOf(account.email);
    expect((await otpGrant(mfaToken, codeAt(secret, -2))).json().error_description).toBe(M.wrongCode);
    expect((await otpGrant(mfaToken, codeAt(secret, -1))).statusCode).toBe(200);

    t.clock.advance(3 * STEP_MS);
    mfaToken = await mfaTokenOf(account.email);
    expect((await otpGrant(mfaToken, codeAt(secret, 2))).json().error_description).toBe(M.wrongCode);
    expect((await otpGrant(mfaToken, codeAt(secret, 1))).statusCode).toBe(200);
  });

  it('lets the mfa_token live five minutes', async () => {
    const { account, secret } = await enrol(await createMedic(t.deps));
    const mfaToken = await mfaTokenOf(account.email);
    t.clock.advance(5 * 60_000 + 1000);
    expect((await otpGrant(mfaToken, codeAt(secret))).json()).toEqual({ error: 'invalid_grant', error_description: M.expired });
  });

  it('takes each recovery code once, in any case and with or without its dash', async () => {
    const { account, recoveryCodes, headers } = await enrol(await createMedic(t.deps));
    const first = await recoveryGrant(await mfaTokenOf(account.email), recoveryCodes[0]!);
    expect(first.statusCode).toBe(200);
    const again = await recoveryGrant(await mfaTokenOf(account.email), recoveryCodes[0]!);
    expect(again.json()).toEqual({ error: 'invalid_grant', error_description: M.wrongCode });
    const typed = recoveryCodes[1]!.replace('-', '').toUpperCase();
    expect((await recoveryGrant(await mfaTokenOf(account.email), typed)).statusCode).toBe(200);
    const status = await t.app.inject({ method: 'GET', url: '/project_auth/api/v1/two_factor/', headers });
    expect(status.json().recovery_codes_left).toBe(8);
  });

  it('counts a wrong second factor toward the lockout like a wrong password', async () => {
    const { account, secret } = await enrol(await createMedic(t.deps));
    t.clock.advance(STEP_MS);
    const home = nextAddress();
    const signedIn = await otpGrant(await mfaTokenOf(account.email, home), codeAt(secret), home);
    const device = deviceOf(signedIn);

    // A known browser may fail 5 times in the window: 3 wrong passwords and 2 wrong codes are those 5.
    for (let i = 0; i < 3; i++) expect((await passwordGrant(account.email, `errada-${i}`, home, device)).statusCode).toBe(400);
    const mfaToken = await mfaTokenOf(account.email, home, device);
    for (const code of ['111111', '222222']) expect((await otpGrant(mfaToken, code, home, device)).statusCode).toBe(400);
    t.clock.advance(STEP_MS);
    const refused = await otpGrant(mfaToken, codeAt(secret), home, device);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'invalid_request', error_description: M.tooMany });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await passwordGrant(account.email, TEST_PASSWORD, home, device)).statusCode).toBe(429);
  });

  it('slows unknown clients after five wrong codes, spends the mfa_token, and never slows the known browser', async () => {
    const { account, secret } = await enrol(await createMedic(t.deps));
    t.clock.advance(STEP_MS);
    const office = nextAddress();
    const device = deviceOf(await otpGrant(await mfaTokenOf(account.email, office), codeAt(secret), office));

    // Someone with the password, from elsewhere: five wrong codes on one mfa_token, each from a new address.
    const stolen = await mfaTokenOf(account.email, nextAddress());
    for (let i = 0; i < 5; i++) expect((await otpGrant(stolen, String(100000 + i), nextAddress())).json().error_description).toBe(M.wrongCode);
    t.clock.advance(STEP_MS);
    expect((await otpGrant(stolen, codeAt(secret), nextAddress())).json()).toEqual({ error: 'invalid_grant', error_description: M.expired });
    delays = [];
    await mfaTokenOf(account.email, nextAddress());
    expect(delays).toEqual([500]);

    // The real user, from her browser: neither slowed nor refused.
    delays = [];
    const mine = await mfaTokenOf(account.email, nextAddress(), device);
    expect((await otpGrant(mine, codeAt(secret), nextAddress(), device)).statusCode).toBe(200);
    expect(delays).toEqual([]);
  });
});

describe('disabling', () => {
  it('needs the password and a code; then the password alone signs in', async () => {
    const { account, secret, headers } = await enrol(await createMedic(t.deps));
    t.clock.advance(STEP_MS);
    const url = '/project_auth/api/v1/two_factor/disable/';
    const wrongPassword = await t.app.inject({ method: 'POST', url, headers, payload: { password: 'errada', otp: codeAt(secret) } });
    expect(wrongPassword.json()).toEqual({ error: [M.wrongPassword], password: [M.wrongPassword] });
    const wrongCode = await t.app.inject({ method: 'POST', url, headers, payload: { password: TEST_PASSWORD, otp: '000000' } });
    expect(wrongCode.json()).toEqual({ error: [M.wrongCode], otp: [M.wrongCode] });
    const ok = await t.app.inject({ method: 'POST', url, headers, payload: { password: TEST_PASSWORD, otp: codeAt(secret) } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Verificação em duas etapas desativada.' });
    expect((await passwordGrant(account.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe("the medic's requirement for his secretaries", () => {
  it('makes a secretary without two-factor enrol at sign-in, and keeps her from disabling it', async () => {
    const medic = await createMedic(t.deps);
    const secretary = await createSecretary(t.deps, { medicIds: [medic.id] });
    const medicHeaders = authHeader((await signIn(t.app, medic.email, TEST_PASSWORD)).access_token);
    const url = '/project_auth/api/v1/two_factor/secretaries/';
    const secretaryHeaders = authHeader((await signIn(t.app, secretary.email, TEST_PASSWORD)).access_token);
    expect((await t.app.inject({ method: 'PUT', url, headers: secretaryHeaders, payload: { required: true } })).statusCode).toBe(403);
    const set = await t.app.inject({ method: 'PUT', url, headers: medicHeaders, payload: { required: true } });
    expect(set.json()).toEqual({ enabled: false, required: false, recovery_codes_left: 0, secretaries_required: true });

    const res = await passwordGrant(secretary.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'mfa_required', error_description: M.enrolRequired, enrollment_required: true });
    const mfaToken = res.json().mfa_token as string;
    // No code can pass before an enrolment exists.
    expect((await otpGrant(mfaToken, '123456')).json().error_description).toBe(M.wrongCode);
    const associate = await t.app.inject({ method: 'POST', url: '/auth/mfa/associate', payload: { ...TEST_CLIENT, mfa_token: mfaToken } });
    expect(associate.statusCode).toBe(200);
    const secret = base32Decode(associate.json().secret)!;
    const ok = await otpGrant(mfaToken, codeAt(secret));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().recovery_codes).toHaveLength(10);
    const headers = authHeader(ok.json().access_token);
    const status = await t.app.inject({ method: 'GET', url: '/project_auth/api/v1/two_factor/', headers });
    expect(status.json()).toEqual({ enabled: true, required: true, recovery_codes_left: 10 });

    t.clock.advance(STEP_MS);
    const disable = await t.app.inject({
      method: 'POST',
      url: '/project_auth/api/v1/two_factor/disable/',
      headers,
      payload: { password: TEST_PASSWORD, otp: codeAt(secret) },
    });
    expect(disable.json()).toEqual({ error: [M.requiredByMedic] });
    // Now enrolled: the next sign-in asks the code, and associate refuses her mfa_token.
    const next = await mfaTokenOf(secretary.email);
    const refused = await t.app.inject({ method: 'POST', url: '/auth/mfa/associate', payload: { ...TEST_CLIENT, mfa_token: next } });
    expect(refused.json()).toEqual({ error: 'invalid_grant', error_description: M.expired });

    // The medic lifts the requirement: another secretary signs in with her password alone.
    await t.app.inject({ method: 'PUT', url, headers: medicHeaders, payload: { required: false } });
    const other = await createSecretary(t.deps, { medicIds: [medic.id] });
    expect((await passwordGrant(other.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});
