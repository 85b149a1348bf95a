/**
 * The API contract for people: `GET /openapi.json` (openapi/openapi.yaml as JSON) and `GET /docs`, a readable
 * HTML page rendered once (at the first request) by server/api-docs/ (CSP-friendly: no scripts, no inline styles), with its
 * stylesheet at `GET /docs/docs.css`.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { projectPath } from '../project-root';
import { renderDocsPage } from '../api-docs/page';
import { DOCS_CSS } from '../api-docs/styles';

const CONTRACT_PATH = projectPath('openapi', 'openapi.yaml');

export default async function docsRoutes(app: FastifyInstance): Promise<void> {
  // Read and rendered at the first request for them, then kept: loading the YAML parser and parsing the contract at
  // startup cost about a tenth of the embedded server's reopen (issue 15).
  let rendered: { json: string; html: string } | null = null;
  const contract = async () => {
    if (!rendered) {
      const { parse } = await import('yaml');
      const document = parse(readFileSync(CONTRACT_PATH, 'utf8')) as Record<string, unknown>;
      rendered = { json: JSON.stringify(document), html: renderDocsPage(document) };
    }
    return rendered;
  };

  app.get('/openapi.json', async (_request, reply) => {
    return reply.type('application/json; charset=utf-8').send((await contract()).json);
  });
  app.get('/docs', async (_request, reply) => {
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send((await contract()).html);
  });
  app.get('/docs/docs.css', async (_request, reply) => {
    return reply.type('text/css; charset=utf-8').header('Cache-Control', 'no-cache').send(DOCS_CSS);
  });
}
