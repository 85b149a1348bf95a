import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  patientPlanCards,
  procedures,
  surgeryAuthorizations,
  surgeryGlosas,
  surgeryLedgers,
  tissGuides,
  tissLots,
} from '../../server/db/schema/index';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, lookupIds } from '../helpers/clinical-fixtures';
import { validateInjected } from '../helpers/contract';
import { authHeader, type TestAccount } from '../helpers/fixtures';
import { SURGERY_NOT_FOUND } from '../helpers/spec-texts';
import { signInTenants } from '../helpers/tenants';
import { validateWithXmllint } from '../unit/machines/tiss/tissFixtures';

/**
 * A case's guia de honorários, lots and appeals in TISS 4.01.00 (issue 37; openapi getCaseGuide, updateCaseGuide,
 * generateCaseGuide, listUnbatchedGuides, createTissLot, downloadTissLot, markTissLotSent, deleteTissLot,
 * createTissAppeal, downloadTissAppeal, markTissAppealSent): what a guide lacks named in pt-BR; generation numbered per
 * medic; a lot of three cases whose downloaded file validates against the shipped XSD (xmllint) and whose epílogo hash
 * is recomputed here; two lots made at once never share a number; a sent lot refuses changes (409) and fills the
 * ledger's billing; an appeal lot from glosas, validated the same way. Tenancy 404, bad input 400 with nothing
 * written. Today is 2026-03-15 on the app's clock.
 */

const TODAY = '2026-03-15';
const VALID_CPF = '529.982.247-25';
const HOSPITAL_CNPJ = '11.222.333/0001-81';

