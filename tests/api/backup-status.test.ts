/**
 * Issue 40: GET /surgery/api/v1/backup_status/, the installation's last backup for the medic's settings and the
 * home's warning: none yet (tracking just began), a success, one older than two days, a failure after the success;
 * PostgreSQL mode says `external` and never warns; a secretary gets 403, a stranger 401.
 */
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { authHeader, createMedic, createSecretary, signIn, TEST_PASSWORD } from '../helpers/fixtures';

const URL = '/surgery/api/v1/backup_status/';
let t: TestApp;
let external: TestApp;
let asMedic: Record<string, string>;
let asSecretary: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({ seedLookups: false, config: { databaseUrl: null } });
  external = await buildTestApp({ seedLookups: false, config: { databaseUrl: 'postgres://banco.exemplo/cirurgias' } });
  const medic = await createMedic(t.deps);
  const secretary = await createSecretary(t.deps, { medicIds: [medic.id] });
  asMedic = authHeader((await signIn(t.app, medic.email, TEST_PASSWORD)).access_token);
  asSecretary = authHeader((await signIn(t.app, secretary.email, TEST_PASSWORD)).access_token);
});
afterAll(async () => {
  await t?.close();
  await external?.close();
});

const statusFile = () => join(t.deps.config.dataDir, 'backup-status.json');
const write = (status: object) => writeFile(statusFile(), JSON.stringify(status));
const get = async () => {
  const res = await t.app.inject({ method: 'GET', url: URL, headers: asMedic });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown>;
};

describe('GET /surgery/api/v1/backup_status/', () => {
  it('answers nothing to warn while no backup could have run yet', async () => {
    await rm(statusFile(), { force: true });
    expect(await get()).toEqual({ mode: 'embedded', last_success_at: null, last_success_size: null, last_failure_at: null, warning: 'none' });
    const since = new Date(t.clock.now.getTime() - 3 * 86_400_000).toISOString();
    await write({ since, last_success: null, last_failure: null });
    expect((await get()).warning).toBe('stale');
  });

  it('shows the last success, warns when it is older than two days or a later attempt failed', async () => {
    const at = new Date(t.clock.now.getTime() - 3_600_000).toISOString();
    await write({ since: '2026-01-01T00:00:00.000Z', last_success: { at, file: 'cirurgias-backup-x.tar.gz', size: 123_456 }, last_failure: null });
    expect(await get()).toEqual({ mode: 'embedded', last_success_at: at, last_success_size: 123_456, last_failure_at: null, warning: 'none' });

    const old = new Date(t.clock.now.getTime() - 49 * 3_600_000).toISOString();
    await write({ since: '2026-01-01T00:00:00.000Z', last_success: { at: old, file: 'x', size: 10 }, last_failure: null });
    expect((await get()).warning).toBe('stale');

    const failedAt = new Date(t.clock.now.getTime() - 60_000).toISOString();
    await write({ since: '2026-01-01T00:00:00.000Z', last_success: { at, file: 'x', size: 10 }, last_failure: { at: failedAt, reason: 'ENOSPC' } });
    const failed = await get();
    expect(failed.warning).toBe('failed');
    expect(failed.last_failure_at).toBe(failedAt);
    expect(JSON.stringify(failed)).not.toContain('ENOSPC');

    // A failure before the last success is history: nothing to warn.
    const earlier = new Date(t.clock.now.getTime() - 7_200_000).toISOString();
    await write({ since: '2026-01-01T00:00:00.000Z', last_success: { at, file: 'x', size: 10 }, last_failure: { at: earlier, reason: 'EIO' } });
    expect(await get()).toMatchObject({ warning: 'none', last_failure_at: null });
  });

  it('says external with PostgreSQL, and is for medics only', async () => {
    const medic = await createMedic(external.deps);
    const headers = authHeader((await signIn(external.app, medic.email, TEST_PASSWORD)).access_token);
    const res = await external.app.inject({ method: 'GET', url: URL, headers });
    expect(res.json()).toEqual({ mode: 'external', last_success_at: null, last_success_size: null, last_failure_at: null, warning: 'none' });

    const bySecretary = await t.app.inject({ method: 'GET', url: URL, headers: asSecretary });
    expect(bySecretary.statusCode).toBe(403);
    expect(bySecretary.json()).toEqual({ error: ['Você não tem permissão para esta ação.'] });
    const byStranger = await t.app.inject({ method: 'GET', url: URL });
    expect(byStranger.statusCode).toBe(401);
  });
});
