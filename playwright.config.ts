import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// One fresh data directory per run (set once in the runner, inherited by the workers).
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'cirurgias-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

/**
 * The test servers' ports: E2E_PORT and E2E_SHORT_TOKEN_PORT when set, otherwise two ports the system has
 * free now (asked of a child process, since the config is read synchronously). Chosen once in the runner
 * and inherited by the workers, so two test runs on one machine never collide.
 */
function freePorts(count: number): number[] {
  const script = `const net=require('net');const ports=[];const servers=[];
(function next(){if(ports.length===${count}){servers.forEach(s=>s.close());console.log(ports.join(','));return;}
const s=net.createServer();servers.push(s);s.listen(0,'127.0.0.1',()=>{ports.push(s.address().port);next();});})();`;
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim().split(',').map(Number);
}
if (!process.env.E2E_PORT || !process.env.E2E_SHORT_TOKEN_PORT) {
  const [main, short] = freePorts(2);
  process.env.E2E_PORT ??= String(main);
  process.env.E2E_SHORT_TOKEN_PORT ??= String(short);
}

export const MAIN_PORT = Number(process.env.E2E_PORT);
/** A second server whose access tokens live 3 seconds, for the transparent-refresh journey. */
export const SHORT_TOKEN_PORT = Number(process.env.E2E_SHORT_TOKEN_PORT);

/**
 * Debian's Chromium: its headless shell (package chromium-headless-shell, the same engine and version, without the
 * full browser's window and UI around it, which is what Playwright's own headless runs use) when installed, else the
 * full browser in its headless mode. The shell ran the same specs with about a fifth less CPU (docs/BENCHMARKS.md,
 * "CI time, again"), and CI's two cores are saturated while the browser tests run. CHROMIUM_PATH picks another.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromiumPath = process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function server(port: number, dir: string, extraEnv: Record<string, string> = {}) {
  return {
    // The built server (`npm run test:e2e` builds first), as `npm start` runs it.
    command: 'node build/server/main.js',
    url: `http://127.0.0.1:${port}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dataDir, dir),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // No daily backup on the shared test servers (backup.spec starts servers of its own and asks for them).
      BACKUP_ENABLED: 'false',
      ...extraEnv,
    },
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  // CI runs two parts of the specs beside the API suite on PostgreSQL, on two cores: on a slower machine (load ~11) a
  // spec of 20–30 s took 60–70 s and hit a 60 s limit mid-way, though every step passed.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  // scripts/test-all.mjs runs the specs in several parts at once, each with its own folder.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${MAIN_PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // A failed test keeps its trace (actions, DOM snapshots, network, console) and a screenshot. Not the trace's
    // screencast: recording it for every test, passed or not, was a quarter of the browser tests' CPU.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // The product's service worker (docs/OFFLINE.md) answers the pages' asset requests, and page.route then no longer
    // sees them (several specs hold or fail a chunk that way): the specs run without it, as before it existed, except
    // tests/e2e/pwa.spec.ts, which tests it and allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  webServer: [
    // 127.0.0.1 counts as a proxy here, so the specs' API signups can each come from an address of their own
    // (signUpMedic in tests/e2e/helpers.ts); the browser's requests carry no X-Forwarded-For and stay 127.0.0.1.
    server(MAIN_PORT, 'main', { TRUST_PROXY: '127.0.0.1' }),
    server(SHORT_TOKEN_PORT, 'short-token', { ACCESS_TOKEN_TTL_SECONDS: '3' }),
  ],
});
