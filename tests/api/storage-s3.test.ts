import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCpf } from '../../machines/rules/cpf';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { patients } from '../../server/db/schema/index';
import { createFileStorage } from '../../server/services/storage/create-storage';
import { sweepOrphanFiles } from '../../server/services/storage/orphan-sweep';
import { createS3Storage } from '../../server/services/storage/s3-storage';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { insertPatient } from '../helpers/clinical-fixtures';
import { authHeader, createMedic, signIn, TEST_PASSWORD, validCpf } from '../helpers/fixtures';
import { solidPng } from '../helpers/png';
import { startS3Server, type TestS3Server } from '../helpers/s3-server';

/**
 * The S3-compatible store (DECISIONS §12) against an S3-protocol server on loopback: what the S3_* settings
 * mean, the key prefix, the start-up sweep over the bucket's listing (LastModified), a fault that is not a
 * missing file, and the real app keeping a patient's photo in the bucket. The behaviours shared with the disk
 * and PostgreSQL stores are in storage.test.ts.
 */
let s3: TestS3Server;
let t: TestApp;
const opened: Array<{ close(): void }> = [];

/** A store on the test bucket, closed after the file. */
function store(...args: Parameters<typeof createS3Storage>) {
  const storage = createS3Storage(...args);
  opened.push(storage);
  return storage;
}

beforeAll(async () => {
  s3 = await startS3Server();
  t = await buildTestApp({ seedLookups: false });
});
afterAll(async () => {
  for (const storage of opened) storage.close();
  await s3?.close();
  await t?.close();
});

describe('S3_* settings', () => {
  it('leaves S3 off without S3_BUCKET, whatever else is set', () => {
    expect(loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }).s3).toBeNull();
  });

  it('reads a non-AWS service: path style by default, the prefix as a folder, the key pair', () => {
    const config = loadConfig({
      S3_BUCKET: 'consultorio',
      S3_ENDPOINT: 'https://s3.exemplo.com.br/',
      S3_REGION: 'sa-east-1',
      S3_ACCESS_KEY_ID: 'chave',
      S3_SECRET_ACCESS_KEY: 'segredo',
      S3_PREFIX: '/cirurgias/producao/',
    });
    expect(config.s3).toEqual({
      bucket: 'consultorio',
      endpoint: 'https://s3.exemplo.com.br',
      region: 'sa-east-1',
      accessKeyId: 'chave',
      secretAccessKey: 'segredo',
      forcePathStyle: true,
      prefix: 'cirurgias/producao/',
    });
  });

  it('reads AWS itself: virtual-hosted addresses, the SDK’s own credentials when no key pair is given', () => {
    expect(loadConfig({ S3_BUCKET: 'consultorio' }).s3).toEqual({
      bucket: 'consultorio',
      endpoint: null,
      region: 'us-east-1',
      accessKeyId: null,
      secretAccessKey: null,
      forcePathStyle: false,
      prefix: '',
    });
    expect(loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(false);
  });

  it('refuses half a key pair, an endpoint that is not http(s) and a prefix that is not a plain path, in pt-BR and without the secret', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 'segredo-que-nao-aparece' })).toThrow(
      /^Informe S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY juntos/,
    );
    try {
      loadConfig({ S3_BUCKET: 'b', S3_SECRET_ACCESS_KEY: 'segredo-que-nao-aparece' });
    } catch (error) {
      expect((error as Error).message).not.toContain('segredo-que-nao-aparece');
    }
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'ftp://s3.exemplo.com.br' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_PREFIX: '../fora' })).toThrow(/S3_PREFIX/);
  });

  it('makes the bucket the store whenever S3_BUCKET is set (server or embedded mode)', async () => {
    const config = { ...loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/y', ...s3.env({ prefix: 'escolha' }) }) };
    const storage = (await createFileStorage(config, t.deps.db)) as ReturnType<typeof createS3Storage>;
    opened.push(storage);
    await storage.put('patients/1/photo-escolha.png', Buffer.from('x'), 'image/png');
    expect((await store(s3.settings({ prefix: 'escolha/' })).get('patients/1/photo-escolha.png'))?.data.toString()).toBe('x');
  });
});

