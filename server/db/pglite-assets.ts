import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * PGlite's WebAssembly module, compiled once per process, and its file-system bundle, read once (issue 15: reopen).
 *
 * `PGlite.create` reads and compiles its 9 MB of WebAssembly at every call. Compiling runs on V8's background
 * threads, so server/main.ts starts it before the application's modules load (~1.4 s of the main thread on a reopen)
 * and the two overlap; `openPglite` then hands the ready module to PGlite. A process that opens several databases
 * (the first start's staging copy, then the published one; the tests) compiles it once.
 */
type PgliteAssets = { wasmModule: WebAssembly.Module; fsBundle: Blob };

let assets: Promise<PgliteAssets> | null = null;

export function preparePgliteAssets(): Promise<PgliteAssets> {
  assets ??= load();
  return assets;
}

/** PGlite's installed dist/ folder: the package's entry sits there, beside pglite.wasm and pglite.data. */
export function pgliteDist(): string {
  return dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
}

async function load(): Promise<PgliteAssets> {
  const dist = pgliteDist();
  const [wasmModule, bundle] = await Promise.all([
    readFile(join(dist, 'pglite.wasm')).then((bytes) => WebAssembly.compile(bytes)),
    readFile(join(dist, 'pglite.data')),
  ]);
  return { wasmModule, fsBundle: new Blob([bundle]) };
}
