import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/model/**/*.test.{ts,tsx}'],
          environment: 'node',
          // arktype as the browser runs it under the CSP, and as the built server does (server/arktype-config.ts).
          setupFiles: ['./server/arktype-config.ts', './tests/setup.ts'],
          // Limits, not expectations: a test ends as soon as its conditions hold. On a loaded two-core machine
          // the first render of a lazy route or a jsdom import can take far longer than vitest's 5 s / 10 s defaults.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Twice the cores: with one worker a core, a third of the run's time the cores sat idle (files waiting on
          // child processes, timers and lazy imports); with two a core the same CPU took 115 s instead of 186 s.
          maxWorkers: 2 * availableParallelism(),
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // arktype as the built server runs it (server/arktype-config.ts).
          setupFiles: ['./server/arktype-config.ts'],
          // One migrated, seeded database built per run; each test app starts from a copy of it. Every test app logs
          // into the run's capture folder, scanned for personal data and secrets after the run (log-capture.ts).
          globalSetup: ['./tests/helpers/database-templates.ts', './tests/helpers/log-capture.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file opens its own database; two cores, so keep the parallelism modest (scripts/test-all.mjs
          // asks for one worker when this suite runs beside the browser tests).
          maxWorkers: Number(process.env.API_TEST_WORKERS ?? 2),
          // The files share their worker's modules instead of importing the server afresh each (none mocks a module or
          // stubs a global; each builds its own app and database): importing the server was a third of the suite's time.
          isolate: false,
        },
      },
    ],
  },
});
