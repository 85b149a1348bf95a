/**
 * Messages to the patient (issue 39 item 2; openapi tag 'Mensagens ao paciente'): the medic's templates, the patient's
 * consent to be contacted (per channel, audited), and a case's messages, by e-mail through a real SMTP server on
 * loopback (the app's own mailer, as main.ts builds it) or as a wa.me link; no consent, no message; every message on
 * the case's history.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MESSAGE_TEMPLATES } from '../../machines/patientMessages/constants';
import { addDays } from '../../machines/rules/dates';
import { auditEvents, contactConsents, messageTemplates, patientMessages } from '../../server/db/schema/index';
import { saoPauloDay } from '../../server/services/sao-paulo-time';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery } from '../helpers/clinical-fixtures';
import { countRows, signInMedicSecretaryAndOther, type MedicSecretaryAndOther } from '../helpers/fixtures';
import { decodeHeader, decodeQuotedPrintable, header, startSmtpServer, type TestSmtpServer } from '../helpers/mail';

const TEMPLATES = '/project_auth/api/v1/message_templates/';
const consentsOf = (patientId: number) => `/surgery/api/v1/patient/${patientId}/contact_consents/`;
const messagesOf = (surgeryId: number) => `/surgery/api/v1/surgery/${surgeryId}/messages/`;

let smtp: TestSmtpServer;
let t: TestApp;
let accounts: MedicSecretaryAndOther;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ mailer: 'configured', config: { smtpUrl: smtp.url, publicUrl: 'https://cirurgias.exemplo.com.br' } });
  accounts = await signInMedicSecretaryAndOther(t.deps, t.app);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** A scheduled case of the medic's: 15/12/2026 at 07:30 in São Paulo, with a scheduling note. */
async function scheduledCase(name: string, cellphone: string | null = '11987654321') {
  const patient = await insertPatient(t.deps.db, accounts.medic.id, { nomeCompleto: name, cellphone });
  const surgery = await insertSurgery(t.deps.db, patient, {
    status: 'agendamento',
    schedule: new Date('2026-12-15T10:30:00Z'),
    stepData: { scheduleNote: 'Internação às 6h, jejum de 8 horas.' },
  });
  return { patient, surgery };
}

