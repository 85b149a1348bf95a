/**
 * The morning digest (issue 39 item 3; openapi getDigest, updateDigest, unsubscribeDigest): opt-in per account; from
 * 07:00 in São Paulo each subscribed account gets one e-mail a day with tomorrow's surgeries, the authorizations and
 * appeals about to run out and its overdue cases, patients by initials; two services on one database (two instances)
 * send it once; a failed send is retried; the e-mail's signed link stops it without signing in. The real-process
 * version is tests/api/digest-processes.test.ts.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, digestSends, digestSubscriptions, surgeryAuthorizations, surgeryGlosas } from '../../server/db/schema/index';
import { createDigestService } from '../../server/services/digest/digest-service';
import { saoPauloDay } from '../../server/services/sao-paulo-time';
import type { MailMessage } from '../../server/services/mail/mailer';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery } from '../helpers/clinical-fixtures';
import { authHeader, signIn, signInMedicSecretaryAndOther, TEST_PASSWORD, type MedicSecretaryAndOther } from '../helpers/fixtures';

const DIGEST = '/project_auth/api/v1/digest/';
const PUBLIC_URL = 'https://cirurgias.exemplo.com.br';
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let accounts: MedicSecretaryAndOther;

/** 06:59 São Paulo (09:59 UTC) of a fixed day, so the digest's hour is crossed by the test. */
const BEFORE_SEVEN = new Date('2026-12-07T09:59:00Z');

beforeAll(async () => {
  t = await buildTestApp({ config: { publicUrl: PUBLIC_URL } });
  t.clock.now = BEFORE_SEVEN;
  accounts = await signInMedicSecretaryAndOther(t.deps, t.app);
});
afterAll(async () => {
  await t?.close();
});

const sent = (to: string) => t.mail.filter((message) => message.to === to);

describe('the digest preference', () => {
  it('is off by default, turned on and off, refuses a bad body with nothing written, and needs a sign-in', async () => {
    const { asSecretary, secretary } = accounts;
    expect((await t.app.inject({ method: 'GET', url: DIGEST, headers: asSecretary })).json()).toEqual({ enabled: false });
    for (const payload of [{}, { enabled: 'sim' }, { enabled: null }]) {
      const refused = await t.app.inject({ method: 'PUT', url: DIGEST, headers: asSecretary, payload });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error[0]).toMatch(/enabled|inválido/);
    }
    expect(await t.deps.db.select().from(digestSubscriptions).where(eq(digestSubscriptions.userId, secretary.id))).toHaveLength(0);
    const on = await t.app.inject({ method: 'PUT', url: DIGEST, headers: asSecretary, payload: { enabled: true } });
    expect(on.json()).toEqual({ enabled: true });
    expect((await t.app.inject({ method: 'GET', url: DIGEST, headers: asSecretary })).json()).toEqual({ enabled: true });
    expect((await t.app.inject({ method: 'PUT', url: DIGEST, headers: asSecretary, payload: { enabled: false } })).json()).toEqual({ enabled: false });
    expect((await t.app.inject({ method: 'GET', url: DIGEST })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: DIGEST, payload: { enabled: true } })).statusCode).toBe(401);
  });
});

