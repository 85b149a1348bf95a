/**
 * The server's entry point. With the embedded database (no DATABASE_URL), PGlite's WebAssembly starts compiling
 * first, on V8's background threads, while the application's modules load (issue 15: reopen); server/serve.ts then
 * starts the server: configuration → database → services → Fastify app → listen. arktype is configured when the
 * request schemas first load (server/http/schemas.ts), not here.
 */
import { preparePgliteAssets } from './db/pglite-assets';

// A failure here is openPglite's to report (it awaits the same promise); this only keeps it from being unhandled.
if (!process.env.DATABASE_URL) preparePgliteAssets().catch(() => {});

await import('./serve');
