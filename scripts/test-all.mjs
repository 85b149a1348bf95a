#!/usr/bin/env node
/**
 * `npm test`: every layer runs, whatever an earlier one did, and each is reported before the command fails.
 * A `&&` chain would hide the API and browser results behind one failed unit test; here the summary names
 * every layer with its outcome and time, and the exit code is non-zero when any layer failed.
 *
 * With TEST_POSTGRES_URL set (an empty database on a real PostgreSQL server; .ci/run sets it when one
 * answers), the API suite also runs against that server, beside the browser layer: the browser tests mostly
 * wait on one Chromium, so the second core is free. Its output is held and printed whole when it ends.
 */
import { spawn, spawnSync } from 'node:child_process';

const LAYERS = [
  ['lint', 'lint'],
  ['typecheck', 'typecheck'],
  ['unit and model', 'test:unit'],
  ['API (embedded PostgreSQL)', 'test:api'],
];
const BROWSER_LAYER = ['browser (Chromium)', 'test:e2e'];
const POSTGRES_LAYER = 'API (PostgreSQL server)';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const results = [];

function report(name, status, seconds) {
  const ok = status === 0;
  results.push({ name, ok, seconds });
  console.log(`== ${name}: ${ok ? 'passed' : `FAILED (exit ${status})`} in ${seconds} s`);
}

function runLayer([name, script]) {
  console.log(`\n== ${name}: npm run ${script}`);
  const started = Date.now();
  const run = spawnSync(npm, ['run', '--silent', script], { stdio: 'inherit' });
  report(name, run.status ?? run.signal, Math.round((Date.now() - started) / 1000));
}

/** The API suite on TEST_POSTGRES_URL, one worker, its output kept until it ends. */
function startPostgresLayer(url) {
  console.log(`\n== ${POSTGRES_LAYER}: npm run test:api with one worker (beside the browser layer; output when it ends)`);
  const started = Date.now();
  const child = spawn(npm, ['run', '--silent', 'test:api'], {
    env: { ...process.env, DATABASE_URL: url, API_TEST_WORKERS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((done) => {
    child.on('close', (code, signal) => {
      console.log(`\n== ${POSTGRES_LAYER}: its output\n${Buffer.concat(output).toString('utf8')}`);
      report(POSTGRES_LAYER, code ?? signal, Math.round((Date.now() - started) / 1000));
      done();
    });
  });
}

for (const layer of LAYERS) runLayer(layer);

const postgresUrl = process.env.TEST_POSTGRES_URL;
const postgresLayer = postgresUrl ? startPostgresLayer(postgresUrl) : null;
// Asynchronous, so the PostgreSQL layer's output keeps flowing into its buffer meanwhile.
await new Promise((done) => {
  const [name, script] = BROWSER_LAYER;
  console.log(`\n== ${name}: npm run ${script}`);
  const started = Date.now();
  spawn(npm, ['run', '--silent', script], { stdio: 'inherit' }).on('close', (code, signal) => {
    report(name, code ?? signal, Math.round((Date.now() - started) / 1000));
    done();
  });
});
await postgresLayer;

console.log('\n== summary');
for (const { name, ok, seconds } of results) console.log(`${ok ? 'passed' : 'FAILED'}  ${name} (${seconds} s)`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
