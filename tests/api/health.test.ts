import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, buildApp, createLoggerOptions } from '../../server/app';
import { buildTestApp, type TestApp } from '../helpers/build-app';

const INDEX_HTML = '<!doctype html><html lang="pt-BR"><head><title>Cirurgias</title></head><body><div id="root"></div></body></html>';

let t: TestApp;
let distDir: string;

beforeAll(async () => {
  // A built-SPA fixture: index.html, a hashed asset and a root file.
  distDir = await mkdtemp(join(tmpdir(), 'cirurgias-dist-'));
  await mkdir(join(distDir, 'assets'));
  await writeFile(join(distDir, 'index.html'), INDEX_HTML);
  await writeFile(join(distDir, 'assets', 'index-Ab12Cd34.js'), 'console.log("spa");');
  await writeFile(join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(distDir, 'sw.js'), "self.addEventListener('fetch', () => {});");
  await writeFile(join(distDir, 'manifest.webmanifest'), '{"name":"Cirurgias","start_url":"/"}');
  t = await buildTestApp({ config: { distDir } });
  // Deliberate requests outside the contract (unknown paths) are not contract violations.
  t.skipContract((response) => response.url.includes('nao-existe'));
});

afterAll(async () => {
  await t?.close();
  await rm(distDir, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

describe('GET /health', () => {
  it('answers ok when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('sends the security headers and no-store on an API response', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('records the responses for the contract check', () => {
    expect(t.responses.some((response) => response.url === '/health' && response.statusCode === 200)).toBe(true);
  });
});

describe('SPA and unknown paths', () => {
  it('serves index.html for a browser navigating to an SPA route (history fallback)', async () => {
    for (const url of ['/patients', '/patients/', '/surgery-details', '/auth', '/signup-secretary/abc123?x=1']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toBe(INDEX_HTML);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    }
  });

  it('serves index.html at the root and hashed assets with long immutable caching', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/', headers: html });
    expect(root.statusCode).toBe(200);
    expect(root.body).toBe(INDEX_HTML);
    expect(root.headers['cache-control']).toBe('no-cache');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-Ab12Cd34.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');

    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('serves the service worker and the web app manifest with their types, revalidated on each use (docs/OFFLINE.md)', async () => {
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');

    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it("lets this origin's service worker and manifest in, and nothing else's", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: html });
    const directives = String(res.headers['content-security-policy']).split('; ');
    expect(directives).toContain("worker-src 'self'");
    expect(directives).toContain("manifest-src 'self'");
    expect(directives).toContain("script-src 'self'");
    expect(directives).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).not.toMatch(/unsafe-eval|\*|https?:/);
  });

  it('answers a JSON 404 for unknown API paths, even when the client asks for HTML', async () => {
    for (const url of ['/surgery/api/v1/nao-existe/', '/project_auth/nao-existe', '/auth/token/nao-existe', '/health/nao-existe']) {
      const res = await t.app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error: ['Recurso não encontrado.'] });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers a JSON 404 for missing files, non-HTML requests and other methods', async () => {
    const missingAsset = await t.app.inject({ method: 'GET', url: '/assets/nao-existe.js', headers: html });
    expect(missingAsset.statusCode).toBe(404);
    expect(missingAsset.json()).toEqual({ error: ['Recurso não encontrado.'] });

    const fetchLike = await t.app.inject({ method: 'GET', url: '/patients', headers: { accept: 'application/json' } });
    expect(fetchLike.statusCode).toBe(404);

    const post = await t.app.inject({ method: 'POST', url: '/patients', headers: html, payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ error: ['Recurso não encontrado.'] });
  });

  it('keeps API paths exact: the other trailing-slash spelling is not an alias', async () => {
    const exact = await t.app.inject({ method: 'GET', url: '/project_auth/api/v1/list_specialty/' });
    expect(exact.statusCode).toBe(200);
    t.skipContract((response) => response.url === '/project_auth/api/v1/list_specialty');
    const other = await t.app.inject({ method: 'GET', url: '/project_auth/api/v1/list_specialty' });
    expect(other.statusCode).toBe(404);
  });
});

describe('error handling', () => {
  it('answers 400 in pt-BR for malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/project_auth/api/v1/cadastro/',
      headers: { 'content-type': 'application/json' },
      payload: '{"first_name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: ['Dados inválidos.'] });
  });

  it('answers the OAuth shape for a malformed body on /auth/token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/auth/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"grant_type":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_request', error_description: 'Dados inválidos.' });
  });

  it('answers 413 for a body above the limit', async () => {
    t.skipContract((response) => response.statusCode === 413);
    const res = await t.app.inject({
      method: 'POST',
      url: '/project_auth/api/v1/cadastro/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ first_name: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toHaveLength(1);
  });
});

describe('request logs', () => {
  it('log method, route pattern or bare path, status and time; never queries, headers or bodies', async () => {
    const lines: string[] = [];
    const logger = { ...(createLoggerOptions({ logLevel: 'info' }) as object), stream: { write: (line: string) => lines.push(line) } };
    const app = await buildApp(t.deps, { logger });
    app.get('/surgery/boom/:id/', async () => {
      const cause = Object.assign(new Error('duplicate key value violates unique constraint "patients_medic_cpf_unique"'), { code: '23505' });
      throw Object.assign(new Error('Failed query: insert into patients values ($1) params: Maria Sigilosa,12345678909'), {
        name: 'DrizzleQueryError',
        cause,
      });
    });
    try {
      const headers = { authorization: 'Bearer segredo-do-token', cookie: 'sessao=segredo' };
      await app.inject({ method: 'GET', url: '/surgery/api/v1/patient/?search=Maria%20Sigilosa', headers });
      await app.inject({ method: 'GET', url: '/project_auth/api/v1/secretaria_convite/token-secreto', headers });
      await app.inject({ method: 'POST', url: '/project_auth/api/v1/cadastro/', headers, payload: { first_name: 'Maria Sigilosa' } });
      const boom = await app.inject({ method: 'GET', url: '/surgery/boom/7/?nome=Maria', headers });
      expect(boom.statusCode).toBe(500);
      expect(boom.json()).toEqual({ error: ['Ocorreu um erro interno!'] });
    } finally {
      await app.close();
    }
    const text = lines.join('');
    for (const secret of ['Sigilosa', 'segredo', 'token-secreto', '12345678909', 'search=', 'nome=']) {
      expect(text, secret).not.toContain(secret);
    }
    const completed = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'request completed');
    expect(completed.map((entry) => [entry.req.method, entry.req.url, entry.res.statusCode])).toEqual([
      ['GET', '/surgery/api/v1/patient/', 401],
      ['GET', '/project_auth/api/v1/secretaria_convite/:token', 404],
      ['POST', '/project_auth/api/v1/cadastro/', 400],
      ['GET', '/surgery/boom/:id/', 500],
    ]);
    expect(completed.every((entry) => typeof entry.responseTime === 'number' && entry.reqId)).toBe(true);
    const failure = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'unhandled error');
    expect(failure.error).toMatchObject({ name: 'DrizzleQueryError', code: '23505' });
    expect(failure.error.message).toContain('duplicate key value');
    expect(failure.error.stack).toContain('health.test.ts');
  });
});
