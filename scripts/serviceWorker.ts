/**
 * The installable app's service worker (docs/OFFLINE.md), written by this Vite plugin as `dist/sw.js` at build time,
 * by hand rather than with Workbox (a few dozen lines do what is needed, and nothing is added to the build's
 * dependencies). It keeps the application shell only, never an API response:
 *
 * - install: caches the shell in `cirurgias-shell-<version>`: index.html, the entry's JavaScript and what it imports,
 *   the offline screen's chunks (so a start without signal can show it) and the public files (icons, manifest, logos).
 *   The version is a hash of every file name of the build (hashed names: any change of code renames a file) and of
 *   index.html's and the public files' contents, so each build installs a cache of its own;
 * - activate: deletes the shells of other builds and takes control of the open pages;
 * - fetch: navigations go to the network first, and get the cached index.html when it does not answer (at once when
 *   the request fails, after NAVIGATION_TIMEOUT_MS when it hangs); /assets/* (hashed, immutable) and the shell's own
 *   files come from the cache first, and an asset fetched for the first time is added to this build's shell cache.
 *   API paths (API_PREFIXES, the server's own list in server/app.ts) and anything not GET or of another origin are
 *   never touched: the browser fetches them as if there were no worker.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';
import { SHELL_CACHE_PREFIX } from '../src/lib/offline/shellCache';

/** The server's API paths (server/app.ts API_PREFIXES; tests/unit/scripts/serviceWorker.test.ts keeps them equal). */
export const API_PREFIXES = ['/.well-known', '/auth/token', '/auth/revoke', '/auth/mfa/associate', '/project_auth', '/surgery', '/openapi.json', '/docs', '/health'];

/**
 * Modules whose chunks (and their static imports) belong to the shell beside the entry's: the offline screen, and the
 * offline copy's follower of the session (src/main.tsx loads it after the page), which an offline start needs too.
 */
const SHELL_MODULES = [/[\\/]src[\\/]features[\\/]offline[\\/]/, /[\\/]src[\\/]lib[\\/]offline[\\/]follow\.ts$/];

/** How long a navigation waits for the network before the cached index.html is used (a signal that hangs). */
const NAVIGATION_TIMEOUT_MS = 5_000;

type Chunk = { fileName: string; isEntry: boolean; imports: string[]; moduleIds: string[] };

/** The chunks of the bundle. */
function chunksOf(bundle: Record<string, { type: string }>): Chunk[] {
  return Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output as unknown as Chunk] : []));
}

/** The shell's built files: the entry chunks and SHELL_MODULES' chunks, with every chunk they import statically. */
export function shellChunks(chunks: readonly Chunk[], shellModules: readonly RegExp[] = SHELL_MODULES): string[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const roots = chunks.filter((chunk) => chunk.isEntry || chunk.moduleIds.some((id) => shellModules.some((module) => module.test(id))));
  const seen = new Set<string>();
  const pending = roots.map((chunk) => chunk.fileName);
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    pending.push(...(byName.get(next)?.imports ?? []));
  }
  return [...seen].sort();
}

/** Every file under `dir`, as paths relative to it with '/' separators. */
function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
      .sort();
  } catch {
    return [];
  }
}

/** A short hash of the build: every output's name, plus the contents given (index.html, the public files). */
export function shellVersion(outputNames: readonly string[], contents: readonly (string | Buffer)[]): string {
  const hash = createHash('sha256');
  for (const name of [...outputNames].sort()) hash.update(`${name}\n`);
  for (const content of contents) hash.update(content);
  return hash.digest('hex').slice(0, 16);
}

type WorkerInput = { version: string; shell: readonly string[] };

/** The service worker's source for a build (plain JavaScript: it runs as the browser loads it). */
export function serviceWorkerSource({ version, shell }: WorkerInput): string {
  return `// Written by scripts/serviceWorker.ts at build time (docs/OFFLINE.md). Do not edit.
'use strict';
const PREFIX = ${JSON.stringify(SHELL_CACHE_PREFIX)};
const CACHE = PREFIX + ${JSON.stringify(version)};
const SHELL = ${JSON.stringify(shell)};
const API_PREFIXES = ${JSON.stringify(API_PREFIXES)};
const NAVIGATION_TIMEOUT_MS = ${NAVIGATION_TIMEOUT_MS};

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

function isApiPath(path) {
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix + '/'));
}

function cachedShellPage() {
  return caches.open(CACHE).then((cache) => cache.match('/index.html'));
}

/** Network first; the cached index.html when the network fails, or hangs past the timeout while a copy is there. */
function navigation(request) {
  const network = fetch(request);
  const fallback = new Promise((resolve) => setTimeout(resolve, NAVIGATION_TIMEOUT_MS)).then(cachedShellPage);
  return Promise.race([network, fallback.then((page) => page || network)]).catch(() =>
    cachedShellPage().then((page) => page || network),
  );
}

/** Cache first; a hashed asset fetched for the first time is kept in this build's cache. */
function cacheFirst(request, keep) {
  return caches.open(CACHE).then((cache) =>
    cache.match(request, { ignoreSearch: true, ignoreVary: true }).then((cached) => {
      if (cached) return cached;
      return fetch(request).then((response) => {
        if (keep && response.ok && response.type === 'basic') cache.put(request, response.clone());
        return response;
      });
    }),
  );
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isApiPath(url.pathname)) return;
  if (request.mode === 'navigate') {
    const lastSegment = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
    // An SPA route (no extension), as the server's history fallback decides.
    if (!lastSegment.includes('.')) event.respondWith(navigation(request));
    return;
  }
  const isAsset = url.pathname.startsWith('/assets/');
  if (isAsset || SHELL.includes(url.pathname)) event.respondWith(cacheFirst(request, isAsset));
});
`;
}

/**
 * The Vite plugin: emits sw.js beside index.html with the shell of this build. After Vite's own plugins, so
 * index.html is in the bundle; before the precompression (closeBundle), which then compresses it like the rest.
 */
export function serviceWorker(): Plugin {
  let root = process.cwd();
  let publicDir = '';
  return {
    name: 'cirurgias-service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      const publicFiles = publicDir ? filesUnder(publicDir) : [];
      const indexHtml = bundle['index.html'];
      const html = indexHtml?.type === 'asset' ? String(indexHtml.source) : readFileSync(resolve(root, 'index.html'), 'utf8');
      const shell = [
        '/index.html',
        ...shellChunks(chunksOf(bundle)).map((file) => `/${file}`),
        ...publicFiles.map((file) => `/${file}`),
      ];
      const version = shellVersion(
        [...Object.keys(bundle), ...publicFiles],
        [html, ...publicFiles.map((file) => readFileSync(join(publicDir, file)))],
      );
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: serviceWorkerSource({ version, shell }) });
    },
  };
}
