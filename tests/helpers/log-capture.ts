/**
 * The run side of the log-privacy check (issue 16 item 6), a vitest globalSetup of the api project: makes the
 * capture folder every test app logs into (suite-log.ts), and after the whole run scans every captured line
 * against what the suite handled (log-scan.ts). A leak fails the run (exit code 1) with the lines that leaked;
 * the folder is then kept for a look, else removed.
 *
 * A teardown's thrown error is only printed by vitest ("error during close"), not counted as a failure: hence
 * process.exitCode.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { describeLeaks, scanLogLines, type SuiteSecrets } from './log-scan';

declare module 'vitest' {
  export interface ProvidedContext {
    logCaptureDir: string;
  }
}

/** Every secret recorded in `dir` (one JSON line per test app), merged. */
async function readSecrets(dir: string, files: string[]): Promise<SuiteSecrets> {
  const merged: SuiteSecrets = { names: [], cpfs: [], emails: [], passwords: [], tokens: [] };
  for (const file of files.filter((name) => name.endsWith('.secrets.jsonl'))) {
    for (const line of (await readFile(join(dir, file), 'utf8')).split('\n')) {
      if (!line) continue;
      const secrets = JSON.parse(line) as SuiteSecrets;
      for (const kind of Object.keys(merged) as Array<keyof SuiteSecrets>) merged[kind].push(...secrets[kind]);
    }
  }
  return merged;
}

/** Scans the capture folder; answers the report of the leaks found and how many lines were read. */
export async function scanCaptureDir(dir: string): Promise<{ report: string | null; lines: number; files: number }> {
  const files = await readdir(dir);
  const secrets = await readSecrets(dir, files);
  const logs = files.filter((name) => name.endsWith('.log'));
  const leaks = [];
  let lines = 0;
  for (const file of logs) {
    const text = (await readFile(join(dir, file), 'utf8')).split('\n');
    lines += text.filter(Boolean).length;
    leaks.push(...scanLogLines(file, text, secrets));
  }
  return { report: leaks.length > 0 ? describeLeaks(leaks) : null, lines, files: logs.length };
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'cirurgias-api-logs-'));
  project.provide('logCaptureDir', dir);
  return async () => {
    const started = performance.now();
    const { report, lines, files } = await scanCaptureDir(dir);
    const ms = Math.round(performance.now() - started);
    if (report) {
      process.exitCode = 1;
      console.error(`\n${report}\n(log files kept in ${dir})\n`);
      return;
    }
    console.log(`Log privacy check: ${lines} log lines from ${files} test process(es), no personal data or secret (${ms} ms).`);
    await rm(dir, { recursive: true, force: true });
  };
}
