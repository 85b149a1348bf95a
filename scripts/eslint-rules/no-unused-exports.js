/**
 * `house/no-unused-exports`: reports an export that no other file of the project imports.
 *
 * Why a rule of our own: eslint-plugin-import-x's `no-unused-modules` lists the project's files through
 * ESLint's FileEnumerator, which ESLint 10 removed; on ESLint 10 that rule is a silent no-op
 * (un-ts/eslint-plugin-import-x#438), and on ESLint 9 it also needs an .eslintrc file beside the flat config.
 *
 * How: once per ESLint process, every project file is parsed with TypeScript's parser (syntax only, no type
 * check) and each module specifier is resolved with TypeScript's own module resolution under tsconfig.json,
 * so `./x` finds x.ts, x.tsx or x/index.ts exactly as the compiler does. A use is a static import or a
 * re-export of the name; a namespace import, `export * from`, a dynamic `import()` or a `typeof import()`
 * marks every export of the target as used. The index is built once per process: an editor's ESLint server
 * sees new imports after it restarts.
 * @see https://eslint.org/docs/latest/extend/custom-rules
 */
import { resolve } from 'node:path';
import ts from 'typescript';

const ALL = '*';
const SCANNED_EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs'];
const NEVER_SCANNED = ['node_modules', 'dist', 'test-results', 'playwright-report', 'data', 'public'];

/** @type {Map<string, Map<string, Set<string>>>} usage index per project root */
const indexes = new Map();

function compilerOptionsOf(root) {
  const configPath = ts.findConfigFile(root, ts.sys.fileExists);
  if (!configPath) return {};
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic() {} });
  return parsed?.options ?? {};
}

/** The names one import or re-export takes from its module: `*` for all of them. */
function namesUsedBy(node) {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause) return [];
    const names = clause.name ? ['default'] : [];
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) return [ALL];
    if (bindings) for (const element of bindings.elements) names.push((element.propertyName ?? element.name).text);
    return names;
  }
  // export declaration with a module specifier
  const clause = node.exportClause;
  if (!clause || ts.isNamespaceExport(clause)) return [ALL];
  return clause.elements.map((element) => (element.propertyName ?? element.name).text);
}

function buildIndex(root, scannedFolders) {
  const options = compilerOptionsOf(root);
  const used = new Map();
  const resolutionCache = ts.createModuleResolutionCache(root, (name) => name, options);
  const markUsed = (specifier, fromFile, names) => {
    const { resolvedModule } = ts.resolveModuleName(specifier, fromFile, options, ts.sys, resolutionCache);
    if (!resolvedModule || resolvedModule.isExternalLibraryImport) return;
    const target = resolve(resolvedModule.resolvedFileName);
    if (!used.has(target)) used.set(target, new Set());
    for (const name of names) used.get(target).add(name);
  };
  const files = scannedFolders.flatMap((folder) =>
    ts.sys.readDirectory(resolve(root, folder), SCANNED_EXTENSIONS, NEVER_SCANNED.map((name) => `**/${name}`)),
  );
  for (const file of files) {
    const text = ts.sys.readFile(file) ?? '';
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
    const visit = (node) => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        markUsed(node.moduleSpecifier.text, file, namesUsedBy(node));
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [argument] = node.arguments;
        if (argument && ts.isStringLiteralLike(argument)) markUsed(argument.text, file, [ALL]);
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        markUsed(node.argument.literal.text, file, [ALL]);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return used;
}

function declaredNames(declaration) {
  if (declaration.type !== 'VariableDeclaration') return declaration.id ? [declaration.id] : [];
  const identifiers = [];
  const collect = (pattern) => {
    if (!pattern) return;
    if (pattern.type === 'Identifier') identifiers.push(pattern);
    else if (pattern.type === 'ObjectPattern') pattern.properties.forEach((property) => collect(property.type === 'RestElement' ? property.argument : property.value));
    else if (pattern.type === 'ArrayPattern') pattern.elements.forEach(collect);
    else if (pattern.type === 'RestElement') collect(pattern.argument);
    else if (pattern.type === 'AssignmentPattern') collect(pattern.left);
  };
  for (const declarator of declaration.declarations) collect(declarator.id);
  return identifiers;
}

const exportedName = (node) => (node.type === 'Identifier' ? node.name : String(node.value));

/** @type {import('eslint').Rule.RuleModule} */
export const noUnusedExports = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Disallow exports that no other file of the project imports' },
    schema: [
      {
        type: 'object',
        properties: { scannedFolders: { type: 'array', items: { type: 'string' } } },
        required: ['scannedFolders'],
        additionalProperties: false,
      },
    ],
    messages: { unused: "'{{name}}' is exported but no other file imports it: remove it, or drop the export." },
  },
  create(context) {
    const { scannedFolders } = context.options[0];
    const root = context.cwd;
    const key = `${root}\0${scannedFolders.join('\0')}`;
    if (!indexes.has(key)) indexes.set(key, buildIndex(root, scannedFolders));
    const usedNames = indexes.get(key).get(resolve(context.filename)) ?? new Set();
    if (usedNames.has(ALL)) return {};
    const check = (node, name) => {
      if (!usedNames.has(name)) context.report({ node, messageId: 'unused', data: { name } });
    };
    return {
      ExportNamedDeclaration(node) {
        if (node.declaration) for (const identifier of declaredNames(node.declaration)) check(identifier, identifier.name);
        for (const specifier of node.specifiers) check(specifier.exported, exportedName(specifier.exported));
      },
      ExportDefaultDeclaration(node) {
        check(node, 'default');
      },
      ExportAllDeclaration(node) {
        if (node.exported) check(node.exported, exportedName(node.exported));
      },
    };
  },
};
