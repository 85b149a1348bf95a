/**
 * 'Esqueci minha senha' (issue 35 item 1): no account oracle (the same answer, status and statements for a known and
 * an unknown e-mail, the e-mail sent after the answer), limits per e-mail and per address, a single-use link valid 30
 * minutes stored as a hash, the signup's password rule, every sign-in ended and the user told by e-mail.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordResets } from '../../server/db/schema/index';
import { hashToken } from '../../server/services/auth/token-service';
import { createLinkSigner } from '../../server/services/files/signed-links';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { authHeader, createMedic, createSecretary, signIn, TEST_CLIENT, TEST_PASSWORD, tokenFamily } from '../helpers/fixtures';
import { recordStatements } from '../helpers/statements';

const REQUEST_URL = '/project_auth/api/v1/password_reset/';
const ANSWER = { message: 'Se houver uma conta com este e-mail, você receberá em instantes um link para criar uma nova senha.' };
const TOO_MANY = { error: ['Muitos pedidos de nova senha. Aguarde alguns minutos e tente novamente.'] };
const INVALID_LINK = { error: ['Este link para criar uma nova senha não vale mais. Peça outro em "Esqueci minha senha".'] };
const NEW_PASSWORD = 'Nova@Senha2026';

let t: TestApp;
let addressSeq = 0;
const nextAddress = () => `10.35.${Math.floor(++addressSeq / 250)}.${(addressSeq % 250) + 1}`;

beforeAll(async () => {
  t = await buildTestApp({ seedLookups: false, config: { publicUrl: 'https://cirurgias.exemplo.com.br' } });
});
afterAll(async () => {
  await t?.close();
});

function requestReset(email: string, remoteAddress = nextAddress()) {
  return t.app.inject({ method: 'POST', url: REQUEST_URL, payload: { email }, remoteAddress });
}

/** The background send lands after the answer: wait for the message to `to` number `n` (1-based). */
async function mailTo(to: string, n = 1) {
  for (let i = 0; i < 200; i++) {
    const found = t.mail.filter((message) => message.to === to);
    if (found.length >= n) return found[n - 1]!;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`no message ${n} to ${to}`);
}

function linkToken(text: string): string {
  const match = /https:\/\/cirurgias\.exemplo\.com\.br\/reset-password#([A-Za-z0-9_-]{43})/.exec(text);
  expect(match, 'link in the message').not.toBeNull();
  return match![1]!;
}

const check = (token: string) => t.app.inject({ method: 'GET', url: `${REQUEST_URL}${token}` });
const complete = (token: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `${REQUEST_URL}${token}`, payload });
const signInAttempt = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/auth/token', payload: { grant_type: 'password', username: email, password, ...TEST_CLIENT } });
const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/auth/token', payload: { grant_type: 'refresh_token', refresh_token: refreshToken, ...TEST_CLIENT } });

