/**
 * DECISIONS §12, past one machine: real server processes (`node --import tsx server/main.ts`) on one PostgreSQL
 * database, as instances behind a load balancer would run. One pair keeps its files in PostgreSQL and its
 * sign-in counters there too; the other keeps its files in an S3 bucket (the S3-protocol test server) and its
 * counters in Redis (when one answers on 127.0.0.1:6379). Across the two instances of a pair: a token issued
 * by one works on the other; a refresh rotated on one gets the same successor from the other within the grace
 * window and is refused as reuse after it (DECISIONS §14); a file uploaded through one downloads through the
 * other; failed sign-ins count across both; concurrent lifecycle moves on one case have exactly one winner.
 *
 * Runs when DATABASE_URL names a PostgreSQL server (as the CI's PostgreSQL layer runs the API suite); skipped,
 * saying why, otherwise. The Redis half falls back to PostgreSQL counters when Redis does not answer.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatCpf } from '../../machines/rules/cpf';
import { openPostgres, type DatabaseHandle } from '../../server/db/client';
import { oauthTokens, patients, rateLimitCounters, storedFiles } from '../../server/db/schema/index';
import { hashToken } from '../../server/services/auth/token-service';
import { createS3Storage } from '../../server/services/storage/s3-storage';
import { insertPatient, insertSurgery, statusHistory } from '../helpers/clinical-fixtures';
import { adminStatement, databaseUrlNamed } from '../helpers/database-templates';
import { createMedic, createSecretary, TEST_PASSWORD, validCpf, type TestAccount } from '../helpers/fixtures';
import { solidPng } from '../helpers/png';
import { startS3Server, type TestS3Server } from '../helpers/s3-server';

const ROOT = resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 60_000;
/** Not the default: the instances must share a configured client, not merely fall back to the same default. */
const CLIENT = { client_id: 'cirurgias-web', client_secret: `segredo-${randomBytes(6).toString('hex')}` };

