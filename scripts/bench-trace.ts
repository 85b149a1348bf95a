/**
 * What a page's long tasks are made of (issue 15): loads `path` of a running server in Debian's Chromium at a CPU
 * slowdown (default 4×, as Lighthouse's mobile simulation scales what it observes), cold cache, 412 px wide, signed in
 * as the demo `role` when one is given, records a trace with V8's sampling profiler in it, and prints the paint marks,
 * each main-thread task over 30 ms (BENCH_TRACE_LONG_MS), its wall time and the CPU time its thread got, with the
 * functions its samples fell in (self and inclusive) and the browser's own work in it (style, layout, paint), then
 * the whole after the first contentful paint: the main thread's busy time,
 * the blocking time as the slowed CPU ran it, and the samples by file and by function. Lighthouse's blocking time
 * counts only the tasks after the first contentful paint. Build the SPA with `npx vite build --minify false --outDir
 * <dir>` and serve it with `DIST_DIR=<dir>` to read the functions' names; BENCH_TRACE_TOP=<n> lists n functions per
 * task (default 10); BENCH_TRACE_FILE=<path> writes the trace too. Single runs vary by ±40 % here: compare builds over
 * several runs, alternated. A script, not a test.
 *
 *   npm run bench:trace -- http://127.0.0.1:3000 / secretary [rate]
 */
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { signIn } from './bench-lighthouse';

type TraceEvent = {
  name: string;
  id?: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the task (Chromium's thread clock), beside `dur`, its wall time. */
  tdur?: number;
  args?: { name?: string; data?: { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[]; startTime?: number } };
};
type ProfileNode = { id: number; parent?: number; callFrame: { functionName: string; url?: string; lineNumber?: number; columnNumber?: number } };

/** The tasks listed: over BENCH_TRACE_LONG_MS (default 30; at rate 1, 12.5 is what Lighthouse's 4× turns into 50). */
const LONG_TASK_US = Number(process.env.BENCH_TRACE_LONG_MS || 30) * 1000;
/** The trace events of the browser's own work a task may hold (their sums overlap where they nest). */
const BROWSER_WORK = new Set(['UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Layerize', 'ParseHTML', 'ParseAuthorStyleSheet', 'HitTest', 'IntersectionObserverController::computeIntersections', 'ScheduleStyleRecalculation', 'UpdateLayer', 'Commit', 'GPUTask', 'v8.compile', 'v8.compileModule', 'v8.evaluateModule', 'EvaluateScript', 'FunctionCall', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'XHRReadyStateChange', 'ResourceReceiveResponse', 'ResourceReceivedData', 'ResourceFinish', 'v8.run', 'MajorGC', 'MinorGC', 'V8.GC_MC_BACKGROUND_MARKING', 'CpuProfiler::StartProfiling']);
/** How many functions each task lists (self; twice as many inclusive): BENCH_TRACE_TOP, default 10. */
const LISTED = Number(process.env.BENCH_TRACE_TOP || 10);

async function record(origin: string, path: string, role: 'medic' | 'secretary' | null, rate: number): Promise<TraceEvent[]> {
  const session = role ? await signIn(origin, role) : null;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    if (session) {
      // A static file of the origin: the SPA's session keys without booting it.
      await page.goto(`${origin}/favicon.svg`);
      await page.evaluate((stored) => {
        for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
      }, session);
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
    const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,disabled-by-default-v8.cpu_profiler,loading',
      transferMode: 'ReportEvents',
    });
    await page.goto(`${origin}${path}`);
    await page.waitForTimeout(4_000);
    await cdp.send('Tracing.end');
    await complete;
    return events;
  } finally {
    await browser.close();
  }
}

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  return url ? `${functionName || '(anonymous)'} ${url.replace(/.*\//, '')}:${lineNumber}:${columnNumber}` : functionName;
}

function top(counts: Map<string, number>, n: number): string {
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, count]) => `${count} ${name}`)
    .join(' | ');
}

