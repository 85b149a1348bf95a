/**
 * What a page's long tasks are made of (issue 15): loads `path` of a running server in Debian's Chromium at a CPU
 * slowdown (default 4×, as Lighthouse's mobile simulation scales what it observes), cold cache, 412 px wide, signed in
 * as the demo `role` when one is given, records a trace with V8's sampling profiler in it, and prints the paint marks
 * and each main-thread task over 30 ms with the functions its samples fell in (self and inclusive). Lighthouse's
 * blocking time counts only the tasks after the first contentful paint. Build the SPA with `npx vite build --minify
 * false --outDir <dir>` and serve it with `DIST_DIR=<dir>` to read the functions' names; BENCH_TRACE_TOP=<n> lists n
 * functions per task (default 10). A script, not a test.
 *
 *   npm run bench:trace -- http://127.0.0.1:3000 / secretary [rate]
 */
import { chromium } from 'playwright-core';
import { signIn } from './bench-lighthouse';

type TraceEvent = {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[]; startTime?: number } };
};
type ProfileNode = { id: number; parent?: number; callFrame: { functionName: string; url?: string; lineNumber?: number; columnNumber?: number } };

const LONG_TASK_US = 30_000;
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
  let time = events.find((event) => event.name === 'Profile' && event.pid === renderer.pid)?.args?.data?.startTime ?? 0;
  for (const event of events) {
    if (event.name !== 'ProfileChunk' || event.pid !== renderer.pid) continue;
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
    console.log(`\ntask at ${at(task.ts)}, ${(task.dur! / 1000).toFixed(0)} ms, ${busy} samples`);
    console.log(`  self: ${top(self, LISTED)}`);
    console.log(`  inclusive: ${top(inclusive, LISTED * 2)}`);
  }
}

const [origin, path = '/', role, rate = '4'] = process.argv.slice(2);
if (!origin) throw new Error('usage: npm run bench:trace -- <origin> [path] [medic|secretary] [CPU slowdown]');
if (role !== undefined && role !== 'medic' && role !== 'secretary') throw new Error(`unknown role ${role}`);
report(await record(origin, path, role ?? null, Number(rate)));
