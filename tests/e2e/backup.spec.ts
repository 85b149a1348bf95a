/**
 * Issue 40 in the browser, on servers of this spec's own (a demo installation and the one restored from its backup):
 * the medic's settings show the last backup (date, size); the home warns when the last attempt failed and links to
 * the settings; `npm run backup` (asked of the running server), then `npm run restore` into a new data directory, and
 * the restored server passes a smoke test: sign in, open a case and see its document, and download it. Axe on each
 * screen; screenshots at 1366 and 390 px.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { moveCase, MOVES, newPatientCase } from './cases';
import { apiHeaders, DEMO_MEDIC, DEMO_PASSWORD, expectNoSeriousA11yViolations, laterCard, tinyPdf } from './helpers';

const run = promisify(execFile);
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results';

async function shots(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

type Server = { base: string; child: ChildProcess; stop(): Promise<void> };

async function startServer(dataDir: string, backupDir: string): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['build/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      BACKUP_DIR: backupDir,
      // No daily backup during the spec: the ones it checks are asked for.
      BACKUP_ENABLED: 'false',
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  for (let i = 0; i < 240; i++) {
    const up = await fetch(`${base}/health`).then((res) => res.ok, () => false);
    if (up) {
      return {
        base,
        child,
        async stop() {
          child.kill('SIGTERM');
          await exited;
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGKILL');
  throw new Error('the backup spec server did not start');
}

/** Signs the demo medic in through the /auth form of the server at `base`, as a person would. */
async function signInAt(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/auth`);
  await page.getByPlaceholder('Digite seu Login').fill(DEMO_MEDIC);
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Acessar' }).click();
  await expect(page).toHaveURL(`${base}/`);
}

const cli = (script: string, args: string[], env: Record<string, string>) =>
  run(process.execPath, ['--import', 'tsx', script, ...args], { env: { ...process.env, DATABASE_URL: '', ...env } });

test.describe('backups of the embedded installation', () => {
  let root: string | null = null;
  let server: Server | null = null;

  test.afterAll(async () => {
    await server?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  test('the settings show the last backup, the home warns of a failure, and the restored server opens the case with its document', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    root = mkdtempSync(join(tmpdir(), 'cirurgias-e2e-backup-'));
    const original = { data: join(root, 'data'), backups: join(root, 'backups') };
    const restoredDir = join(root, 'restaurado');
    server = await startServer(original.data, original.backups);
    const api = await playwrightRequest.newContext({ baseURL: server.base });
    const headers = await apiHeaders(api, DEMO_MEDIC);
    const { id, name } = await newPatientCase(api, headers, 'Helena Backup');
    await moveCase(api, headers, id, [MOVES.toPrepDoc]);
    const sent = await api.put(`/surgery/api/v1/include_surgery_files/${id}/`, {
      headers,
      multipart: {
        new_status: 'prep_doc',
        doctor_request: { name: 'pedido-backup.pdf', mimeType: 'application/pdf', buffer: tinyPdf(`Pedido ${name}`) },
      },
    });
    expect(sent.status(), await sent.text()).toBe(200);

    // `npm run backup` asks the running server.
    const backup = await cli('scripts/backup.ts', [], { DATA_DIR: original.data, BACKUP_DIR: original.backups });
    expect(backup.stdout).toContain('Backup feito pelo servidor em execução');
    const archive = /: (\/\S+\.tar\.gz) \(/.exec(backup.stdout)?.[1];
    expect(archive, backup.stdout).toBeTruthy();

    await signInAt(page, server.base);
    await expect(page.getByRole('region', { name: 'Resumo' })).toBeVisible();
    await expect(page.getByTestId('backup-warning')).toHaveCount(0);
    await page.goto(server.base + '/settings');
    const card = await laterCard(page, 'Backup');
    await expect(card.getByText(/^Último backup: \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2} \([\d,]+ (KB|MB)\)\.$/)).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(page, { label: 'settings with the backup card' });
    await shots(page, 'backup-settings');

    // A failed attempt after it: the home warns and links to the settings, which say when it failed.
    const statusPath = join(original.data, 'backup-status.json');
    const status = JSON.parse(readFileSync(statusPath, 'utf8')) as Record<string, unknown>;
    writeFileSync(statusPath, JSON.stringify({ ...status, last_failure: { at: new Date().toISOString(), reason: 'ENOSPC' } }));
    await page.goto(server.base + '/');
    const warning = page.getByTestId('backup-warning');
    await expect(warning.getByText('O último backup dos dados falhou.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, { label: 'home with the backup warning' });
    await shots(page, 'backup-home-warning');
    await warning.getByRole('link', { name: 'Ver em Configurações' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await laterCard(page, 'Backup');
    await expect(card.getByText(/^A última tentativa, em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}, falhou\.$/)).toBeVisible();

    // Restore into a new directory, start a server on it, and use it.
    await server.stop();
    server = null;
    const restore = await cli('scripts/restore.ts', [archive!], { DATA_DIR: restoredDir });
    expect(restore.stdout).toContain('restaurado em');
    server = await startServer(restoredDir, join(root, 'backups-restaurado'));
    await page.context().clearCookies();
    await signInAt(page, server.base);
    await page.goto(`${server.base}/surgery-details/${id}`);
    await expect(page.getByRole('heading', { name })).toBeVisible();
    const detail = page.locator('[data-stored-detail]');
    await expect(detail).toHaveCount(1);
    await expect(detail).toContainText('pedido-backup.pdf');
    await expectNoSeriousA11yViolations(page, { label: 'a restored case with its document' });
    await shots(page, 'backup-restored-case');
    // The document's bytes came back too.
    const restoredApi = await playwrightRequest.newContext({ baseURL: server.base });
    const restoredHeaders = await apiHeaders(restoredApi, DEMO_MEDIC);
    const surgery = (await (await restoredApi.get(`/surgery/api/v1/surgery/${id}/`, { headers: restoredHeaders })).json()) as {
      doctor_request: string;
    };
    const file = await restoredApi.get(surgery.doctor_request.replace(/^https?:\/\/[^/]+/, ''));
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await api.dispose();
    await restoredApi.dispose();
  });
});
