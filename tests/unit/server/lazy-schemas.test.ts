import { resolve } from 'node:path';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * Issue 41, goal 5 (reopen): the built server loads arktype and the request schemas on first use
 * (server/http/schemas.ts), not at start. This bundles server/main.ts as scripts/build-server.mjs does and walks the
 * chunks a start loads (main.js, server/serve.ts's chunk, and their static imports): none may import arktype, while the
 * chunks behind the dynamic import do, after the one that configures it.
 */
const root = resolve(import.meta.dirname, '../../..');

async function serverMetafile(): Promise<Metafile> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: 'server/main.ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    splitting: true,
    chunkNames: 'chunk-[hash]',
    outdir: 'build/lazy-schemas-test',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return result.metafile;
}

/** The chunks reachable from `entry` through `kinds` of imports, and the packages they import. */
function reachable(metafile: Metafile, entries: string[], kinds: ReadonlySet<string>): { chunks: Set<string>; packages: Set<string> } {
  const chunks = new Set<string>();
  const packages = new Set<string>();
  const visit = (chunk: string) => {
    if (chunks.has(chunk)) return;
    chunks.add(chunk);
    for (const item of metafile.outputs[chunk]?.imports ?? []) {
      if (!kinds.has(item.kind)) continue;
      if (item.external) packages.add(item.path);
      else visit(item.path);
    }
  };
  entries.forEach(visit);
  return { chunks, packages };
}

const STATIC = new Set(['import-statement']);
const ANY = new Set(['import-statement', 'dynamic-import']);

describe('the built server at start', () => {
  it('imports neither arktype nor the schemas before the first request that validates', async () => {
    const metafile = await serverMetafile();
    // main.js starts PGlite's WebAssembly compiling, then imports server/serve.ts's chunk: both load at every start.
    const main = Object.keys(metafile.outputs).find((path) => path.endsWith('/main.js'));
    const serve = Object.entries(metafile.outputs).find(([, output]) => output.entryPoint === 'server/serve.ts')?.[0];
    expect(main).toBeDefined();
    expect(serve).toBeDefined();

    const atStart = reachable(metafile, [main!, serve!], STATIC);
    expect(atStart.packages).toContain('fastify');
    expect([...atStart.packages].filter((name) => name.startsWith('arktype') || name.startsWith('@ark/'))).toEqual([]);
    const sourcesAtStart = [...atStart.chunks].flatMap((chunk) => Object.keys(metafile.outputs[chunk]!.inputs));
    expect(sourcesAtStart).toContain('server/app.ts');
    expect(sourcesAtStart.filter((source) => /Schemas?\.ts$|schema-catalogue|validation\/problems\.ts$/.test(source))).toEqual([]);

    // The same walk through dynamic imports does reach them: the check above can fail.
    const whenUsed = reachable(metafile, [main!], ANY);
    expect(whenUsed.packages).toContain('arktype');
    const sourcesWhenUsed = [...whenUsed.chunks].flatMap((chunk) => Object.keys(metafile.outputs[chunk]!.inputs));
    expect(sourcesWhenUsed).toContain('server/http/schema-catalogue.ts');
    expect(sourcesWhenUsed).toContain('machines/surgeryCase/schemas.ts');

    // arktype's configuration (jitless) sits in a chunk of its own, loaded before the catalogue's: no chunk both
    // configures arktype and imports it (its configure() would run after arktype had evaluated).
    const importsOf = (chunk: string) => metafile.outputs[chunk]!.imports.filter((item) => item.kind === 'import-statement').map((item) => item.path);
    const configuring = [...whenUsed.chunks].filter((chunk) => importsOf(chunk).includes('arktype/config'));
    expect(configuring).toHaveLength(1);
    expect(importsOf(configuring[0]!)).not.toContain('arktype');
    expect(Object.keys(metafile.outputs[configuring[0]!]!.inputs)).toContain('server/arktype-config.ts');
  });
});
