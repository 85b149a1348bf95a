#!/usr/bin/env node
/**
 * `npm test`: every layer runs, whatever an earlier one did, and each is reported before the command fails.
 * A `&&` chain would hide the API and browser results behind one failed unit test; here the summary names
 * every layer with its outcome and time, and the exit code is non-zero when any layer failed.
 */
import { spawnSync } from 'node:child_process';

const LAYERS = [
  ['typecheck', 'typecheck'],
  ['unit and model', 'test:unit'],
  ['API (embedded PostgreSQL)', 'test:api'],
  ['browser (Chromium)', 'test:e2e'],
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const results = [];
for (const [name, script] of LAYERS) {
  console.log(`\n== ${name}: npm run ${script}`);
  const started = Date.now();
  const run = spawnSync(npm, ['run', '--silent', script], { stdio: 'inherit' });
  const seconds = Math.round((Date.now() - started) / 1000);
  const ok = run.status === 0;
  results.push({ name, ok, seconds });
  console.log(`== ${name}: ${ok ? 'passed' : `FAILED (exit ${run.status ?? run.signal})`} in ${seconds} s`);
}

console.log('\n== summary');
for (const { name, ok, seconds } of results) console.log(`${ok ? 'passed' : 'FAILED'}  ${name} (${seconds} s)`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
