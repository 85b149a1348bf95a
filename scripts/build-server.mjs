/**
 * Builds the server once, as `vite build` builds the SPA, so `npm start` / `npm run serve` run plain JavaScript
 * without a TypeScript loader at run time (issue 15, item 4):
 *
 * - build/server/main.js (the server), build/server/seed-cli.js (`npm run seed`'s body), the chunks they share or
 *   load on demand (build/server/chunk-*.js), build/server/fill-worker-boot.mjs and
 *   build/server/statement-parse-worker-boot.mjs (the template-filling and the statement-parsing workers, the names
 *   template-filler.ts and statement-parser.ts look for beside themselves): esbuild bundles of our code, packages left
 *   as imports of node_modules, ESM for Node 20, source maps.
 *   Files read at run time (migrations, server/db/functions, server/data, openapi/openapi.yaml) stay where they are:
 *   the server finds them from the project root (server/project-root.ts), so nothing is copied.
 * - build/pglite-template/: an empty embedded database (PGlite's initdb, then the migrations), made once per
 *   installed PGlite version and set of migrations. A first start copies it instead of running initdb, which takes
 *   seconds of WebAssembly (server/db/embedded.ts; it checks the PGlite version and falls back to initdb).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, renameSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { build } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const outDir = join(root, 'build', 'server');
const templateDir = join(root, 'build', 'pglite-template');
const migrationsFolder = join(root, 'server', 'db', 'migrations');

async function bundleServer() {
  rmSync(outDir, { recursive: true, force: true });
  const common = {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  };
  await build({
    ...common,
    entryPoints: { main: join(root, 'server/main.ts'), 'seed-cli': join(root, 'server/db/seed-cli.ts') },
    outdir: outDir,
    // Code behind a dynamic import() goes to its own chunk, loaded when the import runs: otherwise esbuild hoists
    // that code's package imports to the top of main.js and every start loads them (the AWS SDK, for one).
    // The chunks sit beside main.js, so `new URL('./…', import.meta.url)` inside them still finds its neighbours.
    splitting: true,
    chunkNames: 'chunk-[hash]',
  });
  // Each worker is its own self-contained bundle, named as the boot file its module looks for from the source.
  const workers = {
    'fill-worker-boot.mjs': 'server/services/templates/fill-worker.ts',
    'statement-parse-worker-boot.mjs': 'server/services/tiss/statement-parse-worker.ts',
  };
  for (const [name, source] of Object.entries(workers)) {
    await build({ ...common, entryPoints: [join(root, source)], outfile: join(outDir, name) });
  }
}

function pgliteVersion() {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version;
}

function migrationsDigest() {
  const hash = createHash('sha256');
  for (const entry of readdirSync(migrationsFolder, { recursive: true, withFileTypes: true })
    .filter((item) => item.isFile())
    .map((item) => join(item.parentPath, item.name))
    .sort()) {
    hash.update(entry.slice(migrationsFolder.length)).update(readFileSync(entry));
  }
  return hash.digest('hex');
}

/** build/pglite-template/{pgdata,template.json}; rebuilt only when PGlite or the migrations changed. */
async function buildPgliteTemplate() {
  const key = { pglite: pgliteVersion(), migrations: migrationsDigest() };
  const keyFile = join(templateDir, 'template.json');
  if (existsSync(keyFile) && readFileSync(keyFile, 'utf8') === JSON.stringify(key)) return false;

  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const staging = `${templateDir}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const client = await PGlite.create(join(staging, 'pgdata'));
  try {
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.close();
  }
  // The key last: a template without it (a build killed half-way) is never used.
  writeFileSync(join(staging, 'template.json'), JSON.stringify(key));
  rmSync(templateDir, { recursive: true, force: true });
  renameSync(staging, templateDir);
  return true;
}

const started = performance.now();
await bundleServer();
const rebuilt = await buildPgliteTemplate();
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`server built in build/server/${rebuilt ? ', empty database template in build/pglite-template/' : ''} (${seconds} s)`);
