#!/usr/bin/env node
/**
 * `npm test`: every layer runs, whatever an earlier one did, and each is reported before the command fails.
 * A `&&` chain would hide the API and browser results behind one failed unit test; here the summary names
 * every layer with its outcome and time, and the exit code is non-zero when any layer failed.
 *
 * The order keeps both cores busy (docs/BENCHMARKS.md, "CI time"):
 *   1. lint, typecheck and the build the browser tests serve, at once (each is one process on one core);
 *   2. unit and model (two workers a core: its files often wait);
 *   3. the API suite on the embedded PostgreSQL (two workers);
 *   4. the browser tests in E2E_PARTS parts (default 2), each its own Playwright run with its own two servers
 *      (own ports, own data directory, own demo accounts), and, with TEST_POSTGRES_URL set (an empty database
 *      on a real PostgreSQL server; .ci/run sets it when one answers), the API suite against that server with
 *      one worker. The browser tests mostly wait on their pages, so several runs and the API suite share the
 *      two cores well.
 * Layers that run beside others have their output held and printed whole when they end.
 *
 * Each layer runs in its own process group, so that an interrupted run (Ctrl-C, SIGTERM, SIGHUP) stops every layer
 * still running, with what it started: see `stopLayers`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const ownGroups = process.platform !== 'win32';
const results = [];
/** The layers' processes still running. */
const running = new Set();

/**
 * A failed layer's lines that name what failed, repeated under the summary: CI keeps only the end of a long run's
 * output, and a streamed layer's failures scroll far above it. First the failed tests (Vitest's `FAIL` and `×`,
 * Playwright's `✘` and its numbered failures), then the errors and the API suite's log-privacy findings; at most
 * FAILURE_LINES in all.
 */
const FAILURE_LINES = 40;
const FAILED_TEST = /(^|\s)(FAIL|×|✘)\s|^\s*\d+\) /;
const FAILURE_DETAIL = /Error:|AssertionError|holds personal data|^- (cpf|email|token|password|name) in /;
const COLOUR_CODES = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

function failureLines(output) {
  // Without colour codes, so the patterns match and the lines read plainly.
  const lines = [...new Set(output.replace(COLOUR_CODES, '').split('\n').map((line) => line.trimEnd()))];
  const tests = lines.filter((line) => FAILED_TEST.test(line));
  const details = lines.filter((line) => !FAILED_TEST.test(line) && FAILURE_DETAIL.test(line));
  return [...tests, ...details].slice(0, FAILURE_LINES);
}

function report(name, status, seconds, output = '') {
  const ok = status === 0;
  results.push({ name, ok, seconds, failures: ok ? [] : failureLines(output) });
  console.log(`== ${name}: ${ok ? 'passed' : `FAILED (exit ${status})`} in ${seconds} s`);
}

/**
 * Runs one layer. Streamed to the terminal, or (`hold`) kept until it ends and then printed whole, so layers
 * running at the same time do not interleave their lines. Resolves when the layer has ended and been reported.
 */