describe('the morning round', () => {
  it('sends each subscribed account one digest a day from 07:00, with what it should see, once across two instances', async () => {
    const { medic, secretary, otherMedic, asMedic, asSecretary, asOtherMedic } = accounts;
    for (const headers of [asMedic, asSecretary, asOtherMedic]) {
      expect((await t.app.inject({ method: 'PUT', url: DIGEST, headers, payload: { enabled: true } })).statusCode).toBe(200);
    }
    const today = saoPauloDay(BEFORE_SEVEN);
    // Tomorrow 07:30 in São Paulo; a case of the medic's, and one of the other medic's that must not reach them.
    const tomorrowAt = new Date(Date.parse(`${today}T10:30:00Z`) + DAY_MS);
    const maria = await insertPatient(t.deps.db, medic.id, { nomeCompleto: 'Maria da Silva Souza' });
    const scheduled = await insertSurgery(t.deps.db, maria, { status: 'agendamento', schedule: tomorrowAt });
    const joao = await insertPatient(t.deps.db, medic.id, { nomeCompleto: 'João Pereira' });
    const authorized = await insertSurgery(t.deps.db, joao, { status: 'autorizacao' });
    await t.deps.db.insert(surgeryAuthorizations).values({
      surgeryId: authorized.id,
      payer: 'hospital',
      status: 'aprovada',
      decidedOn: today,
      validUntil: saoPauloDay(new Date(BEFORE_SEVEN.getTime() + 3 * DAY_MS)),
    });
    const ana = await insertPatient(t.deps.db, medic.id, { nomeCompleto: 'Ana Lima' });
    const owing = await insertSurgery(t.deps.db, ana, { status: 'pagamento', stepData: { accomplishment: '2026-11-01' } });
    await t.deps.db
      .insert(surgeryGlosas)
      .values({ surgeryId: owing.id, glosaOn: '2026-11-20', amountCents: 10_000, reason: 'Código não autorizado', appealDeadline: saoPauloDay(new Date(BEFORE_SEVEN.getTime() + 2 * DAY_MS)) });
    const lia = await insertPatient(t.deps.db, medic.id, { nomeCompleto: 'Lia Costa' });
    const late = await insertSurgery(t.deps.db, lia, { status: 'prep_doc', statusChangedAt: new Date(BEFORE_SEVEN.getTime() - 120 * DAY_MS) });
    const stranger = await insertPatient(t.deps.db, otherMedic.id, { nomeCompleto: 'Zé Estranho' });
    await insertSurgery(t.deps.db, stranger, { status: 'agendamento', schedule: tomorrowAt });

    // Two instances on one database, as two servers would be.
    const first = createDigestService({ ...t.deps, audit: t.app.audit });
    const second = createDigestService({ ...t.deps, audit: t.app.audit });
    expect(await first.runDue()).toBe(0); // 06:59: not yet
    expect(t.mail).toHaveLength(0);

    t.clock.now = new Date(BEFORE_SEVEN.getTime() + 2 * 60 * 1000); // 07:01
    const counts = await Promise.all([first.runDue(), second.runDue(), first.runDue(), second.runDue()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    expect(sent(medic.email)).toHaveLength(1);
    expect(sent(secretary.email)).toHaveLength(1);
    expect(sent(otherMedic.email)).toHaveLength(1);

    const mail = sent(medic.email)[0]!;
    expect(mail.subject).toBe('Resumo do dia — 07/12/2026');
    expect(mail.text).toContain(`Bom dia, ${medic.firstName}!`);
    expect(mail.text).toContain('Cirurgias de amanhã (08/12/2026):');
    expect(mail.text).toMatch(/- 07:30 — M\.S\.S\. — /);
    expect(mail.text).toContain(`(Abrir o caso: ${PUBLIC_URL}/surgery-details/${scheduled.id})`);
    expect(mail.text).toContain('Autorizações a vencer:');
    expect(mail.text).toMatch(new RegExp(`- J\\.P\\.: .+ \\(Abrir o caso: ${PUBLIC_URL}/surgery-details/${authorized.id}\\)`));
    expect(mail.text).toContain('Recursos de glosa com prazo em até 7 dias:');
    expect(mail.text).toContain('- A.L.: prazo em 2 dias (09/12/2026)');
    expect(mail.text).toContain('Casos atrasados com você:');
    expect(mail.text).toContain(`surgery-details/${late.id}`);
    for (const name of ['Maria', 'João', 'Ana Lima', 'Lia', 'Estranho']) expect(mail.text).not.toContain(name);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/surgery-details/${scheduled.id}"`);
    // The secretary sees her medic's cases, not the late one (the medic holds it).
    expect(sent(secretary.email)[0]!.text).toContain(`surgery-details/${scheduled.id}`);
    expect(sent(secretary.email)[0]!.text).not.toContain(`surgery-details/${late.id}`);
    expect(sent(otherMedic.email)[0]!.text).not.toContain(`surgery-details/${scheduled.id}`);

    // A restart the same day sends nothing again; the next day sends again.
    const restarted = createDigestService({ ...t.deps, audit: t.app.audit });
    expect(await restarted.runDue()).toBe(0);
    t.clock.now = new Date(t.clock.now.getTime() + DAY_MS);
    expect(await restarted.runDue()).toBeGreaterThanOrEqual(1);
    expect(await t.deps.db.select().from(digestSends).where(eq(digestSends.userId, medic.id))).toHaveLength(2);

    // Each digest sent is in the audit: a list of the cases it named, by its reader.
    await t.app.audit.flush();
    const reads = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, medic.id), eq(auditEvents.detail, 'digest')));
    expect(reads.length).toBeGreaterThanOrEqual(1);
    expect(reads[0]!.shownIds).toEqual(expect.arrayContaining([scheduled.id, authorized.id, owing.id, late.id]));
  });

  it('gives a failed send back, so the next round sends it', async () => {
    const { medic } = accounts;
    t.clock.now = new Date(t.clock.now.getTime() + DAY_MS);
    let fail = true;
    const flaky = {
      send: async (message: MailMessage) => {
        if (fail) throw Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' });
        t.mail.push(message);
      },
    };
    const service = createDigestService({ ...t.deps, mailer: flaky });
    const before = sent(medic.email).length;
    await service.runDue();
    expect(sent(medic.email)).toHaveLength(before);
    expect(await t.deps.db.select().from(digestSends).where(and(eq(digestSends.userId, medic.id), eq(digestSends.day, saoPauloDay(t.clock.now))))).toHaveLength(0);
    fail = false;
    await service.runDue();
    expect(sent(medic.email)).toHaveLength(before + 1);
  });

  it('stops by the signed link of the e-mail, without signing in; a link not the server\'s is refused', async () => {
    const { medic, otherMedic } = accounts;
    // The clock has moved days on: the sign-ins of the start have expired.
    const asMedic = authHeader((await signIn(t.app, medic.email, TEST_PASSWORD)).access_token);
    const asOtherMedic = authHeader((await signIn(t.app, otherMedic.email, TEST_PASSWORD)).access_token);
    const link = /https:\/\/cirurgias\.exemplo\.com\.br\/digest-unsubscribe#(\d+\.[A-Za-z0-9_-]{43})/.exec(sent(medic.email)[0]!.text);
    expect(link).not.toBeNull();
    const token = link![1]!;
    expect(token.startsWith(`${medic.id}.`)).toBe(true);
    const forged = `${otherMedic.id}.${token.split('.')[1]}`;
    for (const bad of [forged, 'x', `${medic.id}.${'A'.repeat(43)}`]) {
      const refused = await t.app.inject({ method: 'POST', url: `${DIGEST}unsubscribe/`, payload: { token: bad } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ error: ['Este link para cancelar o resumo diário não é válido.'] });
    }
    expect((await t.app.inject({ method: 'POST', url: `${DIGEST}unsubscribe/`, payload: {} })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: DIGEST, headers: asMedic })).json()).toEqual({ enabled: true });

    const done = await t.app.inject({ method: 'POST', url: `${DIGEST}unsubscribe/`, payload: { token } });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: 'Pronto: você não vai mais receber o resumo diário. Para voltar a recebê-lo, ative-o nas configurações.' });
    expect((await t.app.inject({ method: 'GET', url: DIGEST, headers: asMedic })).json()).toEqual({ enabled: false });
    expect((await t.app.inject({ method: 'POST', url: `${DIGEST}unsubscribe/`, payload: { token } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: DIGEST, headers: asOtherMedic })).json()).toEqual({ enabled: true });
  });
});

