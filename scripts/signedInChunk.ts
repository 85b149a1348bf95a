import type { CodeSplittingNameFunction } from 'rolldown';
import type { Plugin } from 'vite';

type ChunkingContext = Parameters<CodeSplittingNameFunction>[1];

/**
 * The signed-in chunk (issue 15: the first signed-in screens' LCP). Left to the automatic splitting, a home loaded ~30
 * small chunks (0.3–9 kB each), one per set of pages sharing them; a phone on HTTP/1.1 (and Lighthouse, which simulates
 * it with 6 connections per origin) fetches them in five or six waves of round trips. This group puts into one chunk
 * the signed-in layout and the modules the first signed-in screens share: those statically imported, directly or not,
 * by the layout or by two or more of the screens below.
 *
 * Never a module /auth loads (the entry's and the login page's static imports): those stay where they are, so /auth
 * does not download the signed-in chunk, and the chunk never runs before a module the entry imports (a merged chunk
 * that the entry imported, and that imported the entry back, broke the start: docs/BENCHMARKS.md). The screens' own
 * page modules stay apart too, so each role's home still loads only its own panels.
 *
 * The modules the other signed-out pages (the signups, the password reset) share with those screens go to a second
 * chunk, 'signed-out-shared', which the signed-in chunk imports: before, a visitor signing up downloaded the whole
 * signed-in chunk (28 kB) for the few modules it needs of it (issue 41, goal 7).
 */
const AUTH_ROOTS = [/[\\/]src[\\/]main\.tsx$/, /[\\/]src[\\/]features[\\/]auth[\\/]LoginPage\.tsx$/];
const SIGNED_OUT_ROOTS = [
  /[\\/]src[\\/]features[\\/]signup[\\/](Doctor|Secretary)SignupPage\.tsx$/,
  /[\\/]src[\\/]features[\\/]auth[\\/](Forgot|Reset)PasswordPage\.tsx$/,
];
const LAYOUT = /[\\/]src[\\/]components[\\/]layout[\\/]AppLayout\.tsx$/;
const FIRST_SCREENS = [
  /[\\/]src[\\/]features[\\/]home[\\/]HomePage\.tsx$/,
  /[\\/]src[\\/]features[\\/]home[\\/]MedicHome\.tsx$/,
  /[\\/]src[\\/]features[\\/]home[\\/]SecretaryHome\.tsx$/,
  /[\\/]src[\\/]features[\\/]surgeries[\\/]SurgeryStatusPage\.tsx$/,
  /[\\/]src[\\/]features[\\/]dashboard[\\/]AllDataPage\.tsx$/,
];
const ROOTS = [...AUTH_ROOTS, ...SIGNED_OUT_ROOTS, LAYOUT, ...FIRST_SCREENS];

/**
 * A `name` function for a codeSplitting group: 'signed-in' or 'signed-out-shared' for the modules above, else null
 * (automatic splitting).
 */
export function signedInChunk(): CodeSplittingNameFunction {
  /** The roots among the module and every module that imports it statically, directly or not. */
  function staticRoots(id: string, ctx: ChunkingContext): Set<RegExp> {
    const seen = new Set<string>([id]);
    const pending = [id];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      for (const importer of ctx.getModuleInfo(next)?.importers ?? []) {
        if (seen.has(importer)) continue;
        seen.add(importer);
        pending.push(importer);
      }
    }
    const modules = [...seen];
    return new Set(ROOTS.filter((root) => modules.some((module) => root.test(module))));
  }

  return (id, ctx) => {
    if (FIRST_SCREENS.some((screen) => screen.test(id))) return null;
    const found = staticRoots(id, ctx);
    if (AUTH_ROOTS.some((root) => found.has(root))) return null;
    const screens = FIRST_SCREENS.filter((screen) => found.has(screen)).length;
    if (!found.has(LAYOUT) && screens < 2) return null;
    return SIGNED_OUT_ROOTS.some((root) => found.has(root)) ? 'signed-out-shared' : 'signed-in';
  };
}

/**
 * Fails the build when a path above no longer names a module, or the layout left the chunk: a renamed screen would
 * otherwise bring the ~30 files back without a word.
 */
export function signedInChunkCheck(): Plugin {
  return {
    name: 'signed-in-chunk-check',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const modules = chunks.flatMap((chunk) => chunk.moduleIds);
      const missing = ROOTS.filter((root) => !modules.some((id) => root.test(id)));
      if (missing.length > 0) this.error(`scripts/signedInChunk.ts names no module for ${missing.join(', ')}: update its paths`);
      const signedIn = chunks.find((chunk) => chunk.name === 'signed-in');
      if (!signedIn?.moduleIds.some((id) => LAYOUT.test(id))) this.error('scripts/signedInChunk.ts: the signed-in chunk lost the layout');
    },
  };
}
