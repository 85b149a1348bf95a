/**
 * arktype without its JIT (issue 15, reopen): with it, every schema is precompiled into a generated function at
 * module load, ~0.1-0.2 s of each start of the server. Jitless, the schemas accept and refuse the same values (the
 * SPA's have always run so, under its Content-Security-Policy); only a union's failure is reported as one error of
 * all its branches, which machines/validation/problems.ts reads as the compiled checks did. Imported before arktype
 * itself loads: by server/http/schemas.ts (the server loads arktype only there, on first use), and by the unit and API
 * tests' setup, so the tests check what production runs.
 */
import { configure } from 'arktype/config';

configure({ jitless: true });
