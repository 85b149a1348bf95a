import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, surgeryAuthorizations, surgeryGlosas, type SurgeryRow } from '../../server/db/schema/index';
import { saoPauloDay } from '../../server/services/sao-paulo-time';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery } from '../helpers/clinical-fixtures';
import { authHeader, countRows, createMedic, createSecretary, signIn, TEST_PASSWORD, type TestAccount } from '../helpers/fixtures';

/**
 * The reads the audit trail records beyond a patient or a case opened and the two list pages (issue 16 item 1;
 * docs/PRIVACY.md): each part of a case read on its own (a view of the case, named by the part), the 'A receber' list
 * page and the homes' alert panels (a list row per medic with the cases shown, in order).
 */
type Headers = { authorization: string };

let t: TestApp;
let medic: TestAccount;
let secretary: TestAccount;
let asSecretary: Headers;
let asOtherMedic: Headers;
let owing: SurgeryRow;
let authorized: SurgeryRow;

const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp();
  medic = await createMedic(t.deps);
  const other = await createMedic(t.deps);
  secretary = await createSecretary(t.deps, { medicIds: [medic.id] });
  const token = async (account: TestAccount) => authHeader((await signIn(t.app, account.email, TEST_PASSWORD)).access_token);
  asSecretary = await token(secretary);
  asOtherMedic = await token(other);

  const today = saoPauloDay(t.clock.now);
  // A case that owes its fee, with a glosa whose appeal is due today: on 'A receber' and in the appeal alerts.
  owing = await insertSurgery(t.deps.db, await insertPatient(t.deps.db, medic.id), { status: 'pagamento', opme: true, stepData: { accomplishment: '2026-02-01' } });
  await t.deps.db.insert(surgeryGlosas).values({ surgeryId: owing.id, glosaOn: '2026-02-10', amountCents: 10_000, reason: 'Código não autorizado', appealDeadline: today });
  // A case whose hospital authorization runs out in three days: in the authorization alerts.
  authorized = await insertSurgery(t.deps.db, await insertPatient(t.deps.db, medic.id), { status: 'autorizacao' });
  await t.deps.db.insert(surgeryAuthorizations).values({
    surgeryId: authorized.id,
    payer: 'hospital',
    status: 'aprovada',
    decidedOn: today,
    validUntil: saoPauloDay(new Date(t.clock.now.getTime() + 3 * DAY_MS)),
  });
});
afterAll(async () => {
  await t?.close();
});

/** The audit rows the secretary's reads wrote with `detail`, after the queue is written. */
async function readsWith(detail: string) {
  await t.app.audit.flush();
  return t.deps.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.actorId, secretary.id), eq(auditEvents.detail, detail)));
}

const get = (url: string, headers: Headers = asSecretary) => t.app.inject({ method: 'GET', url, headers });

describe("a case's parts read on their own", () => {
  const parts = [
    ['authorizations/', 'authorization'],
    ['checklist/', 'checklist'],
    ['dispatches/', 'dispatch'],
    ['holders/', 'holder'],
    ['ledger/', 'ledger'],
    ['opme/', 'opme'],
  ] as const;

  it.each(parts)('GET surgery/{id}/%s is recorded as a view of the case (%s)', async (path, detail) => {
    const response = await get(`/surgery/api/v1/surgery/${owing.id}/${path}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(await readsWith(detail)).toEqual([
      expect.objectContaining({ medicId: medic.id, action: 'view', entity: 'surgery', entityId: owing.id, patientIds: [owing.patientId], shownIds: null }),
    ]);
  });

  it('GET approvals/{id}/ is recorded as a view of the case (approvals)', async () => {
    const response = await get(`/surgery/api/v1/approvals/${authorized.id}/`);
    expect(response.statusCode, response.body).toBe(200);
    expect(await readsWith('approvals')).toEqual([
      expect.objectContaining({ medicId: medic.id, action: 'view', entity: 'surgery', entityId: authorized.id, patientIds: [authorized.patientId] }),
    ]);
  });

  it("another medic's case: 404, and nothing recorded", async () => {
    await t.app.audit.flush();
    const before = await countRows(t.deps.db, auditEvents);
    for (const path of [...parts.map(([part]) => `surgery/${owing.id}/${part}`), `approvals/${owing.id}/`]) {
      expect((await get(`/surgery/api/v1/${path}`, asOtherMedic)).statusCode, path).toBe(404);
    }
    await t.app.audit.flush();
    expect(await countRows(t.deps.db, auditEvents)).toBe(before);
  });
});

describe('the list pages', () => {
  it("'A receber' records the page's cases", async () => {
    const response = await get('/surgery/api/v1/receivables/');
    expect(response.statusCode, response.body).toBe(200);
    const shown = (response.json().results as { surgery: number }[]).map((row) => row.surgery);
    expect(shown).toContain(owing.id);
    expect(await readsWith('receivables')).toEqual([
      expect.objectContaining({ medicId: medic.id, action: 'list', entity: 'surgery', entityId: null, shownIds: shown }),
    ]);
  });

  it('the authorization alerts record the cases they name', async () => {
    const response = await get('/surgery/api/v1/authorization_alerts/');
    expect(response.json().results.map((alert: { surgery_id: number }) => alert.surgery_id)).toEqual([authorized.id]);
    expect(await readsWith('authorization_alerts')).toEqual([
      expect.objectContaining({ medicId: medic.id, action: 'list', entity: 'surgery', shownIds: [authorized.id], patientIds: [authorized.patientId] }),
    ]);
  });

  it('the appeal alerts record the cases they name', async () => {
    const response = await get('/surgery/api/v1/appeal_alerts/');
    expect(response.json().results.map((alert: { surgery: number }) => alert.surgery)).toEqual([owing.id]);
    expect(await readsWith('appeal_alerts')).toEqual([
      expect.objectContaining({ medicId: medic.id, action: 'list', entity: 'surgery', shownIds: [owing.id], patientIds: [owing.patientId] }),
    ]);
  });

  it('an empty page records nothing', async () => {
    await t.app.audit.flush();
    const before = await countRows(t.deps.db, auditEvents);
    for (const url of ['/surgery/api/v1/receivables/', '/surgery/api/v1/authorization_alerts/', '/surgery/api/v1/appeal_alerts/']) {
      const response = await get(url, asOtherMedic);
      expect(response.json().results, url).toEqual([]);
    }
    await t.app.audit.flush();
    expect(await countRows(t.deps.db, auditEvents)).toBe(before);
  });
});
