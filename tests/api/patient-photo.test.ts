import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCpf } from '../../machines/rules/cpf';
import { patients } from '../../server/db/schema/index';
import { MAX_PHOTO_BYTES } from '../../server/services/files/file-type';
import { createLinkSigner } from '../../server/services/files/signed-links';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient } from '../helpers/clinical-fixtures';
import { authHeader, countRows, createMedic, createSecretary, signIn, TEST_PASSWORD, tokenFamily, validCpf } from '../helpers/fixtures';
import { solidPng } from '../helpers/png';

const CREATE = '/surgery/api/v1/add_paciente/';
const update = (id: number) => `/surgery/api/v1/update_patient/${id}/`;
const photoPath = (id: number) => `/surgery/api/v1/patient/${id}/foto/`;
const LINK = /^\/surgery\/api\/v1\/patient\/(\d+)\/foto\/\?expires=(\d+)&session=([0-9a-f-]{36})&signature=([A-Za-z0-9_-]+)$/;
const INVALID_LINK = { error: ['Link inválido ou expirado.'] };
const WRONG_TYPE = 'Envie uma imagem JPEG, PNG ou WebP.';

/* ------------------------------------------------------------------ tiny real images */

/** SOI, a JFIF APP0 segment, EOI: the smallest well-formed JPEG header. */
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);

/** A real 1×1 white RGB PNG. */
const PNG = solidPng(1, [0xff, 0xff, 0xff]);

/** A real 1×1 lossless WebP. */
const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

/* ------------------------------------------------------------------ app and helpers */

let t: TestApp;
let asMedic: { authorization: string };
let asSecretary: { authorization: string };
let medicId: number;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  const medic = await createMedic(t.deps);
  medicId = medic.id;
  const secretary = await createSecretary(t.deps, { medicIds: [medic.id] });
  asMedic = authHeader((await signIn(t.app, medic.email, TEST_PASSWORD)).access_token);
  asSecretary = authHeader((await signIn(t.app, secretary.email, TEST_PASSWORD)).access_token);
});
afterAll(async () => {
  await t?.close();
});

