/**
 * The API contract for people: `GET /openapi.json` (openapi/openapi.yaml as JSON) and `GET /docs`, a readable
 * HTML page rendered once at startup by server/api-docs/ (CSP-friendly: no scripts, no inline styles), with its
 * stylesheet at `GET /docs/docs.css`.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { parse } from 'yaml';
import { projectPath } from '../project-root';
import { renderDocsPage } from '../api-docs/page';
import { DOCS_CSS } from '../api-docs/styles';

const CONTRACT_PATH = projectPath('openapi', 'openapi.yaml');

export default async function docsRoutes(app: FastifyInstance): Promise<void> {
  const document = parse(readFileSync(CONTRACT_PATH, 'utf8')) as Record<string, unknown>;
  const json = JSON.stringify(document);
  const html = renderDocsPage(document);

  app.get('/openapi.json', async (_request, reply) => {
    return reply.type('application/json; charset=utf-8').send(json);
  });
  app.get('/docs', async (_request, reply) => {
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  });
  app.get('/docs/docs.css', async (_request, reply) => {
    return reply.type('text/css; charset=utf-8').header('Cache-Control', 'no-cache').send(DOCS_CSS);
  });
}
