import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthTokens, surgeryDocuments } from '../../server/db/schema/index';
import { createLinkSigner } from '../../server/services/files/signed-links';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery, lookupIds } from '../helpers/clinical-fixtures';
import { eq } from 'drizzle-orm';
import { hashToken } from '../../server/services/auth/token-service';
import { authHeader, signIn, tokenFamily, type TestAccount } from '../helpers/fixtures';
import { SURGERY_NOT_FOUND } from '../helpers/spec-texts';
import { signInTenants } from '../helpers/tenants';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

let t: TestApp;
let ids: Awaited<ReturnType<typeof lookupIds>>;
let medic: TestAccount;
let medicToken: string;
let otherToken: string;
let linkedSecretaryToken: string;
let unlinkedSecretaryToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  ids = await lookupIds(t.deps.db);
  ({
    medic,
    medicToken,
    otherMedicToken: otherToken,
    secretaryToken: linkedSecretaryToken,
    unlinkedSecretaryToken,
  } = await signInTenants(t, { firstName: 'Renata', lastName: 'Lopes' }));
});
afterAll(async () => {
  await t?.close();
});

function read(id: number | string, token = medicToken) {
  return t.app.inject({ method: 'GET', url: `/surgery/api/v1/surgery/${id}/`, headers: authHeader(token) });
}

async function newSurgery() {
  const patient = await insertPatient(t.deps.db, medic.id, { nomeCompleto: 'Helena Duarte', cellphone: '(11) 9 8888-7777' });
  const surgery = await insertSurgery(t.deps.db, patient, {
    status: 'agendamento',
    schedule: new Date('2025-03-11T02:30:00Z'),
    statusChangedAt: new Date('2025-03-01T15:00:00Z'),
    paymentFountains: 'particular',
    feesPayments: '1800.00',
    cidIds: [ids.cidIds[1]!, ids.cidIds[0]!],
    procedureIds: [ids.procedureIds[2]!],
    opme: true,
  });
  return { patient, surgery };
}

/** A stored document for `surgeryId` (bytes through deps.storage, as the upload of the next issue will). */
async function storeDocument(surgeryId: number, kind: 'doctor_request' | 'medical_report', data = PDF, contentType = 'application/pdf') {
  const fileKey = `surgeries/${surgeryId}/${kind}.pdf`;
  await t.deps.storage.put(fileKey, data, contentType);
  await t.deps.db.insert(surgeryDocuments).values({ surgeryId, kind, fileKey, contentType, size: data.length });
}

describe('GET /surgery/api/v1/surgery/{id}/', () => {
  it('answers the whole Surgery of the medic', async () => {
    const { patient, surgery } = await newSurgery();
    const res = await read(surgery.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      id: surgery.id,
      status: 'agendamento',
      schedule: '2025-03-10T23:30:00-03:00',
      // Stored with the mask (as the demo and older rows hold it), answered as digits like the Patient (ARCHITECTURE).
      patient: { id: patient.id, nome_completo: 'Helena Duarte', foto: null, cellphone: '11988887777' },
      medic: { id: medic.id, first_name: 'Renata', last_name: 'Lopes' },
      hospital: { id: ids.hospitalIds[0], fantasy_name: expect.any(String) },
      health_plan: null,
      procedure: [{ id: ids.procedureIds[2], description: expect.any(String), code: expect.any(String) }],
      cid: [
        { id: ids.cidIds[1], code: expect.any(String), description: expect.any(String) },
        { id: ids.cidIds[0], code: expect.any(String), description: expect.any(String) },
      ],
      payment_fountains: 'particular',
      opme: true,
      fees_payments: 1800,
      surgery_note: null,
      document_arrivals: null,
      document_note: null,
      accomplishment: null,
      accomplishment_note: null,
      schedule_note: null,
      payment_done: null,
      date_payment: null,
      payment_notes: null,
      hospital_approvals_note: null,
      plan_approvals_note: null,
      opme_approvals_note: null,
      doctor_request: null,
      patient_document: null,
      medical_report: null,
      residence_proof: null,
      surgery_guide: null,
      convention_wallet: null,
      hospital_consent: null,
      hospital_template: null,
      health_plan_template: null,
      document_files: [],
      hospital_template_ok: false,
      plano_template_ok: false,
      status_changed_at: '2025-03-01T12:00:00-03:00',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-03:00$/),
      version: expect.any(Number),
      loss_reason: null,
      loss_reason_note: null,
      authorization_alerts: [],
      days_in_stage: expect.any(Number),
      stage_target_days: 7,
      overdue: true,
      holder: { id: medic.id, first_name: 'Renata', last_name: 'Lopes' },
    });
  });

  it('answers the case to a secretary linked to its medic', async () => {
    const { surgery } = await newSurgery();
    const res = await read(surgery.id, linkedSecretaryToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(surgery.id);
  });

  it("answers 404 to another medic and to a secretary not linked to the case's medic", async () => {
    const { surgery } = await newSurgery();
    for (const token of [otherToken, unlinkedSecretaryToken]) {
      const res = await read(surgery.id, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(SURGERY_NOT_FOUND);
    }
  });

  it('answers 404 for a missing case and for an id that is not a positive integer', async () => {
    for (const id of [987_654, 'abc', 0, -1, '1.5', '99999999999', '2147483648']) {
      const res = await read(id);
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toEqual(SURGERY_NOT_FOUND);
    }
  });

  it('answers 401 without a token', async () => {
    const { surgery } = await newSurgery();
    const res = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/surgery/${surgery.id}/` });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    // A stranger gets 401 whatever he sends, before the query's control characters are looked at.
    for (const headers of [{}, authHeader('desconhecido')]) {
      const odd = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/surgery/${surgery.id}/?nota=%00`, headers });
      expect(odd.statusCode).toBe(401);
    }
  });

  // The token is checked in the case's statement (issue 41): a refused one is 401 whatever the case, never 404 or 200.
  it('answers 401 to an unknown, expired or revoked token, for a case of its user as for a missing one', async () => {
    const { surgery } = await newSurgery();
    const expired = await signIn(t.app, medic.email, medic.password);
    await t.deps.db
      .update(oauthTokens)
      .set({ expiresAt: new Date(t.deps.now().getTime() - 1000) })
      .where(eq(oauthTokens.tokenHash, hashToken(expired.access_token)));
    const revoked = await signIn(t.app, medic.email, medic.password);
    await t.deps.db
      .update(oauthTokens)
      .set({ revokedAt: new Date() })
      .where(eq(oauthTokens.tokenHash, hashToken(revoked.access_token)));
    for (const token of ['desconhecido', expired.access_token, revoked.access_token]) {
      for (const id of [surgery.id, 987_654, 'abc']) {
        const res = await read(id, token);
        expect(res.statusCode, `${token.slice(0, 6)} ${id}`).toBe(401);
        expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
      }
    }
    expect((await read(surgery.id)).statusCode).toBe(200);
  });
});

