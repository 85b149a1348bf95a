import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, glosaReasons, medicBillingProfiles, medicPlanBilling, surgeryGlosas, surgeryTeamMembers } from '../../server/db/schema/index';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, lookupIds } from '../helpers/clinical-fixtures';
import { validateInjected } from '../helpers/contract';
import { authHeader, type TestAccount } from '../helpers/fixtures';
import { SURGERY_NOT_FOUND } from '../helpers/spec-texts';
import { signInTenants } from '../helpers/tenants';

/**
 * What billing a plan in TISS needs (issue 37; openapi getBillingProfile, updateBillingProfile, getUsualTeam,
 * updateUsualTeam, getSurgeryTeam, updateSurgeryTeam, listGlosaReasons, and the glosa's reason_code): each endpoint's
 * happy path, bad input 400 in pt-BR with nothing written, another tenant's medic or case 404 (before the body),
 * 401. Messages are written out, not imported from the product. Today is 2026-03-15 on the app's clock.
 */

const TODAY = '2026-03-15';
const PROFILE = '/project_auth/api/v1/billing_profile/';
const USUAL = '/project_auth/api/v1/usual_team/';
const teamUrl = (id: number) => `/surgery/api/v1/surgery/${id}/team/`;
const REASONS = '/surgery/api/v1/glosa_reasons/';
const VALID_CPF = '529.982.247-25';
const VALID_CNPJ = '11.222.333/0001-81';

let t: TestApp;
let medic: TestAccount;
let otherMedic: TestAccount;
let medicToken: string;
let otherMedicToken: string;
let secretaryToken: string;
let unlinkedSecretaryToken: string;
let plans: number[];

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.now = new Date(`${TODAY}T15:00:00Z`);
  ({ medic, otherMedic, medicToken, otherMedicToken, secretaryToken, unlinkedSecretaryToken } = await signInTenants(t, { crm: '123456' }));
  plans = (await lookupIds(t.deps.db)).healthPlanIds;
});
afterAll(async () => {
  await t?.close();
});

async function call(method: 'GET' | 'PUT' | 'POST', url: string, token: string | null, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: token ? authHeader(token) : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
  expect(validateInjected(method, url, res), res.body).toEqual([]);
  return res;
}

const profileBody = (overrides: Record<string, unknown> = {}) => ({
  council: '06',
  council_number: '123456',
  council_uf: 'SP',
  cbo: '225225',
  cnes: '1234567',
  company_cnpj: VALID_CNPJ,
  company_name: 'Clínica Cirúrgica Ltda',
  plans: [
    { health_plan_id: plans[0], bills_as: 'cpf', provider_code: ' 000123 ' },
    { health_plan_id: plans[1], bills_as: 'cnpj', provider_code: null },
  ],
  ...overrides,
});

const member = (overrides: Record<string, unknown> = {}) => ({
  role: '01',
  name: 'Ana Auxiliar',
  council: '06',
  council_number: '98765',
  council_uf: 'SP',
  cbo: '225225',
  cpf: VALID_CPF,
  fee_cents: 150_000,
  ...overrides,
});