let t: TestApp;
let medic: TestAccount;
let otherMedic: TestAccount;
let medicToken: string;
let otherMedicToken: string;
let secretaryToken: string;
let plan: number;
let otherPlan: number;
let tussProcedures: number[];

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.now = new Date(`${TODAY}T15:00:00Z`);
  ({ medic, otherMedic, medicToken, otherMedicToken, secretaryToken } = await signInTenants(t, { crm: '123456' }));
  const ids = await lookupIds(t.deps.db);
  [plan, otherPlan] = ids.healthPlanIds as [number, number];
  tussProcedures = (
    await t.deps.db.select({ id: procedures.id }).from(procedures).where(eq(procedures.table, 'tuss')).orderBy(asc(procedures.id)).limit(2)
  ).map((row) => row.id);
  const profile = await call('PUT', '/project_auth/api/v1/billing_profile/', medicToken, {
    council: '06',
    council_number: '123456',
    council_uf: 'SP',
    cbo: '225225',
    cnes: null,
    company_cnpj: null,
    company_name: null,
    plans: [
      { health_plan_id: plan, bills_as: 'cpf', provider_code: '000777' },
      { health_plan_id: otherPlan, bills_as: 'cpf', provider_code: '000888' },
    ],
  });
  expect(profile.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

async function call(method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, token: string | null, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: token ? authHeader(token) : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
  expect(validateInjected(method, url, res), res.body).toEqual([]);
  return res;
}

const guideUrl = (id: number) => `/surgery/api/v1/surgery/${id}/tiss_guide/`;

/** A plan case carried out, with its authorization, the patient's card and a team member with a fee. */
async function readyCase(options: { medicId?: number; planId?: number; patientName?: string } = {}) {
  const patient = await insertPatient(t.deps.db, options.medicId ?? medic.id, { nomeCompleto: options.patientName ?? "Maria D'Ávila Conceição" });
  const surgery = await insertSurgery(t.deps.db, patient, {
    status: 'pagamento',
    paymentFountains: 'plano_saude',
    healthPlanId: options.planId ?? plan,
    feesPayments: '2500.00',
    procedureIds: tussProcedures,
    stepData: { accomplishment: '2026-03-02' },
  });
  await t.deps.db.insert(surgeryAuthorizations).values({ surgeryId: surgery.id, payer: 'plano', status: 'aprovada', protocol: `INT-${surgery.id}`, password: `S${surgery.id}` });
  await t.deps.db.insert(patientPlanCards).values({ patientId: patient.id, healthPlanId: options.planId ?? plan, cardNumber: `0099${surgery.id}` });
  return surgery;
}

async function fillGuide(id: number, token = secretaryToken) {
  const res = await call('PUT', guideUrl(id), token, {
    lines: [
      { quantity: 1, unit_cents: 250_000, factor_hundredths: 100, access_route: '1', technique: '2' },
      { quantity: 1, unit_cents: 100_000, factor_hundredths: 70, access_route: '2', technique: null },
    ],
    note: 'Paciente com carteira “nova” — ver anexo…',
    hospital_cnpj: HOSPITAL_CNPJ,
    hospital_cnes: '1234567',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function teamOf(id: number) {
  const res = await call('PUT', `/surgery/api/v1/surgery/${id}/team/`, secretaryToken, {
    members: [{ role: '01', name: 'Ana Auxiliar', council: '06', council_number: '98765', council_uf: 'SP', cbo: '225225', cpf: VALID_CPF, fee_cents: 75_000 }],
  });
  expect(res.statusCode).toBe(200);
}

async function generated(id: number) {
  await fillGuide(id);
  await teamOf(id);
  const res = await call('POST', `${guideUrl(id)}generate/`, secretaryToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().guides[0] as { id: number; number: string };
}

describe("a case's guide", () => {
  it('names what is missing in pt-BR, then generates with the next number; generating again keeps it', async () => {
    const patient = await insertPatient(t.deps.db, medic.id);
    const bare = await insertSurgery(t.deps.db, patient, { status: 'pagamento', paymentFountains: 'plano_saude', healthPlanId: plan, procedureIds: tussProcedures });
    const view = (await call('GET', guideUrl(bare.id), medicToken)).json();
    const messages = view.missing.map((problem: { message: string }) => problem.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Data da cirurgia (etapa Realização)',
        'Número da carteira do paciente',
        'Senha da autorização',
        'Número da guia de solicitação de internação',
      ]),
    );
    expect(view.lines).toHaveLength(2);
    expect(view.lines[0]).toMatchObject({ quantity: 1, unit_cents: 150_000, factor_hundredths: 100 });
    expect(view.lines[1].unit_cents).toBeNull();
    const refused = await call('POST', `${guideUrl(bare.id)}generate/`, secretaryToken);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual(expect.arrayContaining(['Senha da autorização', 'Número da carteira do paciente']));
    expect(await t.deps.db.select().from(tissGuides).where(eq(tissGuides.surgeryId, bare.id))).toEqual([]);

    const surgery = await readyCase();
    await fillGuide(surgery.id);
    await teamOf(surgery.id);
    const ready = (await call('GET', guideUrl(surgery.id), secretaryToken)).json();
    expect(ready.missing).toEqual([]);
    // 2,500.00 + 1,000.00 × 0.70 + the assistant's 750.00
    expect(ready.total_cents).toBe(250_000 + 70_000 + 75_000);
    expect(ready.team_lines).toEqual([{ role: '01', name: 'Ana Auxiliar', total_cents: 75_000 }]);
    expect(ready.hospital).toMatchObject({ cnpj: '11222333000181', cnes: '1234567' });

    const first = (await call('POST', `${guideUrl(surgery.id)}generate/`, secretaryToken)).json();
    expect(first.guides).toHaveLength(1);
    const again = (await call('POST', `${guideUrl(surgery.id)}generate/`, medicToken)).json();
    expect(again.guides).toHaveLength(1);
    expect(again.guides[0].number).toBe(first.guides[0].number);
    const content = (await call('GET', `/surgery/api/v1/tiss/guides/${first.guides[0].id}/`, secretaryToken)).json();
    expect(content.content).toMatchObject({ planAnsRegistry: expect.stringMatching(/^\d{6}$/), requestGuideNumber: `INT-${surgery.id}`, authorizationPassword: `S${surgery.id}` });
    expect(content.content.lines).toHaveLength(3);
  });

  it('refuses bad input with nothing written; 409 before the surgery; 404 for another tenant, before the body', async () => {
    const surgery = await readyCase();
    await fillGuide(surgery.id);
    const before = (await call('GET', guideUrl(surgery.id), medicToken)).json();
    const line = { quantity: 1, unit_cents: 1000, factor_hundredths: 100, access_route: null, technique: null };
    for (const [body, message] of [
      [{ lines: [line], note: null, hospital_cnpj: null, hospital_cnes: null }, 'A guia tem 2 procedimento(s): informe uma linha para cada um, na ordem do caso.'],
      [{ lines: [line, { ...line, quantity: 0 }], note: null, hospital_cnpj: null, hospital_cnes: null }, 'Quantidade inválida: de 1 a 999.'],
      [{ lines: [line, { ...line, factor_hundredths: 1000 }], note: null, hospital_cnpj: null, hospital_cnes: null }, 'Fator de redução ou acréscimo inválido: de 0,01 a 9,99.'],
      [{ lines: [line, { ...line, access_route: '4' }], note: null, hospital_cnpj: null, hospital_cnes: null }, 'Via de acesso inválida: única, mesma via ou diferentes vias.'],
      [{ lines: [line, line], note: 'x'.repeat(501), hospital_cnpj: null, hospital_cnes: null }, 'A observação para o plano deve ter no máximo 500 caracteres.'],
      [{ lines: [line, line], note: null, hospital_cnpj: '11.222.333/0001-82', hospital_cnes: null }, 'CNPJ do hospital inválido.'],
      [{ lines: [line, line], note: null, hospital_cnpj: null, hospital_cnes: '12' }, 'CNES do hospital inválido: informe os 7 dígitos.'],
    ] as const) {
      const res = await call('PUT', guideUrl(surgery.id), medicToken, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error).toContain(message);
    }
    expect((await call('GET', guideUrl(surgery.id), medicToken)).json()).toEqual(before);

    const early = await insertSurgery(t.deps.db, await insertPatient(t.deps.db, medic.id), { status: 'agendamento', paymentFountains: 'plano_saude', healthPlanId: plan });
    const tooEarly = await call('POST', `${guideUrl(early.id)}generate/`, medicToken);
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().status).toEqual({ actual_status: 'agendamento' });

    const others = await readyCase({ medicId: otherMedic.id });
    for (const [method, url, body] of [
      ['GET', guideUrl(others.id), undefined],
      ['PUT', guideUrl(others.id), { junk: true }],
      ['POST', `${guideUrl(others.id)}generate/`, undefined],
    ] as const) {
      const res = await call(method, url, secretaryToken, body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(SURGERY_NOT_FOUND);
    }
    expect((await call('GET', guideUrl(others.id), null)).statusCode).toBe(401);
  });
});

describe('lots', () => {
  it('a lot of three cases downloads a file the XSD accepts, with its hash; sent, it is frozen and bills the ledger', async () => {
    const cases = [await readyCase(), await readyCase({ patientName: 'José Ninguém' }), await readyCase({ patientName: 'Ana Maria Ó' })];
    const guides: Array<{ id: number; number: string }> = [];
    for (const surgery of cases) guides.push(await generated(surgery.id));
    const unbatched = (await call('GET', `/surgery/api/v1/tiss/guides/?health_plan=${plan}`, medicToken)).json().results;
    for (const guide of guides) expect(unbatched.map((row: { id: number }) => row.id)).toContain(guide.id);
    // Each named, so the page lists them without reading each case.
    const mine = unbatched.filter((row: { id: number }) => guides.some((guide) => guide.id === row.id));
    expect(mine.map((row: { patient_name: string }) => row.patient_name).sort()).toEqual(['Ana Maria Ó', 'José Ninguém', "Maria D'Ávila Conceição"]);
    expect(new Set(mine.map((row: { plan_name: string }) => row.plan_name)).size).toBe(1);

    const created = await call('POST', `/surgery/api/v1/tiss/lots/?medic=${medic.id}`, secretaryToken, { health_plan_id: plan, guide_ids: guides.map((guide) => guide.id) });
    expect(created.statusCode, created.body).toBe(201);
    const lot = created.json();
    expect(lot.guides.map((guide: { patient_name: string }) => guide.patient_name).sort()).toEqual(['Ana Maria Ó', 'José Ninguém', "Maria D'Ávila Conceição"]);
    expect(lot.total_cents).toBe(3 * (250_000 + 70_000 + 75_000));
    // Audited on each case it carries.
    const audited = await t.deps.db.select({ entityId: auditEvents.entityId }).from(auditEvents).where(eq(auditEvents.detail, `tiss_lot:${lot.number}`));
    expect(audited.map((row) => row.entityId).sort()).toEqual(cases.map((surgery) => surgery.id).sort());

    const file = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/tiss/lots/${lot.id}/xml/`, headers: authHeader(medicToken) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/xml; charset=ISO-8859-1');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="lote-\d{6}-\d+\.xml"$/);
    const bytes = file.rawPayload;
    expect(validateWithXmllint([{ name: 'lot', bytes }]).get('lot')).toBeNull();
    const text = bytes.toString('latin1');
    expect(text).toContain('<ans:tipoTransacao>ENVIO_LOTE_GUIAS</ans:tipoTransacao>');
    expect(text.match(/<ans:guiaHonorarios>/g)).toHaveLength(3);
    // The epílogo's hash: MD5 of every element's text but the hash's, in the file's encoding (ISO-8859-1).
    const leaves = [...text.replace(/<ans:epilogo>.*<\/ans:epilogo>/s, '').matchAll(/>([^<]+)</g)].map((match) => match[1]!);
    const unescaped = leaves.join('').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    const hash = createHash('md5').update(Buffer.from(unescaped, 'latin1')).digest('hex');
    expect(text).toContain(`<ans:hash>${hash}</ans:hash>`);
    expect(lot.hash).toBe(hash);
    // Every download is the same file.
    const again = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/tiss/lots/${lot.id}/xml/`, headers: authHeader(medicToken) });
    expect(again.rawPayload.equals(bytes)).toBe(true);

    // A guide in a lot not sent yet cannot be generated again; nor join another lot.
    const blocked = await call('POST', `${guideUrl(cases[0]!.id)}generate/`, secretaryToken);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error[0]).toMatch(/^A guia está no lote \d+, ainda não enviado/);
    const twice = await call('POST', '/surgery/api/v1/tiss/lots/', medicToken, { health_plan_id: plan, guide_ids: [guides[0]!.id] });
    expect(twice.statusCode).toBe(400);

    for (const [body, message] of [
      [{ sent_on: '2026-03-16', protocol: '123' }, 'A data não pode ser depois de hoje!'],
      [{ sent_on: TODAY, protocol: '' }, 'Informe o número do protocolo do plano.'],
      [{ sent_on: TODAY, protocol: '1234567890123' }, 'O protocolo deve ter no máximo 12 dígitos.'],
      [{ sent_on: null, protocol: '1' }, 'Informe a data do envio.'],
    ] as const) {
      const res = await call('PUT', `/surgery/api/v1/tiss/lots/${lot.id}/sent/`, medicToken, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain(message);
    }
    const sent = await call('PUT', `/surgery/api/v1/tiss/lots/${lot.id}/sent/`, medicToken, { sent_on: TODAY, protocol: '2026.000.123' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ sent_on: TODAY, protocol: '2026000123' });
    const [ledger] = await t.deps.db.select().from(surgeryLedgers).where(eq(surgeryLedgers.surgeryId, cases[0]!.id));
    expect(ledger).toMatchObject({ billedOn: TODAY, billingReference: `Guia ${guides[0]!.number} · Lote ${lot.number}` });

    const resent = await call('PUT', `/surgery/api/v1/tiss/lots/${lot.id}/sent/`, medicToken, { sent_on: TODAY, protocol: '1' });
    expect(resent.statusCode).toBe(409);
    expect(resent.json().error[0]).toMatch(/já foi enviado e não muda mais/);
    expect((await call('DELETE', `/surgery/api/v1/tiss/lots/${lot.id}/`, medicToken)).statusCode).toBe(409);
    const [stored] = await t.deps.db.select().from(tissLots).where(eq(tissLots.id, lot.id));
    expect(stored!.protocol).toBe('2026000123');

    // After the lot was sent, generating again is a correction: a new guide with a new number.
    const correction = (await call('POST', `${guideUrl(cases[0]!.id)}generate/`, secretaryToken)).json();
    expect(correction.guides).toHaveLength(2);
    expect(Number(correction.guides[0].number)).toBeGreaterThan(Number(guides[2]!.number));
  });

  it('two lots made at once take different numbers; an unsent lot is undone and its guides come back', async () => {
    const one = await generated((await readyCase({ planId: otherPlan })).id);
    const two = await generated((await readyCase({ planId: otherPlan })).id);
    const [a, b] = await Promise.all([
      call('POST', '/surgery/api/v1/tiss/lots/', medicToken, { health_plan_id: otherPlan, guide_ids: [one.id] }),
      call('POST', `/surgery/api/v1/tiss/lots/?medic=${medic.id}`, secretaryToken, { health_plan_id: otherPlan, guide_ids: [two.id] }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(new Set([a.json().number, b.json().number])).toEqual(new Set(['1', '2']));
    const undone = await call('DELETE', `/surgery/api/v1/tiss/lots/${a.json().id}/`, medicToken);
    expect(undone.statusCode).toBe(204);
    const [guide] = await t.deps.db.select({ lot: tissGuides.lotId }).from(tissGuides).where(eq(tissGuides.id, one.id));
    expect(guide!.lot).toBeNull();
    const next = await call('POST', '/surgery/api/v1/tiss/lots/', medicToken, { health_plan_id: otherPlan, guide_ids: [one.id] });
    expect(next.json().number).toBe('3');
  });

  it('bad input 400 with nothing written; another medic is 404; a secretary names her medic', async () => {
    const lotsBefore = await t.deps.db.select().from(tissLots);
    for (const [body, message] of [
      [{ health_plan_id: plan, guide_ids: [] }, 'Escolha ao menos uma guia.'],
      [{ health_plan_id: plan, guide_ids: Array.from({ length: 101 }, (_, i) => i + 1) }, 'Um lote leva no máximo 100 guias.'],
      [{ health_plan_id: plan, guide_ids: [999_999] }, 'Uma das guias não existe, é de outro plano ou já está em um lote.'],
      [{ health_plan_id: plan }, 'Escolha ao menos uma guia.'],
    ] as const) {
      const res = await call('POST', '/surgery/api/v1/tiss/lots/', medicToken, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain(message);
    }
    const mine = await generated((await readyCase()).id);
    const stolen = await call('POST', '/surgery/api/v1/tiss/lots/', otherMedicToken, { health_plan_id: plan, guide_ids: [mine.id] });
    expect(stolen.statusCode).toBe(400);
    expect(await t.deps.db.select().from(tissLots)).toEqual(lotsBefore);

    const lot = (await call('POST', '/surgery/api/v1/tiss/lots/', medicToken, { health_plan_id: plan, guide_ids: [mine.id] })).json();
    for (const url of [`/surgery/api/v1/tiss/lots/${lot.id}/`, `/surgery/api/v1/tiss/lots/${lot.id}/xml/`]) {
      expect((await call('GET', url, otherMedicToken)).statusCode).toBe(404);
      expect((await call('GET', `${url}?medic=${otherMedic.id}`, secretaryToken)).statusCode).toBe(404);
    }
    expect((await call('PUT', `/surgery/api/v1/tiss/lots/${lot.id}/sent/`, otherMedicToken, { junk: 1 })).statusCode).toBe(404);
    expect((await call('DELETE', `/surgery/api/v1/tiss/lots/${lot.id}/`, otherMedicToken)).statusCode).toBe(404);
    expect((await call('GET', `/surgery/api/v1/tiss/guides/${mine.id}/`, otherMedicToken)).statusCode).toBe(404);
    expect((await call('GET', '/surgery/api/v1/tiss/lots/', secretaryToken)).statusCode).toBe(400);
    const listed = (await call('GET', `/surgery/api/v1/tiss/lots/?medic=${medic.id}`, secretaryToken)).json().results;
    expect(listed.map((row: { id: number }) => row.id)).toContain(lot.id);
    expect((await call('GET', '/surgery/api/v1/tiss/lots/', otherMedicToken)).json().results).toEqual([]);
  });
});

describe('appeals', () => {
  it('an appeal lot from glosas of a sent lot validates against the XSD; sent, it files the glosas and is frozen', async () => {
    const surgery = await readyCase();
    const guide = await generated(surgery.id);
    const lot = (await call('POST', '/surgery/api/v1/tiss/lots/', medicToken, { health_plan_id: plan, guide_ids: [guide.id] })).json();
    const glosaUrl = `/surgery/api/v1/surgery/${surgery.id}/ledger/glosas/`;
    const withCode = (await call('POST', glosaUrl, secretaryToken, { glosa_on: TODAY, amount_cents: 75_000, reason: 'Equipe médica não informada', reason_code: '1310' })).json();
    const glosaId = withCode.glosas[0].id as number;

    const notSent = await call('POST', '/surgery/api/v1/tiss/appeals/', medicToken, { lot_id: lot.id, glosas: [{ glosa_id: glosaId, justification: 'A equipe consta na guia.' }] });
    expect(notSent.statusCode).toBe(400);
    expect(notSent.json().error).toContain('O recurso de glosa é de um lote já enviado, com o protocolo do plano.');
    await call('PUT', `/surgery/api/v1/tiss/lots/${lot.id}/sent/`, medicToken, { sent_on: TODAY, protocol: '555' });

    const noCode = (await call('POST', glosaUrl, secretaryToken, { glosa_on: TODAY, amount_cents: 1000, reason: 'Outro' })).json();
    const noCodeId = noCode.glosas.find((glosa: { reason_code: string | null }) => glosa.reason_code === null).id;
    for (const [body, message] of [
      [{ lot_id: lot.id, glosas: [{ glosa_id: noCodeId, justification: 'x' }] }, 'Uma das glosas não é de uma guia deste lote, não tem o código TISS do motivo, já foi decidida ou já está em outro recurso.'],
      [{ lot_id: lot.id, glosas: [{ glosa_id: glosaId, justification: '  ' }] }, 'Escreva a justificativa do recurso.'],
      [{ lot_id: lot.id, glosas: [] }, 'Escolha ao menos uma glosa.'],
    ] as const) {
      const res = await call('POST', '/surgery/api/v1/tiss/appeals/', medicToken, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain(message);
    }
    expect((await call('POST', '/surgery/api/v1/tiss/appeals/', otherMedicToken, { lot_id: lot.id, glosas: [{ glosa_id: glosaId, justification: 'x' }] })).statusCode).toBe(404);

    const created = await call('POST', `/surgery/api/v1/tiss/appeals/?medic=${medic.id}`, secretaryToken, {
      lot_id: lot.id,
      glosas: [{ glosa_id: glosaId, justification: 'A equipe consta na guia nº ' + guide.number + ' — linha 3 “auxiliar”.' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const appeal = created.json();
    expect(appeal).toMatchObject({ lot_id: lot.id, total_cents: 75_000, sent_on: null });
    expect(appeal.glosas).toEqual([expect.objectContaining({ id: glosaId, reason_code: '1310', amount_cents: 75_000 })]);
    const file = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/tiss/appeals/${appeal.id}/xml/`, headers: authHeader(medicToken) });
    expect(file.statusCode).toBe(200);
    expect(validateWithXmllint([{ name: 'appeal', bytes: file.rawPayload }]).get('appeal')).toBeNull();
    expect(file.rawPayload.toString('latin1')).toContain('<ans:tipoTransacao>RECURSO_GLOSA</ans:tipoTransacao>');
    expect((await call('GET', `/surgery/api/v1/tiss/appeals/${appeal.id}/xml/`, otherMedicToken)).statusCode).toBe(404);

    const sent = await call('PUT', `/surgery/api/v1/tiss/appeals/${appeal.id}/sent/`, medicToken, { sent_on: TODAY, protocol: '777' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ sent_on: TODAY, protocol: '777' });
    const [glosa] = await t.deps.db.select().from(surgeryGlosas).where(and(eq(surgeryGlosas.id, glosaId)));
    expect(glosa).toMatchObject({ appealFiledOn: TODAY, tissAppealId: appeal.id });
    expect((await call('PUT', `/surgery/api/v1/tiss/appeals/${appeal.id}/sent/`, medicToken, { sent_on: TODAY, protocol: '778' })).statusCode).toBe(409);
    const listed = (await call('GET', '/surgery/api/v1/tiss/appeals/', medicToken)).json().results;
    expect(listed[0]).toMatchObject({ id: appeal.id, protocol: '777' });
  });
});
