/**
 * Precompression of the built SPA (issue 11, item 10): after `vite build`, every compressible file of `dist/` of at
 * least 1 KB gets a `.br` (brotli, best quality) and a `.gz` (gzip -9) beside it, made once here rather than on each
 * request. The server (@fastify/static `preCompressed`) picks one by the request's Accept-Encoding.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
const MIN_BYTES = 1024;

export type PrecompressResult = { files: number; bytes: number; brotli: number; gzip: number };

/** Writes `<file>.br` and `<file>.gz` for each compressible file under `dir` (kept only when smaller). */
export function precompressDirectory(dir: string): PrecompressResult {
  const result: PrecompressResult = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    if (statSync(path).size < MIN_BYTES) continue;
    const data = readFileSync(path);
    const brotli = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    const gzip = gzipSync(data, { level: 9 });
    if (brotli.length < data.length) writeFileSync(`${path}.br`, brotli);
    if (gzip.length < data.length) writeFileSync(`${path}.gz`, gzip);
    result.files += 1;
    result.bytes += data.length;
    result.brotli += Math.min(brotli.length, data.length);
    result.gzip += Math.min(gzip.length, data.length);
  }
  return result;
}

/** The Vite plugin: precompresses the output directory once the build has written it. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'cirurgias-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const { files, bytes, brotli, gzip } = precompressDirectory(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
      this.info?.(`precompressed ${files} files: ${kb(bytes)} → brotli ${kb(brotli)}, gzip ${kb(gzip)}`);
    },
  };
}
