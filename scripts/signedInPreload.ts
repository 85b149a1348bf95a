/**
 * Modulepreload of a signed-in visit's route chunks (issue 15, Lighthouse of the signed-in pages). Without it a
 * signed-in page load is a chain: the HTML, then the entry and the framework, then (once they ran) the layout and
 * the page's chunk, then the chunks that page imports lazily (the role's home), and only then the page's API reads.
 * This build step writes a small classic script, loaded `async` from index.html before the entry, that reads the
 * session the SPA keeps in localStorage (src/lib/session/actors.ts: `token`, `profile`) and, only when one exists,
 * adds `<link rel="modulepreload">` for the chunks the current address will run for that role, so they download
 * beside the entry instead of after it. Without a session (/auth, a first visit) it adds nothing: /auth's JavaScript
 * gains only this script. An external file, so the Content-Security-Policy keeps `script-src 'self'`.
 *
 * Only the pages a visit most often starts on are listed (each adds to the script /auth loads too); a page not listed
 * loads as before. A module named here that the build no longer has as a lazy chunk fails the build.
 */
import type { Plugin } from 'vite';

type Role = 'medic' | 'secretary';

/** What each role's signed-in visit runs: the app layout, then per address the page and its role's own part. */
const LAYOUT = 'src/components/layout/AppLayout.tsx';
const PAGES: Record<string, Record<Role, string[]>> = {
  '/': {
    medic: ['src/features/home/HomePage.tsx', 'src/features/home/MedicHome.tsx'],
    secretary: ['src/features/home/HomePage.tsx', 'src/features/home/SecretaryHome.tsx'],
  },
  '/surgery-status': both('src/features/surgeries/SurgeryStatusPage.tsx'),
  '/all-data': { medic: ['src/features/dashboard/AllDataPage.tsx'], secretary: [] },
  '/receivables': both('src/features/receivables/ReceivablesPage.tsx'),
};

function both(module: string): Record<Role, string[]> {
  return { medic: [module], secretary: [module] };
}

type OutputChunk = { type: 'chunk'; fileName: string; imports: string[]; facadeModuleId: string | null; isEntry: boolean };

/** The script: `files` is every chunk named once; `pages[path][role]` are indexes into it. */
function preloadScript(base: string, files: string[], pages: Record<string, Record<Role, number[]>>): string {
  return `(()=>{try{var f=${JSON.stringify(files)},p=${JSON.stringify(pages)},s=localStorage,o=JSON.parse(s.getItem('profile')||'null'),g=s.getItem('token')&&o&&p[location.pathname.replace(/(.)\\/+$/,'$1')];if(!g||!g[o.type])return;g[o.type].forEach(function(i){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=${JSON.stringify(base)}+f[i];document.head.appendChild(l)})}catch(e){}})();\n`;
}

export function signedInPreload(): Plugin {
  let base = '/';
  let scriptFile: string | null = null;
  return {
    name: 'cirurgias-signed-in-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((item): item is typeof item & OutputChunk => item.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (fileName: string, into: Set<string>) => {
          if (into.has(fileName)) return into;
          into.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, into);
          return into;
        };
        // Already fetched by index.html (the entry and its static imports): not listed again.
        const entry = new Set<string>();
        for (const chunk of chunks) if (chunk.isEntry) closure(chunk.fileName, entry);
        const chunkOf = (module: string) => {
          const found = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${module}`));
          if (!found) this.error(`signedInPreload: no lazy chunk for ${module}; update scripts/signedInPreload.ts`);
          return found.fileName;
        };
        const files: string[] = [];
        const indexOf = (file: string) => (files.includes(file) ? files.indexOf(file) : files.push(file) - 1);
        const pages: Record<string, Record<Role, number[]>> = {};
        for (const [path, roles] of Object.entries(PAGES)) {
          pages[path] = { medic: [], secretary: [] };
          for (const role of ['medic', 'secretary'] as const) {
            const needed = new Set<string>();
            for (const module of roles[role].length ? [LAYOUT, ...roles[role]] : []) closure(chunkOf(module), needed);
            pages[path][role] = [...needed].filter((file) => !entry.has(file)).map(indexOf);
          }
        }
        const reference = this.emitFile({ type: 'asset', name: 'signed-in-preload.js', source: preloadScript(base, files, pages) });
        scriptFile = this.getFileName(reference);
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        if (!scriptFile) return;
        return [{ tag: 'script', attrs: { src: `${base}${scriptFile}`, async: true }, injectTo: 'head-prepend' }];
      },
    },
  };
}
