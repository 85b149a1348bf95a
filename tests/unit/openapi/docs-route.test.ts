import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import docsRoutes from '../../../server/routes/docs';
import { listOperations } from '../../helpers/contract';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify({ logger: false });
  await app.register(docsRoutes);
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

describe('docs routes', () => {
  it('GET /openapi.json serves the contract as JSON', async () => {
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Cirurgias — API');
    expect(Object.keys(doc.paths)).toContain('/surgery/api/v1/update/{id}/');
    // Exactly the file, nothing added or lost on the way (contract-valid.test.ts checks the file itself).
    expect(doc).toEqual(parse(readFileSync(new URL('../../../openapi/openapi.yaml', import.meta.url), 'utf8')));
    const to = doc.paths['/surgery/api/v1/audit/'].get.parameters.find((p: { name: string }) => p.name === 'to');
    expect(to).toEqual({
      name: 'to',
      in: 'query',
      required: false,
      description: 'Até este dia (São Paulo), inclusive.',
      schema: { type: 'string', format: 'date' },
    });
  });

  it('GET /docs renders every operation in a self-contained page', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain('Cirurgias — API');
    for (const op of listOperations()) {
      expect(html, op.operationId).toContain(`id="op-${op.operationId}"`);
      expect(html, op.path).toContain(op.path.replace(/&/g, '&amp;'));
    }
    // Tag headings, pt-BR descriptions, the lifecycle table, parameters and schemas.
    expect(html).toContain('<h2>Cirurgias</h2>');
    expect(html).toContain('ind_paciente → prep_doc');
    expect(html).toContain('<table class="md-table">');
    expect(html).toContain('<code>status__in</code>');
    expect(html).toContain('id="schema-Surgery"');
    expect(html).toContain('href="#schema-Surgery"');
    expect(html).toContain('Um ou mais de'); // SettingsUpdate: name pair or nickname
    expect(html).toContain('Até este dia (São Paulo), inclusive.'); // a description with a comma, whole
    // Strict CSP: no scripts, no inline styles, nothing loaded from elsewhere.
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<style/i);
    expect(html).not.toMatch(/\sstyle=/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//i);
    expect(html).toContain('<link rel="stylesheet" href="docs/docs.css">');
  });

  it('GET /docs/docs.css serves the stylesheet', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs/docs.css' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(res.body).toContain('.method-get');
    expect(res.body).not.toMatch(/@import|url\(/);
  });
});
