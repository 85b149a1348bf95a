import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { SHORT_TOKEN_PORT } from '../../playwright.config';
import { moveCase, MOVES, newPatientCase } from './cases';
import { apiHeaders, DEMO_MEDIC, DEMO_PASSWORD, DEMO_SECRETARY, expectNoSeriousA11yViolations, signIn, signOut } from './helpers';

/**
 * The installable app (issue 39 item 4, docs/OFFLINE.md): the manifest, its icons and the service worker, with
 * Chrome's own installability check (the one Lighthouse's PWA audit used to call, `Page.getInstallabilityErrors`);
 * a signed-in start without connection shows the last agenda of the next 7 days under 'Sem conexão — dados de
 * dd/mm hh:mm' and nothing else, and the app comes back with the connection; signing out and a session that ends
 * leave nothing of the user's in Cache Storage or IndexedDB. Screenshots at 1366 and 390 px go to the test's output
 * folder for a person to look at.
 */

// The other specs block the service worker (playwright.config.ts); these test it.
test.use({ serviceWorkers: 'allow' });

const OFFLINE_DATABASE = 'cirurgias-offline';
const FULL_CHROMIUM = '/usr/bin/chromium';
const SHELL_CACHE_PREFIX = 'cirurgias-shell-';
const API_PATH = /^\/(surgery|project_auth|auth\/|health|openapi\.json|docs|\.well-known)/;

/** yyyy-MM-dd in São Paulo, `days` from today. */
function spDay(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + days * 86_400_000));
}

/** 'dd/mm hh:mm' of an instant in São Paulo, as the banner writes it. */
function spStamp(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(iso))
      .map(({ type, value }) => [type, value]),
  );
  return `${parts.day}/${parts.month} ${parts.hour}:${parts.minute}`;
}

/** The width and height a PNG declares in its IHDR chunk. */
function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

/** Waits until the service worker is active and controls the page (it claims the page it was installed from). */
async function controlledByServiceWorker(page: Page): Promise<string> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
}

/**
 * The offline copy as the page's IndexedDB holds it, or null. Opened only when the database exists: opening a missing
 * one would create it empty, which the app's own first open would then not upgrade.
 */
async function storedAgenda(page: Page): Promise<{ userId: number; syncedAt: string; days: { date: string; cases: Record<string, unknown>[] }[] } | null> {
  return page.evaluate(async (name) => {
    const databases = await indexedDB.databases();
    if (!databases.some((database) => database.name === name)) return null;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      if (!db.objectStoreNames.contains('agenda')) return null;
      return await new Promise((resolve, reject) => {
        const request = db.transaction('agenda').objectStore('agenda').get('current');
        request.onsuccess = () => resolve(request.result ?? null);
        request.onerror = () => reject(request.error);
      });
    } finally {
      db.close();
    }
  }, OFFLINE_DATABASE);
}

/** What the device keeps for this origin: the caches with their entries' paths, and the IndexedDB databases. */
async function deviceStorage(page: Page): Promise<{ caches: Record<string, string[]>; databases: string[] }> {
  return page.evaluate(async () => {
    const result: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      result[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
    }
    const databases = (await indexedDB.databases()).map((database) => database.name ?? '');
    return { caches: result, databases };
  });
}

/** Nothing of a user's: no offline database, only application-shell caches, and no API response in any of them. */
async function expectNothingOfTheUser(page: Page): Promise<void> {
  await expect
    .poll(async () => (await deviceStorage(page)).databases, { message: 'IndexedDB databases' })
    .not.toContain(OFFLINE_DATABASE);
  const { caches } = await deviceStorage(page);
  expect(Object.keys(caches).length, 'the application shell stays').toBeGreaterThan(0);
  for (const [name, paths] of Object.entries(caches)) {
    expect(name).toMatch(new RegExp(`^${SHELL_CACHE_PREFIX}[0-9a-f]{16}$`));
    expect(paths.filter((path) => API_PATH.test(path)), `API responses in ${name}`).toEqual([]);
    for (const path of paths) expect(path, `${name} holds only the built SPA`).toMatch(/^\/(index\.html|assets\/|icons\/|[\w.-]+\.(svg|png|webmanifest)$)/);
  }
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
}