describe('POST password_reset/: no account oracle', () => {
  it('answers a known and an unknown e-mail with the same status and body, and e-mails only the account', async () => {
    const medic = await createMedic(t.deps, { firstName: 'Helena' });
    const known = await requestReset(medic.email);
    const unknown = await requestReset(`ninguem.${process.pid}@teste.com.br`);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual(ANSWER);
    expect(known.headers['content-type']).toBe(unknown.headers['content-type']);

    const mail = await mailTo(medic.email);
    expect(mail.subject).toBe('Criar uma nova senha');
    expect(mail.text).toContain('Olá, Helena!');
    expect(mail.text).toContain('O link vale por 30 minutos e só pode ser usado uma vez.');
    const token = linkToken(mail.text);
    // Only the token's hash is stored.
    const rows = await t.deps.db.select().from(passwordResets).where(eq(passwordResets.userId, medic.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(t.mail.filter((message) => message.to.startsWith('ninguem.'))).toHaveLength(0);
  });

  it('runs the same statements for an unknown e-mail as for a known one, but the link\'s insert, and answers before the e-mail leaves', async () => {
    // The work itself, not its timing (which the machine's other load moves): every statement the request sends to
    // the database, and a mailer that never finishes sending, so an answer that waited for the e-mail would not come.
    const medic = await createMedic(t.deps);
    const recorder = recordStatements(t.deps.db);
    const originalSend = t.deps.mailer.send;
    const sent: string[] = [];
    t.deps.mailer.send = (mail) => {
      sent.push(mail.to);
      return new Promise<void>(() => {});
    };
    const statementsOf = async (email: string) => {
      recorder.take();
      const res = await requestReset(email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(ANSWER);
      return recorder.take();
    };
    try {
      const known = await statementsOf(medic.email);
      const unknown = await statementsOf(`ninguem.${process.pid}@teste.com.br`);
      expect(unknown.length).toBeGreaterThanOrEqual(4); // two counters, the account's lookup, the links' update
      const linkInsert = known.filter((text) => /^insert into "password_resets"/i.test(text));
      expect(linkInsert).toHaveLength(1);
      expect(known.filter((text) => !linkInsert.includes(text))).toEqual(unknown);
      // The mailer was handed the message after the answer, and the answer did not wait for it.
      await vi.waitFor(() => expect(sent).toEqual([medic.email]));
    } finally {
      recorder.stop();
      t.deps.mailer.send = originalSend;
    }
  }, 15_000); // an answer that waited for the mailer never comes: fail in seconds, not at the suite's default

  it('limits requests per e-mail (known or not, alike) and per address', async () => {
    const medic = await createMedic(t.deps);
    const stranger = `estranho.${process.pid}@teste.com.br`;
    for (let i = 0; i < 3; i++) {
      expect((await requestReset(medic.email)).statusCode).toBe(200);
      expect((await requestReset(stranger)).statusCode).toBe(200);
    }
    const knownRefused = await requestReset(medic.email);
    const unknownRefused = await requestReset(stranger);
    expect(knownRefused.statusCode).toBe(429);
    expect(knownRefused.json()).toEqual(TOO_MANY);
    expect(Number(knownRefused.headers['retry-after'])).toBeGreaterThan(0);
    expect(unknownRefused.statusCode).toBe(429);
    expect(unknownRefused.body).toBe(knownRefused.body);

    const address = nextAddress();
    for (let i = 0; i < 10; i++) expect((await requestReset(`varios${i}.${process.pid}@teste.com.br`, address)).statusCode).toBe(200);
    const refused = await requestReset(`mais.${process.pid}@teste.com.br`, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
  });

  it('refuses a malformed e-mail with 400', async () => {
    const res = await requestReset('não é e-mail');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: ['Informe um e-mail válido.'], email: ['Informe um e-mail válido.'] });
  });
});

describe('password_reset/{token}: the link', () => {
  it('sets the new password once, ends every sign-in with its file links, and tells the user', async () => {
    const medic = await createMedic(t.deps);
    const secretary = await createSecretary(t.deps, { firstName: 'Joana', medicIds: [medic.id] });
    const desk = await signIn(t.app, secretary.email, TEST_PASSWORD);
    const phone = await signIn(t.app, secretary.email, TEST_PASSWORD);
    const signer = createLinkSigner({ db: t.deps.db, now: t.deps.now });
    const path = '/project_auth/api/v1/profile_photo/1/00000000000000000000000000000000/';
    const link = await signer.sign(path, await tokenFamily(t.deps, desk.access_token));
    const linkQuery = Object.fromEntries(new URL(link, 'http://x').searchParams);
    expect(await signer.verify(path, linkQuery)).not.toBeNull();

    await requestReset(secretary.email);
    const token = linkToken((await mailTo(secretary.email)).text);
    const info = await check(token);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ email: secretary.email });

    // The signup's rule: nothing written, the link still good.
    const weak = await complete(token, { new_password: 'curta' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({ error: ['A senha deve ter pelo menos 8 caracteres.'], new_password: ['A senha deve ter pelo menos 8 caracteres.'] });
    expect((await check(token)).statusCode).toBe(200);

    const done = await complete(token, { new_password: NEW_PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'Senha alterada com sucesso! Entre com a nova senha.' });

    // Every sign-in ended: access tokens, refresh tokens, signed links.
    for (const session of [desk, phone]) {
      expect((await t.app.inject({ method: 'GET', url: '/project_auth/profile/', headers: authHeader(session.access_token) })).statusCode).toBe(401);
      expect((await refresh(session.refresh_token)).statusCode).toBe(400);
    }
    expect(await signer.verify(path, linkQuery)).toBeNull();
    expect((await signInAttempt(secretary.email, TEST_PASSWORD)).statusCode).toBe(400);
    expect((await signInAttempt(secretary.email, NEW_PASSWORD)).statusCode).toBe(200);

    const notice = await mailTo(secretary.email, 2);
    expect(notice.subject).toBe('Sua senha foi alterada');
    expect(notice.text).toContain('Olá, Joana!');
    expect(notice.text).toContain('Todos os acessos abertos com a senha anterior foram encerrados.');

    // Single use.
    const again = await complete(token, { new_password: 'Outra@Senha2026' });
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual(INVALID_LINK);
    expect((await check(token)).statusCode).toBe(410);
  });

  it('refuses a link after 30 minutes', async () => {
    const medic = await createMedic(t.deps);
    await requestReset(medic.email);
    const token = linkToken((await mailTo(medic.email)).text);
    t.clock.advance(29 * 60 * 1000);
    expect((await check(token)).statusCode).toBe(200);
    t.clock.advance(61 * 1000);
    const late = await complete(token, { new_password: NEW_PASSWORD });
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual(INVALID_LINK);
    expect((await signInAttempt(medic.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('a newer link replaces the older one; an unknown or malformed token is refused', async () => {
    const medic = await createMedic(t.deps);
    await requestReset(medic.email);
    const first = linkToken((await mailTo(medic.email)).text);
    await requestReset(medic.email);
    const second = linkToken((await mailTo(medic.email, 2)).text);
    expect((await check(first)).statusCode).toBe(410);
    expect((await check(second)).statusCode).toBe(200);
    expect((await check('A'.repeat(43))).json()).toEqual(INVALID_LINK);
    expect((await check('curto')).statusCode).toBe(410);
  });
});
