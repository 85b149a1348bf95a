/**
 * npm run bench: prints
 *  - the gzipped JavaScript a browser loads for /auth (measured in Chromium against the built SPA),
 *    beside the bare framework floor (React + router + XState + react-hook-form built the same way);
 *  - the embedded server's first start on an empty data directory and its restart time.
 * A script, not a test: it reports figures and asserts nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { build } from 'vite';

const root = resolve(import.meta.dirname, '..');
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

function gzippedSize(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

function jsFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
    .map((entry) => join(entry.parentPath, entry.name));
}

async function buildFloor(): Promise<number> {
  const outDir = mkdtempSync(join(tmpdir(), 'cirurgias-floor-'));
  try {
    await build({
      root: join(root, 'scripts/bench-floor'),
      plugins: [react()],
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
    return jsFilesUnder(outDir).reduce((total, file) => total + gzippedSize(file), 0);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

async function waitForHealth(port: number, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
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

async function measureAuthRoute(port: number): Promise<{ files: string[]; gzipped: number }> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.goto(`http://127.0.0.1:${port}/auth`, { waitUntil: 'networkidle' });
    const files = [...scripts].sort();
    const gzipped = files.reduce((total, path) => total + gzippedSize(join(root, 'dist', path)), 0);
    return { files, gzipped };
  } finally {
    await browser.close();
  }
}

async function main() {
  if (!existsSync(join(root, 'dist/index.html'))) {
    console.log('building the SPA (dist/ is missing)…');
    await build({ root, logLevel: 'silent' });
  }
  const port = 3290;
  const dataDir = join(mkdtempSync(join(tmpdir(), 'cirurgias-bench-')), 'data');
  try {
    const first = await timedStart(port, dataDir);
    const auth = await measureAuthRoute(port);
    await stopServer(first.child);
    const restart = await timedStart(port, dataDir);
    await stopServer(restart.child);
    const floor = await buildFloor();
    const dataSize = readdirSync(dataDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .reduce((total, entry) => total + statSync(join(entry.parentPath, entry.name)).size, 0);

    console.log('\nJavaScript loaded by /auth (gzip -9):');
    for (const file of auth.files) console.log(`  ${file}  ${kb(gzippedSize(join(root, 'dist', file)))}`);
    console.log(`  total                          ${kb(auth.gzipped)}`);
    console.log(`  framework floor (React + router + XState + react-hook-form): ${kb(floor)}`);
    console.log(`  product on top of the floor:   ${kb(auth.gzipped - floor)}`);
    console.log('\nEmbedded server (PGlite):');
    console.log(`  first start on an empty data directory (initdb + migrate + seed): ${(first.ms / 1000).toFixed(2)} s`);
    console.log(`  restart on the existing data directory:                          ${(restart.ms / 1000).toFixed(2)} s`);
    console.log(`  data directory size after seeding: ${(dataSize / 1024 / 1024).toFixed(1)} MB`);
  } finally {
    rmSync(resolve(dataDir, '..'), { recursive: true, force: true });
  }
}

await main();
