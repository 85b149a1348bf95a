import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/index';
import { MAX_PHOTO_BYTES } from '../../server/services/files/file-type';
import { createLinkSigner } from '../../server/services/files/signed-links';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { authHeader, createMedic, createSecretary, signIn, TEST_PASSWORD, tokenFamily } from '../helpers/fixtures';
import { solidPng } from '../helpers/png';

const UPLOAD = '/project_auth/api/v1/profile_photo/';
const LINK = /^\/project_auth\/api\/v1\/profile_photo\/(\d+)\/([0-9a-f]{32})\/\?expires=(\d+)&session=([0-9a-f-]{36})&signature=([A-Za-z0-9_-]+)$/;
const WRONG_TYPE = 'Envie uma imagem JPEG, PNG ou WebP.';
const TOO_LARGE = 'A foto deve ter no máximo 5 MB.';
const NOT_FOUND = { error: ['Foto não encontrada.'] };

const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);
const PNG = solidPng(2, [0x0b, 0x66, 0x70]);

let t: TestApp;
let medicId: number;
let otherMedicId: number;
let asMedic: { authorization: string };
let asSecretary: { authorization: string };
let asOtherMedic: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp();
  const medic = await createMedic(t.deps);
  const other = await createMedic(t.deps);
  const secretary = await createSecretary(t.deps, { medicIds: [medic.id] });
  medicId = medic.id;
  otherMedicId = other.id;
  asMedic = authHeader((await signIn(t.app, medic.email, TEST_PASSWORD)).access_token);
  asOtherMedic = authHeader((await signIn(t.app, other.email, TEST_PASSWORD)).access_token);
  asSecretary = authHeader((await signIn(t.app, secretary.email, TEST_PASSWORD)).access_token);
});
afterAll(async () => {
  await t?.close();
});

