/**
 * The Lighthouse part of `npm run bench` (issue 15): Lighthouse 12's Node API, mobile (its default form factor and
 * simulated throttling), on Debian's Chromium started by chrome-launcher, against a running server with the demo
 * data. Signed-in pages get the session the way the SPA keeps it (localStorage `token`, `refresh_token`, `profile`,
 * src/lib/session/actors.ts), written through a page of the same origin before the audited navigation. Lighthouse's
 * own storage reset still runs before each audit (cold HTTP cache); its default `clearStorageTypes` leave
 * localStorage alone, so the session survives it.
 */
import * as chromeLauncher from 'chrome-launcher';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

export type LighthousePage = { label: string; path: string; role: 'medic' | 'secretary' | null };
export type LighthouseScore = LighthousePage & {
  performance: number;
  accessibility: number;
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; si: number };
  /** Audits of the accessibility category that failed (their ids), to say what to fix. */
  accessibilityFailures: string[];
  /** JS/CSS/HTML responses the server sent without Content-Encoding (should be none above 1 KB). */
  uncompressed: string[];
};

export const LIGHTHOUSE_PAGES: LighthousePage[] = [
  { label: '/auth', path: '/auth', role: null },
  { label: 'medic home', path: '/', role: 'medic' },
  { label: 'secretary home', path: '/', role: 'secretary' },
  { label: '/surgery-status (medic)', path: '/surgery-status', role: 'medic' },
  { label: '/all-data (medic)', path: '/all-data', role: 'medic' },
];

const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const DEMO = { medic: 'medico@demo.com.br', secretary: 'secretaria@demo.com.br', password: 'Demo@12345' };
const CLIENT = { id: 'cirurgias-web', secret: 'cirurgias-web-secret' };

export type StoredSession = { token: string; refresh_token: string; profile: string };

/** A fresh session for `role`: the password grant and the profile read the SPA's sign-in makes. */
export async function signIn(origin: string, role: 'medic' | 'secretary'): Promise<StoredSession> {
  const body = new URLSearchParams({
    grant_type: 'password',
    username: DEMO[role],
    password: DEMO.password,
    client_id: CLIENT.id,
    client_secret: CLIENT.secret,
  });
  const tokenResponse = await fetch(`${origin}/auth/token`, { method: 'POST', body });
  if (!tokenResponse.ok) throw new Error(`sign-in as ${role} failed: ${tokenResponse.status}`);
  const tokens = (await tokenResponse.json()) as { access_token: string; refresh_token: string };
  const profileResponse = await fetch(`${origin}/project_auth/profile/`, {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  if (!profileResponse.ok) throw new Error(`profile of ${role} failed: ${profileResponse.status}`);
  return { token: tokens.access_token, refresh_token: tokens.refresh_token, profile: await profileResponse.text() };
}

/** Writes (or, with null, removes) the SPA's session keys in the browser's default context for `origin`. */
async function storeSession(debuggingPort: number, origin: string, session: StoredSession | null): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default context');
    const page = await context.newPage();
    // A static file of the origin: localStorage without booting the SPA.
    await page.goto(`${origin}/favicon.svg`);
    await page.evaluate((stored) => {
      for (const key of ['token', 'refresh_token', 'profile']) localStorage.removeItem(key);
      if (stored) for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    }, session);
    await page.close();
  } finally {
    // Disconnects only: the browser belongs to chrome-launcher.
    await browser.close();
  }
}

/**
 * One audit of `url`. Lighthouse sometimes fails to record the trace on a loaded machine (NO_NAVSTART, "run
 * Lighthouse again"): such a run is repeated, up to three times in all.
 */
async function auditOnce(url: string, port: number, label: string) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
    if (!result) throw new Error(`Lighthouse gave no result for ${label}`);
    if (!result.lhr.runtimeError) return result.lhr;
    if (attempt === 3) throw new Error(`Lighthouse on ${label}: ${result.lhr.runtimeError.message}`);
  }
}

export async function runLighthouse(origin: string, chromePath: string): Promise<LighthouseScore[]> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_FLAGS });
  try {
    const scores: LighthouseScore[] = [];
    // BENCH_LIGHTHOUSE_PAGES=<labels>: only these pages (comma-separated labels of LIGHTHOUSE_PAGES).
    const labels = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((label) => label.trim());
    const pages = labels ? LIGHTHOUSE_PAGES.filter((page) => labels.includes(page.label)) : LIGHTHOUSE_PAGES;
    if (labels && pages.length !== labels.length) throw new Error(`BENCH_LIGHTHOUSE_PAGES: unknown label among ${labels.join(', ')}`);
    for (const page of pages) {
      await storeSession(chrome.port, origin, page.role ? await signIn(origin, page.role) : null);
      const lhr = await auditOnce(`${origin}${page.path}`, chrome.port, page.label);
      // BENCH_LIGHTHOUSE_REPORTS=<dir>: each page's full report (JSON), to see what a score is made of.
      const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
      if (reports) mkdirSync(reports, { recursive: true });
      if (reports) writeFileSync(join(reports, `${page.label.replace(/\W+/g, '-')}.json`), JSON.stringify(lhr));
      const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
      if (finalPath !== page.path) throw new Error(`Lighthouse on ${page.label} ended on ${finalPath}`);
      const { performance, accessibility } = lhr.categories;
      if (!performance || !accessibility) throw new Error(`Lighthouse on ${page.label} gave no scores`);
      const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      scores.push({
        ...page,
        performance: Math.round((performance.score ?? 0) * 100),
        accessibility: Math.round((accessibility.score ?? 0) * 100),
        metrics: {
          fcp: numeric('first-contentful-paint'),
          lcp: numeric('largest-contentful-paint'),
          tbt: numeric('total-blocking-time'),
          cls: numeric('cumulative-layout-shift'),
          si: numeric('speed-index'),
        },
        accessibilityFailures: accessibility.auditRefs
          .filter((ref) => {
            const score = lhr.audits[ref.id]?.score;
            return ref.weight > 0 && typeof score === 'number' && score < 1;
          })
          .map((ref) => ref.id),
        uncompressed: uncompressedResponses(lhr.audits['uses-text-compression']),
      });
    }
    return scores;
  } finally {
    chrome.kill();
  }
}

function uncompressedResponses(audit: { details?: unknown } | undefined): string[] {
  const items = (audit?.details as { items?: Array<{ url?: string }> } | undefined)?.items ?? [];
  return items.map((item) => item.url ?? '?');
}

export function printLighthouse(scores: LighthouseScore[]): void {
  console.log('\nLighthouse 12, mobile (simulated throttling), Chromium headless; goals: performance ≥ 90, accessibility 100:');
  console.log(`  ${''.padEnd(26)}perf  a11y    FCP     LCP     TBT    CLS     SI`);
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(7);
  for (const score of scores) {
    const { fcp, lcp, tbt, cls, si } = score.metrics;
    console.log(
      `  ${score.label.padEnd(26)}${String(score.performance).padStart(4)}${String(score.accessibility).padStart(6)}` +
        `${s(fcp)} ${s(lcp)} ${`${Math.round(tbt)} ms`.padStart(7)} ${cls.toFixed(2).padStart(6)} ${s(si)}`,
    );
    if (score.accessibilityFailures.length) console.log(`    accessibility audits failing: ${score.accessibilityFailures.join(', ')}`);
    if (score.uncompressed.length) console.log(`    sent uncompressed: ${score.uncompressed.join(', ')}`);
  }
}