function runLayer(name, command, args, { hold = false, env = {} } = {}) {
  // Interrupted: no further layer starts, and the run exits once the running ones have stopped.
  if (interruptedExitCode) return new Promise(() => {});
  console.log(`\n== ${name}: ${[command, ...args].join(' ')}${hold ? ' (beside other layers; output when it ends)' : ''}`);
  const started = Date.now();
  const child = spawn(command, args, {
    // Piped (see below), so a streamed layer keeps its colours only when asked to.
    env: { ...process.env, ...(!hold && process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}), ...env },
    // Its own process group (stopLayers). No terminal input: a background group that touches it is stopped.
    detached: ownGroups,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  // Kept whole either way (for the summary's failure lines); a streamed layer also writes as it goes.
  const output = [];
  for (const [stream, terminal] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
    stream.on('data', (chunk) => {
      output.push(chunk);
      if (!hold) terminal.write(chunk);
    });
  }
  return new Promise((done) => {
    child.on('error', (error) => output.push(Buffer.from(String(error))));
    child.on('close', (code, signal) => {
      running.delete(child);
      const text = Buffer.concat(output).toString('utf8');
      if (hold) console.log(`\n== ${name}: its output\n${text}`);
      report(name, code ?? signal, Math.round((Date.now() - started) / 1000), text);
      done(code === 0);
      exitIfInterrupted();
    });
  });
}

/**
 * Sends `signal` to every running layer's process group (on Windows, where there are no groups, to the layer).
 * SIGINT is what Ctrl-C sends them when they share the terminal's group: Playwright then stops its tests and its
 * webServers (which run in groups of their own, so only Playwright can stop them; on SIGTERM it dies without doing
 * so), and Vitest its workers.
 */
function stopLayers(signal) {
  for (const child of running) {
    try {
      if (ownGroups) process.kill(-child.pid, signal);
      else child.kill(signal);
    } catch {
      // It has just ended.
    }
  }
}

/** On SIGHUP, SIGINT or SIGTERM: the exit code it calls for (128 + its number), once every layer has stopped. */
let interruptedExitCode = 0;
let interruptedAt = 0;

function exitIfInterrupted() {
  if (interruptedExitCode && running.size === 0) process.exit(interruptedExitCode);
}

for (const [signal, exitCode] of Object.entries({ SIGHUP: 129, SIGINT: 130, SIGTERM: 143 })) {
  process.on(signal, () => {
    if (interruptedExitCode) {
      // Within a second, the same interruption: `npm test` passes on the Ctrl-C this process also had.
      if (Date.now() - interruptedAt < 1000) return;
      // A second one: no more waiting.
      stopLayers('SIGKILL');
      process.exit(interruptedExitCode);
    }
    interruptedExitCode = exitCode;
    interruptedAt = Date.now();
    console.log(`\n== ${signal}: stopping the layers still running`);
    stopLayers('SIGINT');
    setTimeout(() => process.exit(exitCode), 30_000);
    exitIfInterrupted();
  });
}
// Whatever ends this process (an error included) ends the layers too.
process.on('exit', () => stopLayers('SIGTERM'));

const npmLayer = (name, script, options) => runLayer(name, npm, ['run', '--silent', script], options);

/** `count` ports the system has free now, all held at once so that they differ. */
async function freePorts(count) {
  const servers = await Promise.all(
    Array.from({ length: count }, () => new Promise((ready) => {
      const server = createServer();
      server.listen(0, '127.0.0.1', () => ready(server));
    })),
  );
  const ports = servers.map((server) => server.address().port);
  await Promise.all(servers.map((server) => new Promise((closed) => server.close(closed))));
  return ports;
}

/**
 * Only to balance the parts: a spec's seconds as measured (tests/e2e/spec-seconds.json: the sum of its tests' times in
 * a full CI run, 2026-12-02, 1,100 s for 122 tests), or, for a spec not measured yet, 10 s per `test(` in it (about
 * that run's average). A wrong figure makes the parts uneven, never skips a spec: every *.spec.ts is run. Refresh the
 * file from a CI log when the parts drift apart by more than a minute (the summary gives each part's time).
 */
const SECONDS_PER_TEST = 10;
const SPEC_SECONDS = JSON.parse(readFileSync('tests/e2e/spec-seconds.json', 'utf8'));

function specSeconds(spec) {
  if (SPEC_SECONDS[spec]) return SPEC_SECONDS[spec];
  const tests = readFileSync(join('tests/e2e', spec), 'utf8').match(/^\s*test\(/gm)?.length ?? 1;
  return Math.max(1, tests) * SECONDS_PER_TEST;
}

/** The browser specs in `parts` lists of about equal expected time (longest first, each to the lightest part). */
function browserParts(parts) {
  const specs = readdirSync('tests/e2e').filter((file) => file.endsWith('.spec.ts'));
  const weight = specSeconds;
  const bins = Array.from({ length: Math.min(parts, specs.length) }, () => ({ seconds: 0, specs: [] }));
  for (const spec of [...specs].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = bins.reduce((min, bin) => (bin.seconds < min.seconds ? bin : min));
    lightest.specs.push(spec);
    lightest.seconds += weight(spec);
  }
  return bins.map((bin) => bin.specs.sort().map((spec) => `tests/e2e/${spec}`));
}

/** The browser layer: the specs in parts, each a Playwright run with its own servers, ports and data directory. */
async function browserLayer(buildOk) {
  const name = 'browser (Chromium)';
  if (!buildOk) {
    console.log(`\n== ${name}: not run, the build failed`);
    report(name, 'build failed', 0);
    return;
  }
  const parts = browserParts(Math.max(1, Number(process.env.E2E_PARTS ?? 2)));
  const ports = await freePorts(parts.length * 2);
  const started = Date.now();
  const outcomes = await Promise.all(
    parts.map((specs, index) =>
      runLayer(`${name}, part ${index + 1} of ${parts.length}`, npx, ['playwright', 'test', ...specs], {
        hold: true,
        env: {
          E2E_PORT: String(ports[index * 2]),
          E2E_SHORT_TOKEN_PORT: String(ports[index * 2 + 1]),
          E2E_DATA_DIR: mkdtempSync(join(tmpdir(), `cirurgias-e2e-${index + 1}-`)),
          E2E_OUTPUT_DIR: `test-results/part-${index + 1}`,
        },
      }),
    ),
  );
  report(name, outcomes.every(Boolean) ? 0 : 'a part failed', Math.round((Date.now() - started) / 1000));
}

const runStarted = Date.now();
const [, , buildOk] = await Promise.all([
  npmLayer('lint', 'lint', { hold: true }),
  npmLayer('typecheck', 'typecheck', { hold: true }),
  npmLayer('build (served to the browser tests)', 'build', { hold: true }),
]);
await npmLayer('unit and model', 'test:unit');
await npmLayer('API (embedded PostgreSQL)', 'test:api');

const postgresUrl = process.env.TEST_POSTGRES_URL;
await Promise.all([
  browserLayer(buildOk),
  postgresUrl
    ? npmLayer('API (PostgreSQL server)', 'test:api', { hold: true, env: { DATABASE_URL: postgresUrl, API_TEST_WORKERS: '1' } })
    : null,
]);

console.log(`\n== summary (${Math.round((Date.now() - runStarted) / 1000)} s in all)`);
for (const { name, ok, seconds } of results) console.log(`${ok ? 'passed' : 'FAILED'}  ${name} (${seconds} s)`);
for (const { name, failures } of results.filter((result) => result.failures.length > 0)) {
  console.log(`\n== ${name}: what failed (its output above has the whole of it)\n${failures.join('\n')}`);
}
process.exit(results.every((result) => result.ok) ? 0 : 1);