async function storedFiles(): Promise<string[]> {
  try {
    const entries = await readdir(join(t.deps.config.dataDir, 'files'), { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath ?? '', entry.name)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function imageKeyOf(id: number): Promise<string | null> {
  const [row] = await t.deps.db.select({ key: users.imageKey }).from(users).where(eq(users.id, id));
  return row?.key ?? null;
}

async function upload(data: Buffer, headers: Record<string, string> = asMedic, field = 'image', name = 'foto.jpg') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const payload = Buffer.from(await request.arrayBuffer());
  return t.app.inject({ method: 'PUT', url: UPLOAD, headers: { ...headers, 'content-type': request.headers.get('content-type')! }, payload });
}

/** GET without any Authorization header, as an `<img>` does. */
const fetchLink = (url: string) => t.app.inject({ method: 'GET', url });

const profileOf = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/project_auth/profile/', headers })).json() as { user: { image: string | null } };

describe('PUT /project_auth/api/v1/profile_photo/', () => {
  it('stores a medic photo (checked by content) shown in the profile and the settings, served by its signed link', async () => {
    const res = await upload(PNG, asMedic, 'image', 'qualquer.txt');
    expect(res.statusCode).toBe(200);
    const link = res.json().image as string;
    expect(LINK.exec(link)?.[1]).toBe(String(medicId));

    const served = await fetchLink(link);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(served.rawPayload.equals(PNG)).toBe(true);

    expect((await profileOf(asMedic)).user.image).toBe(link);
    const settings = await t.app.inject({ method: 'GET', url: '/project_auth/api/v1/settings/', headers: asMedic });
    expect(settings.json().image).toBe(link);
  });

  it('replaces the photo (a new link, the old file deleted and its link 404) and removes it', async () => {
    const first = (await upload(JPEG)).json().image as string;
    const files = await storedFiles();
    const second = await upload(PNG);
    expect(second.statusCode).toBe(200);
    const link = second.json().image as string;
    expect(LINK.exec(link)?.[2]).not.toBe(LINK.exec(first)?.[2]);
    expect(await storedFiles()).toHaveLength(files.length);
    expect(await storedFiles()).not.toEqual(files);
    expect((await fetchLink(first)).statusCode).toBe(404);

    const removed = await t.app.inject({ method: 'DELETE', url: UPLOAD, headers: asMedic });
    expect(removed.statusCode).toBe(204);
    expect(await imageKeyOf(medicId)).toBeNull();
    expect(await storedFiles()).toHaveLength(files.length - 1);
    expect((await fetchLink(link)).statusCode).toBe(404);
    expect((await profileOf(asMedic)).user.image).toBeNull();
    // Removing again changes nothing.
    expect((await t.app.inject({ method: 'DELETE', url: UPLOAD, headers: asMedic })).statusCode).toBe(204);
  });

  it('lets a secretary set her own photo, shown in her profile', async () => {
    const res = await upload(JPEG, asSecretary);
    expect(res.statusCode).toBe(200);
    const link = res.json().image as string;
    expect((await profileOf(asSecretary)).user.image).toBe(link);
    expect((await fetchLink(link)).rawPayload.equals(JPEG)).toBe(true);
  });

  it('refuses a non-image named .jpg with a pt-BR 400 and writes nothing', async () => {
    await upload(JPEG, asOtherMedic);
    const key = await imageKeyOf(otherMedicId);
    const files = await storedFiles();
    for (const data of [Buffer.from('isto não é uma imagem\n'), Buffer.from('%PDF-1.7\n%âãÏÓ\n')]) {
      const res = await upload(data, asOtherMedic);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: [WRONG_TYPE], image: [WRONG_TYPE] });
    }
    const empty = await upload(Buffer.alloc(0), asOtherMedic);
    expect(empty.statusCode).toBe(400);
    const wrongField = await upload(JPEG, asOtherMedic, 'foto');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({ error: ['Dados inválidos.'] });
    const notMultipart = await t.app.inject({ method: 'PUT', url: UPLOAD, headers: asOtherMedic, payload: { image: 'x' } });
    expect(notMultipart.statusCode).toBe(400);
    expect(await imageKeyOf(otherMedicId)).toBe(key);
    expect(await storedFiles()).toEqual(files);
  });

  it('answers 413 above 5 MB and writes nothing; exactly 5 MB is accepted', async () => {
    const key = await imageKeyOf(otherMedicId);
    const files = await storedFiles();
    const big = Buffer.alloc(MAX_PHOTO_BYTES + 1);
    JPEG.copy(big);
    const res = await upload(big, asOtherMedic);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: [TOO_LARGE] });
    expect(await imageKeyOf(otherMedicId)).toBe(key);
    expect(await storedFiles()).toEqual(files);

    const limit = Buffer.alloc(MAX_PHOTO_BYTES);
    JPEG.copy(limit);
    expect((await upload(limit, asOtherMedic)).statusCode).toBe(200);
  });

  it('answers 401 without a sign-in, for the upload and the removal', async () => {
    const files = await storedFiles();
    const res = await upload(JPEG, {});
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: UPLOAD })).statusCode).toBe(401);
    expect(await storedFiles()).toEqual(files);
  });
});

describe('GET /project_auth/api/v1/profile_photo/{userId}/{version}/ (signed link)', () => {
  it("answers 404 to a valid link for another user's photo (another account or the medic's own secretary)", async () => {
    const mine = (await upload(PNG)).json().image as string;
    const [, , version] = LINK.exec(mine)!;
    const signer = createLinkSigner({ db: t.deps.db, now: t.deps.now });
    for (const headers of [asOtherMedic, asSecretary]) {
      const family = await tokenFamily(t.deps, headers.authorization.slice('Bearer '.length));
      const res = await fetchLink(await signer.sign(`/project_auth/api/v1/profile_photo/${medicId}/${version}/`, family));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
  });

  it('answers 403 to a tampered link or one pointed at another user or version', async () => {
    const link = (await upload(PNG, asOtherMedic)).json().image as string;
    const [, id, version, expires, session, signature] = LINK.exec(link)!;
    const attempts = [
      `/project_auth/api/v1/profile_photo/${medicId}/${version}/?expires=${expires}&session=${session}&signature=${signature}`,
      `/project_auth/api/v1/profile_photo/${id}/${'0'.repeat(32)}/?expires=${expires}&session=${session}&signature=${signature}`,
      `/project_auth/api/v1/profile_photo/${id}/${version}/?expires=${expires}`,
      `/project_auth/api/v1/profile_photo/abc/${version}/?expires=${expires}&session=${session}&signature=${signature}`,
      `/project_auth/api/v1/profile_photo/${id}/nope/?expires=${expires}&session=${session}&signature=${signature}`,
    ];
    for (const url of attempts) {
      const res = await fetchLink(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ error: ['Link inválido ou expirado.'] });
    }
    expect((await fetchLink(link)).statusCode).toBe(200);
  });
});
