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
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import { chromium } from 'playwright-core';
import { startHttp2Proxy } from './bench-http2-proxy';
import { cpuTimeFigures, type CpuTimeFigures } from './bench-lighthouse-cputime';
import { CASE_STATUSES, type CaseStatus } from '../machines/constants';

/**
 * A page to audit: its path, or (`stage`) a case's own page, /surgery-details/<id>, for the first case of the role's
 * in that stage (looked up through the API with the role's session, so the demo data decides the id).
 */
export type LighthousePage = { label: string; path: string; role: 'medic' | 'secretary' | null; stage?: CaseStatus };
export type LighthouseScore = LighthousePage & {
  performance: number;
  /** Each run's performance score, when the page was audited more than once. */
  runs: number[];
  accessibility: number;
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; si: number };
  /** Audits of the accessibility category that failed (their ids), to say what to fix. */
  accessibilityFailures: string[];
  /** The same run audited again on the main thread's CPU time (./bench-lighthouse-cputime.ts); medians over runs. */
  cpuTime: CpuTimeFigures;
  /** Each run's performance score on CPU time, when the page was audited more than once. */
  cpuTimeRuns: number[];
  /** JS/CSS/HTML responses the server sent without Content-Encoding (should be none above 1 KB). */
  uncompressed: string[];
  /**
   * Lighthouse's `benchmarkIndex`: a fixed piece of JavaScript it times in the browser before each run, so the speed the
   * page's renderer had then (higher is faster); the median over runs. On a shared virtual machine it moved by 2× within
   * an hour, and the scores with it (docs/BENCHMARKS.md, 2026-12-05, "the browser's speed").
   */
  benchmarkIndex: number;
};

/** The five pages `npm run bench` has audited since issue 15 (its default). */
export const LIGHTHOUSE_PAGES: LighthousePage[] = [
  { label: '/auth', path: '/auth', role: null },
  { label: 'medic home', path: '/', role: 'medic' },
  { label: 'secretary home', path: '/', role: 'secretary' },
  { label: '/surgery-status (medic)', path: '/surgery-status', role: 'medic' },
  { label: '/all-data (medic)', path: '/all-data', role: 'medic' },
];

/**
 * Every route of both roles (issue 41 goal 7; BENCH_LIGHTHOUSE_PAGES=all): the signed-out pages, each page the role
 * may open (src/routes' guards: /all-data, /audit and /settings are the medic's; /patients, /patients-surgery and
 * /account the secretary's, since the demo medic has one), and a case's page at each stage of the lifecycle.
 */
export const ALL_LIGHTHOUSE_PAGES: LighthousePage[] = [
  ...LIGHTHOUSE_PAGES,
  { label: '/signup', path: '/signup', role: null },
  { label: '/forgot-password', path: '/forgot-password', role: null },
  ...(['/receivables', '/audit', '/document-checklists', '/settings'] as const).map((path) => ({ label: `${path} (medic)`, path, role: 'medic' as const })),
  ...(['/surgery-status', '/patients', '/patients-surgery', '/receivables', '/document-checklists', '/account'] as const).map((path) => ({
    label: `${path} (secretary)`,
    path,
    role: 'secretary' as const,
  })),
  ...CASE_STATUSES.map((stage) => ({ label: `/surgery-details ${stage} (medic)`, path: '/surgery-details/', role: 'medic' as const, stage })),
  { label: '/surgery-details agendamento (secretary)', path: '/surgery-details/', role: 'secretary', stage: 'agendamento' },
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
    if (!result.lhr.runtimeError) return result;
    if (attempt === 3) throw new Error(`Lighthouse on ${label}: ${result.lhr.runtimeError.message}`);
  }
}

