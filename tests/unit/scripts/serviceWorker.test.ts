import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { API_PREFIXES, serviceWorkerSource, shellChunks, shellVersion } from '../../../scripts/serviceWorker';
import { SHELL_CACHE_PREFIX } from '../../../src/lib/offline/shellCache';

const ORIGIN = 'https://cirurgias.example';

type Handler = (event: Record<string, unknown>) => void;

/** Loads a worker source into a bare context and answers its event handlers and what it cached. */
function loadWorker(shell: string[]) {
  const handlers = new Map<string, Handler>();
  const self = { location: { origin: ORIGIN }, addEventListener: (type: string, handler: Handler) => handlers.set(type, handler) };
  // The network and the caches never answer here: only whether the worker takes a request over is looked at.
  const pending = () => new Promise(() => {});
  const caches = { open: pending, keys: pending, match: pending, delete: pending };
  runInNewContext(serviceWorkerSource({ version: 'v1', shell }), { self, URL, Promise, JSON, caches, fetch: pending, setTimeout: () => 0 });
  /** Sends a GET (or `method`) for `path`; answers whether the worker took the request over. */
  function intercepts(path: string, mode = 'cors', method = 'GET'): boolean {
    let responded = false;
    handlers.get('fetch')!({ request: { method, url: `${ORIGIN}${path}`, mode }, respondWith: () => (responded = true) });
    return responded;
  }
  return { handlers, intercepts };
}

describe('serviceWorkerSource', () => {
  it('never takes over an API request, whatever its method or mode', () => {
    const { intercepts } = loadWorker(['/index.html', '/assets/index-abc1234.js']);
    for (const path of [
      '/surgery/api/v1/surgery/?is_schedule=true&date=2025-12-04',
      '/project_auth/profile/',
      '/auth/token',
      '/auth/revoke',
      '/health',
      '/openapi.json',
      '/docs',
      '/.well-known/oauth-authorization-server',
    ]) {
      expect(intercepts(path), path).toBe(false);
      expect(intercepts(path, 'navigate'), `navigation to ${path}`).toBe(false);
      expect(intercepts(path, 'cors', 'POST'), `POST ${path}`).toBe(false);
    }
  });

  it("answers the SPA's navigations, the hashed assets and the shell's files; nothing else", () => {
    const { intercepts } = loadWorker(['/index.html', '/assets/index-abc1234.js', '/manifest.webmanifest']);
    expect(intercepts('/', 'navigate')).toBe(true);
    expect(intercepts('/surgery-details/12', 'navigate')).toBe(true);
    // /auth is the sign-in page; /auth/token is the API.
    expect(intercepts('/auth', 'navigate')).toBe(true);
    expect(intercepts('/assets/index-abc1234.js')).toBe(true);
    expect(intercepts('/assets/SurgeryDetailsPage-xyz9876.js')).toBe(true);
    expect(intercepts('/manifest.webmanifest')).toBe(true);
    expect(intercepts('/assets/index-abc1234.js', 'cors', 'POST')).toBe(false);
    expect(intercepts('/outro-arquivo.txt')).toBe(false);
    expect(intercepts('/favicon.svg', 'navigate')).toBe(false);
  });

  it('names its cache after the build, and clears only the shells of other builds', () => {
    const source = serviceWorkerSource({ version: 'abc123', shell: ['/index.html'] });
    expect(source).toContain(`const PREFIX = "${SHELL_CACHE_PREFIX}";`);
    expect(source).toContain('const CACHE = PREFIX + "abc123";');
    expect(source).toContain('name.startsWith(PREFIX) && name !== CACHE');
  });

  it("skips the server's own API prefixes (server/app.ts API_PREFIXES)", () => {
    const app = readFileSync(new URL('../../../server/app.ts', import.meta.url), 'utf8');
    const declared = /const API_PREFIXES = (\[[^\]]*\]);/.exec(app)?.[1];
    expect(declared).toBeDefined();
    expect(JSON.parse(declared!.replace(/'/g, '"'))).toEqual(API_PREFIXES);
  });
});

describe('shellChunks', () => {
  const chunk = (fileName: string, imports: string[], moduleIds: string[] = [], isEntry = false) => ({ fileName, imports, moduleIds, isEntry });

  it("lists the entry and the offline screen's chunks with everything they import, not the other pages", () => {
    const chunks = [
      chunk('assets/index-a.js', ['assets/framework-b.js', 'assets/theme-c.js'], ['/app/src/main.tsx'], true),
      chunk('assets/framework-b.js', []),
      chunk('assets/theme-c.js', ['assets/framework-b.js']),
      chunk('assets/OfflineAgendaPage-d.js', ['assets/Notice-e.js'], ['/app/src/features/offline/OfflineAgendaPage.tsx']),
      chunk('assets/Notice-e.js', ['assets/theme-c.js']),
      chunk('assets/signed-in-f.js', ['assets/framework-b.js'], ['/app/src/components/layout/AppLayout.tsx']),
      chunk('assets/checks-g.js', []),
    ];
    expect(shellChunks(chunks)).toEqual([
      'assets/Notice-e.js',
      'assets/OfflineAgendaPage-d.js',
      'assets/framework-b.js',
      'assets/index-a.js',
      'assets/theme-c.js',
    ]);
  });
});

describe('shellVersion', () => {
  it('changes with any file name of the build or any content given, and only then', () => {
    const names = ['index.html', 'assets/index-a.js'];
    const base = shellVersion(names, ['<html>']);
    expect(shellVersion([...names].reverse(), ['<html>'])).toBe(base);
    expect(shellVersion(['index.html', 'assets/index-b.js'], ['<html>'])).not.toBe(base);
    expect(shellVersion(names, ['<html lang="pt-BR">'])).not.toBe(base);
    expect(base).toMatch(/^[0-9a-f]{16}$/);
  });
});