async function redisAnswers(): Promise<boolean> {
  return new Promise((done) => {
    const socket = createConnection({ host: '127.0.0.1', port: 6379 });
    const finish = (ok: boolean) => {
      socket.destroy();
      done(ok);
    };
    socket.setTimeout(500, () => finish(false));
    socket.once('error', () => finish(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => finish(data.toString().startsWith('+PONG')));
  });
}

const databaseUrl = process.env.DATABASE_URL || null;
const hasRedis = databaseUrl ? await redisAnswers() : false;
if (!databaseUrl) {
  console.info('two-process test skipped: DATABASE_URL is not set (it needs a PostgreSQL server; the CI’s PostgreSQL layer sets it).');
} else if (!hasRedis) {
  console.info('two-process test: Redis does not answer on 127.0.0.1:6379, so the S3 pair counts failed sign-ins in PostgreSQL too.');
}

/* ------------------------------------------------------------------ server processes */

type Instance = { name: string; url: string; child: ChildProcess; output: () => string; exit: Promise<number | null> };

const running = new Set<ChildProcess>();

async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const dataDir = await mkdtemp(join(tmpdir(), `cirurgias-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: join(dataDir, 'no-dist'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      REDIS_URL: '',
      S3_BUCKET: '',
      OAUTH_CLIENT_ID: CLIENT.client_id,
      OAUTH_CLIENT_SECRET: CLIENT.client_secret,
      // The test talks to each instance as a load balancer on loopback would, naming the client's address.
      TRUST_PROXY: '127.0.0.1',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((done) =>
    child.once('exit', (code) => {
      running.delete(child);
      void rm(dataDir, { recursive: true, force: true });
      done(code);
    }),
  );
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`${name} não ficou pronto:\n${output}`)), START_TIMEOUT_MS);
    child.stdout!.on('data', () => {
      const match = /Cirurgias pronto em (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        done(match[1]!);
      }
    });
    void exit.then((code) => {
      clearTimeout(timer);
      fail(new Error(`${name} saiu com ${code}:\n${output}`));
    });
  });
  return { name, url, child, output: () => output, exit };
}

async function stopInstance(child: ChildProcess) {
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/* ------------------------------------------------------------------ HTTP as a browser behind the balancer */

let addressSeq = 0;
/** A client address of its own for each scenario (the per-address counters live 15 minutes, in Redis across runs). */
const newClientAddress = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${++addressSeq}`;

function tokenRequest(instance: Instance, body: Record<string, string>, clientAddress: string) {
  return fetch(`${instance.url}/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress },
    body: JSON.stringify({ ...CLIENT, ...body }),
  });
}

async function signIn(instance: Instance, account: TestAccount, clientAddress = newClientAddress()) {
  const res = await tokenRequest(instance, { grant_type: 'password', username: account.email, password: TEST_PASSWORD }, clientAddress);
  expect(res.status, `${instance.name}: ${await res.clone().text()}`).toBe(200);
  return (await res.json()) as { access_token: string; refresh_token: string; expires_in: number };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const profileStatus = async (instance: Instance, token: string) =>
  (await fetch(`${instance.url}/project_auth/profile/`, { headers: bearer(token) })).status;

/* ------------------------------------------------------------------ the database, the bucket, the instances */

let handle: DatabaseHandle;
let databaseName: string;
let s3: TestS3Server;
let redis: Redis | null = null;
const S3_PREFIX = `dois-processos-${randomBytes(3).toString('hex')}`;
const pairs = {} as Record<'postgres' | 's3', [Instance, Instance]>;
let medic: TestAccount;
let secretary: TestAccount;

describe.skipIf(!databaseUrl)('two server processes on one PostgreSQL (DECISIONS §12)', () => {
  beforeAll(async () => {
    databaseName = `cirurgias_two_${randomBytes(5).toString('hex')}`;
    await adminStatement(databaseUrl!, `CREATE DATABASE "${databaseName}" TEMPLATE "${inject('databaseTemplates').small}"`);
    const url = databaseUrlNamed(databaseUrl!, databaseName);
    handle = await openPostgres(url, { poolMax: 2 });
    medic = await createMedic({ db: handle.db });
    secretary = await createSecretary({ db: handle.db }, { medicIds: [medic.id] });
    s3 = await startS3Server();
    if (hasRedis) redis = new Redis('redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 1 });

    const shared = { DATABASE_URL: url, DATABASE_POOL_MAX: '4' };
    const s3Env = { ...shared, ...s3.env({ prefix: S3_PREFIX }), ...(hasRedis ? { REDIS_URL: 'redis://127.0.0.1:6379' } : {}) };
    const started = performance.now();
    const [pgA, pgB, s3A, s3B] = await Promise.all([
      startInstance('pg-a', shared),
      startInstance('pg-b', shared),
      startInstance('s3-a', s3Env),
      startInstance('s3-b', s3Env),
    ]);
    pairs.postgres = [pgA, pgB];
    pairs.s3 = [s3A, s3B];
    console.info(`two-process test: four instances ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([...running].map(stopInstance));
    redis?.disconnect();
    await s3?.close();
    await handle?.close();
    if (databaseName) await adminStatement(databaseUrl!, `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  });

  it('accepts on one instance the access token the other issued', async () => {
    const [a, b] = pairs.postgres;
    const tokens = await signIn(a, medic);
    expect(await profileStatus(b, tokens.access_token)).toBe(200);
    expect(await profileStatus(a, tokens.access_token)).toBe(200);
  });

  it('answers a refresh rotated on one instance with the same successor on the other within the grace window, and as reuse after it', async () => {
    const [a, b] = pairs.postgres;
    const client = newClientAddress();
    const first = await signIn(a, medic, client);
    const rotated = await tokenRequest(a, { grant_type: 'refresh_token', refresh_token: first.refresh_token }, client);
    expect(rotated.status).toBe(200);
    const successor = (await rotated.json()) as { access_token: string; refresh_token: string };

    // A second tab (or a retry) reaching the other instance at once gets the same pair (DECISIONS §14).
    const replay = await tokenRequest(b, { grant_type: 'refresh_token', refresh_token: first.refresh_token }, client);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ access_token: successor.access_token, refresh_token: successor.refresh_token });

    // The 30-second window passes (moved in the shared database rather than waited out).
    await handle.db
      .update(oauthTokens)
      .set({ usedAt: sql`${oauthTokens.usedAt} - interval '31 seconds'` })
      .where(eq(oauthTokens.tokenHash, hashToken(first.refresh_token)));
    const reuse = await tokenRequest(b, { grant_type: 'refresh_token', refresh_token: first.refresh_token }, client);
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toEqual({ error: 'invalid_grant', error_description: 'Sessão expirada. Entre novamente.' });
    // Reuse revokes the whole sign-in, on both instances.
    expect(await profileStatus(a, successor.access_token)).toBe(401);
    expect(await profileStatus(b, successor.access_token)).toBe(401);
    const next = await tokenRequest(a, { grant_type: 'refresh_token', refresh_token: successor.refresh_token }, client);
    expect(next.status).toBe(400);
  });

  describe.each(['postgres', 's3'] as const)('files kept in %s', (store) => {
    it('downloads through one instance the photo uploaded through the other', async () => {
      const [a, b] = pairs[store];
      const tokens = await signIn(a, medic);
      const photo = solidPng(4, store === 'postgres' ? [0x20, 0x90, 0x40] : [0xa0, 0x10, 0xc0]);
      const form = new FormData();
      const fields = { nome_completo: `Paciente Entre Instâncias ${store}`, cellphone: '11987654321', gender: 'female' };
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('cpf', formatCpf(validCpf(store === 'postgres' ? 5_150_001 : 5_150_002)));
      form.append('foto', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'foto.png');
      const created = await fetch(`${a.url}/surgery/api/v1/add_paciente/`, { method: 'POST', headers: bearer(tokens.access_token), body: form });
      expect(created.status, await created.clone().text()).toBe(201);
      const { id, foto } = (await created.json()) as { id: number; foto: string };

      const served = await fetch(`${b.url}${foto}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await served.arrayBuffer()).equals(photo)).toBe(true);

      // Where the bytes are: PostgreSQL's stored_files, or the bucket under the prefix (and not the database).
      const [row] = await handle.db.select({ key: patients.photoKey }).from(patients).where(eq(patients.id, id));
      const inDatabase = await handle.db.select({ key: storedFiles.key }).from(storedFiles).where(eq(storedFiles.key, row!.key!));
      expect(inDatabase).toHaveLength(store === 'postgres' ? 1 : 0);
      if (store === 's3') {
        const bucket = createS3Storage(s3.settings({ prefix: `${S3_PREFIX}/` }));
        expect((await bucket.get(row!.key!))?.data.equals(photo)).toBe(true);
        bucket.close();
      }
    });
  });

  describe.each(['postgres', 's3'] as const)('failed sign-ins of the %s pair', (pair) => {
    const counters = pair === 's3' && hasRedis ? 'Redis' : 'PostgreSQL';

    it(`count across both instances (counters in ${counters})`, async () => {
      const [a, b] = pairs[pair];
      const account = await createMedic({ db: handle.db });
      const office = newClientAddress();
      await signIn(a, account, office); // the office's address becomes known: 5 failures, then it waits
      const wrong = { grant_type: 'password', username: account.email, password: 'senha-errada' };
      for (const instance of [a, b, a, b, a]) expect((await tokenRequest(instance, wrong, office)).status).toBe(400);

      // Five failures, spread over both: the next attempt is refused on either, even with the right password.
      const right = { grant_type: 'password', username: account.email, password: TEST_PASSWORD };
      for (const instance of [b, a]) {
        const refused = await tokenRequest(instance, right, office);
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      }

      // The per-address counter holds the five failures, wherever the pair keeps its counters.
      const addressKey = `signin:address:${office}`;
      const [row] = await handle.db.select({ count: rateLimitCounters.count }).from(rateLimitCounters).where(eq(rateLimitCounters.key, addressKey));
      if (counters === 'Redis') {
        expect(row).toBeUndefined();
        expect(Number(await redis!.get(`cirurgias:rl:${addressKey}`))).toBe(5);
      } else {
        expect(row?.count).toBe(5);
      }
    });
  });

  it('lets exactly one of two concurrent lifecycle moves on one case win, through the two instances', async () => {
    const [a, b] = pairs.postgres;
    const [medicTokens, secretaryTokens] = await Promise.all([signIn(a, medic), signIn(b, secretary)]);
    const moves = [
      { instance: a, token: medicTokens.access_token, route: 'update', body: { new_status: 'pagamento', accomplishment: '2025-04-02' }, to: 'pagamento' },
      { instance: b, token: secretaryTokens.access_token, route: 'archive_surgery', body: null, to: 'arquiv' },
    ] as const;
    const winners = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const patient = await insertPatient(handle.db, medic.id);
      const surgery = await insertSurgery(handle.db, patient, { status: 'realizacao' });
      const order = round % 2 === 0 ? moves : ([moves[1], moves[0]] as const);
      const answers = await Promise.all(
        order.map(async (move) => {
          const res = await fetch(`${move.instance.url}/surgery/api/v1/${move.route}/${surgery.id}/`, {
            method: 'PUT',
            headers: { ...bearer(move.token), ...(move.body ? { 'content-type': 'application/json' } : {}) },
            ...(move.body ? { body: JSON.stringify(move.body) } : {}),
          });
          return { move, status: res.status, body: (await res.json()) as { status: unknown } };
        }),
      );
      const won = answers.filter((answer) => answer.status === 200);
      const lost = answers.filter((answer) => answer.status !== 200);
      expect(won, JSON.stringify(answers)).toHaveLength(1);
      expect(won[0]!.body.status).toBe(won[0]!.move.to);
      expect(lost[0]!.status).toBe(409);
      expect(lost[0]!.body.status).toEqual({ actual_status: won[0]!.move.to });
      expect(await statusHistory(handle.db, surgery.id)).toEqual([expect.objectContaining({ fromStatus: 'realizacao', toStatus: won[0]!.move.to })]);
      winners.add(won[0]!.move.to);
    }
    console.info(`two-process lifecycle moves: winners ${[...winners].join(', ')}`);
  });
});
