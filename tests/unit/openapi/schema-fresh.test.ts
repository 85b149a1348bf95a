import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('openapi/schema.d.ts', () => {
  it('is what `npm run gen` makes from openapi/openapi.yaml', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-gen-'));
    try {
      const fresh = join(dir, 'schema.d.ts');
      // The same command as the `gen` script of package.json, written to a temporary file.
      execFileSync(join(root, 'node_modules/.bin/openapi-typescript'), ['openapi/openapi.yaml', '-o', fresh], {
        cwd: root,
        stdio: 'pipe',
      });
      const committed = readFileSync(join(root, 'openapi/schema.d.ts'));
      const expected = readFileSync(fresh);
      const same = Buffer.compare(committed, expected) === 0;
      expect(same, 'openapi/schema.d.ts is stale: run `npm run gen` and commit the result').toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