describe('the templates', () => {
  it('are the shipped ones until the medic saves his own; unknown fields are refused with nothing written; a secretary reads, never writes', async () => {
    const { asMedic, asSecretary, asOtherMedic, medic, otherMedic } = accounts;
    const read = await t.app.inject({ method: 'GET', url: TEMPLATES, headers: asMedic });
    expect(read.statusCode).toBe(200);
    const list = read.json() as { results: Array<{ kind: string; title: string; body: string; customized: boolean }>; placeholders: Array<{ key: string }> };
    expect(list.results.map((template) => template.kind)).toEqual(['agendamento', 'pre_operatorio', 'documentos', 'retorno']);
    expect(list.results[0]).toMatchObject({ title: 'Data da cirurgia', body: DEFAULT_MESSAGE_TEMPLATES.agendamento, customized: false });
    expect(list.placeholders.map((placeholder) => placeholder.key)).toContain('data_cirurgia');
    expect(list.placeholders.map((placeholder) => placeholder.key)).not.toContain('paciente_cpf');

    const body = 'Olá, {paciente_primeiro_nome}! Cirurgia em {data_cirurgia} às {hora_cirurgia} no {hospital_nome}.\n{observacao_agendamento}';
    const saved = await t.app.inject({ method: 'PUT', url: `${TEMPLATES}agendamento/`, headers: asMedic, payload: { body } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ kind: 'agendamento', body, customized: true });

    for (const [payload, message] of [
      [{ body: 'Seu CPF: {paciente_cpf}' }, 'Campo desconhecido no modelo: {paciente_cpf}.'],
      [{ body: '   ' }, 'Escreva o texto do modelo.'],
      [{ body: 'x'.repeat(3001) }, 'O texto pode ter no máximo 3000 caracteres.'],
      [{}, 'Escreva o texto do modelo.'],
      [{ body, extra: 1 }, null],
    ] as const) {
      const refused = await t.app.inject({ method: 'PUT', url: `${TEMPLATES}retorno/`, headers: asMedic, payload });
      expect(refused.statusCode).toBe(400);
      if (message) expect(refused.json().error).toContain(message);
    }
    expect(await t.deps.db.select().from(messageTemplates).where(and(eq(messageTemplates.medicId, medic.id), eq(messageTemplates.kind, 'retorno')))).toHaveLength(0);

    expect((await t.app.inject({ method: 'PUT', url: `${TEMPLATES}aniversario/`, headers: asMedic, payload: { body } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `${TEMPLATES}agendamento/`, headers: asSecretary, payload: { body: 'Oi' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `${TEMPLATES}agendamento/`, payload: { body: 'Oi' } })).statusCode).toBe(401);

    // The secretary reads her medic's (named), never another's; without naming one, 400.
    const hers = await t.app.inject({ method: 'GET', url: `${TEMPLATES}?medic=${medic.id}`, headers: asSecretary });
    expect(hers.json().results[0].body).toBe(body);
    expect((await t.app.inject({ method: 'GET', url: TEMPLATES, headers: asSecretary })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${TEMPLATES}?medic=${otherMedic.id}`, headers: asSecretary })).statusCode).toBe(404);
    // The other medic still has the shipped text.
    expect((await t.app.inject({ method: 'GET', url: TEMPLATES, headers: asOtherMedic })).json().results[0].customized).toBe(false);

    const reset = await t.app.inject({ method: 'DELETE', url: `${TEMPLATES}agendamento/`, headers: asMedic });
    expect(reset.json()).toMatchObject({ body: DEFAULT_MESSAGE_TEMPLATES.agendamento, customized: false, updated_at: null });
    // Saved again for the tests below.
    await t.app.inject({ method: 'PUT', url: `${TEMPLATES}agendamento/`, headers: asMedic, payload: { body } });
  });
});

describe('the consent to be contacted', () => {
  it('is recorded per channel with who and when, replaced, revoked, audited; bad input and other tenants write nothing', async () => {
    const { asSecretary, asOtherMedic, secretary, medic } = accounts;
    const { patient } = await scheduledCase('Beatriz Consentida');
    const today = saoPauloDay(t.clock.now);

    const empty = await t.app.inject({ method: 'GET', url: consentsOf(patient.id), headers: asSecretary });
    expect(empty.json()).toEqual({ results: [] });

    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ channel: 'email', consented_on: today }, 'Informe o e-mail que o paciente autorizou.'],
      [{ channel: 'email', consented_on: today, email: 'não é e-mail' }, 'E-mail inválido.'],
      [{ channel: 'sms', consented_on: today }, 'Escolha o canal: WhatsApp ou e-mail.'],
      [{ channel: 'whatsapp' }, 'Informe a data do consentimento.'],
      [{ channel: 'whatsapp', consented_on: '2026-02-30' }, 'Data do consentimento inválida.'],
      [{ channel: 'whatsapp', consented_on: addDays(today, 1) }, 'A data não pode ser depois de hoje!'],
    ];
    for (const [payload, message] of refusals) {
      const refused = await t.app.inject({ method: 'POST', url: consentsOf(patient.id), headers: asSecretary, payload });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().error).toContain(message);
    }
    expect(await t.deps.db.select().from(contactConsents).where(eq(contactConsents.patientId, patient.id))).toHaveLength(0);

    // Another medic: the patient does not exist for him.
    const foreign = await t.app.inject({ method: 'POST', url: consentsOf(patient.id), headers: asOtherMedic, payload: { channel: 'whatsapp', consented_on: today } });
    expect(foreign.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: consentsOf(patient.id), headers: asOtherMedic })).statusCode).toBe(404);

    const whatsapp = await t.app.inject({ method: 'POST', url: consentsOf(patient.id), headers: asSecretary, payload: { channel: 'whatsapp', consented_on: today } });
    expect(whatsapp.statusCode).toBe(201);
    expect(whatsapp.json()).toMatchObject({ channel: 'whatsapp', email: null, consented_on: today, recorded_by: { id: secretary.id } });
    const email = await t.app.inject({
      method: 'POST',
      url: consentsOf(patient.id),
      headers: asSecretary,
      payload: { channel: 'email', consented_on: today, email: ' Beatriz@Exemplo.com.br ' },
    });
    expect(email.json()).toMatchObject({ channel: 'email', email: 'beatriz@exemplo.com.br' });
    // A new e-mail consent replaces the standing one, which stays revoked.
    await t.app.inject({ method: 'POST', url: consentsOf(patient.id), headers: asSecretary, payload: { channel: 'email', consented_on: today, email: 'bia@exemplo.com.br' } });
    const listed = (await t.app.inject({ method: 'GET', url: consentsOf(patient.id), headers: asSecretary })).json().results;
    expect(listed.map((consent: { channel: string; email: string | null }) => [consent.channel, consent.email])).toEqual([
      ['email', 'bia@exemplo.com.br'],
      ['whatsapp', null],
    ]);
    const rows = await t.deps.db.select().from(contactConsents).where(eq(contactConsents.patientId, patient.id));
    expect(rows).toHaveLength(3);
    expect(rows.filter((row) => row.revokedAt !== null).map((row) => [row.email, row.revokedBy])).toEqual([['beatriz@exemplo.com.br', secretary.id]]);

    expect((await t.app.inject({ method: 'DELETE', url: `${consentsOf(patient.id)}email/`, headers: asOtherMedic })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `${consentsOf(patient.id)}email/`, headers: asSecretary })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: `${consentsOf(patient.id)}email/`, headers: asSecretary })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `${consentsOf(patient.id)}sms/`, headers: asSecretary })).statusCode).toBe(404);

    const audit = await t.deps.db
      .select({ action: auditEvents.action, detail: auditEvents.detail, medicId: auditEvents.medicId, actorId: auditEvents.actorId })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'patient'), eq(auditEvents.entityId, patient.id), eq(auditEvents.detail, 'contact_consent')));
    // Three records and one revocation, each as the secretary, under the medic.
    expect(audit).toHaveLength(4);
    expect(audit.every((row) => row.action === 'update' && row.medicId === medic.id && row.actorId === secretary.id)).toBe(true);
  });
});

describe("a case's messages", () => {
  it('are refused without the consent of their channel, with the reason in pt-BR and nothing written', async () => {
    const { asSecretary } = accounts;
    const { surgery } = await scheduledCase('Carla Sem Consentimento');
    const before = smtp.received.length;
    for (const channel of ['email', 'whatsapp'] as const) {
      const refused = await t.app.inject({ method: 'POST', url: messagesOf(surgery.id), headers: asSecretary, payload: { template: 'agendamento', channel } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toEqual([
        channel === 'email'
          ? 'O paciente não autorizou contato por e-mail. Registre o consentimento antes de enviar a mensagem.'
          : 'O paciente não autorizou contato por WhatsApp. Registre o consentimento antes de enviar a mensagem.',
      ]);
    }
    expect(await t.deps.db.select().from(patientMessages).where(eq(patientMessages.surgeryId, surgery.id))).toHaveLength(0);
    expect(smtp.received.length).toBe(before);
  });

  it('go by e-mail through the SMTP server with the filled template, and show on the case and its history', async () => {
    const { asSecretary, asMedic, secretary } = accounts;
    const { patient, surgery } = await scheduledCase('Daniela Rocha Lima');
    const today = saoPauloDay(t.clock.now);
    await t.app.inject({ method: 'POST', url: consentsOf(patient.id), headers: asMedic, payload: { channel: 'email', consented_on: today, email: 'daniela@exemplo.com.br' } });

    const card = await t.app.inject({ method: 'GET', url: messagesOf(surgery.id), headers: asSecretary });
    expect(card.statusCode).toBe(200);
    const draft = card.json().drafts.find((candidate: { template: string }) => candidate.template === 'agendamento');
    const expected = 'Olá, Daniela! Cirurgia em 15/12/2026 às 07:30 no';
    expect(draft.text.split('\n')).toHaveLength(2);
    expect(draft.text).toContain(expected);
    expect(draft.text).toContain('Internação às 6h, jejum de 8 horas.');
    expect(card.json()).toMatchObject({ has_cellphone: true, anonymized: false, sent: [] });

    const before = smtp.received.length;
    const sent = await t.app.inject({ method: 'POST', url: messagesOf(surgery.id), headers: asSecretary, payload: { template: 'agendamento', channel: 'email' } });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ whatsapp_url: null, message: { template: 'agendamento', channel: 'email', recipient: 'daniela@exemplo.com.br', text: draft.text, sent_by: { id: secretary.id } } });

    expect(smtp.received.length).toBe(before + 1);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(['daniela@exemplo.com.br']);
    expect(decodeHeader(header(mail.raw, 'Subject')!)).toBe('Sua cirurgia: data, horário e local');
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toContain(expected);
    expect(body).toContain('Internação às 6h, jejum de 8 horas.');
    expect(body).not.toContain('{');

    // The text the secretary edited goes as she left it.
    const edited = await t.app.inject({
      method: 'POST',
      url: messagesOf(surgery.id),
      headers: asSecretary,
      payload: { template: 'documentos', channel: 'email', text: 'Daniela,\ntraga a carteirinha e os exames.' },
    });
    expect(edited.statusCode).toBe(201);
    expect(decodeQuotedPrintable(smtp.received.at(-1)!.raw)).toContain('traga a carteirinha e os exames.');

    const history = (await t.app.inject({ method: 'GET', url: `/surgery/api/v1/surgery/${surgery.id}/history/`, headers: asMedic })).json().results;
    const messages = history.filter((entry: { kind: string }) => entry.kind === 'message');
    expect(messages.map((entry: { document: string; text: string; actor: { id: number } }) => [entry.document, entry.text, entry.actor.id])).toEqual([
      ['documentos', 'email', secretary.id],
      ['agendamento', 'email', secretary.id],
    ]);
    const listed = (await t.app.inject({ method: 'GET', url: messagesOf(surgery.id), headers: asMedic })).json().sent;
    expect(listed.map((message: { template: string }) => message.template)).toEqual(['documentos', 'agendamento']);

    const audit = await t.deps.db
      .select({ detail: auditEvents.detail })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'surgery'), eq(auditEvents.entityId, surgery.id), eq(auditEvents.action, 'update')));
    expect(audit.filter((row) => row.detail === 'message')).toHaveLength(2);
  });

  it('go by WhatsApp as a wa.me link with the text, and need the cellphone', async () => {
    const { asSecretary } = accounts;
    const today = saoPauloDay(t.clock.now);
    const { patient, surgery } = await scheduledCase('Eduarda Nunes', '(21) 9 8765-4321');
    await t.app.inject({ method: 'POST', url: consentsOf(patient.id), headers: asSecretary, payload: { channel: 'whatsapp', consented_on: today } });
    const sent = await t.app.inject({ method: 'POST', url: messagesOf(surgery.id), headers: asSecretary, payload: { template: 'pre_operatorio', channel: 'whatsapp' } });
    expect(sent.statusCode).toBe(201);
    const { whatsapp_url: url, message } = sent.json() as { whatsapp_url: string; message: { text: string; recipient: string } };
    expect(url.startsWith('https://wa.me/5521987654321?text=')).toBe(true);
    expect(decodeURIComponent(new URL(url).searchParams.get('text')!)).toBe(message.text);
    expect(message.text).toContain('Olá, Eduarda!');
    expect(message.recipient).toBe('21987654321');

    const { patient: without, surgery: withoutCase } = await scheduledCase('Fabiana Sem Celular', null);
    await t.app.inject({ method: 'POST', url: consentsOf(without.id), headers: asSecretary, payload: { channel: 'whatsapp', consented_on: today } });
    const refused = await t.app.inject({ method: 'POST', url: messagesOf(withoutCase.id), headers: asSecretary, payload: { template: 'agendamento', channel: 'whatsapp' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual(['O paciente não tem celular cadastrado: cadastre o celular para enviar pelo WhatsApp.']);
    expect(await countRowsOf(withoutCase.id)).toBe(0);
  });

  it('refuse bad input and other tenants with nothing written', async () => {
    const { asSecretary, asOtherMedic } = accounts;
    const today = saoPauloDay(t.clock.now);
    const { patient, surgery } = await scheduledCase('Gabriela Tenant');
    await t.app.inject({ method: 'POST', url: consentsOf(patient.id), headers: asSecretary, payload: { channel: 'whatsapp', consented_on: today } });
    for (const [payload, message] of [
      [{ template: 'aniversario', channel: 'whatsapp' }, 'Modelo de mensagem desconhecido.'],
      [{ template: 'agendamento', channel: 'sms' }, 'Escolha o canal: WhatsApp ou e-mail.'],
      [{ template: 'agendamento', channel: 'whatsapp', text: '  ' }, 'Escreva o texto da mensagem.'],
      [{ template: 'agendamento', channel: 'whatsapp', text: 'x'.repeat(3001) }, 'O texto pode ter no máximo 3000 caracteres.'],
      [{ channel: 'whatsapp' }, 'Modelo de mensagem desconhecido.'],
    ] as const) {
      const refused = await t.app.inject({ method: 'POST', url: messagesOf(surgery.id), headers: asSecretary, payload });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().error).toContain(message);
    }
    expect((await t.app.inject({ method: 'POST', url: messagesOf(surgery.id), headers: asOtherMedic, payload: { template: 'agendamento', channel: 'whatsapp' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: messagesOf(surgery.id), headers: asOtherMedic })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: messagesOf(999_999_999), headers: asSecretary })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: messagesOf(surgery.id) })).statusCode).toBe(401);
    expect(await countRowsOf(surgery.id)).toBe(0);
  });

  it('record nothing when the SMTP server refuses the e-mail (502)', async () => {
    const down = await buildTestApp({ mailer: 'configured', config: { smtpUrl: 'smtp://127.0.0.1:9', publicUrl: 'https://cirurgias.exemplo.com.br' } });
    try {
      const local = await signInMedicSecretaryAndOther(down.deps, down.app);
      const patient = await insertPatient(down.deps.db, local.medic.id, { nomeCompleto: 'Helena Sem Servidor' });
      const surgery = await insertSurgery(down.deps.db, patient, { status: 'agendamento', schedule: new Date('2026-12-15T10:30:00Z') });
      await down.app.inject({
        method: 'POST',
        url: consentsOf(patient.id),
        headers: local.asSecretary,
        payload: { channel: 'email', consented_on: saoPauloDay(down.clock.now), email: 'helena@exemplo.com.br' },
      });
      const failed = await down.app.inject({ method: 'POST', url: messagesOf(surgery.id), headers: local.asSecretary, payload: { template: 'agendamento', channel: 'email' } });
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({ error: ['Não foi possível enviar o e-mail agora. Tente novamente em instantes.'] });
      expect(await countRows(down.deps.db, patientMessages)).toBe(0);
    } finally {
      await down.close();
    }
  });
});

async function countRowsOf(surgeryId: number): Promise<number> {
  return (await t.deps.db.select().from(patientMessages).where(eq(patientMessages.surgeryId, surgeryId))).length;
}
