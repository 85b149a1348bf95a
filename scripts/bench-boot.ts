/**
 * The embedded server's boot figures (issue 15), measured on the built server (`node build/server/main.js`):
 *  - first boot: a fresh temporary DATA_DIR (PGlite initdb, migrations, the full reference lists, the demo) to the
 *    first 200 of `/health`;
 *  - reopen: the same directory started again after a clean stop, to the first 200 of `/health`.
 * Each measured `runs` times (fresh directory each time), medians. Used by scripts/bench.ts; alone:
 * `node --import tsx scripts/bench-boot.ts` (BENCH_BOOT_RUNS, BENCH_BOOT_PORT; BENCH_BOOT_COMMAND="node --import
 * tsx server/main.ts" times the source instead of the build, BENCH_BOOT_CWD another checkout, e.g. the code before a
 * change, back to back).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');

export const BOOT_GOALS_MS = { firstBoot: 8_000, reopen: 1_500 } as const;

export type BootFigures = {
  firstBootMs: number[];
  reopenMs: number[];
  firstBootMedianMs: number;
  reopenMedianMs: number;
  /**
   * CPU time (user + system) the server process had used when it first answered, medians; null off Linux. On a
   * machine loaded by other work the wall times above grow with the load, these hardly do: compare versions by them.
   */
  firstBootCpuMs: number | null;
  reopenCpuMs: number | null;
  /** The 1-minute load average before and after the runs. */
  loadAverage: [number, number];
  /** What was started, e.g. `node build/server/main.js`. */
  command: string;
};

type BootOptions = {
  runs?: number;
  port?: number;
  /** Default: the built server, `node build/server/main.js`. */
  command?: string[];
  /** The checkout to run it in (default this one; another to time an older version back to back). */
  cwd?: string;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

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
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('server did not become healthy in time');
}

/** The CPU time `pid` has used so far (utime + stime of /proc/<pid>/stat), or null where there is no /proc. */
function cpuMsOf(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of proc(5), counted from after the command name; clock ticks of 10 ms (USER_HZ = 100).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * `ready`: the server's 'pronto' line, printed when its start is over (the backup channel, the upkeep). A stop waits for
 * it: a SIGTERM between the first answer and that line ends the start without closing the database (server/serve.ts),
 * and the next start would then be PostgreSQL's crash recovery, not the clean reopen measured here.
 */
type Started = { ms: number; cpuMs: number | null; child: ChildProcess; ready: Promise<void> };

async function timedStart(command: string[], cwd: string, port: number, dataDir: string): Promise<Started> {
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    cwd,
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const ready = new Promise<void>((resolveReady) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Cirurgias pronto em')) resolveReady();
    });
    child.once('exit', () => resolveReady());
  });
  try {
    await waitForHealth(port, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { ms: performance.now() - started, cpuMs: cpuMsOf(child.pid), child, ready };
}

async function stop({ child, ready }: Started): Promise<void> {
  await ready;
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export async function measureBoot(options: BootOptions = {}): Promise<BootFigures> {
  const runs = options.runs ?? 3;
  const port = options.port ?? 3291;
  const command = options.command ?? [process.execPath, 'build/server/main.js'];
  const cwd = options.cwd ?? root;
  if (command[1] === 'build/server/main.js' && !existsSync(join(cwd, 'build/server/main.js'))) {
    console.log('building the server (build/server/main.js is missing)…');
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd, stdio: 'inherit' });
  }
  const loadBefore = loadavg()[0]!;
  const firstBootMs: number[] = [];
  const reopenMs: number[] = [];
  const firstBootCpu: number[] = [];
  const reopenCpu: number[] = [];
  for (let run = 0; run < runs; run++) {
    const parent = mkdtempSync(join(tmpdir(), 'cirurgias-boot-'));
    const dataDir = join(parent, 'data');
    try {
      const first = await timedStart(command, cwd, port, dataDir);
      firstBootMs.push(first.ms);
      if (first.cpuMs !== null) firstBootCpu.push(first.cpuMs);
      await stop(first);
      const again = await timedStart(command, cwd, port, dataDir);
      reopenMs.push(again.ms);
      if (again.cpuMs !== null) reopenCpu.push(again.cpuMs);
      await stop(again);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  }
  return {
    firstBootMs,
    reopenMs,
    firstBootMedianMs: median(firstBootMs),
    reopenMedianMs: median(reopenMs),
    firstBootCpuMs: firstBootCpu.length === runs ? median(firstBootCpu) : null,
    reopenCpuMs: reopenCpu.length === runs ? median(reopenCpu) : null,
    loadAverage: [loadBefore, loadavg()[0]!],
    command: ['node', ...command.slice(1)].join(' '),
  };
}

export function printBootFigures(figures: BootFigures): void {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const runs = (values: number[]) => values.map((ms) => (ms / 1000).toFixed(2)).join(', ');
  const load = figures.loadAverage.map((n) => n.toFixed(2)).join(' → ');
  console.log(`\nEmbedded server (PGlite), \`${figures.command}\`, median of ${figures.firstBootMs.length} (load average ${load}):`);
  console.log(`  first boot with the full seed to the first answer: ${seconds(figures.firstBootMedianMs).padStart(8)}   goal ≤ ${seconds(BOOT_GOALS_MS.firstBoot)}   (runs: ${runs(figures.firstBootMs)})`);
  console.log(`  reopen to the first answer:                        ${seconds(figures.reopenMedianMs).padStart(8)}   goal ≤ ${seconds(BOOT_GOALS_MS.reopen)}   (runs: ${runs(figures.reopenMs)})`);
  if (figures.firstBootCpuMs !== null && figures.reopenCpuMs !== null) {
    console.log(`  CPU time of the server process by its first answer: first boot ${seconds(figures.firstBootCpuMs)}, reopen ${seconds(figures.reopenCpuMs)}`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const command = process.env.BENCH_BOOT_COMMAND?.split(' ').filter(Boolean);
  const figures = await measureBoot({
    runs: Number(process.env.BENCH_BOOT_RUNS) || 3,
    port: Number(process.env.BENCH_BOOT_PORT) || 3291,
    command: command && command[0] === 'node' ? [process.execPath, ...command.slice(1)] : command,
    cwd: process.env.BENCH_BOOT_CWD || undefined,
  });
  printBootFigures(figures);
}
