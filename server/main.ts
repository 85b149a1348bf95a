/**
 * The server's entry point. With the embedded database (no DATABASE_URL), PGlite's WebAssembly starts compiling
 * first, on V8's background threads, while the application's modules load (issue 15: reopen); server/serve.ts then
 * starts the server: configuration → database → services → Fastify app → listen.
 */
import { configure } from 'arktype/config';
import { preparePgliteAssets } from './db/pglite-assets';

// arktype without its JIT: it would generate and compile a function per schema at every start (~0.1-0.2 s of a
// reopen, issue 15); the checks are the same (the SPA's run this way already, under its CSP), and the request bodies
// they check are small.
configure({ jitless: true });

// A failure here is openPglite's to report (it awaits the same promise); this only keeps it from being unhandled.
if (!process.env.DATABASE_URL) preparePgliteAssets().catch(() => {});

await import('./serve');