function report(events: TraceEvent[]): void {
  const renderer = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  if (!renderer) throw new Error('no renderer main thread in the trace');
  const onMain = (event: TraceEvent) => event.pid === renderer.pid && event.tid === renderer.tid;
  const start = events.find((event) => event.name === 'ResourceSendRequest')?.ts ?? 0;
  const at = (ts: number) => `${((ts - start) / 1000).toFixed(0)} ms`;

  // The sampler's nodes and samples, with each sample's time (the chunks carry deltas from the profile's start).
  const nodes = new Map<number, ProfileNode>();
  const samples: { ts: number; node: number }[] = [];
  // The main thread's profile only: the renderer's other isolates (the service worker's) have profiles of their own.
  const profile = events.find((event) => event.name === 'Profile' && onMain(event));
  let time = profile?.args?.data?.startTime ?? 0;
  for (const event of events) {
    if (event.name !== 'ProfileChunk' || event.pid !== renderer.pid || event.id !== profile?.id) continue;
    const data = event.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    ids.forEach((id, index) => {
      time += deltas[index] ?? 0;
      samples.push({ ts: time, node: id });
    });
  }

  for (const event of events) {
    if (onMain(event) && ['firstContentfulPaint', 'largestContentfulPaint::Candidate'].includes(event.name)) console.log(`${event.name} at ${at(event.ts)}`);
  }
  const fcp = events.find((event) => onMain(event) && event.name === 'firstContentfulPaint')?.ts;
  const tasks = events.filter((event) => event.name === 'RunTask' && onMain(event) && (event.dur ?? 0) > LONG_TASK_US && event.ts >= start);
  for (const task of tasks.sort((a, b) => a.ts - b.ts)) {
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    let busy = 0;
    for (const sample of samples) {
      if (sample.ts < task.ts || sample.ts > task.ts + task.dur!) continue;
      const leaf = nodes.get(sample.node);
      if (!leaf || leaf.callFrame.functionName === '(idle)') continue;
      busy += 1;
      self.set(frameName(leaf), (self.get(frameName(leaf)) ?? 0) + 1);
      const seen = new Set<string>();
      for (let node: ProfileNode | undefined = leaf; node; node = node.parent === undefined ? undefined : nodes.get(node.parent)) {
        const name = frameName(node);
        if (!seen.has(name)) inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
        seen.add(name);
      }
    }
    const cpu = task.tdur === undefined ? '' : ` (CPU ${(task.tdur / 1000).toFixed(0)} ms)`;
    console.log(`\ntask at ${at(task.ts)}, ${(task.dur! / 1000).toFixed(0)} ms${cpu}, ${busy} samples`);
    console.log(`  self: ${top(self, LISTED)}`);
    console.log(`  inclusive: ${top(inclusive, LISTED * 2)}`);
    // The browser's own work in the task (style, layout, paint: "(program)" to the sampler), by trace event.
    const work = new Map<string, number>();
    for (const event of events) {
      if (!onMain(event) || event.ph !== 'X' || event === task || event.ts < task.ts || event.ts > task.ts + task.dur!) continue;
      if (!BROWSER_WORK.has(event.name)) continue;
      work.set(event.name, (work.get(event.name) ?? 0) + Math.round((event.dur ?? 0) / 1000));
    }
    if (work.size) console.log(`  browser (ms): ${top(work, LISTED)}`);
  }

  // Where the blocking time's CPU goes in all: every sample after the first contentful paint (the part Lighthouse's
  // blocking time counts), by file and by function, self time.
  if (fcp === undefined) return;
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let after = 0;
  for (const sample of samples) {
    const leaf = nodes.get(sample.node);
    if (sample.ts < fcp || !leaf || leaf.callFrame.functionName === '(idle)') continue;
    after += 1;
    const file = leaf.callFrame.url ? leaf.callFrame.url.replace(/.*\//, '').replace(/-[\w-]{7}\.js$/, '.js') : leaf.callFrame.functionName;
    byFile.set(file, (byFile.get(file) ?? 0) + 1);
    byFunction.set(frameName(leaf), (byFunction.get(frameName(leaf)) ?? 0) + 1);
  }
  // Blocking time as the slowed CPU really ran it (not Lighthouse's simulation): each task after the first paint, less 50 ms.
  const later = events.filter((event) => event.name === 'RunTask' && onMain(event) && event.ts >= fcp);
  const busy = later.reduce((sum, task) => sum + (task.dur ?? 0), 0) / 1000;
  const blocking = later.reduce((sum, task) => sum + Math.max(0, (task.dur ?? 0) / 1000 - 50), 0);
  console.log(`\nafter the first contentful paint: main thread busy ${busy.toFixed(0)} ms, blocking ${blocking.toFixed(0)} ms, ${after} samples`);
  console.log(`  by file: ${top(byFile, LISTED * 2)}`);
  console.log(`  by function: ${top(byFunction, LISTED * 3)}`);
}

const [origin, path = '/', role, rate = '4'] = process.argv.slice(2);
if (!origin) throw new Error('usage: npm run bench:trace -- <origin> [path] [medic|secretary] [CPU slowdown]');
if (role !== undefined && role !== 'medic' && role !== 'secretary') throw new Error(`unknown role ${role}`);
const events = await record(origin, path, role ?? null, Number(rate));
// BENCH_TRACE_FILE=<path>: the trace itself too (Chromium's JSON trace format; DevTools' Performance panel opens it).
if (process.env.BENCH_TRACE_FILE) writeFileSync(process.env.BENCH_TRACE_FILE, JSON.stringify({ traceEvents: events }));
report(events);