describe('GET /surgery/api/v1/surgery/{id}/documents/{kind}/', () => {
  async function documentLink(kind: 'doctor_request' | 'medical_report' = 'doctor_request') {
    const { surgery } = await newSurgery();
    await storeDocument(surgery.id, kind);
    const link = (await read(surgery.id)).json()[kind] as string;
    return { surgery, link };
  }

  it('serves the stored bytes inline, with their type, through the link of the Surgery, without a token', async () => {
    const { link } = await documentLink();
    expect(link).toMatch(/^\/surgery\/api\/v1\/surgery\/\d+\/documents\/doctor_request\/\?expires=\d+&session=[0-9a-f-]{36}&signature=/);
    const res = await t.app.inject({ method: 'GET', url: link });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['content-disposition']).toBe('inline; filename="doctor_request.pdf"');
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(900);
  });

  it('answers 403 to a tampered, incomplete or expired link', async () => {
    const { surgery, link } = await documentLink();
    const [path, query] = link.split('?') as [string, string];
    const params = new URLSearchParams(query);
    const forbidden = { error: ['Link inválido ou expirado.'] };
    const tampered = [
      `${path}?expires=${params.get('expires')}&session=${params.get('session')}&signature=${'A'.repeat(43)}`,
      `${path}?expires=${Number(params.get('expires')) + 600}&session=${params.get('session')}&signature=${params.get('signature')}`,
      `${path}?signature=${params.get('signature')}`,
      path,
      // Another case's path with this case's signature.
      `${path.replace(`/${surgery.id}/`, `/${surgery.id + 1}/`)}?${query}`,
      `${path.replace('doctor_request', 'medical_report')}?${query}`,
    ];
    for (const url of tampered) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual(forbidden);
    }
    t.clock.advance(2 * 60 * 60 * 1000);
    try {
      const res = await t.app.inject({ method: 'GET', url: link });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(forbidden);
    } finally {
      t.clock.advance(-2 * 60 * 60 * 1000);
    }
  });

  it('answers 404 to a valid link for a document not uploaded or a kind that does not exist', async () => {
    const { surgery } = await newSurgery();
    const signer = createLinkSigner(t.deps);
    const family = await tokenFamily(t.deps, medicToken);
    for (const kind of ['residence_proof', 'receita']) {
      const url = await signer.sign(`/surgery/api/v1/surgery/${surgery.id}/documents/${kind}/`, family);
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, kind).toBe(404);
      expect(res.json()).toEqual({ error: ['Documento não encontrado.'] });
    }
  });

  it('answers 404 when the row exists but the stored bytes are gone', async () => {
    const { surgery } = await newSurgery();
    await storeDocument(surgery.id, 'medical_report');
    await t.deps.storage.delete(`surgeries/${surgery.id}/medical_report.pdf`);
    const link = (await read(surgery.id)).json().medical_report as string;
    const res = await t.app.inject({ method: 'GET', url: link });
    expect(res.statusCode).toBe(404);
  });
});