/** The path of `page`: its own, or the case page of the first case of `stage` the session sees. */
async function pathOf(origin: string, page: LighthousePage, session: StoredSession | null): Promise<string> {
  if (!page.stage) return page.path;
  if (!session) throw new Error(`${page.label}: a case page needs a role`);
  const response = await fetch(`${origin}/surgery/api/v1/surgery/?status__in=${page.stage}&limit=1`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  if (!response.ok) throw new Error(`${page.label}: the list answered ${response.status}`);
  const [first] = ((await response.json()) as { results: Array<{ id: number }> }).results;
  if (!first) throw new Error(`${page.label}: the demo data has no case in ${page.stage}`);
  return `/surgery-details/${first.id}`;
}

/** The median of `values` (the middle one; the lower middle of an even count). */
const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

/** Each CPU-time figure's median over the runs. */
function medianCpuTime(runs: CpuTimeFigures[]): CpuTimeFigures {
  const median = (key: keyof CpuTimeFigures) => medianOf(runs.map((run) => run[key]));
  return { performance: median('performance'), tbt: median('tbt'), fcp: median('fcp'), lcp: median('lcp'), wallMs: median('wallMs'), cpuMs: median('cpuMs') };
}

/**
 * Audits each page of BENCH_LIGHTHOUSE_PAGES (labels, comma-separated; `all`: ALL_LIGHTHOUSE_PAGES; default
 * LIGHTHOUSE_PAGES) BENCH_LIGHTHOUSE_RUNS times (default 1) and gives, per page, the run of the median performance
 * score with the median of each metric and the accessibility score (the same in every run unless the page changes).
 */
export async function runLighthouse(origin: string, chromePath: string): Promise<LighthouseScore[]> {
  // BENCH_LIGHTHOUSE_HTTP2=1: the browser reaches the server through an HTTP/2 front (scripts/bench-http2-proxy.ts),
  // as a phone reaches the deployment; the benchmark's own calls still go to the server itself.
  const http2 = process.env.BENCH_LIGHTHOUSE_HTTP2 === '1' ? await startHttp2Proxy(origin) : null;
  const browserOrigin = http2?.origin ?? origin;
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: http2 ? [...CHROMIUM_FLAGS, '--ignore-certificate-errors'] : CHROMIUM_FLAGS });
  try {
    const scores: LighthouseScore[] = [];
    const asked = process.env.BENCH_LIGHTHOUSE_PAGES;
    const labels = asked && asked !== 'all' ? asked.split(',').map((label) => label.trim()) : null;
    const pages = asked === 'all' ? ALL_LIGHTHOUSE_PAGES : labels ? ALL_LIGHTHOUSE_PAGES.filter((page) => labels.includes(page.label)) : LIGHTHOUSE_PAGES;
    if (labels && pages.length !== labels.length) throw new Error(`BENCH_LIGHTHOUSE_PAGES: unknown label among ${labels.join(', ')}`);
    const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS || 1));
    for (const page of pages) {
      const each: LighthouseScore[] = [];
      for (let run = 0; run < runs; run += 1) each.push(await auditPage(origin, browserOrigin, chrome.port, page));
      const byPerformance = [...each].sort((a, b) => a.performance - b.performance);
      const middle = byPerformance[Math.floor((byPerformance.length - 1) / 2)]!;
      const metric = (key: keyof LighthouseScore['metrics']) => medianOf(each.map((score) => score.metrics[key]));
      scores.push({
        ...middle,
        runs: each.map((score) => score.performance),
        metrics: { fcp: metric('fcp'), lcp: metric('lcp'), tbt: metric('tbt'), cls: metric('cls'), si: metric('si') },
        cpuTime: medianCpuTime(each.map((score) => score.cpuTime)),
        cpuTimeRuns: each.map((score) => score.cpuTime.performance),
        benchmarkIndex: medianOf(each.map((score) => score.benchmarkIndex)),
      });
    }
    return scores;
  } finally {
    chrome.kill();
    await http2?.close();
  }
}

/** The simulated LCP's graphs, node by node (start, end, what): where Lighthouse's LCP goes. */
function lanternLcpTimings(): string {
  const out: string[] = [];
  for (const [label, timings] of Lantern.Simulation.Simulator.allNodeTimings) {
    if (!/LargestContentfulPaint/.test(label)) continue;
    out.push(`## ${label}`);
    for (const [node, timing] of [...timings.entries()].sort((a, b) => a[1].startTime - b[1].startTime)) {
      const what =
        node.type === 'network'
          ? `${node.request.priority} ${(node.request.transferSize / 1024).toFixed(1)} kB ${node.request.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 80)}`
          : `CPU task, ${(node.duration / 1000).toFixed(1)} ms observed`;
      out.push(`${timing.startTime.toFixed(0).padStart(6)} ${timing.endTime.toFixed(0).padStart(6)} ${what}`);
    }
  }
  return out.join('\n');
}

