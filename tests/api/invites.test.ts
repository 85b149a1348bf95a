import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { invites, users } from '../../server/db/schema/index';
import { INVITE_LIMITS } from '../../server/services/auth/account-service';
import { INVITE_TTL_MS } from '../../server/services/auth/invite-service';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { authHeader, countRows, createMedic, createSecretary, signIn, TEST_PASSWORD, type TestAccount } from '../helpers/fixtures';

/**
 * Pending invites (issue 11 items 7 and 18): listed in settings/, resent with a new link (the old one stops working),
 * cancelled, replaced by a new invite to the same address, and rate-limited.
 */

const CREATE_URL = '/project_auth/api/v1/create_secretary/';
const SETTINGS_URL = '/project_auth/api/v1/settings/';
const resendUrl = (id: number | string) => `/project_auth/api/v1/resend_invite/${id}`;
const cancelUrl = (id: number | string) => `/project_auth/api/v1/cancel_invite/${id}`;
const inviteUrl = (token: string) => `/project_auth/api/v1/secretaria_convite/${token}`;
const NOT_FOUND = { error: ['Convite não encontrado.'] };
const FORBIDDEN = { error: ['Você não tem permissão para esta ação.'] };

let t: TestApp;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function tokenOf(account: TestAccount): Promise<string> {
  return (await signIn(t.app, account.email, TEST_PASSWORD)).access_token;
}

async function signedInMedic() {
  const medic = await createMedic(t.deps, { firstName: 'Paulo', lastName: 'Reis' });
  return { medic, token: await tokenOf(medic) };
}

const nextEmail = () => `convite${++seq}@clinica.com.br`;

function invite(token: string, email: string, firstName = 'Joana') {
  return t.app.inject({
    method: 'POST',
    url: CREATE_URL,
    headers: authHeader(token),
    payload: { first_name: firstName, last_name: 'Dias', email },
  });
}

/** The invite token of the last e-mail sent. */
function lastLinkToken(): string {
  return /\/signup-secretary\/([A-Za-z0-9_-]+)/.exec(t.mail.at(-1)!.text)![1]!;
}

type PendingInvite = { id: number; email: string; first_name: string; last_name: string; sent_at: string; expires_at: string; expired: boolean };

async function pendingOf(token: string): Promise<PendingInvite[]> {
  const res = await t.app.inject({ method: 'GET', url: SETTINGS_URL, headers: authHeader(token) });
  expect(res.statusCode).toBe(200);
  return (res.json() as { invite_set: PendingInvite[] }).invite_set;
}

describe('GET settings/ invite_set', () => {
  it('lists the pending invites, newest first, with their validity, and leaves accepted ones and other medics\' out', async () => {
    const { medic, token } = await signedInMedic();
    const other = await signedInMedic();
    const first = nextEmail();
    const second = nextEmail();
    expect((await invite(token, first, 'Ana')).statusCode).toBe(201);
    t.clock.advance(60_000);
    expect((await invite(token, second, 'Bia')).statusCode).toBe(201);
    expect((await invite(other.token, nextEmail())).statusCode).toBe(201);

    const listed = await pendingOf(token);
    expect(listed.map((item) => [item.email, item.first_name, item.expired])).toEqual([
      [second, 'Bia', false],
      [first, 'Ana', false],
    ]);
    expect(Date.parse(listed[0]!.expires_at) - Date.parse(listed[0]!.sent_at)).toBe(INVITE_TTL_MS);

    // Accepting an invite takes it off the list (she is then in secretary_set).
    const accepted = await t.app.inject({
      method: 'POST',
      url: inviteUrl(lastLinkTokenFor(second)),
      payload: { first_name: 'Bia', last_name: 'Lima', cpf: '52998224725', password: 'Senha@123', confirmPassword: 'Senha@123', IAcceptToStoreData: true },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect((await pendingOf(token)).map((item) => item.email)).toEqual([first]);

    // Past seven days the invite stays listed, marked expired.
    t.clock.advance(INVITE_TTL_MS);
    expect((await pendingOf(await tokenOf(medic))).map((item) => item.expired)).toEqual([true]);
  });
});

/** The token of the newest e-mail sent to `email`. */
function lastLinkTokenFor(email: string): string {
  const mail = [...t.mail].reverse().find((message) => message.to === email)!;
  return /\/signup-secretary\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
}

describe('POST create_secretary/ to an address with a pending invite', () => {
  it('replaces the old invite: one pending invite, the old link answers 404 and the new one works', async () => {
    const { token } = await signedInMedic();
    const email = nextEmail();
    await invite(token, email, 'Joana');
    const oldLink = lastLinkToken();
    expect((await invite(token, email, 'Joana Maria')).statusCode).toBe(201);
    const newLink = lastLinkToken();

    expect((await t.app.inject({ method: 'GET', url: inviteUrl(oldLink) })).json()).toEqual(NOT_FOUND);
    const info = await t.app.inject({ method: 'GET', url: inviteUrl(newLink) });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ email, first_name: 'Joana Maria' });
    expect((await pendingOf(token)).filter((item) => item.email === email)).toHaveLength(1);
  });
});

