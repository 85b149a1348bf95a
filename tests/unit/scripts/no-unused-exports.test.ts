import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const RULE_FILE = new URL('../../../scripts/eslint-rules/no-unused-exports.js', import.meta.url);

/** A small project: each file exports names that other files use in one of the ways the rule knows. */
const PROJECT: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler' } }),
  'src/values.ts': [
    'export const imported = 1;',
    'export const renamed = 2;',
    'export const unused = 3;',
    'export type UnusedType = string;',
    'const local = 4;',
    'export { local as exportedLocal };',
    'export default function main() {}',
  ].join('\n'),
  'src/user.ts': [
    "import main, { imported, renamed as other } from './values';",
    "export { exportedLocal } from './values';",
    'export const total = main.length + imported + other;',
  ].join('\n'),
  'src/whole.ts': 'export const a = 1;\nexport function b() {}',
  'src/lazy.tsx': 'export function Page() { return null; }',
  'src/typed.ts': 'export type Shape = { a: number };',
  'src/entry.ts': [
    "import * as whole from './whole';",
    "import type { total } from './user';",
    "type T = typeof import('./typed');",
    "export const load = () => import('./lazy');",
    'export const seen: [typeof whole, T] | null = null;',
  ].join('\n'),
  'tests/user.test.ts': "import { exportedLocal } from '../src/user';\nvoid exportedLocal;",
};

let root: string;

async function unusedNames(): Promise<Record<string, string[]>> {
  const { noUnusedExports } = await import(RULE_FILE.href);
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['src/**/*.{ts,tsx}'],
        languageOptions: { parser: tseslint.parser },
        plugins: { house: { rules: { 'no-unused-exports': noUnusedExports } } },
        rules: { 'house/no-unused-exports': ['error', { scannedFolders: ['src', 'tests'] }] },
      },
    ],
  });
  const results = await eslint.lintFiles(['src']);
  return Object.fromEntries(
    results.map((result) => [
      result.filePath.slice(root.length + 1),
      result.messages.map((message) => message.message.split("'")[1] ?? message.message),
    ]),
  );
}

describe('house/no-unused-exports', () => {
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'no-unused-exports-'));
    for (const [path, text] of Object.entries(PROJECT)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('reports the exports no other file imports, and only those', async () => {
    expect(await unusedNames()).toEqual({
      'src/values.ts': ['unused', 'UnusedType'],
      // `total` is imported as a type only; the entry's own exports have no importer.
      'src/user.ts': [],
      'src/whole.ts': [],
      'src/lazy.tsx': [],
      'src/typed.ts': [],
      'src/entry.ts': ['load', 'seen'],
    });
  });

  it('counts a use from a test as a use', async () => {
    const names = await unusedNames();
    expect(names['src/user.ts']).not.toContain('exportedLocal');
  });
});
