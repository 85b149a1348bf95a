/**
 * ESLint: the house's structure rules and real bugs, not style (formatting is left to the authors).
 * - typescript-eslint's recommended set (syntax only: no type-aware rules, so `npm run lint` stays fast);
 * - react-hooks' recommended set, exhaustive-deps raised to an error;
 * - the import direction of docs/ARCHITECTURE.md: routes → features → components / lib / api; a feature never
 *   imports another feature; machines/ imports nothing of src/ or server/; src/ and server/ never import each other;
 * - no unused exports (scripts/eslint-rules/no-unused-exports.js says why it is our own rule). An export that
 *   only a test imports counts as used: tests/ mirrors the sources and reaches pure rules and components
 *   through their exports, which is their point. Entry points (src/main.tsx, server/main.ts, scripts/, tests/,
 *   the tool configs) are not checked: their exports are read by tools, not by our imports.
 */
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { noUnusedExports } from './scripts/eslint-rules/no-unused-exports.js';

const FEATURES = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const IMPORT_DIRECTION = [
  { target: './machines', from: ['./src', './server'], message: 'machines/ is the pure core: it imports nothing of src/ or server/.' },
  { target: './server', from: './src', message: 'The server imports nothing of the SPA.' },
  { target: './src', from: './server', message: 'The SPA imports nothing of the server (shared rules live in machines/).' },
  {
    target: ['./src/components', './src/lib', './src/api'],
    from: ['./src/features', './src/routes'],
    message: 'components/, lib/ and api/ sit below the features and routes: move the shared part down.',
  },
  { target: './src/features', from: './src/routes', message: 'Features sit below the routes.' },
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move the shared part to src/components or src/lib.',
  })),
];

export default tseslint.config(
  { ignores: ['dist/', 'build/', 'test-results/', 'playwright-report/', 'data/', '.data-*/', 'tmp/', 'public/', 'openapi/schema.d.ts'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Unused locals and parameters are already compile errors (tsconfig noUnusedLocals / noUnusedParameters).
      '@typescript-eslint/no-unused-vars': 'off',
      // goober's `glob` is a tagged template run for its effect (the global styles).
      '@typescript-eslint/no-unused-expressions': ['error', { allowTaggedTemplates: true }],
    },
  },
  {
    // The server finds and strips control characters on purpose (http/control-characters.ts, uploaded file names).
    files: ['server/**'],
    rules: { 'no-control-regex': 'off' },
  },
  {
    // Tests send numbers beyond 2^53 on purpose, to hold the server to its integer bounds.
    files: ['tests/**'],
    rules: { 'no-loss-of-precision': 'off' },
  },
  {
    // The React Compiler's checks (refs, effects, purity…) on the product code; they are most of lint's time.
    files: ['src/**/*.{ts,tsx}', 'scripts/bench-floor/**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
    rules: { ...reactHooks.configs.flat.recommended.rules, 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Tests' harness components: the two classic hooks rules only.
    files: ['tests/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: IMPORT_DIRECTION }] },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts', 'server/**/*.{ts,mjs}'],
    ignores: ['src/main.tsx', 'server/main.ts', 'server/db/seed-cli.ts'],
    plugins: { house: { rules: { 'no-unused-exports': noUnusedExports } } },
    rules: {
      'house/no-unused-exports': ['error', { scannedFolders: ['src', 'machines', 'server', 'openapi', 'tests', 'scripts'] }],
    },
  },
);