/** Every file the app's storage holds (the test app stores them under <dataDir>/files). */
async function storedFiles(): Promise<string[]> {
  try {
    const entries = await readdir(join(t.deps.config.dataDir, 'files'), { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath ?? '', entry.name)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

type Photo = { data: Buffer; name?: string; type?: string };

function patientForm(photo: Photo | null, overrides: Record<string, string> = {}): FormData {
  const n = ++seq;
  const form = new FormData();
  const values: Record<string, string> = {
    nome_completo: `Paciente Com Foto ${n}`,
    cellphone: '11987654321',
    cpf: formatCpf(validCpf(300_000 + n * 71)),
    gender: 'male',
    ...overrides,
  };
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  if (photo) form.append('foto', new Blob([new Uint8Array(photo.data)], { type: photo.type ?? 'image/jpeg' }), photo.name ?? 'foto.jpg');
  return form;
}

async function send(method: 'POST' | 'PUT', url: string, form: FormData, headers = asMedic) {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  return t.app.inject({ method, url, headers: { ...headers, 'content-type': request.headers.get('content-type')! }, payload });
}

async function createWithPhoto(photo: Photo | null) {
  const res = await send('POST', CREATE, patientForm(photo));
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; foto: string | null };
}

/** GET without any Authorization header, as an `<img>` does. */
const fetchLink = (url: string) => t.app.inject({ method: 'GET', url });

/** Expects a refused upload: the status and message, and neither a row nor a file written. */
async function expectNothingWritten(request: () => Promise<{ statusCode: number; json(): unknown }>, status: number, message: string) {
  const rows = await countRows(t.deps.db, patients);
  const files = await storedFiles();
  const res = await request();
  expect(res.statusCode).toBe(status);
  expect((res.json() as { error: string[] }).error).toContain(message);
  expect(await countRows(t.deps.db, patients)).toBe(rows);
  expect(await storedFiles()).toEqual(files);
  return res;
}

/* ------------------------------------------------------------------ tests */

describe('photo upload (POST add_paciente, PUT update_patient)', () => {
  it.each([
    ['JPEG', JPEG, 'image/jpeg'],
    ['PNG', PNG, 'image/png'],
    ['WebP', WEBP, 'image/webp'],
  ] as const)('stores a %s photo and answers a signed link to it', async (_label, data, contentType) => {
    const filesBefore = (await storedFiles()).length;
    // The declared name and type do not matter: the content does.
    const patient = await createWithPhoto({ data, name: 'qualquer.txt', type: 'application/octet-stream' });
    const match = LINK.exec(patient.foto ?? '');
    expect(match?.[1]).toBe(String(patient.id));
    const [row] = await t.deps.db.select().from(patients).where(eq(patients.id, patient.id));
    expect(row!.photoContentType).toBe(contentType);
    expect(await storedFiles()).toHaveLength(filesBefore + 1);

    const res = await fetchLink(patient.foto!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(contentType);
    expect(res.rawPayload.equals(data)).toBe(true);
  });

  it('refuses a text file named .jpg (400) and stores nothing', async () => {
    const text = { data: Buffer.from('isto não é uma imagem\n'), name: 'foto.jpg', type: 'image/jpeg' };
    const res = await expectNothingWritten(() => send('POST', CREATE, patientForm(text)), 400, WRONG_TYPE);
    expect(res.json()).toEqual({ error: [WRONG_TYPE], foto: [WRONG_TYPE] });
    const pdf = { data: Buffer.from('%PDF-1.7\n%âãÏÓ\n'), name: 'foto.png', type: 'image/png' };
    await expectNothingWritten(() => send('POST', CREATE, patientForm(pdf)), 400, WRONG_TYPE);
  });

  it('reports a wrong photo type together with the other field problems', async () => {
    const text = { data: Buffer.from('texto'), name: 'foto.jpg' };
    const res = await expectNothingWritten(() => send('POST', CREATE, patientForm(text, { cpf: '123' })), 400, WRONG_TYPE);
    expect(res.json()).toMatchObject({ foto: [WRONG_TYPE], cpf: ['CPF Invalido!'] });
  });

  it('answers 413 above 5 MB and stores nothing; exactly 5 MB is accepted', async () => {
    const big = Buffer.alloc(MAX_PHOTO_BYTES + 1);
    JPEG.copy(big);
    await expectNothingWritten(() => send('POST', CREATE, patientForm({ data: big })), 413, 'A foto deve ter no máximo 5 MB.');
    const limit = Buffer.alloc(MAX_PHOTO_BYTES);
    JPEG.copy(limit);
    const patient = await createWithPhoto({ data: limit });
    expect(patient.foto).toMatch(LINK);
  });

  it('treats an empty file part as no photo', async () => {
    const patient = await createWithPhoto({ data: Buffer.alloc(0), name: '' });
    expect(patient.foto).toBeNull();
  });

  it('keeps the photo on an update without foto and replaces it (deleting the old file) with one', async () => {
    const patient = await createWithPhoto({ data: JPEG });
    const [before] = await t.deps.db.select().from(patients).where(eq(patients.id, patient.id));
    const files = await storedFiles();

    const kept = await send('PUT', update(patient.id), patientForm(null, { cpf: formatCpf(before!.cpf), nome_completo: 'Mesmo Paciente' }));
    expect(kept.statusCode).toBe(200);
    expect(kept.json().foto).toMatch(LINK);
    expect((await fetchLink(kept.json().foto)).rawPayload.equals(JPEG)).toBe(true);
    expect(await storedFiles()).toEqual(files);

    const replaced = await send('PUT', update(patient.id), patientForm({ data: PNG, name: 'nova.png' }, { cpf: before!.cpf }), asSecretary);
    expect(replaced.statusCode).toBe(400); // a secretary must name the medic
    const ok = await send(
      'PUT',
      update(patient.id),
      patientForm({ data: PNG, name: 'nova.png' }, { cpf: before!.cpf, medic: String(medicId) }),
      asSecretary,
    );
    expect(ok.statusCode).toBe(200);
    const served = await fetchLink(ok.json().foto);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const after = await storedFiles();
    expect(after).toHaveLength(files.length);
    expect(after).not.toEqual(files);
  });

  it('stores no new file and keeps the old photo when an update is refused', async () => {
    const patient = await createWithPhoto({ data: JPEG });
    const files = await storedFiles();
    const res = await send('PUT', update(patient.id), patientForm({ data: PNG }, { cpf: '111.111.111-11' }));
    expect(res.statusCode).toBe(400);
    expect(await storedFiles()).toEqual(files);
    expect((await fetchLink(patient.foto!)).rawPayload.equals(JPEG)).toBe(true);
  });

  it('deletes the photo file with the patient; the old link then answers 404', async () => {
    const patient = await createWithPhoto({ data: WEBP });
    const files = (await storedFiles()).length;
    const res = await t.app.inject({ method: 'DELETE', url: update(patient.id), headers: asMedic });
    expect(res.statusCode).toBe(204);
    expect(await storedFiles()).toHaveLength(files - 1);
    const link = await fetchLink(patient.foto!);
    expect(link.statusCode).toBe(404);
  });

  it('leaves exactly one file when the same patient is sent twice at once (the loser\'s photo is deleted)', async () => {
    const files = (await storedFiles()).length;
    const rows = await countRows(t.deps.db, patients);
    const form = () => patientForm({ data: JPEG }, { cpf: formatCpf(validCpf(4_242_424)), nome_completo: 'Corrida' });
    const answers = await Promise.all([send('POST', CREATE, form()), send('POST', CREATE, form())]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 400]);
    expect(await countRows(t.deps.db, patients)).toBe(rows + 1);
    expect(await storedFiles()).toHaveLength(files + 1);
  });
});

describe('GET /surgery/api/v1/patient/{id}/foto/ (signed link)', () => {
  it('serves the photo without a bearer token, privately cached until the link expires', async () => {
    const patient = await createWithPhoto({ data: JPEG });
    const res = await fetchLink(patient.foto!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(900);
  });

  it('gives the list and the secretary the same kind of link', async () => {
    const patient = await createWithPhoto({ data: JPEG });
    const res = await t.app.inject({ method: 'GET', url: `/surgery/api/v1/patient/${patient.id}/`, headers: asSecretary });
    expect(res.json().foto).toMatch(LINK);
    expect((await fetchLink(res.json().foto)).statusCode).toBe(200);
  });

  it('answers 403 to a tampered, foreign, incomplete or far-future link', async () => {
    const a = await createWithPhoto({ data: JPEG });
    const b = await createWithPhoto({ data: PNG });
    const [, , expires, session, signature] = LINK.exec(a.foto!)!;
    const middle = Math.floor(signature!.length / 2);
    const flipped = `${signature!.slice(0, middle)}${signature![middle] === 'A' ? 'B' : 'A'}${signature!.slice(middle + 1)}`;
    const attempts = [
      `${photoPath(a.id)}?expires=${expires}&session=${session}&signature=${flipped}`,
      `${photoPath(b.id)}?expires=${expires}&session=${session}&signature=${signature}`,
      `${photoPath(a.id)}?expires=${Number(expires) + 600}&session=${session}&signature=${signature}`,
      `${photoPath(a.id)}?expires=${expires}`,
      `${photoPath(a.id)}?signature=${signature}`,
      photoPath(a.id),
      `${photoPath(a.id)}?expires=${expires}&session=${session}&signature=${signature}&signature=${signature}`,
      `${photoPath(a.id)}?expires=${Math.floor(t.clock.now.getTime() / 1000) + 86_400}&session=${session}&signature=${signature}`,
      `/surgery/api/v1/patient/abc/foto/?expires=${expires}&session=${session}&signature=${signature}`,
    ];
    for (const url of attempts) {
      const res = await fetchLink(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual(INVALID_LINK);
    }
  });

  it('answers 403 once the link has expired', async () => {
    const patient = await createWithPhoto({ data: JPEG });
    expect((await fetchLink(patient.foto!)).statusCode).toBe(200);
    t.clock.advance(2 * 60 * 60 * 1000);
    try {
      const res = await fetchLink(patient.foto!);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(INVALID_LINK);
    } finally {
      t.clock.advance(-2 * 60 * 60 * 1000);
    }
  });

  it('answers foto null without a photo, and 404 to a valid link for a patient without one', async () => {
    const patient = await createWithPhoto(null);
    expect(patient.foto).toBeNull();
    const stored = await insertPatient(t.deps.db, medicId);
    const signer = createLinkSigner({ db: t.deps.db, now: t.deps.now });
    const family = await tokenFamily(t.deps, asMedic.authorization.slice('Bearer '.length));
    for (const id of [patient.id, stored.id, 999_999]) {
      const res = await fetchLink(await signer.sign(photoPath(id), family));
      expect(res.statusCode).toBe(404);
    }
  });
});
