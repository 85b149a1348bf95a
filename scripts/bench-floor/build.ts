/**
 * The floor of the design card's libraries (./main.tsx), built by Vite as the product is, in a temporary directory:
 * its gzipped JavaScript (gzip -9 of every file). `npm run bench` and `npm run bench:route-js` print the SPA beside it.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

export async function buildFloor(): Promise<number> {
  const outDir = mkdtempSync(join(tmpdir(), 'cirurgias-floor-'));
  try {
    await build({ root: import.meta.dirname, plugins: [react()], logLevel: 'silent', build: { outDir, emptyOutDir: true } });
    return readdirSync(outDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.js'))
      .reduce((total, entry) => total + gzipSync(readFileSync(join(entry.parentPath, entry.name)), { level: 9 }).length, 0);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
