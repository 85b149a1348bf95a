/**
 * npm run bench:route-js: the gzipped JavaScript (gzip -9) each page loads at its first render, read from the build's
 * manifest: the entry and the page's lazy module with every chunk they import statically (what the browser fetches
 * before the page can paint), and which of those files hold arktype or React Aria's modal (issue 41: no page loads
 * them before its first paint unless it shows them). Builds into a temporary directory with the project's own Vite
 * config; dist/ is left alone. A script, not a test: it reports figures and asserts nothing. A later lazy load (a
 * dialog opened, a check loaded when an editor opens) is not counted. `npm run bench` measures /auth and the homes in
 * Chromium instead.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = resolve(import.meta.dirname, '..');
const PAGES: Record<string, string> = {
  '/auth': 'src/features/auth/LoginPage.tsx',
  '/ (home)': 'src/features/home/HomePage.tsx',
  '/receivables': 'src/features/receivables/ReceivablesPage.tsx',
  '/audit': 'src/features/audit/AuditPage.tsx',
  '/document-checklists': 'src/features/checklists/DocumentChecklistsPage.tsx',
  '/all-data': 'src/features/dashboard/AllDataPage.tsx',
  '/surgery-status': 'src/features/surgeries/SurgeryStatusPage.tsx',
  '/patients': 'src/features/patients/PatientsPage.tsx',
  '/settings': 'src/features/settings/SettingsPage.tsx',
};
const ARKTYPE = /arkKind/;
const MODAL = /react-aria-ModalOverlay/;

type Manifest = Record<string, { file: string; imports?: string[] }>;

function closure(manifest: Manifest, key: string, seen: Set<string>): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen);
  return seen;
}

async function main() {
  const outDir = mkdtempSync(join(tmpdir(), 'cirurgias-route-js-'));
  try {
    await build({ root, logLevel: 'silent', build: { outDir, emptyOutDir: true, manifest: true } });
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
    const code = (file: string) => readFileSync(join(outDir, file));
    console.log('JavaScript each page loads at its first render (gzip -9; entry + the page module + their static imports):');
    for (const [page, module] of Object.entries(PAGES)) {
      if (!manifest[module]) throw new Error(`bench-route-js: the manifest has no ${module}: update PAGES`);
      const files = [...closure(manifest, module, closure(manifest, 'index.html', new Set()))].map((key) => manifest[key]!.file);
      const gzipped = files.reduce((total, file) => total + gzipSync(code(file), { level: 9 }).length, 0);
      const arktype = files.some((file) => ARKTYPE.test(code(file).toString()));
      const modal = files.some((file) => MODAL.test(code(file).toString()));
      console.log(
        `  ${page.padEnd(22)} ${(gzipped / 1024).toFixed(1).padStart(6)} kB  ${String(files.length).padStart(2)} files  arktype: ${arktype ? 'yes' : 'no'}  modal: ${modal ? 'yes' : 'no'}`,
      );
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

void main();