test('installable: the manifest, its icons, the iOS tags and the service worker', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('button', { name: 'Acessar' })).toBeVisible();

  const manifestLink = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestLink).toBe('/manifest.webmanifest');
  const answer = await page.request.get(manifestLink!);
  expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await answer.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; type: string; purpose: string }[] };
  expect(manifest).toMatchObject({
    name: 'Cirurgias',
    short_name: 'Cirurgias',
    description: 'Acompanhamento de casos cirúrgicos: da indicação ao honorário recebido.',
    lang: 'pt-BR',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#0B6670',
  });
  expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const png = await page.request.get(icon.src);
    expect(png.headers()['content-type'], icon.src).toBe('image/png');
    expect(pngSize(await png.body()).join('x'), icon.src).toBe(icon.sizes);
  }
  // iOS: its own icon and the standalone tags (Safari reads no manifest icons).
  const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  expect(pngSize(await (await page.request.get(appleIcon!)).body())).toEqual([180, 180]);
  await expect(page.locator('meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute('content', 'yes');
  await expect(page.locator('meta[name="apple-mobile-web-app-title"]')).toHaveAttribute('content', 'Cirurgias');

  expect(await controlledByServiceWorker(page)).toMatch(/\/sw\.js$/);
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Acessar' })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
});

/**
 * Chrome's installability check, `Page.getInstallabilityErrors` (what Lighthouse's 'installable-manifest' audit asked
 * until Lighthouse 12 dropped its PWA category; the DevTools Application panel still shows it). Not in the headless
 * shell the other tests drive: it has no installability component and answers [] for any page, manifest or not. Nor in
 * Playwright's usual contexts, which are off the record ('in-incognito'). So the full Chromium, in a profile of its
 * own; a page of this origin without a manifest (the API's /docs) must then get 'no-manifest', so an empty answer is
 * the browser's verdict and not a check that never ran (docs/OFFLINE.md).
 */
test("Chrome's installability check finds nothing missing", async ({ baseURL }, testInfo) => {
  const executablePath = [process.env.CHROMIUM_PATH, FULL_CHROMIUM].find((path) => path && !path.includes('headless-shell') && existsSync(path));
  expect(executablePath, `the full Chromium (${FULL_CHROMIUM}, apt-get install chromium) runs the installability check`).toBeDefined();
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'cirurgias-pwa-')), {
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    serviceWorkers: 'allow',
  });
  try {
    const page = await context.newPage();
    await page.goto(`${baseURL}/auth`);
    await expect(page.getByRole('button', { name: 'Acessar' })).toBeVisible();
    await controlledByServiceWorker(page);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Acessar' })).toBeVisible();
    const cdp = await context.newCDPSession(page);
    const { errors: manifestErrors } = await cdp.send('Page.getAppManifest');
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');

    const docs = await context.newPage();
    await docs.goto(`${baseURL}/docs`);
    const { installabilityErrors: docsErrors } = await (await context.newCDPSession(docs)).send('Page.getInstallabilityErrors');
    writeFileSync(
      testInfo.outputPath('installability.json'),
      JSON.stringify({ browser: executablePath, app: { manifestErrors, installabilityErrors }, docs: docsErrors }, null, 2),
    );
    expect(manifestErrors).toEqual([]);
    expect(installabilityErrors).toEqual([]);
    expect(docsErrors.map((error) => error.errorId)).toContain('no-manifest');
  } finally {
    await context.close();
  }
});