/** One Lighthouse run of `page`, signed in as its role (the browser at `browserOrigin`, the calls here at `origin`). */
async function auditPage(origin: string, browserOrigin: string, port: number, page: LighthousePage): Promise<LighthouseScore> {
  const session = page.role ? await signIn(origin, page.role) : null;
  const path = await pathOf(origin, page, session);
  await storeSession(port, browserOrigin, session);
  const { lhr, artifacts } = await auditOnce(`${browserOrigin}${path}`, port, page.label);
  // BENCH_LIGHTHOUSE_REPORTS=<dir>: each page's full report (JSON), to see what a score is made of, the simulated
  // LCP's node timings (.lantern.txt: which requests and tasks its estimate waits for, and when) and the trace.
  const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (reports) {
    const file = join(reports, page.label.replace(/\W+/g, '-'));
    mkdirSync(reports, { recursive: true });
    writeFileSync(`${file}.json`, JSON.stringify(lhr));
    writeFileSync(`${file}.lantern.txt`, lanternLcpTimings());
    writeFileSync(`${file}.trace.json`, JSON.stringify(artifacts.Trace.traceEvents));
  }
  const cpuTime = await cpuTimeFigures(artifacts);
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  if (finalPath !== path) throw new Error(`Lighthouse on ${page.label} ended on ${finalPath}`);
  const { performance, accessibility } = lhr.categories;
  if (!performance || !accessibility) throw new Error(`Lighthouse on ${page.label} gave no scores`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    ...page,
    path,
    performance: Math.round((performance.score ?? 0) * 100),
    runs: [],
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
    cpuTime,
    cpuTimeRuns: [],
    uncompressed: uncompressedResponses(lhr.audits['uses-text-compression']),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

function uncompressedResponses(audit: { details?: unknown } | undefined): string[] {
  const items = (audit?.details as { items?: Array<{ url?: string }> } | undefined)?.items ?? [];
  return items.map((item) => item.url ?? '?');
}

export function printLighthouse(scores: LighthouseScore[]): void {
  console.log('\nLighthouse 12, mobile (simulated throttling), Chromium headless; goals (issue 41): performance ≥ 95, accessibility 100:');
  console.log('(speed: Lighthouse\'s benchmarkIndex, the browser\'s speed when the page was audited; higher is faster)');
  console.log(`  ${''.padEnd(40)}perf  a11y    FCP     LCP     TBT    CLS     SI  speed   runs`);
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(7);
  for (const score of scores) {
    const { fcp, lcp, tbt, cls, si } = score.metrics;
    console.log(
      `  ${score.label.padEnd(40)}${String(score.performance).padStart(4)}${String(score.accessibility).padStart(6)}` +
        `${s(fcp)} ${s(lcp)} ${`${Math.round(tbt)} ms`.padStart(7)} ${cls.toFixed(2).padStart(6)} ${s(si)} ${String(score.benchmarkIndex).padStart(6)}` +
        `   ${score.runs.length > 1 ? score.runs.join(' ') : ''}` +
        `${score.performance >= 95 && score.accessibility === 100 ? '   ✓' : '   ✗ goal'}`,
    );
    const onCpu = score.cpuTime;
    console.log(
      `    on the main thread's CPU time: perf ${onCpu.performance}, FCP ${s(onCpu.fcp).trim()}, LCP ${s(onCpu.lcp).trim()}, ` +
        `TBT ${Math.round(onCpu.tbt)} ms (its tasks ran ${Math.round(onCpu.cpuMs)} ms of CPU in ${Math.round(onCpu.wallMs)} ms)` +
        `${score.cpuTimeRuns.length > 1 ? `   runs ${score.cpuTimeRuns.join(' ')}` : ''}`,
    );
    if (score.accessibilityFailures.length) console.log(`    accessibility audits failing: ${score.accessibilityFailures.join(', ')}`);
    if (score.uncompressed.length) console.log(`    sent uncompressed: ${score.uncompressed.join(', ')}`);
  }
}
