/**
 * npm run bench: prints
 *  - the gzipped JavaScript a browser loads for /auth (measured in Chromium against the built SPA) at its first paint
 *    and once a first key is typed in its e-mail field (the form's checks must not load more), beside the floor
 *    of the design card's libraries (one route using React, TanStack Router, XState, @xstate/react, react-hook-form
 *    and arktype through its resolver: scripts/bench-floor, built by Vite in a temporary directory at each run), and
 *    the JavaScript of each role's first signed-in screen on a cold signed-in load;
 *  - the bytes the browser actually transfers (headers + bodies, brotli as served) for /auth and for each role's
 *    first signed-in screen, beside what the same requests would cost in gzip and uncompressed;
 *  - Lighthouse 12 mobile performance and accessibility of /auth, both homes, /surgery-status and /all-data
 *    (scripts/bench-lighthouse.ts);
 *  - the embedded server's first boot with the full seed and its reopen, to the first answer (scripts/bench-boot.ts).
 * A script, not a test: it reports figures and asserts nothing.
 *
 * BENCH_ONLY=<parts> runs only some parts, comma-separated: `js` (the JavaScript of /auth, the floor and the homes),
 * `wire` (bytes on the wire), `lighthouse`, `boot`. BENCH_LIGHTHOUSE_PAGES=<labels> audits only those pages
 * (comma-separated, e.g. `/auth,medic home`; `all`: every route of both roles and a case's page at each stage, issue 41
 * goal 7); BENCH_LIGHTHOUSE_RUNS=<n> audits each page n times and reports the median (goal 7 asks for 3).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import { build } from 'vite';
import { measureBoot, printBootFigures } from './bench-boot';
import { buildFloor } from './bench-floor/build';
import { printLighthouse, runLighthouse, signIn, type StoredSession } from './bench-lighthouse';

const root = resolve(import.meta.dirname, '..');
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const PARTS = ['js', 'wire', 'lighthouse', 'boot'] as const;
const only = process.env.BENCH_ONLY?.split(',').map((part) => part.trim()).filter(Boolean);
for (const part of only ?? []) {
  if (!(PARTS as readonly string[]).includes(part)) throw new Error(`BENCH_ONLY: unknown part '${part}' (${PARTS.join(', ')})`);
}
const runs = (part: (typeof PARTS)[number]) => !only || only.includes(part);

function gzippedSize(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

async function waitForHealth(port: number, child: ChildProcess, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('server did not become healthy in time');
}

function startServer(port: number, dataDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function timedStart(port: number, dataDir: string): Promise<{ ms: number; child: ChildProcess }> {
  const started = performance.now();
  const child = startServer(port, dataDir);
  await waitForHealth(port, child);
  return { ms: performance.now() - started, child };
}

/**
 * The JavaScript a cold Chromium loads for `path` until `ready` shows and the network has been quiet (gzip -9 of each
 * built file). Signed in when `session` is given: written to localStorage before the SPA boots, as it keeps it.
 */
async function measureScripts(
  port: number,
  path: string,
  ready: { role: 'button'; name: string },
  session?: StoredSession,
  then?: (page: Page) => Promise<void>,
): Promise<{ files: string[]; gzipped: number; then?: { files: string[]; gzipped: number } }> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    if (session) {
      await page.addInitScript((stored) => {
        for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
      }, session);
    }
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: 'networkidle' });
    await page.getByRole(ready.role, { name: ready.name }).waitFor({ timeout: 120_000 });
    await page.waitForLoadState('networkidle');
    const sized = () => {
      const files = [...scripts].sort();
      return { files, gzipped: files.reduce((total, file) => total + gzippedSize(join(root, 'dist', file)), 0) };
    };
    const painted = sized();
    if (!then) return painted;
    await then(page);
    // What the action made the page fetch: quiet for two seconds, as transferOf waits (a lazy chunk can be late).
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2000);
    return { ...painted, then: sized() };
  } finally {
    await browser.close();
  }
}

type Transfer = { requests: number; served: number; gzip: number; identity: number };

function sum(a: Transfer, b: Transfer): Transfer {
  return { requests: a.requests + b.requests, served: a.served + b.served, gzip: a.gzip + b.gzip, identity: a.identity + b.identity };
}

