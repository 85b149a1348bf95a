import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import {
  auditEvents,
  contactConsents,
  healthPlans,
  hospitals,
  patientMessages,
  patientPlanCards,
  surgeryAuthorizations,
  surgeryDispatches,
  surgeryDocuments,
  surgeryGlosas,
  surgeryLedgers,
  surgeryReceipts,
  surgeries,
  surgeryStatusHistory,
} from '../../server/db/schema/index';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, lookupIds } from '../helpers/clinical-fixtures';
import { countRows, signInMedicSecretaryAndOther, validCpf, type AuthHeaders, type TestAccount } from '../helpers/fixtures';
import { solidPng } from '../helpers/png';

/**
 * GET /surgery/api/v1/patient/{id}/data_export/ (issue 16 item 3, issue 33 item 18): a patient's data-subject
 * archive, a ZIP of `relatorio.html` (the page the patient reads), `paciente.json` (the same in pt-BR words for
 * programs), the photo and the documents, streamed to the medic and recorded in the audit trail.
 */
const exportUrl = (id: number | string) => `/surgery/api/v1/patient/${id}/data_export/`;
const NOT_FOUND = { error: ['Paciente não encontrado.'] };

let t: TestApp;
let medic: TestAccount;
let secretary: TestAccount;
let asMedic: AuthHeaders;
let asSecretary: AuthHeaders;
let asOtherMedic: AuthHeaders;
let planId: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ medic, secretary, asMedic, asSecretary, asOtherMedic } = await signInMedicSecretaryAndOther(t.deps, t.app));
  planId = (await lookupIds(t.deps.db)).healthPlanIds[0]!;
});
afterAll(async () => {
  await t?.close();
});

