import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surgeryDocuments } from '../../server/db/schema/index';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient, insertSurgery } from '../helpers/clinical-fixtures';
import { authHeader, createMedic, createSecretary, signIn, TEST_CLIENT, TEST_PASSWORD, type TestAccount } from '../helpers/fixtures';
import { solidPng } from '../helpers/png';

/**
 * Issue 11 item 18: a signed photo or document link lives 15 minutes and belongs to the sign-in that
 * asked for it, so signing out, a password change elsewhere and a secretary's removal end it.
 */
const INVALID_LINK = { error: ['Link inválido ou expirado.'] };
const PNG = solidPng(2, [0x10, 0x90, 0x30]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A patient with a photo and a case with a document, of `medic`. */
async function caseWithFiles(medic: TestAccount) {
  const photoKey = `patients/revocation-${medic.id}/photo.png`;
  await t.deps.storage.put(photoKey, PNG, 'image/png');
  const patient = await insertPatient(t.deps.db, medic.id, { photoKey });
  const surgery = await insertSurgery(t.deps.db, patient);
  const fileKey = `surgeries/${surgery.id}/doctor_request.pdf`;
  await t.deps.storage.put(fileKey, PDF, 'application/pdf');
  await t.deps.db.insert(surgeryDocuments).values({ surgeryId: surgery.id, kind: 'doctor_request', fileKey, contentType: 'application/pdf', size: PDF.length });
  return { patient, surgery };
}

/** The photo and document links the case's answer gives to `token`'s sign-in; both open now. */
async function linksFor(token: string, surgeryId: number): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/surgery/${surgeryId}/`, headers: authHeader(token) });
  expect(res.statusCode).toBe(200);
  const links = [res.json().patient.foto as string, res.json().doctor_request as string];
  for (const link of links) expect((await open(link)).statusCode, link).toBe(200);
  return links;
}

function open(link: string) {
  return t.app.inject({ method: 'GET', url: link });
}

async function expectRefused(links: string[]) {
  for (const link of links) {
    const res = await open(link);
    expect(res.statusCode, link).toBe(403);
    expect(res.json()).toEqual(INVALID_LINK);
  }
}

describe('signed file links', () => {
  it('stop working when their sign-in signs out', async () => {
    const medic = await createMedic(t.deps);
    const { surgery } = await caseWithFiles(medic);
    const session = await signIn(t.app, medic.email, TEST_PASSWORD);
    const other = await signIn(t.app, medic.email, TEST_PASSWORD);
    const links = await linksFor(session.access_token, surgery.id);
    const otherLinks = await linksFor(other.access_token, surgery.id);

    const revoke = await t.app.inject({ method: 'POST', url: '/auth/revoke', payload: { ...TEST_CLIENT, token: session.refresh_token } });
    expect(revoke.statusCode).toBe(200);
    await expectRefused(links);
    // Another sign-in's links are its own.
    for (const link of otherLinks) expect((await open(link)).statusCode).toBe(200);
  });

  it('stop working when the password is changed from another sign-in', async () => {
    const medic = await createMedic(t.deps);
    const { surgery } = await caseWithFiles(medic);
    const laptop = await signIn(t.app, medic.email, TEST_PASSWORD);
    const phone = await signIn(t.app, medic.email, TEST_PASSWORD);
    const laptopLinks = await linksFor(laptop.access_token, surgery.id);
    const phoneLinks = await linksFor(phone.access_token, surgery.id);

    const change = await t.app.inject({
      method: 'POST',
      url: '/project_auth/api/v1/change_password/',
      headers: authHeader(phone.access_token),
      payload: { password: TEST_PASSWORD, new_password: 'NovaSenha@2026' },
    });
    expect(change.statusCode).toBe(200);
    await expectRefused(laptopLinks);
    // The sign-in that changed it stays, with its links.
    for (const link of phoneLinks) expect((await open(link)).statusCode).toBe(200);
  });

  it("stop working for a secretary once the medic removes her, while the medic's keep working", async () => {
    const medic = await createMedic(t.deps);
    const secretary = await createSecretary(t.deps, { medicIds: [medic.id] });
    const { surgery } = await caseWithFiles(medic);
    const medicToken = (await signIn(t.app, medic.email, TEST_PASSWORD)).access_token;
    const secretaryToken = (await signIn(t.app, secretary.email, TEST_PASSWORD)).access_token;
    const secretaryLinks = await linksFor(secretaryToken, surgery.id);
    const medicLinks = await linksFor(medicToken, surgery.id);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/project_auth/api/v1/remove_secretary/${secretary.id}`,
      headers: authHeader(medicToken),
    });
    expect(removed.statusCode).toBe(204);
    await expectRefused(secretaryLinks);
    for (const link of medicLinks) expect((await open(link)).statusCode).toBe(200);
  });

  it('live at most 15 minutes', async () => {
    const medic = await createMedic(t.deps);
    const { surgery } = await caseWithFiles(medic);
    const token = (await signIn(t.app, medic.email, TEST_PASSWORD)).access_token;
    const links = await linksFor(token, surgery.id);
    for (const link of links) {
      // Expiries are whole seconds, rounded up to a 5-minute step from the current whole second.
      const lifeSeconds = Number(new URL(link, 'http://x').searchParams.get('expires')) - Math.floor(t.clock.now.getTime() / 1000);
      expect(lifeSeconds).toBeLessThanOrEqual(15 * 60);
      expect(lifeSeconds).toBeGreaterThanOrEqual(10 * 60);
    }
    t.clock.advance(15 * 60 * 1000 + 1000);
    await expectRefused(links);
  });
});