test('offline, a signed-in start shows the last agenda of the next 7 days under the banner, and nothing else', async ({
  page,
  context,
  request,
}) => {
  const headers = await apiHeaders(request, DEMO_SECRETARY);
  const { id, name } = await newPatientCase(request, headers, 'Sem Sinal');
  await moveCase(request, headers, id, [
    MOVES.toPrepDoc,
    MOVES.toEnvDoc,
    MOVES.toAuthorization(spDay(-3)),
    MOVES.hospitalApproved,
    MOVES.toScheduling,
    MOVES.toSurgery(spDay(1)),
  ]);

  await signIn(page, DEMO_SECRETARY, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await controlledByServiceWorker(page);
  // The home keeps the week for offline use.
  await expect.poll(async () => JSON.stringify(await storedAgenda(page)), { timeout: 30_000 }).toContain(name);
  const stored = (await storedAgenda(page))!;
  expect(stored.days.map((day) => day.date)).toEqual(Array.from({ length: 7 }, (_, index) => spDay(index)));
  const kept = stored.days.find((day) => day.date === spDay(1))!.cases.find((item) => item.id === id);
  // Only what the offline screen shows.
  expect(Object.keys(kept!).sort()).toEqual(['hospital', 'id', 'patientName', 'procedure', 'schedule']);

  await context.setOffline(true);
  const reload = await page.reload();
  expect(reload?.fromServiceWorker()).toBe(true);
  const banner = `Sem conexão — dados de ${spStamp(stored.syncedAt)}`;
  await expect(page.getByRole('status').filter({ hasText: banner })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Agenda dos próximos 7 dias' })).toBeVisible();
  const tomorrow = page.getByRole('region', { name: /^Amanhã · / });
  const row = tomorrow.getByRole('listitem').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('08:00');
  await expect(row).toContainText(/Apendicectomia.* · .+/i);
  // Seven days, and nothing else of the app or of the patients: no menu, no links to cases, no phone or WhatsApp.
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(7);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('link')).toHaveCount(0);
  await expect(page.getByText(/WhatsApp|Ver status|\(\d{2}\) 9/)).toHaveCount(0);

  await expectNoSeriousA11yViolations(page, { label: 'offline agenda', strict: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: test.info().outputPath('offline-1366.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(page, { label: 'offline agenda at 390 px', strict: true });
  await page.screenshot({ path: test.info().outputPath('offline-390.png'), fullPage: true });
  await page.screenshot({ path: test.info().outputPath('offline-390-top.png') });

  // 'Tentar novamente' while still offline says so.
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByText('Ainda sem conexão.')).toBeVisible();

  // The connection comes back: the app returns by itself, signed in as before.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 2, name: 'Olá, Ju!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abrir menu' })).toBeVisible();
  await expect(page.getByText(banner)).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
});

test('a device that never kept the agenda says so offline', async ({ page, context }) => {
  await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await controlledByServiceWorker(page);
  await expect.poll(() => storedAgenda(page), { timeout: 30_000 }).not.toBeNull();
  // As if this device had never synced (the copy deleted), then offline.
  await page.evaluate((name) => new Promise((resolve) => (indexedDB.deleteDatabase(name).onsuccess = resolve)), OFFLINE_DATABASE);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: /^Sem conexão$/ })).toBeVisible();
  await expect(page.getByText('A agenda ainda não foi guardada neste aparelho')).toBeVisible();
  await expectNoSeriousA11yViolations(page, { label: 'offline, never synced', strict: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('offline-empty-390.png'), fullPage: true });
  await context.setOffline(false);
  await expect(page.getByRole('button', { name: 'Abrir menu' })).toBeVisible();
  await expect(page.getByText('A agenda ainda não foi guardada neste aparelho')).toHaveCount(0);
});

test('signing out leaves nothing of the user in Cache Storage or IndexedDB', async ({ page }) => {
  await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await controlledByServiceWorker(page);
  await expect.poll(() => storedAgenda(page), { timeout: 30_000 }).not.toBeNull();
  // Visit a few screens, so the shell cache also holds pages' chunks fetched on the way.
  await page.goto('/surgery-status');
  await expect(page.getByRole('table', { name: 'Cirurgias' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();

  await signOut(page);
  await expectNothingOfTheUser(page);
});

test.describe('when the session ends on its own', () => {
  // Access tokens of 3 seconds: a revoked sign-in ends at the next call.
  test.use({ baseURL: `http://127.0.0.1:${SHORT_TOKEN_PORT}` });

  test('nothing of the user stays in Cache Storage or IndexedDB', async ({ page }) => {
    await signIn(page, DEMO_MEDIC, DEMO_PASSWORD);
    await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
    await controlledByServiceWorker(page);
    await expect.poll(() => storedAgenda(page), { timeout: 30_000 }).not.toBeNull();

    // Another device revokes this sign-in (as a password change or a removal does).
    const refreshToken = await page.evaluate(() => localStorage.getItem('refresh_token'));
    const revoked = await page.request.post('/auth/revoke', {
      form: { token: refreshToken ?? '', token_type_hint: 'refresh_token', client_id: 'cirurgias-web', client_secret: 'cirurgias-web-secret' },
    });
    expect(revoked.ok()).toBe(true);
    await page.waitForTimeout(3_500);
    await page.reload();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('status').filter({ hasText: 'Sua sessão expirou. Entre novamente.' })).toBeVisible();
    await expectNothingOfTheUser(page);
  });
});
