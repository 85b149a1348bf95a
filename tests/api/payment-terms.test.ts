import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { lookupIds } from '../helpers/clinical-fixtures';
import { validateInjected } from '../helpers/contract';
import { authHeader, type TestAccount } from '../helpers/fixtures';
import { signInTenants } from '../helpers/tenants';

/**
 * The medics' payment terms (issue 14; openapi getPaymentTerms, updatePaymentTerms): the medic replaces his list, each
 * plan or hospital once with 1..365 days; the secretary reads and replaces her medic's with `medic` (issue 17: she
 * knows each plan's term); unknown plan or hospital, bad days, repeated payers, a secretary without `medic`: 400 in
 * pt-BR with nothing written; 404 for a medic not hers (before the body is looked at), nothing written.
 */

const URL = '/project_auth/api/v1/payment_terms/';
let t: TestApp;
let medic: TestAccount;
let otherMedic: TestAccount;
let medicToken: string;
let otherMedicToken: string;
let secretaryToken: string;
let plan: number;
let hospital: number;
let names: { plan: string; hospital: string };

beforeAll(async () => {
  t = await buildTestApp();
  ({ medic, otherMedic, medicToken, otherMedicToken, secretaryToken } = await signInTenants(t));
  const ids = await lookupIds(t.deps.db);
  plan = ids.healthPlanIds[0]!;
  hospital = ids.hospitalIds[0]!;
  const planRow = await t.deps.db.query.healthPlans.findFirst({ where: (p, { eq }) => eq(p.id, plan) });
  const hospitalRow = await t.deps.db.query.hospitals.findFirst({ where: (h, { eq }) => eq(h.id, hospital) });
  names = { plan: planRow!.fantasyName, hospital: hospitalRow!.fantasyName };
});
afterAll(async () => {
  await t?.close();
});

async function call(method: 'GET' | 'PUT', url: string, token: string | null, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: token ? authHeader(token) : {}, ...(payload !== undefined ? { payload: payload as object } : {}) });
  expect(validateInjected(method, url, res), res.body).toEqual([]);
  return res;
}

describe('payment terms', () => {
  it('starts empty with the 30-day default; the medic replaces the list; the secretary reads it with medic', async () => {
    expect((await call('GET', URL, medicToken)).json()).toEqual({ default_days: 30, terms: [] });
    const put = await call('PUT', URL, medicToken, {
      terms: [
        { payer: 'hospital', payer_id: hospital, days: 45 },
        { payer: 'plano', payer_id: plan, days: 60 },
      ],
    });
    expect(put.statusCode).toBe(200);
    const expected = {
      default_days: 30,
      terms: [
        { payer: 'plano', payer_id: plan, name: names.plan, days: 60 },
        { payer: 'hospital', payer_id: hospital, name: names.hospital, days: 45 },
      ],
    };
    expect(put.json()).toEqual(expected);
    expect((await call('GET', `${URL}?medic=${medic.id}`, secretaryToken)).json()).toEqual(expected);
    expect((await call('PUT', URL, medicToken, { terms: [{ payer: 'plano', payer_id: plan, days: 365 }] })).json().terms).toEqual([
      { payer: 'plano', payer_id: plan, name: names.plan, days: 365 },
    ]);
  });

  it('refuses bad input with pt-BR messages and writes nothing', async () => {
    const before = (await call('GET', URL, medicToken)).json();
    const cases: Array<[unknown, string]> = [
      [{ terms: [{ payer: 'plano', payer_id: plan, days: 0 }] }, 'O prazo de pagamento deve ser um número inteiro de 1 a 365 dias.'],
      [{ terms: [{ payer: 'plano', payer_id: plan, days: 366 }] }, 'O prazo de pagamento deve ser um número inteiro de 1 a 365 dias.'],
      [{ terms: [{ payer: 'plano', payer_id: plan, days: 1.5 }] }, 'O prazo de pagamento deve ser um número inteiro de 1 a 365 dias.'],
      [{ terms: [{ payer: 'clinica', payer_id: plan, days: 10 }] }, 'Tipo de pagador inválido: use plano ou hospital.'],
      [{ terms: [{ payer: 'plano', payer_id: plan, days: 10 }, { payer: 'plano', payer_id: plan, days: 20 }] }, 'Há mais de um prazo para o mesmo plano ou hospital.'],
      [{ terms: [{ payer: 'plano', payer_id: 999_999, days: 10 }] }, 'Plano de saúde não encontrado.'],
      [{ terms: [{ payer: 'hospital', payer_id: 999_999, days: 10 }] }, 'Hospital não encontrado.'],
      [{}, 'Informe a lista de prazos.'],
    ];
    for (const [body, message] of cases) {
      const res = await call('PUT', URL, medicToken, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toContain(message);
    }
    expect((await call('GET', URL, medicToken)).json()).toEqual(before);
  });

  it("the secretary replaces her medic's list with medic; 400 without medic, 404 for a medic not hers, nothing written", async () => {
    const mine = await call('PUT', `${URL}?medic=${medic.id}`, secretaryToken, { terms: [{ payer: 'plano', payer_id: plan, days: 21 }] });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({ default_days: 30, terms: [{ payer: 'plano', payer_id: plan, name: names.plan, days: 21 }] });
    expect((await call('GET', URL, medicToken)).json()).toEqual(mine.json());
    const othersBefore = (await call('GET', URL, otherMedicToken)).json();

    const missing = await call('PUT', URL, secretaryToken, { terms: [] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toEqual(['Informe o médico (medic).']);
    const badDays = await call('PUT', `${URL}?medic=${medic.id}`, secretaryToken, { terms: [{ payer: 'plano', payer_id: plan, days: 0 }] });
    expect(badDays.statusCode).toBe(400);
    expect(badDays.json().error).toEqual(['O prazo de pagamento deve ser um número inteiro de 1 a 365 dias.']);
    for (const body of [{ terms: [] }, { terms: [{ payer: 'plano', payer_id: plan, days: 0 }] }]) {
      const other = await call('PUT', `${URL}?medic=${otherMedic.id}`, secretaryToken, body);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ error: ['Médico não encontrado.'] });
    }
    const medicForOther = await call('PUT', `${URL}?medic=${otherMedic.id}`, medicToken, { terms: [] });
    expect(medicForOther.statusCode).toBe(404);
    expect((await call('GET', URL, medicToken)).json()).toEqual(mine.json());
    expect((await call('GET', URL, otherMedicToken)).json()).toEqual(othersBefore);
  });

  it('400 without medic, 404 for a medic not hers on GET, 401 without a token', async () => {
    const missing = await call('GET', URL, secretaryToken);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toEqual(['Informe o médico (medic).']);
    const other = await call('GET', `${URL}?medic=${otherMedic.id}`, secretaryToken);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: ['Médico não encontrado.'] });
    expect((await call('GET', `${URL}?medic=${otherMedic.id}`, medicToken)).statusCode).toBe(404);
    expect((await call('GET', URL, null)).statusCode).toBe(401);
    expect((await call('PUT', URL, null, { terms: [] })).statusCode).toBe(401);
  });
});
