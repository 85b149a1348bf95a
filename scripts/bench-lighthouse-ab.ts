/**
 * Lighthouse, two builds of the SPA back to back (issue 15): one Lighthouse run per page and build, alternating A, B,
 * A, B… for BENCH_AB_ROUNDS rounds (default 3), then each page's median performance and blocking time per build, by
 * Lighthouse and on the main thread's CPU time (./bench-lighthouse-cputime.ts). On a shared machine a single run moves
 * by ±10 points, so a change is judged only against the other build measured in the same minutes.
 *
 *   npm run bench:lighthouse-ab -- <distA> <distB>   (two `vite build --outDir <dir>` of the builds to compare)
 *
 * Each build is served by its own embedded server (`build/server/main.js`, `npm run build` first) with its own
 * temporary data folder (demo data), on BENCH_PORT and BENCH_PORT + 1 (default 3290). BENCH_LIGHTHOUSE_PAGES picks
 * pages, as in `npm run bench`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runLighthouse, type LighthouseScore } from './bench-lighthouse';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function startServer(distDir: string, port: number): Promise<{ origin: string; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-ab-'));
  const child: ChildProcess = spawn(process.execPath, ['build/server/main.js'], {
    env: { ...process.env, DIST_DIR: resolve(distDir), DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 200) {
    if (waited > 60_000) throw new Error(`the server for ${distDir} did not answer in 60 s`);
    const ok = await fetch(`${origin}/health`).then((response) => response.ok, () => false);
    if (ok) break;
    await new Promise((done) => setTimeout(done, 200));
  }
  return {
    origin,
    stop: async () => {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGINT');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main() {
  const [distA, distB] = process.argv.slice(2);
  if (!distA || !distB) throw new Error('usage: bench-lighthouse-ab.ts <distA> <distB>');
  const rounds = Number(process.env.BENCH_AB_ROUNDS ?? 3);
  const port = Number(process.env.BENCH_PORT ?? 3290);
  const servers = [await startServer(distA, port), await startServer(distB, port + 1)];
  const runs: LighthouseScore[][][] = [[], []];
  try {
    for (let round = 1; round <= rounds; round += 1) {
      for (const [index, server] of servers.entries()) {
        const scores = await runLighthouse(server.origin, CHROMIUM);
        runs[index]!.push(scores);
        const line = scores.map(
          (s) => `${s.label} ${s.performance} (TBT ${Math.round(s.metrics.tbt)} ms; on CPU time ${s.cpuTime.performance}; speed ${s.benchmarkIndex})`,
        );
        console.log(`round ${round}, ${index ? 'B' : 'A'}: ${line.join(', ')}`);
      }
    }
  } finally {
    for (const server of servers) await server.stop();
  }
  console.log(`\nmedians of ${rounds} rounds: A = ${distA}, B = ${distB}`);
  console.log(
    '                            perf A  perf B   TBT A   TBT B   LCP A   LCP B   on CPU time: perf A  perf B   TBT A   TBT B   speed A  speed B',
  );
  for (const [pageIndex, page] of runs[0]![0]!.entries()) {
    const of = (build: number, pick: (score: LighthouseScore) => number) => median(runs[build]!.map((scores) => pick(scores[pageIndex]!)));
    const perf = (build: number) => String(of(build, (score) => score.performance)).padStart(6);
    const tbt = (build: number) => `${Math.round(of(build, (score) => score.metrics.tbt))}`.padStart(6);
    const lcp = (build: number) => `${(of(build, (score) => score.metrics.lcp) / 1000).toFixed(1)} s`.padStart(6);
    const cpuPerf = (build: number) => String(of(build, (score) => score.cpuTime.performance)).padStart(6);
    const cpuTbt = (build: number) => `${Math.round(of(build, (score) => score.cpuTime.tbt))}`.padStart(6);
    const speed = (build: number) => String(of(build, (score) => score.benchmarkIndex)).padStart(7);
    console.log(
      `  ${page.label.padEnd(26)}${perf(0)}  ${perf(1)}  ${tbt(0)}  ${tbt(1)}  ${lcp(0)}  ${lcp(1)}` +
        `               ${cpuPerf(0)}  ${cpuPerf(1)}  ${cpuTbt(0)}  ${cpuTbt(1)}  ${speed(0)}  ${speed(1)}`,
    );
  }
}

await main();