describe('POST /project_auth/api/v1/resend_invite/{id}', () => {
  it('e-mails a new link valid seven days from now; the old link stops working', async () => {
    const { token } = await signedInMedic();
    const email = nextEmail();
    await invite(token, email);
    const oldLink = lastLinkToken();
    const [pending] = await pendingOf(token);
    t.clock.advance(INVITE_TTL_MS + 60_000); // even an expired invite can be resent
    const fresh = await tokenOf(await medicOf(pending!.id));
    const mailBefore = t.mail.length;

    const res = await t.app.inject({ method: 'POST', url: resendUrl(pending!.id), headers: authHeader(fresh) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Convite reenviado!' });
    expect(t.mail).toHaveLength(mailBefore + 1);
    expect(t.mail.at(-1)!.to).toBe(email);
    const newLink = lastLinkToken();
    expect(newLink).not.toBe(oldLink);
    expect((await t.app.inject({ method: 'GET', url: inviteUrl(oldLink) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: inviteUrl(newLink) })).statusCode).toBe(200);
    const [after] = await pendingOf(fresh);
    expect(after).toMatchObject({ id: pending!.id, expired: false, sent_at: t.clock.now.toISOString() });
  });

  it("answers 404 for another medic's invite, an unknown or a malformed id; 403 to a secretary; 401 without a token", async () => {
    const { medic, token } = await signedInMedic();
    const other = await signedInMedic();
    await invite(other.token, nextEmail());
    const [theirs] = await pendingOf(other.token);
    const mailBefore = t.mail.length;
    for (const id of [theirs!.id, 999_999, 'abc', '0']) {
      const res = await t.app.inject({ method: 'POST', url: resendUrl(id), headers: authHeader(token) });
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    const secretary = await createSecretary(t.deps, { medicIds: [medic.id] });
    const hers = await t.app.inject({ method: 'POST', url: resendUrl(theirs!.id), headers: authHeader(await tokenOf(secretary)) });
    expect(hers.statusCode).toBe(403);
    expect(hers.json()).toEqual(FORBIDDEN);
    expect((await t.app.inject({ method: 'POST', url: resendUrl(theirs!.id) })).statusCode).toBe(401);
    expect(t.mail).toHaveLength(mailBefore);
  });
});

/** Signs in the medic who owns invite `id`. */
async function medicOf(id: number): Promise<TestAccount> {
  const [row] = await t.deps.db.select({ medicId: invites.medicId }).from(invites).where(eq(invites.id, id));
  const [user] = await t.deps.db.select().from(users).where(eq(users.id, row!.medicId));
  return { ...user!, password: TEST_PASSWORD };
}

describe('DELETE /project_auth/api/v1/cancel_invite/{id}', () => {
  it('deletes the pending invite: 204, its link answers 404, then 404 again', async () => {
    const { token } = await signedInMedic();
    await invite(token, nextEmail());
    const link = lastLinkToken();
    const [pending] = await pendingOf(token);
    const res = await t.app.inject({ method: 'DELETE', url: cancelUrl(pending!.id), headers: authHeader(token) });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await pendingOf(token)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: inviteUrl(link) })).json()).toEqual(NOT_FOUND);
    const again = await t.app.inject({ method: 'DELETE', url: cancelUrl(pending!.id), headers: authHeader(token) });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(NOT_FOUND);
  });

  it("keeps another medic's invite (404) and refuses a secretary (403)", async () => {
    const { medic, token } = await signedInMedic();
    const other = await signedInMedic();
    await invite(other.token, nextEmail());
    const [theirs] = await pendingOf(other.token);
    const before = await countRows(t.deps.db, invites);
    expect((await t.app.inject({ method: 'DELETE', url: cancelUrl(theirs!.id), headers: authHeader(token) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: cancelUrl('x1'), headers: authHeader(token) })).statusCode).toBe(404);
    const secretary = await createSecretary(t.deps, { medicIds: [medic.id] });
    const hers = await t.app.inject({ method: 'DELETE', url: cancelUrl(theirs!.id), headers: authHeader(await tokenOf(secretary)) });
    expect(hers.statusCode).toBe(403);
    expect(await countRows(t.deps.db, invites)).toBe(before);
  });
});

describe('invite rate limits (issue 11 item 18)', () => {
  it('sends the same address three times an hour (resends included), then 429 with Retry-After and nothing sent', async () => {
    const { medic, token } = await signedInMedic();
    const email = nextEmail();
    expect((await invite(token, email)).statusCode).toBe(201);
    expect((await invite(token, email)).statusCode).toBe(201);
    const [pending] = await pendingOf(token);
    expect((await t.app.inject({ method: 'POST', url: resendUrl(pending!.id), headers: authHeader(token) })).statusCode).toBe(200);
    const mailBefore = t.mail.length;
    const invitesBefore = await countRows(t.deps.db, invites);

    for (let attempt = 0; attempt < 27; attempt += 1) {
      const res = await invite(token, email);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        error: ['Muitos convites para este e-mail em pouco tempo. Aguarde alguns minutos e tente novamente.'],
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    const resent = await t.app.inject({ method: 'POST', url: resendUrl(pending!.id), headers: authHeader(token) });
    expect(resent.statusCode).toBe(429);
    expect(t.mail).toHaveLength(mailBefore);
    expect(await countRows(t.deps.db, invites)).toBe(invitesBefore);

    // Another address is still fine; an hour later the same one is too.
    expect((await invite(token, nextEmail())).statusCode).toBe(201);
    t.clock.advance(INVITE_LIMITS.addressWindowSeconds * 1000 + 1000);
    expect((await invite(await tokenOf(medic), email)).statusCode).toBe(201);
  });

  it('sends twenty invites a day per medic, then 429', async () => {
    const { token } = await signedInMedic();
    for (let n = 0; n < INVITE_LIMITS.perMedic; n += 1) {
      expect((await invite(token, nextEmail())).statusCode).toBe(201);
    }
    const res = await invite(token, nextEmail());
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: ['Você enviou muitos convites hoje. Tente novamente amanhã.'] });
  });
});
