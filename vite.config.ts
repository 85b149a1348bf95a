import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/precompress';
import { serviceWorker } from './scripts/serviceWorker';
import { signedInChunk, signedInChunkCheck } from './scripts/signedInChunk';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

/**
 * arktype probes, when it loads, whether it may compile validators with `new Function` (@ark/util `envHasCsp`). The
 * server's Content-Security-Policy (server/app.ts: `script-src 'self'`, no 'unsafe-eval') refuses it, so every page
 * load reported a `script-src` eval violation (Chromium's console and Issues panel, Lighthouse best practices), and
 * arktype fell back to its interpreted mode anyway. The answer is known at build time: the probe is replaced with
 * `true` (no eval allowed), which keeps that same mode without the refused eval. Fails the build if arktype changes
 * the probe, so the violation cannot come back unnoticed (tests/e2e/accessibility.spec.ts also watches for it).
 */
function arktypeWithoutEvalProbe(): Plugin {
  const probe = /export const envHasCsp = cached\(\(\) => \{[\s\S]*?\n\}\);/;
  return {
    name: 'arktype-without-eval-probe',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]@ark[\\/]util[\\/]out[\\/]functions\.js$/.test(id)) return null;
      if (!probe.test(code)) this.error('@ark/util changed its envHasCsp probe: update arktypeWithoutEvalProbe in vite.config.ts');
      return { code: code.replace(probe, 'export const envHasCsp = () => true;'), map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), arktypeWithoutEvalProbe(), signedInChunkCheck(), serviceWorker(), precompress()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Seven hash characters, not eight: the entry lists every lazy chunk's file name (issue 36, /auth's JavaScript).
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        codeSplitting: {
          groups: [
            // What every page runs, in one file rather than a handful (issue 15: fewer requests, better gzip). react-hot-toast is
            // not in it: it loads with the first toast (src/lib/toast.ts).
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack|xstate|@xstate|goober|openapi-fetch)[\\/]/ },
            // The forms: /auth and the pages with a form; not the homes. With their one wiring (a file of its own cost /auth 0.4 kB).
            { name: 'forms', test: /node_modules[\\/]react-hook-form[\\/]|src[\\/]components[\\/]form[\\/]useSchemaForm\.ts$/ },
            // Their checks: arktype and its resolver, apart, so /auth can show its form before they load (LoginPage).
            { name: 'checks', test: /node_modules[\\/](arktype|@ark|arkregex|@hookform)[\\/]/ },
            // The signed-in layout and what the first signed-in screens share, in one file, less what the signed-out pages
            // need of it, in a second (scripts/signedInChunk.ts).
            // Not its modules' dependencies: those /auth loads stay in its files (signedInChunk keeps the group closed otherwise).
            { name: signedInChunk(), includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/auth/token': apiTarget,
      '/auth/revoke': apiTarget,
      '/project_auth': apiTarget,
      '/surgery/': apiTarget,
      '/openapi.json': apiTarget,
      '/health': apiTarget,
    },
  },
});
