import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The checkout's root folder (the one holding package.json), found by walking up from this module. The same
 * answer from the TypeScript source (server/…, run through tsx or vitest) and from the server bundle
 * (build/server/main.js): files read at run time (migrations, reference data, the API contract, the shipped
 * templates) are located from here instead of relative to a module, whose folder differs between the two.
 */
function findProjectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`package.json não encontrado acima de ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return dir;
}

const PROJECT_ROOT = findProjectRoot();

/** A path under the project root, e.g. `projectPath('server', 'data')`. */
export function projectPath(...segments: string[]): string {
  return join(PROJECT_ROOT, ...segments);
}
