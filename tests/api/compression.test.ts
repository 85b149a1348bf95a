import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import {
  brotliOptions,
  gzipOptions,
  JSON_COMPRESSION_THRESHOLD,
  negotiateEncoding,
  registerJsonCompression,
  windowBitsFor,
} from '../../server/http/compression';
import { buildTestApp, type TestApp } from '../helpers/build-app';
import { authHeader } from '../helpers/fixtures';
import { signInTenants } from '../helpers/tenants';
import { precompressDirectory } from '../../scripts/precompress';

/**
 * Compressed answers (issue 11, item 10): the built SPA's files precompressed at build time (scripts/precompress.ts)
 * and served as brotli or gzip by Accept-Encoding, with Content-Encoding, Vary and the caching of each kind (hashed
 * assets immutable, index.html no-cache); JSON answers above 2 KB compressed on the fly.
 */
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "linha ${i}" }`).join(', ')}];\n`;
const INDEX_HTML = `<!doctype html><html lang="pt-BR"><head><title>Cirurgias</title><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div>${'<!-- preenchimento -->'.repeat(80)}</body></html>`;

let t: TestApp;
let distDir: string;
let token: string;

beforeAll(async () => {
  distDir = await mkdtemp(join(tmpdir(), 'cirurgias-dist-'));
  await mkdir(join(distDir, 'assets'));
  await writeFile(join(distDir, 'index.html'), INDEX_HTML);
  await writeFile(join(distDir, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
  await writeFile(join(distDir, 'assets', 'tiny-Zz99Yy88.js'), 'export {};\n');
  precompressDirectory(distDir);
  t = await buildTestApp({ config: { distDir } });
  // Compressed bodies are not JSON text to the contract checker; their content is checked here.
  t.skipContract((response) => response.url.startsWith('/openapi.json') || response.url.startsWith('/surgery/api/v1/cid/'));
  token = (await signInTenants(t)).medicToken;
});

afterAll(async () => {
  await t?.close();
  await rm(distDir, { recursive: true, force: true });
});

const ASSET = '/assets/index-Ab12Cd34.js';

describe('precompressed static files', () => {
  it.each([
    ['br', 'br', brotliDecompressSync],
    ['gzip, deflate, br;q=0.5', 'gzip', gunzipSync],
    ['gzip', 'gzip', gunzipSync],
  ] as const)('serves a hashed asset for Accept-Encoding "%s" as %s, immutable', async (accept, encoding, decode) => {
    const res = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': accept } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
    expect(decode(res.rawPayload).toString('utf8')).toBe(SCRIPT);
  });

  it('serves the plain file, still varying on Accept-Encoding, to a client that accepts neither', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'br;q=0, gzip;q=0' }]) {
      const res = await t.app.inject({ method: 'GET', url: ASSET, headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(SCRIPT);
    }
  });

  it('serves a file too small to compress as it is', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/tiny-Zz99Yy88.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export {};\n');
  });

  it('serves index.html (history fallback included) compressed and no-cache', async () => {
    for (const url of ['/', '/patients', '/auth']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(INDEX_HTML);
    }
  });
});

describe('JSON answers', () => {
  it('compresses an answer above 2 KB by Accept-Encoding, with Vary', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/openapi.json', headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-length']).not.toBe(String(plain.rawPayload.length));
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decode(res.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
  });

  it('compresses an API list for a signed-in user and leaves small answers alone', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/surgery/api/v1/cid/',
      headers: { ...authHeader(token), 'accept-encoding': 'br' },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(list.rawPayload).toString('utf8')).results.length).toBeGreaterThan(0);

    const small = await t.app.inject({ method: 'GET', url: '/health', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('the size below which an answer goes as it is', () => {
  it('sends a body just under JSON_COMPRESSION_THRESHOLD plain and one at it compressed, both varying', async () => {
    const app = Fastify();
    registerJsonCompression(app);
    const bodyOf = (size: number) => JSON.stringify({ text: 'a'.repeat(size - '{"text":""}'.length) });
    app.get('/under', async (_request, reply) => reply.type('application/json').send(bodyOf(JSON_COMPRESSION_THRESHOLD - 1)));
    app.get('/at', async (_request, reply) => reply.type('application/json').send(bodyOf(JSON_COMPRESSION_THRESHOLD)));
    try {
      const headers = { 'accept-encoding': 'gzip, deflate, br' };
      const under = await app.inject({ method: 'GET', url: '/under', headers });
      expect(under.rawPayload.length).toBe(JSON_COMPRESSION_THRESHOLD - 1);
      expect(under.headers['content-encoding']).toBeUndefined();
      const at = await app.inject({ method: 'GET', url: '/at', headers });
      expect(at.headers['content-encoding']).toBe('br');
      expect(at.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(at.rawPayload).toString('utf8')).toBe(bodyOf(JSON_COMPRESSION_THRESHOLD));
    } finally {
      await app.close();
    }
  });
});

describe('negotiateEncoding', () => {
  it('reads q-values, prefers brotli on a tie, and honours refusals', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip;q=1, br;q=0.8')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0.5, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
  });
});

describe('compression windows sized to the body', () => {
  /** JSON like the API's: repeated keys, varied values (a seeded generator, so every run compresses the same bytes). */
  function jsonOf(size: number): Buffer {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const rows: string[] = [];
    while (rows.join(',').length < size) {
      rows.push(JSON.stringify({ id: next() % 100000, patient: `Paciente ${next() % 997}`, status: ['autorizacao', 'agendamento', 'concluido'][next() % 3], date: `2026-${String((next() % 12) + 1).padStart(2, '0')}-15`, value: `${next() % 50000}.00` }));
    }
    return Buffer.from(`[${rows.join(',')}]`.slice(0, size));
  }

  it('keeps the format bounds and covers the body', () => {
    expect(windowBitsFor(1024, 16, 10, 22)).toBe(11);
    expect(windowBitsFor(2032, 16, 10, 22)).toBe(11);
    expect(windowBitsFor(2033, 16, 10, 22)).toBe(12);
    expect(windowBitsFor(10, 262, 9, 15)).toBe(9);
    expect(windowBitsFor(10_000_000, 16, 10, 22)).toBe(22);
    expect(windowBitsFor(100_000, 262, 9, 15)).toBe(15);
  });

  it('gives the same bytes as the default window, to within 1 %, and decompresses to the body', () => {
    for (const size of [1024, 1765, 4095, 4096, 20_000, 200_000]) {
      const body = jsonOf(size);
      const brotli = brotliCompressSync(body, brotliOptions(size));
      const defaultBrotli = brotliCompressSync(body, {
        params: { ...brotliOptions(size).params, [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_DEFAULT_WINDOW },
      });
      expect(brotliDecompressSync(brotli).equals(body)).toBe(true);
      expect(brotli.length).toBeLessThanOrEqual(Math.ceil(defaultBrotli.length * 1.01));
      const gzip = gzipSync(body, gzipOptions(size));
      expect(gunzipSync(gzip).equals(body)).toBe(true);
      expect(gzip.length).toBeLessThanOrEqual(Math.ceil(gzipSync(body, { level: gzipOptions(size).level }).length * 1.01));
    }
  });
});