async function createWithPhoto(photo: Buffer): Promise<number> {
  const form = new FormData();
  const fields: Record<string, string> = {
    nome_completo: 'Joana Titular dos Dados',
    cellphone: '(11) 9 8765-4321',
    convenio: String(planId),
    birthday: '1975-01-31',
    address: 'Rua do Titular, 42',
    cep: '01310-100',
    cpf: validCpf(4242),
    gender: 'female',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('foto', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'foto.png');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const response = await t.app.inject({
    method: 'POST',
    url: '/surgery/api/v1/add_paciente/',
    headers: { ...asMedic, 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

/** Every key of a JSON value, at any depth. */
function keysOf(value: unknown, out: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => keysOf(item, out));
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.add(key);
      keysOf(item, out);
    }
  }
  return out;
}

/** Every string of a JSON value, at any depth. */
function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((item) => stringsOf(item, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((item) => stringsOf(item, out));
  return out;
}

/** The page's h1/h2/h3 headings, in order, as text. */
function headingsOf(html: string, level: 'h1' | 'h2' | 'h3'): string[] {
  return [...html.matchAll(new RegExp(`<${level}>(.*?)</${level}>`, 'g'))].map((match) => match[1]!);
}

async function download(patientId: number) {
  const response = await t.app.inject({ method: 'GET', url: exportUrl(patientId), headers: asMedic });
  expect(response.statusCode, response.body).toBe(200);
  const zip = new PizZip(response.rawPayload, { checkCRC32: true });
  return { response, zip, json: JSON.parse(zip.file('paciente.json')!.asText()), html: zip.file('relatorio.html')!.asText() };
}

describe('the data-subject archive', () => {
  it('holds the patient, every case with its rows, the photo and the documents, and is recorded in the audit', async () => {
    const photo = solidPng(24, [200, 30, 60]);
    const patientId = await createWithPhoto(photo);
    const surgery = await insertSurgery(t.deps.db, { id: patientId, medicId: medic.id }, { status: 'prep_doc' });
    const pdf = Buffer.from('%PDF-1.4\n% laudo do titular\n%%EOF\n');
    await t.deps.storage.put('surgeries/test-report.pdf', pdf, 'application/pdf');
    const [report] = await t.deps.db
      .insert(surgeryDocuments)
      .values({
        surgeryId: surgery.id,
        kind: 'medical_report',
        fileKey: 'surgeries/test-report.pdf',
        contentType: 'application/pdf',
        originalName: 'laudo.pdf',
        size: pdf.length,
      })
      .returning({ id: surgeryDocuments.id });
    // A named document's file (issue 33 item 10) goes in the archive too, under its id, never its typed name.
    const risk = Buffer.from('%PDF-1.4\n% risco cirurgico\n%%EOF\n');
    await t.deps.storage.put('surgeries/test-risk.pdf', risk, 'application/pdf');
    const [named] = await t.deps.db
      .insert(surgeryDocuments)
      .values({ surgeryId: surgery.id, name: 'Risco cirúrgico', fileKey: 'surgeries/test-risk.pdf', contentType: 'application/pdf', originalName: 'risco.pdf', size: risk.length })
      .returning({ id: surgeryDocuments.id });

    const { response, zip, json: archive } = await download(patientId);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="dados-paciente-${patientId}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`));

    const documentName = `documentos/cirurgia-${surgery.id}-medical_report-${report!.id}.pdf`;
    const namedName = `documentos/cirurgia-${surgery.id}-documento-${named!.id}.pdf`;
    expect(Object.keys(zip.files).sort()).toEqual([documentName, namedName, 'foto.png', 'paciente.json', 'relatorio.html'].sort());
    expect(Buffer.from(zip.file(namedName)!.asUint8Array()).equals(risk)).toBe(true);
    expect(Buffer.from(zip.file('foto.png')!.asUint8Array()).equals(photo)).toBe(true);
    expect(Buffer.from(zip.file(documentName)!.asUint8Array()).equals(pdf)).toBe(true);

    expect(archive.paciente).toMatchObject({
      numero_do_cadastro: patientId,
      nome_completo: 'Joana Titular dos Dados',
      cpf: validCpf(4242),
      data_de_nascimento: '1975-01-31',
      sexo: 'Feminino',
      endereco: 'Rua do Titular, 42',
      foto: 'foto.png',
      cadastrado_por: `${medic.firstName} ${medic.lastName}`,
    });
    expect(archive.cirurgias).toHaveLength(1);
    const [exportedCase] = archive.cirurgias;
    expect(exportedCase.numero).toBe(surgery.id);
    expect(exportedCase.etapa_atual).toBe('Preparação de documentação');
    expect(exportedCase.procedimentos[0]).toEqual({ codigo: expect.any(String), descricao: expect.any(String) });
    expect(exportedCase.documentos).toEqual([
      expect.objectContaining({ documento: 'Laudo médico', nome_original: 'laudo.pdf', arquivo: documentName }),
      expect.objectContaining({ documento: 'Risco cirúrgico', nome_original: 'risco.pdf', arquivo: namedName }),
    ]);
    expect(archive.arquivos).toEqual(['relatorio.html', 'paciente.json', 'foto.png', documentName, namedName]);
    expect(JSON.stringify(archive)).not.toContain('test-report.pdf');
    expect(keysOf(archive)).not.toContain('photoKey');
    expect(keysOf(archive)).not.toContain('searchText');

    const audit = (await t.app.inject({ method: 'GET', url: `/surgery/api/v1/audit/?patient=${patientId}&action=data_export`, headers: asMedic })).json();
    expect(audit.count).toBe(1);
    expect(audit.results[0]).toMatchObject({ action: 'data_export', entity: 'patient', entity_id: patientId, actor: { id: medic.id } });
  });

  it('reads as words: pt-BR keys, names instead of ids, stage labels, money in reais, São Paulo times (issue 33 item 18)', async () => {
    const [hospital] = await t.deps.db.select().from(hospitals).where(eq(hospitals.id, (await lookupIds(t.deps.db)).hospitalIds[1]!));
    const [plan] = await t.deps.db.select().from(healthPlans).where(eq(healthPlans.id, planId));
    const patient = await insertPatient(t.deps.db, medic.id, { nomeCompleto: 'Olívia Leitora Cardoso', healthPlanId: planId });
    const surgery = await insertSurgery(t.deps.db, patient, {
      status: 'pagamento',
      hospitalId: hospital!.id,
      healthPlanId: plan!.id,
      paymentFountains: 'plano_saude',
      feesPayments: '6500.00',
      schedule: new Date('2026-03-10T13:30:00Z'),
      stepData: { accomplishment: '2026-03-10' },
    });
    await t.deps.db.insert(surgeryStatusHistory).values({ surgeryId: surgery.id, fromStatus: 'realizacao', toStatus: 'pagamento', changedBy: secretary.id, changedAt: new Date('2026-03-11T02:15:00Z') });
    await t.deps.db.insert(surgeryAuthorizations).values([
      { surgeryId: surgery.id, payer: 'hospital', status: 'aprovada', requestedOn: '2026-02-20', decidedOn: '2026-02-25', updatedBy: secretary.id },
      { surgeryId: surgery.id, payer: 'plano', status: 'aprovada', requestedOn: '2026-02-21', decidedOn: '2026-02-27', updatedBy: secretary.id },
    ]);
    await t.deps.db.insert(surgeryDispatches).values({ surgeryId: surgery.id, sentOn: '2026-02-19', recipient: 'Central de guias do hospital', channel: 'email', items: ['Pedido médico', 'Laudo médico'], createdBy: secretary.id });
    await t.deps.db.insert(surgeryLedgers).values({ surgeryId: surgery.id, billedOn: '2026-03-15', updatedBy: medic.id });
    await t.deps.db.insert(surgeryReceipts).values({ surgeryId: surgery.id, receivedOn: '2026-04-15', amountCents: 300_000, payer: 'plano_saude', createdBy: medic.id });
    await t.deps.db.insert(surgeryGlosas).values({ surgeryId: surgery.id, glosaOn: '2026-04-15', amountCents: 123_456, reason: 'Código divergente', createdBy: medic.id });
    await t.deps.db.insert(contactConsents).values({
      patientId: patient.id,
      channel: 'email',
      email: 'olivia@exemplo.com.br',
      consentedOn: '2026-02-18',
      recordedBy: secretary.id,
      recordedAt: new Date('2026-02-18T13:00:00Z'),
    });
    await t.deps.db.insert(patientMessages).values({
      surgeryId: surgery.id,
      patientId: patient.id,
      template: 'agendamento',
      channel: 'email',
      recipient: 'olivia@exemplo.com.br',
      text: 'Olá, Olívia!\nSua cirurgia é em 10/03/2026.',
      sentBy: secretary.id,
      sentAt: new Date('2026-03-01T12:00:00Z'),
    });
    // The secretary opens the patient: her read is an access the archive lists by name.
    expect((await t.app.inject({ method: 'GET', url: `/surgery/api/v1/patient/${patient.id}/`, headers: asSecretary })).statusCode).toBe(200);
    await t.app.audit.flush();

    const { json, html } = await download(patient.id);
    const medicName = `${medic.firstName} ${medic.lastName}`;
    const secretaryName = `${secretary.firstName} ${secretary.lastName}`;

    // JSON: pt-BR keys only (no camelCase, no *_id / *Id / *_cents), and the values in words.
    expect(Object.keys(json)).toEqual([
      'versao_do_arquivo', 'gerado_em', 'fuso_horario', 'unidade_dos_valores', 'controlador', 'finalidade', 'paciente',
      'cirurgias', 'compartilhamentos', 'contatos', 'acessos', 'guarda', 'arquivos',
    ]);
    for (const key of keysOf(json)) {
      expect(key, key).toMatch(/^[a-z_]+$/);
      expect(key, key).not.toMatch(/(^|_)(id|cents|status|created|updated|at)$/);
    }
    expect(json.fuso_horario).toBe('America/Sao_Paulo');
    // What the patient agreed to be contacted through, and what reached them (docs/MESSAGES.md).
    expect(json.contatos).toEqual({
      autorizacoes: [
        {
          canal: 'E-mail',
          email: 'olivia@exemplo.com.br',
          autorizado_no_dia: '2026-02-18',
          registrado_em: '2026-02-18T10:00:00-03:00',
          registrado_por: secretaryName,
          revogado_em: null,
          revogado_por: null,
        },
      ],
      mensagens: [
        {
          cirurgia: surgery.id,
          modelo: 'Data da cirurgia',
          canal: 'E-mail',
          destinatario: 'olivia@exemplo.com.br',
          texto: 'Olá, Olívia!\nSua cirurgia é em 10/03/2026.',
          enviada_em: '2026-03-01T09:00:00-03:00',
          enviada_por: secretaryName,
        },
      ],
    });
    expect(json.gerado_em).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/);
    // No UTC instant anywhere: every one carries São Paulo's offset.
    expect(stringsOf(json).filter((text) => /\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z$/.test(text))).toEqual([]);
    expect(json.controlador).toEqual({ medico: medicName, crm: medic.crm ?? null });
    expect(json.paciente.convenio).toEqual({ nome: plan!.fantasyName, razao_social: plan!.corporateName, registro_ans: plan!.ansRegistry });
    const [exported] = json.cirurgias;
    expect(exported).toMatchObject({
      numero: surgery.id,
      medico: medicName,
      etapa_atual: 'Pagamento de honorário',
      hospital: { nome: hospital!.fantasyName },
      convenio: { nome: plan!.fantasyName },
      fonte_pagadora: 'Plano de Saúde',
      honorarios_previstos_em_reais: '6500.00',
      agendada_para: '2026-03-10T10:30:00-03:00',
      realizada_em: '2026-03-10',
    });
    expect(exported.historico_de_etapas).toContainEqual(
      expect.objectContaining({ quando: '2026-03-10T23:15:00-03:00', de: 'Realização de cirurgia', para: 'Pagamento de honorário', por: secretaryName }),
    );
    expect(exported.autorizacoes).toEqual([
      expect.objectContaining({ de: 'Hospital', situacao: 'Aprovada', solicitada_em: '2026-02-20', atualizada_por: secretaryName }),
      expect.objectContaining({ de: 'Plano de saúde', situacao: 'Aprovada', solicitada_em: '2026-02-21' }),
    ]);
    expect(exported.recebimentos).toEqual([expect.objectContaining({ recebido_em: '2026-04-15', valor_em_reais: '3000.00', pago_por: 'Plano de Saúde', registrado_por: medicName })]);
    expect(exported.glosas).toEqual([expect.objectContaining({ valor_em_reais: '1234.56', motivo: 'Código divergente' })]);
    expect(exported.envios_de_documentos).toEqual([
      expect.objectContaining({ enviado_em: '2026-02-19', destinatario: 'Central de guias do hospital', meio: 'E-mail', documentos: ['Pedido médico', 'Laudo médico'] }),
    ]);
    expect(json.compartilhamentos).toEqual([
      { data: '2026-02-19', destinatario: 'Central de guias do hospital', tipo: 'Envio de documentos', motivo: 'Documentos enviados: Pedido médico, Laudo médico', cirurgia: surgery.id },
      { data: '2026-02-20', destinatario: hospital!.fantasyName, tipo: 'Hospital', motivo: 'Pedido de autorização (Hospital)', cirurgia: surgery.id },
      { data: '2026-02-21', destinatario: plan!.fantasyName, tipo: 'Convênio', motivo: 'Pedido de autorização (Plano de saúde)', cirurgia: surgery.id },
      { data: '2026-03-10', destinatario: hospital!.fantasyName, tipo: 'Hospital', motivo: 'Agendamento da cirurgia', cirurgia: surgery.id },
      { data: '2026-03-10', destinatario: hospital!.fantasyName, tipo: 'Hospital', motivo: 'Realização da cirurgia', cirurgia: surgery.id },
      { data: '2026-03-15', destinatario: plan!.fantasyName, tipo: 'Convênio', motivo: 'Faturamento dos honorários', cirurgia: surgery.id },
    ].map((row) => expect.objectContaining(row)));
    expect(json.acessos).toContainEqual(expect.objectContaining({ pessoa: secretaryName, acao: 'Visualização', registro: 'Paciente', numero_do_registro: patient.id }));
    expect(json.guarda.regra).toContain('20 anos');
    expect(json.guarda.manter_ate).toMatch(/^20[4-9]\d-\d{2}-\d{2}$/);

    // The page: its exact headings in order, and the names and dates in words.
    expect(headingsOf(html, 'h1')).toEqual(['Relatório dos seus dados pessoais (LGPD)']);
    expect(headingsOf(html, 'h2')).toEqual([
      'Quem trata os seus dados',
      'Para que os seus dados são usados',
      'Seus dados cadastrais',
      'Suas cirurgias',
      'Com quem os seus dados foram compartilhados',
      'Contato com você: autorizações e mensagens',
      'Quem acessou os seus dados',
      'Por quanto tempo os seus dados são guardados',
      'Seus direitos',
      'Arquivos deste pacote',
    ]);
    expect(headingsOf(html, 'h3')).toEqual([`Cirurgia nº ${surgery.id}`]);
    const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    const escaped = (value: string) => value.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;');
    for (const expected of [
      'Paciente: Olívia Leitora Cardoso',
      `O consultório de ${medicName}`,
      'Etapa atual Pagamento de honorário',
      `Hospital ${escaped(hospital!.fantasyName)}`,
      'Agendada para 10/03/2026 às 10:30',
      'Honorários previstos R$ 6.500,00',
      'R$ 1.234,56',
      `20/02/2026 ${escaped(hospital!.fantasyName)} Hospital Pedido de autorização (Hospital) nº ${surgery.id}`,
      `15/03/2026 ${escaped(plan!.fantasyName)} Convênio Faturamento dos honorários nº ${surgery.id}`,
      `${secretaryName} Visualização Paciente`,
      '20 anos depois da última atividade',
      'paciente.json',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toMatch(/devem ser mantidos até \d{2}\/\d{2}\/20[4-9]\d/);
  });

  it('writes a self-contained page that escapes every value: a name with <script> is text (issue 33 item 18)', async () => {
    const name = '<script>alert("x")</script> Ana & <img src=x onerror=alert(1)>';
    const patient = await insertPatient(t.deps.db, medic.id, { nomeCompleto: name, address: '"><iframe src="https://evil.example">' });
    const surgery = await insertSurgery(t.deps.db, patient, { status: 'ind_paciente' });
    await t.deps.db.update(surgeries).set({ surgeryNote: "</td></tr></table><script>alert('nota')</script>" }).where(eq(surgeries.id, surgery.id));
    const { html, json } = await download(patient.id);
    expect(json.paciente.nome_completo).toBe(name);
    expect(html).not.toMatch(/<script|<img|<iframe|<\/td><\/tr><\/table>&lt;/i);
    expect(html).toContain('&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;script&gt;alert(&#39;nota&#39;)&lt;/script&gt;');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Ana &amp; &lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&quot;&gt;&lt;iframe src=&quot;https://evil.example&quot;&gt;');
    // Nothing is loaded from anywhere: no script, no link, no src, and a policy that forbids loading anything.
    expect(html).not.toMatch(/<(script|link|img|iframe|object|embed)\b/i);
    expect(html).not.toMatch(/<[^>]*\s(src|href)=/i);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`);
    expect(html.startsWith('<!doctype html>\n<html lang="pt-BR">')).toBe(true);
  });

  it('holds the phone and the CEP as digits, as every JSON answer does, even where a row kept a mask', async () => {
    const patient = await insertPatient(t.deps.db, medic.id, { cellphone: '(11) 9 8765-4321', cep: '01.310-100' });
    const { json } = await download(patient.id);
    expect(json.paciente).toMatchObject({ celular: '11987654321', cep: '01310100' });
  });

  it("holds every plan card of the patient, the plan by name (issue 37), in the JSON and on the page", async () => {
    const [current, former] = (await lookupIds(t.deps.db)).healthPlanIds as [number, number];
    const patient = await insertPatient(t.deps.db, medic.id, { healthPlanId: current });
    await t.deps.db.insert(patientPlanCards).values([
      { patientId: patient.id, healthPlanId: current, cardNumber: '0 123 456789 00-1', validUntil: '2027-01-31', planName: 'Amil 400' },
      { patientId: patient.id, healthPlanId: former, cardNumber: 'ANTIGA-9', validUntil: null, planName: null },
    ]);
    const plans = await t.deps.db.select().from(healthPlans).where(inArray(healthPlans.id, [current, former]));
    const nameOf = (id: number) => plans.find((plan) => plan.id === id)!.fantasyName;
    const { json, html } = await download(patient.id);
    const cards = json.paciente.carteiras_do_convenio as Array<Record<string, unknown>>;
    expect(cards).toHaveLength(2);
    expect(cards).toContainEqual({ convenio: expect.objectContaining({ nome: nameOf(current) }), numero_da_carteira: '0 123 456789 00-1', validade: '2027-01-31', plano: 'Amil 400' });
    expect(cards).toContainEqual({ convenio: expect.objectContaining({ nome: nameOf(former) }), numero_da_carteira: 'ANTIGA-9', validade: null, plano: null });
    expect(html).toContain('<dt>Carteiras do convênio</dt>');
    expect(html).toContain('nº 0 123 456789 00-1, validade 31/01/2027, plano Amil 400');
    expect(html).toContain('nº ANTIGA-9');
  });

  it('answers a patient without photo or cases with the page and the JSON alone, and says the record may be erased', async () => {
    const patient = await insertPatient(t.deps.db, medic.id);
    const { zip, json, html } = await download(patient.id);
    expect(Object.keys(zip.files)).toEqual(['relatorio.html', 'paciente.json']);
    expect(json.cirurgias).toEqual([]);
    expect(json.paciente.carteiras_do_convenio).toEqual([]);
    expect(json.compartilhamentos).toEqual([]);
    expect(json.guarda.manter_ate).toBeNull();
    expect(html).toContain('<p>Nenhuma cirurgia registrada.</p>');
    expect(html).toContain('<p>Seus dados não foram compartilhados com ninguém.</p>');
  });

  it('is 404 for a secretary, another medic and a malformed id; 401 without a token; nothing recorded', async () => {
    const patient = await insertPatient(t.deps.db, medic.id);
    await t.app.audit.flush();
    const before = await countRows(t.deps.db, auditEvents);
    for (const headers of [asSecretary, asOtherMedic]) {
      const response = await t.app.inject({ method: 'GET', url: exportUrl(patient.id), headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    expect((await t.app.inject({ method: 'GET', url: exportUrl('abc'), headers: asMedic })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: exportUrl(patient.id) })).statusCode).toBe(401);
    await t.app.audit.flush();
    expect(await countRows(t.deps.db, auditEvents)).toBe(before);
  });
});
