/**
 * npm run bench:route-js: the gzipped JavaScript (gzip -9) each page loads at its first render, read from the build's
 * manifest: the entry and the page's lazy module with every chunk they import statically (what the browser fetches
 * before the page can paint), and which of those files hold arktype or React Aria's modal (issue 41: no page loads
 * them before its first paint unless it shows them). Builds into a temporary directory with the project's own Vite
 * config; dist/ is left alone. A script, not a test: it reports figures and asserts nothing. A later lazy load (a
 * dialog opened, a check loaded when an editor opens) is not counted. A signed-in page also counts the signed-in layout
 * (src/components/layout/AppLayout.tsx, a lazy route component of its own that paints with it). Also prints the floor
 * of the design card's libraries (scripts/bench-floor, as `npm run bench` builds it) and /auth against it. `npm run
 * bench` measures /auth (at first paint and after its first keystroke) and the homes in Chromium instead.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { buildFloor } from './bench-floor/build';

const root = resolve(import.meta.dirname, '..');
/** The signed-in layout's chunk (scripts/signedInChunk.ts puts AppLayout in it): its manifest key, found by its name. */
const LAYOUT_CHUNK = 'signed-in';
/** Each page's lazy module, and whether it is signed in (then the layout paints with it). */
const PAGES: Record<string, { module: string; signedIn: boolean }> = {
  '/auth': { module: 'src/features/auth/LoginPage.tsx', signedIn: false },
  '/forgot-password': { module: 'src/features/auth/ForgotPasswordPage.tsx', signedIn: false },
  '/reset-password': { module: 'src/features/auth/ResetPasswordPage.tsx', signedIn: false },
  '/signup': { module: 'src/features/signup/DoctorSignupPage.tsx', signedIn: false },
  '/signup-secretary': { module: 'src/features/signup/SecretarySignupPage.tsx', signedIn: false },
  '/ (home)': { module: 'src/features/home/HomePage.tsx', signedIn: true },
  '/receivables': { module: 'src/features/receivables/ReceivablesPage.tsx', signedIn: true },
  '/audit': { module: 'src/features/audit/AuditPage.tsx', signedIn: true },
  '/document-checklists': { module: 'src/features/checklists/DocumentChecklistsPage.tsx', signedIn: true },
  '/all-data': { module: 'src/features/dashboard/AllDataPage.tsx', signedIn: true },
  '/surgery-status': { module: 'src/features/surgeries/SurgeryStatusPage.tsx', signedIn: true },
  '/patients-surgery': { module: 'src/features/surgeries/PatientsSurgeryPage.tsx', signedIn: true },
  '/surgery-details': { module: 'src/features/surgeries/SurgeryDetailsPage.tsx', signedIn: true },
  '/patients': { module: 'src/features/patients/PatientsPage.tsx', signedIn: true },
  '/settings': { module: 'src/features/settings/SettingsPage.tsx', signedIn: true },
  '/account': { module: 'src/features/settings/AccountPage.tsx', signedIn: true },
};
const ARKTYPE = /arkKind/;
const MODAL = /react-aria-ModalOverlay/;

type Manifest = Record<string, { file: string; name?: string; imports?: string[] }>;

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
    console.log('JavaScript each page loads at its first render (gzip -9; entry + the page module + their static imports;');
    console.log('a signed-in page with the signed-in layout):');
    const layout = Object.keys(manifest).find((key) => manifest[key]!.name === LAYOUT_CHUNK);
    if (!layout) throw new Error(`bench-route-js: the manifest has no chunk named ${LAYOUT_CHUNK}: update LAYOUT_CHUNK`);
    let auth = 0;
    for (const [page, { module, signedIn }] of Object.entries(PAGES)) {
      if (!manifest[module]) throw new Error(`bench-route-js: the manifest has no ${module}: update PAGES`);
      const keys = closure(manifest, module, closure(manifest, 'index.html', new Set()));
      if (signedIn) closure(manifest, layout, keys);
      const files = [...keys].map((key) => manifest[key]!.file);
      const gzipped = files.reduce((total, file) => total + gzipSync(code(file), { level: 9 }).length, 0);
      if (page === '/auth') auth = gzipped;
      const arktype = files.some((file) => ARKTYPE.test(code(file).toString()));
      const modal = files.some((file) => MODAL.test(code(file).toString()));
      console.log(
        `  ${page.padEnd(22)} ${(gzipped / 1024).toFixed(1).padStart(6)} kB  ${String(files.length).padStart(2)} files  arktype: ${arktype ? 'yes' : 'no'}  modal: ${modal ? 'yes' : 'no'}`,
      );
    }
    const floor = await buildFloor();
    console.log(`floor (scripts/bench-floor: React, TanStack Router, XState, @xstate/react, react-hook-form, arktype): ${(floor / 1024).toFixed(1)} kB`);
    console.log(`/auth at first paint: ${(auth / floor).toFixed(2)}× the floor (goal ≤ 1.10× with its first keystroke: \`npm run bench\`)`);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

void main();
