import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, lookupIds, type SurgeryOverrides } from '../helpers/clinical-fixtures';
import { authHeader, type TestAccount } from '../helpers/fixtures';
import { SURGERY_NOT_FOUND } from '../helpers/spec-texts';
import { signInTenants } from '../helpers/tenants';

/**
 * GET /surgery/api/v1/approvals/{id}/ (SPEC §3 "Approvals record", §7): the three approvals, whether the case uses
 * OPME and whether the plan's approval applies; updated through update/{id}/; tenancy 404 and 401.
 */

let t: TestApp;
let ids: Awaited<ReturnType<typeof lookupIds>>;
let medic: TestAccount;
let medicToken: string;
let secretaryToken: string;
let otherMedicToken: string;
let unlinkedSecretaryToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  ids = await lookupIds(t.deps.db);
  ({ medic, medicToken, secretaryToken, otherMedicToken, unlinkedSecretaryToken } = await signInTenants(t));
});
afterAll(async () => {
  await t?.close();
});

async function newCase(overrides: SurgeryOverrides = {}) {
  const patient = await insertPatient(t.deps.db, medic.id);
  return insertSurgery(t.deps.db, patient, overrides);
}

function approvals(id: number | string, token: string | null = medicToken) {
  return t.app.inject({ method: 'GET', url: `/surgery/api/v1/approvals/${id}/`, headers: token ? authHeader(token) : {} });
}

describe('GET /surgery/api/v1/approvals/{id}/', () => {
  it('a new case paid by a health plan with OPME: nothing marked, both plan and OPME apply', async () => {
    const surgery = await newCase({ status: 'autorizacao', paymentFountains: 'plano_saude', healthPlanId: ids.healthPlanIds[0]!, opme: true });
    const res = await approvals(surgery.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      plan_approvals: null,
      hospital_approvals: null,
      opme_approvals: null,
      opme: true,
      health_plan_approval: true,
    });
  });

  it('a private case without OPME: neither the plan nor OPME applies', async () => {
    const surgery = await newCase({ status: 'env_doc', paymentFountains: 'particular', opme: false });
    expect((await approvals(surgery.id, secretaryToken)).json()).toEqual({
      plan_approvals: null,
      hospital_approvals: null,
      opme_approvals: null,
      opme: false,
      health_plan_approval: false,
    });
  });

  it('a case without a payment source: the plan does not apply', async () => {
    const surgery = await newCase({ paymentFountains: null });
    expect((await approvals(surgery.id)).json()).toMatchObject({ health_plan_approval: false });
  });

  it('shows what update/{id}/ saved, toggle by toggle, also after the case moved on', async () => {
    const surgery = await newCase({ status: 'autorizacao', paymentFountains: 'plano_saude', healthPlanId: ids.healthPlanIds[0]!, opme: true });
    const save = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/surgery/api/v1/update/${surgery.id}/`,
        headers: authHeader(secretaryToken),
        payload: { new_status: 'autorizacao', ...body },
      });
    expect((await save({ hospital_approvals: 'aprovada' })).statusCode).toBe(200);
    expect((await save({ plan_approvals: 'negada' })).statusCode).toBe(200);
    expect((await approvals(surgery.id)).json()).toEqual({
      plan_approvals: 'negada',
      hospital_approvals: 'aprovada',
      opme_approvals: null,
      opme: true,
      health_plan_approval: true,
    });
    expect((await save({ plan_approvals: 'aprovada', opme_approvals: 'aprovada' })).statusCode).toBe(200);
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/surgery/api/v1/update/${surgery.id}/`,
      headers: authHeader(medicToken),
      payload: { new_status: 'agendamento' },
    });
    expect(moved.statusCode).toBe(200);
    expect((await approvals(surgery.id)).json()).toMatchObject({
      plan_approvals: 'aprovada',
      hospital_approvals: 'aprovada',
      opme_approvals: 'aprovada',
    });
  });

  it('another medic, an unlinked secretary, a missing case or a bad id: 404', async () => {
    const surgery = await newCase();
    for (const [id, token] of [
      [surgery.id, otherMedicToken],
      [surgery.id, unlinkedSecretaryToken],
      [surgery.id + 10_000, medicToken],
      ['abc', medicToken],
      ['-1', medicToken],
    ] as const) {
      const res = await approvals(id, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(SURGERY_NOT_FOUND);
    }
  });

  it('401 without a token', async () => {
    const surgery = await newCase();
    const res = await approvals(surgery.id, null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: ['Sessão expirada. Entre novamente.'] });
  });
});