describe('billing profile', () => {
  it("starts as CRM with the sign-up's number; the medic replaces it; the secretary reads and writes it with medic", async () => {
    const first = (await call('GET', PROFILE, medicToken)).json();
    expect(first).toMatchObject({ council: '06', council_number: '123456', council_uf: null, cbo: null, cnes: null, plans: [] });
    expect(first.medic_cpf).toMatch(/^\d{11}$/);

    const put = await call('PUT', PROFILE, medicToken, profileBody());
    expect(put.statusCode).toBe(200);
    const saved = put.json();
    expect(saved).toMatchObject({ council_uf: 'SP', cbo: '225225', cnes: '1234567', company_cnpj: '11222333000181', company_name: 'Clínica Cirúrgica Ltda' });
    expect(saved.plans.map((plan: { health_plan_id: number; bills_as: string; provider_code: string | null }) => [plan.health_plan_id, plan.bills_as, plan.provider_code]).sort())
      .toEqual([[plans[0], 'cpf', '000123'], [plans[1], 'cnpj', null]].sort());
    for (const plan of saved.plans) expect(plan.ans_registry).toMatch(/^\d{6}$/);
    expect((await call('GET', `${PROFILE}?medic=${medic.id}`, secretaryToken)).json()).toEqual(saved);

    const bySecretary = await call('PUT', `${PROFILE}?medic=${medic.id}`, secretaryToken, profileBody({ plans: [], council_uf: 'RJ' }));
    expect(bySecretary.statusCode).toBe(200);
    expect(bySecretary.json()).toMatchObject({ council_uf: 'RJ', plans: [] });
    const [row] = await t.deps.db.select().from(medicBillingProfiles).where(eq(medicBillingProfiles.medicId, medic.id));
    expect(row?.councilUf).toBe('RJ');
  });

  it('refuses bad input with pt-BR messages and writes nothing', async () => {
    await call('PUT', PROFILE, medicToken, profileBody());
    const before = (await call('GET', PROFILE, medicToken)).json();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ council: '99' }, 'Conselho profissional inválido.'],
      [{ council_uf: 'XX' }, 'UF do conselho inválida.'],
      [{ cbo: '123456' }, 'CBO inválido: escolha a ocupação na lista.'],
      [{ cnes: '123' }, 'CNES inválido: informe os 7 dígitos.'],
      [{ company_cnpj: '11.222.333/0001-82' }, 'CNPJ inválido.'],
      [{ council_number: '1234567890123456' }, 'O número no conselho deve ter no máximo 15 caracteres.'],
      [{ company_cnpj: null }, 'Para faturar pela empresa, informe o CNPJ e a razão social da empresa.'],
      [{ plans: [{ health_plan_id: plans[0], bills_as: 'pj', provider_code: null }] }, 'Informe se fatura como pessoa física (CPF) ou pela empresa (CNPJ).'],
      [{ plans: [{ health_plan_id: plans[0], bills_as: 'cpf', provider_code: '123456789012345' }] }, 'O código do prestador na operadora deve ter no máximo 14 caracteres.'],
      [{ plans: [{ health_plan_id: plans[0], bills_as: 'cpf', provider_code: null }, { health_plan_id: plans[0], bills_as: 'cpf', provider_code: null }] }, 'O mesmo plano aparece mais de uma vez.'],
      [{ plans: [{ health_plan_id: 999_999, bills_as: 'cpf', provider_code: null }] }, 'Plano de saúde não encontrado.'],
      [{ plans: undefined }, 'Informe a lista de planos.'],
      [{ extra: 1 }, 'Campo não reconhecido: extra.'],
    ];
    for (const [overrides, message] of cases) {
      const res = await call('PUT', PROFILE, medicToken, profileBody(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().error, JSON.stringify(overrides)).toContain(message);
    }
    expect((await call('GET', PROFILE, medicToken)).json()).toEqual(before);
  });

  it("another medic's profile is 404 before the body; 400 for a secretary without medic; 401 without a token", async () => {
    const othersBefore = await t.deps.db.select().from(medicPlanBilling).where(eq(medicPlanBilling.medicId, otherMedic.id));
    for (const [token, url] of [
      [secretaryToken, `${PROFILE}?medic=${otherMedic.id}`],
      [medicToken, `${PROFILE}?medic=${otherMedic.id}`],
      [unlinkedSecretaryToken, `${PROFILE}?medic=${medic.id}`],
    ] as const) {
      expect((await call('GET', url, token)).statusCode).toBe(404);
      const put = await call('PUT', url, token, { bad: true });
      expect(put.statusCode).toBe(404);
      expect(put.json()).toEqual({ error: ['Médico não encontrado.'] });
    }
    expect(await t.deps.db.select().from(medicPlanBilling).where(eq(medicPlanBilling.medicId, otherMedic.id))).toEqual(othersBefore);
    expect((await call('GET', PROFILE, secretaryToken)).json().error).toEqual(['Informe o médico (medic).']);
    expect((await call('GET', PROFILE, null)).statusCode).toBe(401);
    expect((await call('PUT', PROFILE, null, profileBody())).statusCode).toBe(401);
    expect((await call('GET', PROFILE, otherMedicToken)).statusCode).toBe(200);
  });
});