describe('S3 storage', () => {
  it('keeps each prefix apart: one bucket can hold several installations', async () => {
    const a = store(s3.settings({ prefix: 'consultorio-a/' }));
    const b = store(s3.settings({ prefix: 'consultorio-b/' }));
    const bare = store(s3.settings());
    await a.put('patients/1/photo-a.png', Buffer.from('a'), 'image/png');
    expect(await b.get('patients/1/photo-a.png')).toBeNull();
    expect(await bare.get('patients/1/photo-a.png')).toBeNull();
    expect((await bare.get('consultorio-a/patients/1/photo-a.png'))?.data.toString()).toBe('a');
  });

  it('keeps a 10 MB file byte for byte, with its content type', async () => {
    const storage = store(s3.settings({ prefix: 'grandes/' }));
    const data = Buffer.alloc(10 * 1024 * 1024);
    for (let i = 0; i < data.length; i += 4096) data[i] = i % 251;
    await storage.put('surgeries/3/medical_report-grande.pdf', data, 'application/pdf');
    const stored = await storage.get('surgeries/3/medical_report-grande.pdf');
    expect(stored?.size).toBe(data.length);
    expect(stored?.contentType).toBe('application/pdf');
    expect(stored?.data.equals(data)).toBe(true);
  });

  it('answers a missing bucket as a fault (never as a missing file), naming no key and no secret', async () => {
    const storage = store(s3.settings({ bucket: 'balde-inexistente', secretAccessKey: 'segredo-que-nao-aparece' }));
    const attempt = storage.get('patients/1/photo-x.png');
    await expect(attempt).rejects.toThrow('Armazenamento S3: falha em get (NoSuchBucket, HTTP 404).');
    const error = await attempt.catch((caught: Error) => caught);
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toMatch(/segredo|S3RVER|photo-x/);
  });

  describe('orphan sweep (the listing’s LastModified)', () => {
    const named = ['patients/photo-kept.png', 'surgeries/1/doctor_request-kept.pdf'];
    const orphans = ['patients/photo-orphan.png', 'templates/plan-9-orphan.docx', 'users/photo-orphan.png'];
    const isReferenced = (key: string) => named.includes(key);

    async function fill(prefix: string) {
      const storage = store(s3.settings({ prefix }), { listPageSize: 2 });
      for (const key of [...named, ...orphans]) await storage.put(key, Buffer.from('abc'), 'application/octet-stream');
      return storage;
    }
    const present = async (storage: ReturnType<typeof store>, keys: string[]) =>
      (await Promise.all(keys.map(async (key) => ((await storage.get(key)) ? key : null)))).filter(Boolean);

    it('keeps files written after the cutoff, even unnamed (an upload whose row is not committed yet)', async () => {
      const storage = await fill('varredura-1/');
      expect(await storage.sweep(isReferenced, new Date(Date.now() - 60 * 60 * 1000))).toBe(0);
      expect(await present(storage, orphans)).toEqual(orphans);
    });

    it('removes every unnamed file written before the cutoff, over several listing pages, and nothing outside its prefix', async () => {
      const storage = await fill('varredura-2/');
      const neighbour = await fill('varredura-2-vizinho/');
      // An object the product could not have written (not a storage key) is not its to delete.
      const raw = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: s3.credentials });
      const foreign = { Bucket: s3.bucket, Key: 'varredura-2/LEIA-ME com espaço.txt' };
      await raw.send(new PutObjectCommand({ ...foreign, Body: 'não é do produto' }));

      expect(await storage.sweep(isReferenced, new Date(Date.now() + 2000))).toBe(orphans.length);
      expect(await present(storage, orphans)).toEqual([]);
      expect(await present(storage, named)).toEqual(named);
      expect(await present(neighbour, orphans)).toEqual(orphans);
      expect((await raw.send(new GetObjectCommand(foreign))).ContentLength).toBeGreaterThan(0);
      raw.destroy();
    });

    it('runs as the server runs it at start, from the rows that name files', async () => {
      const medic = await createMedic(t.deps);
      const patientKey = `patients/${medic.id}/photo-named.png`;
      await insertPatient(t.deps.db, medic.id, { photoKey: patientKey });
      const storage = store(s3.settings({ prefix: 'varredura-3/' }));
      await storage.put(patientKey, Buffer.from('foto'), 'image/png');
      await storage.put('patients/0/photo-orphan.png', Buffer.from('órfã'), 'image/png');
      expect(await sweepOrphanFiles({ db: t.deps.db, storage, writtenBefore: new Date(Date.now() + 2000) })).toBe(1);
      expect(await storage.get(patientKey)).not.toBeNull();
      expect(await storage.get('patients/0/photo-orphan.png')).toBeNull();
    });
  });
});

describe('the app with its files in S3', () => {
  let app: FastifyInstance;
  let storage: ReturnType<typeof createS3Storage>;
  let asMedic: { authorization: string };

  beforeAll(async () => {
    storage = store(s3.settings({ prefix: 'app/' }));
    app = await buildApp({ ...t.deps, storage });
    const medic = await createMedic(t.deps);
    asMedic = authHeader((await signIn(app, medic.email, TEST_PASSWORD)).access_token);
  });
  afterAll(async () => {
    await app?.close();
  });

  async function sendPatient(method: 'POST' | 'PUT', url: string, photo: Buffer, cpf: string) {
    const form = new FormData();
    for (const [name, value] of Object.entries({ nome_completo: 'Paciente No Balde', cellphone: '11987654321', cpf, gender: 'male' })) {
      form.append(name, value);
    }
    form.append('foto', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'foto.png');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const payload = Buffer.from(await request.arrayBuffer());
    return app.inject({ method, url, headers: { ...asMedic, 'content-type': request.headers.get('content-type')! }, payload });
  }

  it('stores an uploaded photo in the bucket, serves it through its signed link, and deletes the old one on replace', async () => {
    const first = solidPng(2, [0x10, 0x80, 0xf0]);
    const cpf = formatCpf(validCpf(8_800_123));
    const created = await sendPatient('POST', '/surgery/api/v1/add_paciente/', first, cpf);
    expect(created.statusCode, created.body).toBe(201);
    const { id, foto } = created.json() as { id: number; foto: string };
    const [row] = await t.deps.db.select({ photoKey: patients.photoKey }).from(patients).where(eq(patients.id, id));
    const firstKey = row!.photoKey!;
    expect((await storage.get(firstKey))?.data.equals(first)).toBe(true);

    const served = await app.inject({ method: 'GET', url: foto });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(first)).toBe(true);

    const second = solidPng(3, [0xff, 0x00, 0x00]);
    const replaced = await sendPatient('PUT', `/surgery/api/v1/update_patient/${id}/`, second, cpf);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const again = await app.inject({ method: 'GET', url: (replaced.json() as { foto: string }).foto });
    expect(again.rawPayload.equals(second)).toBe(true);
    expect(await storage.get(firstKey)).toBeNull();
  });
});
