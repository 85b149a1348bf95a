/**
 * arktype without its JIT (issue 15, reopen): with it, every schema is precompiled into a generated function at
 * module load, ~0.1-0.2 s of each start of the server. Jitless, the schemas check the same way (the SPA's already run
 * so, under its Content-Security-Policy); the bodies and queries they check are small. Imported before arktype itself
 * loads: by server/main.ts, and by the API tests' setup, so the tests check what production runs.
 */
import { configure } from 'arktype/config';

configure({ jitless: true });