describe('usual team', () => {
  it('starts empty; replaced in order; the secretary with medic; bad input 400 with nothing written; 404 for another medic', async () => {
    expect((await call('GET', USUAL, medicToken)).json()).toEqual({ members: [] });
    const team = [member(), member({ role: '06', name: 'Bruno Anestesista', cbo: '225151', fee_cents: null, cpf: null })];
    const put = await call('PUT', `${USUAL}?medic=${medic.id}`, secretaryToken, { members: team });
    expect(put.statusCode).toBe(200);
    expect(put.json().members.map((m: { role: string; name: string; cpf: string | null }) => [m.role, m.name, m.cpf])).toEqual([
      ['01', 'Ana Auxiliar', '52998224725'],
      ['06', 'Bruno Anestesista', null],
    ]);
    expect((await call('GET', USUAL, medicToken)).json()).toEqual(put.json());

    for (const [body, message] of [
      [{ members: [member({ role: '00' })] }, 'Função na equipe inválida.'],
      [{ members: [member({ name: '  ' })] }, 'Informe o nome.'],
      [{ members: [member({ cpf: '111.111.111-11' })] }, 'CPF inválido.'],
      [{ members: [member({ fee_cents: -1 })] }, 'Honorário inválido: informe um valor de R$ 0,00 a R$ 10.000.000,00.'],
      [{ members: [member({ fee_cents: 10.5 })] }, 'Honorário inválido: informe um valor de R$ 0,00 a R$ 10.000.000,00.'],
      [{ members: Array.from({ length: 13 }, () => member()) }, 'A equipe pode ter no máximo 12 membros além do cirurgião.'],
      [{}, 'Informe a lista da equipe.'],
    ] as const) {
      const res = await call('PUT', USUAL, medicToken, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().error).toContain(message);
    }
    expect((await call('GET', USUAL, medicToken)).json()).toEqual(put.json());
    expect((await call('PUT', `${USUAL}?medic=${medic.id}`, otherMedicToken, { members: [] })).statusCode).toBe(404);
    expect((await call('GET', `${USUAL}?medic=${medic.id}`, unlinkedSecretaryToken)).statusCode).toBe(404);
  });
});

describe("a case's surgical team", () => {
  it('is replaced in order at any stage, audited, read back by both roles', async () => {
    const patient = await insertPatient(t.deps.db, medic.id);
    const surgery = await insertSurgery(t.deps.db, patient, { status: 'concluido' });
    expect((await call('GET', teamUrl(surgery.id), medicToken)).json()).toEqual({ members: [] });
    const body = { members: [member({ paid_on: TODAY }), member({ role: '05', name: 'Caio Instrumentador', council: '02', cbo: '322225', fee_cents: 40_000, paid_on: null })] };
    const put = await call('PUT', teamUrl(surgery.id), secretaryToken, body);
    expect(put.statusCode).toBe(200);
    expect(put.json().members).toEqual([
      { ...member(), cpf: '52998224725', paid_on: TODAY },
      { ...member({ role: '05', name: 'Caio Instrumentador', council: '02', cbo: '322225', fee_cents: 40_000 }), cpf: '52998224725', paid_on: null },
    ]);
    expect((await call('GET', teamUrl(surgery.id), medicToken)).json()).toEqual(put.json());
    const audits = await t.deps.db
      .select({ detail: auditEvents.detail })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'surgery'), eq(auditEvents.entityId, surgery.id)));
    expect(audits.map((row) => row.detail)).toContain('team');

    const cleared = await call('PUT', teamUrl(surgery.id), medicToken, { members: [] });
    expect(cleared.json()).toEqual({ members: [] });
  });

  it('refuses bad input (a passing-on day after today among them) with nothing written', async () => {
    const patient = await insertPatient(t.deps.db, medic.id);
    const surgery = await insertSurgery(t.deps.db, patient, { status: 'pagamento' });
    await call('PUT', teamUrl(surgery.id), medicToken, { members: [member({ paid_on: null })] });
    for (const [body, message] of [
      [{ members: [member({ paid_on: '2026-03-16' })] }, 'A data não pode ser depois de hoje!'],
      [{ members: [member({ paid_on: '2026-02-30' })] }, 'Data do repasse inválida.'],
      [{ members: [member({ paid_on: null, council_uf: 'ZZ' })] }, 'UF do conselho inválida.'],
      [{ members: [member({ paid_on: null, cbo: '225999' })] }, 'CBO inválido: escolha a ocupação na lista.'],
      [{ members: [member({ paid_on: 20260301 })] }, 'Data do repasse inválida.'],
    ] as const) {
      const res = await call('PUT', teamUrl(surgery.id), medicToken, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 90)).toBe(400);
      expect(res.json().error).toContain(message);
    }
    const rows = await t.deps.db.select().from(surgeryTeamMembers).where(eq(surgeryTeamMembers.surgeryId, surgery.id));
    expect(rows.map((row) => [row.name, row.paidOn])).toEqual([['Ana Auxiliar', null]]);
  });

  it("another tenant's case is 404 before the body, nothing written; 401 without a token", async () => {
    const patient = await insertPatient(t.deps.db, otherMedic.id);
    const surgery = await insertSurgery(t.deps.db, patient);
    for (const token of [medicToken, secretaryToken]) {
      const get = await call('GET', teamUrl(surgery.id), token);
      expect(get.statusCode).toBe(404);
      expect(get.json()).toEqual(SURGERY_NOT_FOUND);
      const put = await call('PUT', teamUrl(surgery.id), token, { members: [member({ paid_on: null })] });
      expect(put.statusCode).toBe(404);
      expect((await call('PUT', teamUrl(surgery.id), token, { nonsense: 1 })).statusCode).toBe(404);
    }
    expect(await t.deps.db.select().from(surgeryTeamMembers).where(eq(surgeryTeamMembers.surgeryId, surgery.id))).toEqual([]);
    expect((await call('GET', teamUrl(999_999), medicToken)).statusCode).toBe(404);
    expect((await call('GET', teamUrl(surgery.id), null)).statusCode).toBe(401);
    expect((await call('GET', teamUrl(surgery.id), otherMedicToken)).statusCode).toBe(200);
  });
});

