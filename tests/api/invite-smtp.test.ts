/**
 * The secretary invite end to end through real e-mail: the app's own mailer (as main.ts builds it)
 * delivers to an SMTP server on loopback, the test reads the message as a mail client would and
 * follows its link. Without SMTP_URL the same message lands in the outbox folder.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invites } from '../../server/db/schema/index';
import { InviteDeliveryError } from '../../server/services/auth/invite-service';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { authHeader, countRows, createMedic, createSecretary, signIn, TEST_PASSWORD, validCpf, type TestAccount } from '../helpers/fixtures';
import { decodeHeader, decodeQuotedPrintable, header, startSmtpServer, type TestSmtpServer } from '../helpers/mail';

const SUBJECT = (medicFirstName: string) => `Convite para acessar a agenda cirúrgica do(a) Dr(a). ${medicFirstName}`;
const inviteUrl = (token: string) => `/project_auth/api/v1/secretaria_convite/${token}`;

let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ mailer: 'configured', config: { smtpUrl: smtp.url, publicUrl: 'https://cirurgias.exemplo.com.br' } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function tokenOf(app: TestApp, account: TestAccount): Promise<string> {
  return (await signIn(app.app, account.email, TEST_PASSWORD)).access_token;
}

function createSecretaryInvite(app: TestApp, token: string, payload: Record<string, unknown>) {
  return app.app.inject({ method: 'POST', url: '/project_auth/api/v1/create_secretary/', headers: authHeader(token), payload });
}

/** The invite token of the link in a raw message (text and HTML parts both carry it). */
function linkToken(raw: string, publicUrl: string): string {
  const body = decodeQuotedPrintable(raw);
  const escaped = publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}/signup-secretary/([A-Za-z0-9_-]+)`).exec(body);
  expect(match, 'link in the message').not.toBeNull();
  return match![1]!;
}

describe('invite over SMTP (SMTP_URL set)', () => {
  it('delivers the invite; following its link creates the secretary, linked to the medic', async () => {
    const medic = await createMedic(t.deps, { firstName: 'Helena', lastName: 'Prado' });
    const medicToken = await tokenOf(t, medic);
    const res = await createSecretaryInvite(t, medicToken, { first_name: 'Joana', last_name: 'Dias', email: 'joana.dias@clinica.com.br' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Enviado com sucesso!' });

    expect(smtp.received).toHaveLength(1);
    const message = smtp.received.at(-1)!;
    expect(message.to).toEqual(['joana.dias@clinica.com.br']);
    expect(header(message.raw, 'To')).toBe('joana.dias@clinica.com.br');
    expect(decodeHeader(header(message.raw, 'Subject')!)).toBe(SUBJECT('Helena'));
    expect(decodeQuotedPrintable(message.raw)).toContain('Olá, Joana!');
    const token = linkToken(message.raw, 'https://cirurgias.exemplo.com.br');

    const info = await t.app.inject({ method: 'GET', url: inviteUrl(token) });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({
      email: 'joana.dias@clinica.com.br',
      first_name: 'Joana',
      last_name: 'Dias',
      medic: { first_name: 'Helena', last_name: 'Prado' },
      existing_account: false,
    });
    const signup = await t.app.inject({
      method: 'POST',
      url: inviteUrl(token),
      payload: {
        first_name: 'Joana',
        last_name: 'Dias',
        cpf: validCpf(424_242),
        email: 'joana.dias@clinica.com.br',
        password: 'Agenda@2026',
        confirmPassword: 'Agenda@2026',
        IAcceptToStoreData: true,
        news: false,
      },
    });
    expect(signup.statusCode).toBe(201);
    const secretaryId = signup.json().id as number;

    const session = await signIn(t.app, 'joana.dias@clinica.com.br', 'Agenda@2026');
    const profile = await t.app.inject({ method: 'GET', url: '/project_auth/profile/', headers: authHeader(session.access_token) });
    expect(profile.json()).toEqual({ type: 'secretary', user: { id: secretaryId, first_name: 'Joana', last_name: 'Dias', nickname: null, image: null }, has_secretary: false });
    const medics = await t.app.inject({ method: 'GET', url: '/project_auth/api/v1/list_medic/', headers: authHeader(session.access_token) });
    expect(medics.json()).toEqual({ results: [{ id: medic.id, first_name: 'Helena', last_name: 'Prado' }] });
    const settings = await t.app.inject({ method: 'GET', url: '/project_auth/api/v1/settings/', headers: authHeader(medicToken) });
    expect(settings.json().secretary_set).toEqual([{ id: secretaryId, email: 'joana.dias@clinica.com.br' }]);
    // Single use.
    expect((await t.app.inject({ method: 'GET', url: inviteUrl(token) })).statusCode).toBe(410);
  });

  it("links an existing secretary's account on acceptance with only her password", async () => {
    const firstMedic = await createMedic(t.deps, { firstName: 'Rui' });
    const secretary = await createSecretary(t.deps, { medicIds: [firstMedic.id], email: 'marta.lima@clinica.com.br' });
    const medic = await createMedic(t.deps, { firstName: 'Sofia', lastName: 'Castro' });
    const medicToken = await tokenOf(t, medic);
    const sent = smtp.received.length;
    const res = await createSecretaryInvite(t, medicToken, { first_name: 'Marta', last_name: 'Lima', email: secretary.email });
    expect(res.statusCode).toBe(201);

    expect(smtp.received).toHaveLength(sent + 1);
    const message = smtp.received.at(-1)!;
    expect(message.to).toEqual([secretary.email]);
    expect(decodeHeader(header(message.raw, 'Subject')!)).toBe(SUBJECT('Sofia'));
    const token = linkToken(message.raw, 'https://cirurgias.exemplo.com.br');
    expect((await t.app.inject({ method: 'GET', url: inviteUrl(token) })).json().existing_account).toBe(true);

    const accepted = await t.app.inject({ method: 'POST', url: inviteUrl(token), payload: { password: TEST_PASSWORD } });
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json().id).toBe(secretary.id);

    const secretaryToken = await tokenOf(t, secretary);
    const medics = await t.app.inject({ method: 'GET', url: '/project_auth/api/v1/list_medic/', headers: authHeader(secretaryToken) });
    expect((medics.json().results as Array<{ id: number }>).map((m) => m.id).sort()).toEqual([firstMedic.id, medic.id].sort());
    const settings = await t.app.inject({ method: 'GET', url: '/project_auth/api/v1/settings/', headers: authHeader(medicToken) });
    expect(settings.json().secretary_set).toEqual([{ id: secretary.id, email: secretary.email }]);
  });

  it('answers 500 and stores no invite when the SMTP server cannot be reached', async () => {
    const down = await startSmtpServer();
    await down.close(); // a port where nothing listens any more
    const app = await buildTestApp({ mailer: 'configured', config: { smtpUrl: down.url } });
    try {
      const medic = await createMedic(app.deps);
      const res = await createSecretaryInvite(app, await tokenOf(app, medic), {
        first_name: 'Ana',
        last_name: 'Reis',
        email: 'ana.reis@clinica.com.br',
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: ['Ocorreu um erro interno!'] });
      expect(await countRows(app.deps.db, invites)).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('reports a failed delivery by its code only, never by the address (the error handler logs it)', () => {
    const error = new InviteDeliveryError(
      Object.assign(new Error("Can't send mail - all recipients were rejected: 550 <ana.reis@clinica.com.br>"), { code: 'EENVELOPE' }),
    );
    expect(error.code).toBe('EENVELOPE');
    expect(`${error.message} ${error.stack}`).not.toContain('ana.reis');
  });
});

describe('invite without SMTP (the outbox folder)', () => {
  it('keeps the invite as an .eml in DATA_DIR/outbox whose link opens the invite', async () => {
    const app = await buildTestApp({ mailer: 'configured' });
    try {
      expect(app.deps.config.smtpUrl).toBeNull();
      const medic = await createMedic(app.deps, { firstName: 'Clara' });
      const res = await createSecretaryInvite(app, await tokenOf(app, medic), {
        first_name: 'Lia',
        last_name: 'Souza',
        email: 'lia.souza@clinica.com.br',
      });
      expect(res.statusCode).toBe(201);

      const outbox = join(app.deps.config.dataDir, 'outbox');
      const files = await readdir(outbox);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const raw = await readFile(join(outbox, files[0]!), 'utf8');
      expect(header(raw, 'To')).toBe('lia.souza@clinica.com.br');
      expect(decodeHeader(header(raw, 'Subject')!)).toBe(SUBJECT('Clara'));
      const token = linkToken(raw, app.deps.config.publicUrl);
      const info = await app.app.inject({ method: 'GET', url: inviteUrl(token) });
      expect(info.statusCode).toBe(200);
      expect(info.json()).toMatchObject({ email: 'lia.souza@clinica.com.br', first_name: 'Lia', existing_account: false });
    } finally {
      await app.close();
    }
  });
});