/** The body bytes `url` answers with for `acceptEncoding` (raw, as on the wire), plus its header bytes. */
function bytesOnWire(url: string, headers: Record<string, string>, acceptEncoding: string): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const request = httpRequest(url, { headers: { ...headers, 'accept-encoding': acceptEncoding } }, (response) => {
      let bytes = response.rawHeaders.reduce((total, item) => total + item.length + 2, 0) + 17;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolvePromise(bytes));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/**
 * Records every request `action` makes until the screen is up and the network has been quiet for two seconds (not
 * Playwright's 500 ms `networkidle`: on a busy machine a lazy chunk can be asked for later than that), then sizes
 * them as served, gzip and identity.
 */
async function transferOf(page: Page, action: () => Promise<void>): Promise<Transfer> {
  const finished: Request[] = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  const onRequest = () => {
    inFlight += 1;
    lastActivity = Date.now();
  };
  const onDone = (request: Request, ok: boolean) => {
    inFlight -= 1;
    lastActivity = Date.now();
    if (ok) finished.push(request);
  };
  const onFinished = (request: Request) => onDone(request, true);
  const onFailed = (request: Request) => onDone(request, false);
  page.on('request', onRequest);
  page.on('requestfinished', onFinished);
  page.on('requestfailed', onFailed);
  await action();
  while (inFlight > 0 || Date.now() - lastActivity < 2000) await new Promise((r) => setTimeout(r, 100));
  page.off('request', onRequest);
  page.off('requestfinished', onFinished);
  page.off('requestfailed', onFailed);
  const transfer: Transfer = { requests: finished.length, served: 0, gzip: 0, identity: 0 };
  for (const request of finished) {
    const sizes = await request.sizes();
    const served = sizes.responseHeadersSize + sizes.responseBodySize;
    transfer.served += served;
    if (request.method() !== 'GET') {
      // Sign-in and other posts: not replayed; counted as served in every column.
      transfer.gzip += served;
      transfer.identity += served;
      continue;
    }
    const headers = Object.fromEntries(
      Object.entries(await request.allHeaders()).filter(([name]) => name === 'authorization' || name === 'accept'),
    );
    transfer.gzip += await bytesOnWire(request.url(), headers, 'gzip');
    transfer.identity += await bytesOnWire(request.url(), headers, 'identity');
  }
  return transfer;
}

const DEMO_PASSWORD = 'Demo@12345';

/** /auth on a cold browser, then signing in as `email` until the home has settled (same browser cache). */
async function measureRole(browser: Browser, port: number, email: string): Promise<{ auth: Transfer; home: Transfer }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  try {
    const page = await context.newPage();
    const auth = await transferOf(page, async () => {
      await page.goto(`http://127.0.0.1:${port}/auth`);
      await page.getByRole('button', { name: 'Acessar' }).waitFor({ timeout: 120_000 });
    });
    const home = await transferOf(page, async () => {
      await page.getByPlaceholder('Digite seu Login').fill(email);
      await page.getByLabel('Senha', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Acessar' }).click();
      await page.waitForURL(`http://127.0.0.1:${port}/`, { timeout: 120_000 });
      await page.getByRole('button', { name: 'Sair' }).waitFor({ timeout: 120_000 });
    });
    return { auth, home };
  } finally {
    await context.close();
  }
}

async function measureTransfers(port: number) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    return {
      medic: await measureRole(browser, port, 'medico@demo.com.br'),
      secretary: await measureRole(browser, port, 'secretaria@demo.com.br'),
    };
  } finally {
    await browser.close();
  }
}

function printTransfer(label: string, transfer: Transfer) {
  const cell = (bytes: number) => kb(bytes).padStart(10);
  console.log(`  ${label.padEnd(44)}${String(transfer.requests).padStart(4)}${cell(transfer.served)}${cell(transfer.gzip)}${cell(transfer.identity)}`);
}

/** Everything measured in Chromium against the server on `port`. */
async function measureInBrowsers(port: number) {
  const origin = `http://127.0.0.1:${port}`;
  const signedIn = { role: 'button', name: 'Sair' } as const;
  return {
    // /auth at first paint, then once a first key has been typed in the e-mail field (what the form's checks load).
    auth: runs('js')
      ? await measureScripts(port, '/auth', { role: 'button', name: 'Acessar' }, undefined, (page) =>
          page.getByPlaceholder('Digite seu Login').pressSequentially('m'),
        )
      : null,
    medicHome: runs('js') ? await measureScripts(port, '/', signedIn, await signIn(origin, 'medic')) : null,
    secretaryHome: runs('js') ? await measureScripts(port, '/', signedIn, await signIn(origin, 'secretary')) : null,
    transfers: runs('wire') ? await measureTransfers(port) : null,
    lighthouseScores: runs('lighthouse') ? await runLighthouse(origin, chromiumPath) : null,
  };
}