describe('glosa reasons', () => {
  it('finds the TISS codes by code prefix and by words, accents ignored; codes without a description get a label', async () => {
    const byCode = (await call('GET', `${REASONS}?search=1001`, medicToken)).json().results;
    expect(byCode[0]).toEqual({ code: '1001', group: 'Elegibilidade', description: 'Número da carteira inválido', label: 'Número da carteira inválido' });
    const byWords = (await call('GET', `${REASONS}?search=${encodeURIComponent('CARTEIRA invalido')}`, secretaryToken)).json().results;
    expect(byWords.map((r: { code: string }) => r.code)).toContain('1001');
    for (const row of byWords) expect(row.label.toLowerCase()).toMatch(/carteira/);
    const all = (await call('GET', REASONS, medicToken)).json().results;
    expect(all).toHaveLength(50);
    const undescribed = all.find((row: { description: string | null }) => row.description === null);
    if (undescribed) expect(undescribed.label).toBe(`Motivo de glosa ${undescribed.code}`);
    // Every code of the shipped table is loaded (624), some without a published description.
    const loaded = await t.deps.db.select({ code: glosaReasons.code, description: glosaReasons.description }).from(glosaReasons);
    expect(loaded).toHaveLength(624);
    const count = loaded.filter((row) => row.description === null).length;
    expect(count).toBeGreaterThan(0);
    expect((await call('GET', REASONS, null)).statusCode).toBe(401);
  });

  it("a glosa records its reason code; an unknown or malformed code is 400 with nothing written; an update without one keeps it", async () => {
    const patient = await insertPatient(t.deps.db, medic.id);
    const surgery = await insertSurgery(t.deps.db, patient, { status: 'pagamento', feesPayments: '1500.00' });
    const url = `/surgery/api/v1/surgery/${surgery.id}/ledger/glosas/`;
    const glosa = { glosa_on: TODAY, amount_cents: 10_000, reason: 'Número da carteira inválido', reason_code: '1001' };
    const created = await call('POST', url, secretaryToken, glosa);
    expect(created.statusCode).toBe(201);
    const [stored] = created.json().glosas;
    expect(stored).toMatchObject({ reason: 'Número da carteira inválido', reason_code: '1001' });

    for (const [code, message] of [
      ['9999', 'Motivo de glosa não encontrado.'],
      ['10a1', 'Código do motivo de glosa inválido: escolha um motivo da tabela TISS.'],
      [1001, 'Código do motivo de glosa inválido: escolha um motivo da tabela TISS.'],
    ] as const) {
      const res = await call('POST', url, medicToken, { ...glosa, reason_code: code });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain(message);
    }
    expect(await t.deps.db.select().from(surgeryGlosas).where(eq(surgeryGlosas.surgeryId, surgery.id))).toHaveLength(1);

    const { reason_code: _dropped, ...withoutCode } = glosa;
    const kept = await call('PUT', `${url}${stored.id}/`, medicToken, { ...withoutCode, amount_cents: 12_000 });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().glosas[0]).toMatchObject({ amount_cents: 12_000, reason_code: '1001' });
    const cleared = await call('PUT', `${url}${stored.id}/`, medicToken, { ...glosa, reason_code: null });
    expect(cleared.json().glosas[0].reason_code).toBeNull();
  });
});
