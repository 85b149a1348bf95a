// Worker entry when the server runs from source (tsx, tests): Node cannot load TypeScript itself, so tsx is
// registered in the worker before the worker body. The built server ships its own
// build/server/statement-parse-worker-boot.mjs (the worker bundled by scripts/build-server.mjs), so it needs no
// TypeScript loader.
import { register } from 'tsx/esm/api';

register();
await import('./statement-parse-worker.ts');