async function main() {
  if (!existsSync(join(root, 'dist/index.html'))) {
    console.log('building the SPA (dist/ is missing)…');
    await build({ root, logLevel: 'silent' });
  }
  const port = Number(process.env.BENCH_PORT ?? 3290);
  const dataDir = join(mkdtempSync(join(tmpdir(), 'cirurgias-bench-')), 'data');
  try {
    const first = await timedStart(port, dataDir);
    // A failed measurement stops the server before it is reported, so no server outlives the bench.
    const { auth, medicHome, secretaryHome, transfers, lighthouseScores } = await measureInBrowsers(port).catch(async (error) => {
      await stopServer(first.child);
      throw error;
    });
    await stopServer(first.child);
    const boot = runs('boot') ? await measureBoot() : null;
    const floor = runs('js') ? await buildFloor() : 0;
    const dataSize = readdirSync(dataDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .reduce((total, entry) => total + statSync(join(entry.parentPath, entry.name)).size, 0);

    if (auth && medicHome && secretaryHome) printScripts(auth, medicHome, secretaryHome, floor);
    if (transfers) printTransfers(transfers);
    if (lighthouseScores) printLighthouse(lighthouseScores);
    if (boot) printBootFigures(boot);
    console.log(`  data directory size after seeding: ${(dataSize / 1024 / 1024).toFixed(1)} MB`);
  } finally {
    rmSync(resolve(dataDir, '..'), { recursive: true, force: true });
  }
}

type Scripts = { files: string[]; gzipped: number; then?: { files: string[]; gzipped: number } };

function printScripts(auth: Scripts, medicHome: Scripts, secretaryHome: Scripts, floor: number) {
  console.log('\nJavaScript loaded by /auth (gzip -9):');
  for (const file of auth.files) console.log(`  ${file}  ${kb(gzippedSize(join(root, 'dist', file)))}`);
  console.log(`  total at first paint           ${kb(auth.gzipped)} = ${(auth.gzipped / floor).toFixed(2)}× the floor (goal ≤ 1.10×: ${kb(floor * 1.1)})`);
  if (auth.then) {
    const later = auth.then.files.filter((file) => !auth.files.includes(file));
    for (const file of later) console.log(`  + on the first keystroke: ${file}  ${kb(gzippedSize(join(root, 'dist', file)))}`);
    console.log(`  total with the first keystroke ${kb(auth.then.gzipped)} = ${(auth.then.gzipped / floor).toFixed(2)}× the floor (goal ≤ 1.10×)`);
  }
  console.log(`  floor (one route using React, TanStack Router, XState, @xstate/react, react-hook-form, arktype through its resolver): ${kb(floor)}`);
  console.log(`  product on top of the floor:   ${kb(auth.gzipped - floor)}`);
  console.log('\nJavaScript loaded by the first signed-in screen, cold, signed in (gzip -9; goal ≤ 180.0 kB each):');
  console.log(`  medic home                     ${kb(medicHome.gzipped)} (${medicHome.files.length} files)`);
  console.log(`  secretary home                 ${kb(secretaryHome.gzipped)} (${secretaryHome.files.length} files)`);
}

function printTransfers(transfers: Awaited<ReturnType<typeof measureTransfers>>) {
  console.log('\nBytes on the wire (headers + bodies; Chromium, cold cache, 1366 px; served = brotli as the server sends it):');
  console.log(`  ${''.padEnd(44)}reqs    served      gzip  identity`);
  printTransfer('medic: /auth (cold)', transfers.medic.auth);
  printTransfer('medic: sign in → home (after /auth)', transfers.medic.home);
  printTransfer('medic: /auth + home', sum(transfers.medic.auth, transfers.medic.home));
  printTransfer('secretary: /auth (cold)', transfers.secretary.auth);
  printTransfer('secretary: sign in → home (after /auth)', transfers.secretary.home);
  printTransfer('secretary: /auth + home', sum(transfers.secretary.auth, transfers.secretary.home));
}

await main();
