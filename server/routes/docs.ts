/**
 * The API contract for people: `GET /openapi.json` (openapi/openapi.yaml as JSON) and `GET /docs`, a readable
 * HTML page rendered on the server once at startup. The page is self-contained and CSP-friendly: no scripts,
 * no external resources, no inline styles; its CSS is served by `GET /docs/docs.css`.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { parse } from 'yaml';

const CONTRACT_URL = new URL('../../openapi/openapi.yaml', import.meta.url);
const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'] as const;

type Json = Record<string, unknown>;

export default async function docsRoutes(app: FastifyInstance): Promise<void> {
  const document = parse(readFileSync(CONTRACT_URL, 'utf8')) as Json;
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

/* ------------------------------------------------------------------------------------------ page */

interface Operation {
  method: string;
  path: string;
  op: Json;
  pathParams: Json[];
}

/** Renders the whole contract as one HTML page (exported for tests). */
export function renderDocsPage(document: Json): string {
  const ctx = new RenderContext(document);
  const info = (document.info ?? {}) as Json;
  const title = String(info.title ?? 'API');
  const operations = collectOperations(document);
  const tagOrder = ((document.tags ?? []) as Json[]).map((t) => String(t.name));
  const tagDescriptions = new Map(((document.tags ?? []) as Json[]).map((t) => [String(t.name), String(t.description ?? '')]));
  const groups = new Map<string, Operation[]>();
  for (const name of tagOrder) groups.set(name, []);
  for (const operation of operations) {
    const tag = String(((operation.op.tags ?? []) as unknown[])[0] ?? 'Outros');
    if (!groups.has(tag)) groups.set(tag, []);
    groups.get(tag)!.push(operation);
  }

  const toc = [...groups.entries()]
    .filter(([, ops]) => ops.length > 0)
    .map(
      ([tag, ops]) =>
        `<li><a href="#tag-${slug(tag)}">${esc(tag)}</a><ul>${ops
          .map(
            (o) =>
              `<li><a href="#op-${esc(String(o.op.operationId))}"><span class="method method-${o.method}">${o.method.toUpperCase()}</span> <code>${esc(o.path)}</code></a></li>`,
          )
          .join('')}</ul></li>`,
    )
    .join('');

  const sections = [...groups.entries()]
    .filter(([, ops]) => ops.length > 0)
    .map(
      ([tag, ops]) => `<section class="tag" id="tag-${slug(tag)}">
<h2>${esc(tag)}</h2>
${tagDescriptions.get(tag) ? `<p class="tag-description">${inline(tagDescriptions.get(tag)!)}</p>` : ''}
${ops.map((o) => renderOperation(ctx, o)).join('\n')}
</section>`,
    )
    .join('\n');

  const schemas = (((document.components ?? {}) as Json).schemas ?? {}) as Record<string, Json>;
  const schemaSection = Object.entries(schemas)
    .map(
      ([name, schema]) => `<section class="schema" id="schema-${esc(name)}">
<h3><code>${esc(name)}</code></h3>
${schema.description ? `<div class="description">${markdown(String(schema.description))}</div>` : ''}
${ctx.schemaBody(schema, 0)}
</section>`,
    )
    .join('\n');

  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} — documentação</title>
<link rel="stylesheet" href="docs/docs.css">
</head>
<body>
<header class="page-header">
<h1>${esc(title)} <span class="version">v${esc(String(info.version ?? ''))}</span></h1>
<p class="links"><a href="openapi.json">openapi.json</a> · OpenAPI ${esc(String(document.openapi ?? ''))}</p>
</header>
<div class="layout">
<nav class="toc" aria-label="Operações"><h2>Operações</h2><ul>${toc}<li><a href="#schemas">Esquemas</a></li></ul></nav>
<main>
<section class="intro">${markdown(String(info.description ?? ''))}</section>
${sections}
<section class="schemas" id="schemas">
<h2>Esquemas</h2>
${schemaSection}
</section>
</main>
</div>
</body>
</html>
`;
}

function collectOperations(document: Json): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (op) out.push({ method, path, op, pathParams: (item.parameters ?? []) as Json[] });
    }
  }
  return out;
}

function renderOperation(ctx: RenderContext, { method, path, op, pathParams }: Operation): string {
  const id = String(op.operationId ?? `${method}-${path}`);
  const security = describeSecurity(ctx.document, op);
  const roles = (op['x-roles'] ?? []) as string[];
  const parameters = [...pathParams, ...((op.parameters ?? []) as Json[])].map((p) => ctx.resolve(p));
  const parts: string[] = [];
  parts.push(`<article class="operation" id="op-${esc(id)}">`);
  parts.push(
    `<h3><span class="method method-${method}">${method.toUpperCase()}</span> <code class="path">${esc(path)}</code></h3>`,
  );
  if (op.summary) parts.push(`<p class="summary">${inline(String(op.summary))}</p>`);
  parts.push(
    `<dl class="meta"><dt>operationId</dt><dd><code>${esc(id)}</code></dd><dt>Acesso</dt><dd>${esc(security)}</dd>${
      roles.length ? `<dt>Papéis</dt><dd>${roles.map((r) => `<code>${esc(r)}</code>`).join(', ')}</dd>` : ''
    }</dl>`,
  );
  if (op.description) parts.push(`<div class="description">${markdown(String(op.description))}</div>`);

  if (parameters.length) {
    parts.push('<h4>Parâmetros</h4><table class="params"><thead><tr><th>Nome</th><th>Em</th><th>Tipo</th><th>Obrigatório</th><th>Descrição</th></tr></thead><tbody>');
    for (const p of parameters) {
      parts.push(
        `<tr><td><code>${esc(String(p.name))}</code></td><td>${esc(String(p.in))}</td><td>${ctx.typeLabel(
          (p.schema ?? {}) as Json,
        )}</td><td>${p.required ? 'sim' : 'não'}</td><td>${inline(String(p.description ?? ''))}</td></tr>`,
      );
    }
    parts.push('</tbody></table>');
  }

  if (op.requestBody) {
    const body = ctx.resolve(op.requestBody as Json);
    parts.push(`<h4>Corpo da requisição${body.required ? '' : ' (opcional)'}</h4>`);
    if (body.description) parts.push(`<p>${inline(String(body.description))}</p>`);
    parts.push(renderContent(ctx, (body.content ?? {}) as Record<string, Json>));
  }

  parts.push('<h4>Respostas</h4><ul class="responses">');
  for (const [status, rawResponse] of Object.entries((op.responses ?? {}) as Record<string, Json>)) {
    const response = ctx.resolve(rawResponse);
    const klass = status.startsWith('2') ? 'ok' : status.startsWith('4') ? 'client-error' : 'server-error';
    parts.push(`<li class="response"><span class="status status-${klass}">${esc(status)}</span> ${inline(String(response.description ?? ''))}`);
    const headers = (response.headers ?? {}) as Record<string, Json>;
    if (Object.keys(headers).length) {
      parts.push(
        `<ul class="headers">${Object.entries(headers)
          .map(([name, h]) => {
            const header = ctx.resolve(h);
            return `<li>Cabeçalho <code>${esc(name)}</code>: ${inline(String(header.description ?? ''))}</li>`;
          })
          .join('')}</ul>`,
      );
    }
    if (response.content) parts.push(renderContent(ctx, response.content as Record<string, Json>));
    parts.push('</li>');
  }
  parts.push('</ul></article>');
  return parts.join('\n');
}

function renderContent(ctx: RenderContext, content: Record<string, Json>): string {
  return Object.entries(content)
    .map(([mediaType, media]) => {
      const schema = (media.schema ?? {}) as Json;
      return `<div class="media"><p class="media-type"><code>${esc(mediaType)}</code> — ${ctx.typeLabel(schema)}</p>${ctx.schemaDetails(schema)}</div>`;
    })
    .join('');
}

function describeSecurity(document: Json, op: Json): string {
  const security = (op.security ?? document.security ?? []) as Json[];
  if (security.length === 0) {
    return op['x-roles'] && (op['x-roles'] as string[]).includes('signed-link')
      ? 'link assinado (expires + signature), sem Bearer'
      : 'público (sem autenticação)';
  }
  return security.map((s) => Object.keys(s).join(' + ')).join(' ou ') + ' (Authorization: Bearer <token>)';
}

/* --------------------------------------------------------------------------------------- schemas */

class RenderContext {
  constructor(readonly document: Json) {}

  /** Follows a local $ref (for parameters, responses, request bodies and headers). */
  resolve(node: Json): Json {
    let current = node;
    for (let i = 0; i < 20 && typeof current.$ref === 'string'; i++) current = this.target(current.$ref);
    return current;
  }

  private target(ref: string): Json {
    let node: unknown = this.document;
    for (const part of ref.replace(/^#\//, '').split('/')) {
      node = (node as Json | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    return (node ?? {}) as Json;
  }

  private refName(ref: string): string {
    return ref.split('/').pop() ?? ref;
  }

  /** A one-line type: `string (date) | null`, `array de Surgery`, a link to a named schema, enum values. */
  typeLabel(schema: Json): string {
    if (typeof schema.$ref === 'string') {
      const name = this.refName(schema.$ref);
      const target = this.target(schema.$ref);
      const values = Array.isArray(target.enum) ? ` ${enumLabel(target.enum)}` : '';
      return `<a class="schema-link" href="#schema-${esc(name)}">${esc(name)}</a>${values}`;
    }
    const variants = (schema.oneOf ?? schema.anyOf) as Json[] | undefined;
    if (variants) return variants.map((v) => this.typeLabel(v)).join(' <span class="or">|</span> ');
    if (schema.allOf) return (schema.allOf as Json[]).map((v) => this.typeLabel(v)).join(' &amp; ');
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [String(schema.type)] : [];
    const labels = types.map((t) => {
      if (t === 'array') return `array de ${schema.items ? this.typeLabel(schema.items as Json) : 'qualquer'}`;
      if (t === 'object' && schema.title) return `object <em>${esc(String(schema.title))}</em>`;
      return esc(t);
    });
    let label = labels.length ? labels.join(' <span class="or">|</span> ') : 'qualquer';
    if (schema.format) label += ` <span class="format">(${esc(String(schema.format))})</span>`;
    if (Array.isArray(schema.enum)) label += ` ${enumLabel(schema.enum)}`;
    const constraints = constraintLabel(schema);
    if (constraints) label += ` <span class="constraints">${constraints}</span>`;
    return label;
  }

  /** For an operation's body: a named schema's fields in a collapsed block, or an inline schema's fields. */
  schemaDetails(schema: Json): string {
    if (typeof schema.$ref === 'string') {
      const target = this.target(schema.$ref);
      const body = this.schemaBody(target, 1);
      if (!body) return '';
      return `<details class="schema-details"><summary>Campos de ${esc(this.refName(schema.$ref))}</summary>${body}</details>`;
    }
    return this.schemaBody(schema, 1);
  }

  /** Nested lists of an object's properties (named schemas inside are links, so nothing repeats endlessly). */
  schemaBody(schema: Json, depth: number): string {
    if (depth > 8) return '';
    if (typeof schema.$ref === 'string') return '';
    const variants = (schema.oneOf ?? schema.anyOf) as Json[] | undefined;
    if (variants && !schema.properties) {
      const bodies = variants.map((v) => this.schemaBody(v, depth + 1));
      // 'X | null' and unions of named schemas already read well in the type label.
      if (bodies.every((b) => b === '')) return '';
      const inner = variants.map((v, i) => `<li>${this.typeLabel(v)}${bodies[i]}</li>`).join('');
      return `<p class="variants-title">${schema.oneOf ? 'Exatamente um de' : 'Um ou mais de'}:</p><ul class="variants">${inner}</ul>`;
    }
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type];
    if (types.includes('array') && schema.items) {
      const items = schema.items as Json;
      if (items.$ref) return '';
      const body = this.schemaBody(items, depth + 1);
      return body ? `<p class="items-title">Cada item:</p>${body}` : '';
    }
    const properties = schema.properties as Record<string, Json> | undefined;
    const additional = schema.additionalProperties;
    if (!properties && (additional === undefined || typeof additional === 'boolean')) {
      return !properties && types.includes('object') && additional === false ? '<p class="note">Objeto vazio.</p>' : '';
    }
    const required = new Set((schema.required ?? []) as string[]);
    const items: string[] = [];
    for (const [name, prop] of Object.entries(properties ?? {})) {
      const description = prop.description;
      items.push(
        `<li><code class="prop">${esc(name)}</code> ${this.typeLabel(prop)}${
          required.has(name) ? ' <span class="required">obrigatório</span>' : ' <span class="optional">opcional</span>'
        }${description ? ` — ${inline(String(description))}` : ''}${this.schemaBody(prop, depth + 1)}</li>`,
      );
    }
    if (additional && typeof additional === 'object') {
      items.push(`<li><em>outras chaves</em>: ${this.typeLabel(additional as Json)}</li>`);
    } else if (additional === false && properties) {
      items.push('<li class="note">Nenhum outro campo.</li>');
    }
    return `<ul class="props">${items.join('')}</ul>`;
  }
}

function enumLabel(values: unknown[]): string {
  return `<span class="enum">∈ {${values.map((v) => `<code>${esc(JSON.stringify(v))}</code>`).join(', ')}}</span>`;
}

function constraintLabel(schema: Json): string {
  const out: string[] = [];
  const add = (key: string, label: string) => {
    if (schema[key] !== undefined) out.push(`${label} ${esc(String(schema[key]))}`);
  };
  add('minLength', 'mín. caracteres');
  add('maxLength', 'máx. caracteres');
  add('minimum', '≥');
  add('maximum', '≤');
  add('minItems', 'mín. itens');
  add('maxItems', 'máx. itens');
  if (schema.pattern !== undefined) out.push(`padrão <code>${esc(String(schema.pattern))}</code>`);
  return out.length ? `[${out.join('; ')}]` : '';
}

/* -------------------------------------------------------------------------------------- markdown */

function esc(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Inline markdown: `code` and **bold**, everything else escaped. */
function inline(text: string): string {
  return text
    .split('`')
    .map((chunk, i) => (i % 2 === 1 ? `<code>${esc(chunk)}</code>` : esc(chunk).replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')))
    .join('');
}

/** The small markdown subset the descriptions use: paragraphs, '- ' lists, pipe tables, inline code and bold. */
function markdown(text: string): string {
  const out: string[] = [];
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  let paragraph: string[] = [];
  let list: string[] = [];
  let table: string[][] = [];

  const flushParagraph = () => {
    if (paragraph.length) out.push(`<p>${inline(paragraph.join(' '))}</p>`);
    paragraph = [];
  };
  const flushList = () => {
    if (list.length) out.push(`<ul>${list.map((item) => `<li>${inline(item)}</li>`).join('')}</ul>`);
    list = [];
  };
  const flushTable = () => {
    if (table.length) {
      const [head, ...rows] = table;
      out.push(
        `<table class="md-table"><thead><tr>${head!.map((c) => `<th>${inline(c)}</th>`).join('')}</tr></thead><tbody>${rows
          .map((r) => `<tr>${r.map((c) => `<td>${inline(c)}</td>`).join('')}</tr>`)
          .join('')}</tbody></table>`,
      );
    }
    table = [];
  };
  const flushAll = () => {
    flushParagraph();
    flushList();
    flushTable();
  };

  for (const rawLine of lines) {
    const line = rawLine.trimEnd();
    const trimmed = line.trim();
    if (trimmed === '') {
      flushAll();
      continue;
    }
    if (trimmed.startsWith('|')) {
      flushParagraph();
      flushList();
      const cells = trimmed.replace(/^\||\|$/g, '').split('|').map((c) => c.trim());
      if (cells.every((c) => /^:?-{2,}:?$/.test(c))) continue;
      table.push(cells);
      continue;
    }
    flushTable();
    if (/^- /.test(trimmed) && !/^\s{4,}/.test(line)) {
      flushParagraph();
      list.push(trimmed.slice(2));
      continue;
    }
    if (list.length && /^\s+/.test(line)) {
      list[list.length - 1] += ` ${trimmed}`;
      continue;
    }
    flushList();
    paragraph.push(trimmed);
  }
  flushAll();
  return out.join('\n');
}

/* ------------------------------------------------------------------------------------------- css */

const DOCS_CSS = `:root {
  --bg: #f7f8fa; --fg: #1d2330; --muted: #5b6475; --card: #ffffff; --line: #dfe3ea; --accent: #0b5cad;
  --get: #1f7a4d; --post: #0b5cad; --put: #a15c00; --delete: #b3261e; --patch: #6b3fa0;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); line-height: 1.5; font-size: 15px; }
a { color: var(--accent); }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.92em; background: #eef1f5; padding: 0 0.25em; border-radius: 3px; }
.page-header { padding: 1.25rem 2rem; background: var(--card); border-bottom: 1px solid var(--line); }
.page-header h1 { margin: 0; font-size: 1.6rem; }
.version { font-size: 0.9rem; color: var(--muted); font-weight: normal; }
.links { margin: 0.25rem 0 0; color: var(--muted); }
.layout { display: grid; grid-template-columns: minmax(220px, 320px) 1fr; gap: 1.5rem; padding: 1.5rem 2rem; }
.toc { position: sticky; top: 1rem; align-self: start; max-height: calc(100vh - 2rem); overflow: auto; background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 0.75rem 1rem; font-size: 0.85rem; }
.toc h2 { font-size: 1rem; margin: 0 0 0.5rem; }
.toc ul { list-style: none; padding-left: 0; margin: 0; }
.toc ul ul { padding-left: 0.5rem; margin-bottom: 0.5rem; }
.toc a { text-decoration: none; }
.toc code { background: none; padding: 0; word-break: break-all; }
main { min-width: 0; }
.intro, .operation, .schema { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 1rem 1.25rem; margin-bottom: 1rem; }
.tag > h2, .schemas > h2 { margin: 1.5rem 0 0.25rem; }
.tag-description { color: var(--muted); margin-top: 0; }
.operation h3 { margin: 0 0 0.25rem; font-size: 1.1rem; display: flex; gap: 0.5rem; align-items: center; flex-wrap: wrap; }
.path { word-break: break-all; }
.summary { margin: 0.25rem 0; font-weight: 600; }
.method { display: inline-block; min-width: 4.2em; text-align: center; color: #fff; border-radius: 4px; padding: 0.05em 0.4em; font-size: 0.8rem; font-weight: 700; letter-spacing: 0.03em; }
.method-get { background: var(--get); } .method-post { background: var(--post); } .method-put { background: var(--put); }
.method-delete { background: var(--delete); } .method-patch { background: var(--patch); }
.meta { display: grid; grid-template-columns: max-content 1fr; gap: 0.1rem 0.75rem; margin: 0.5rem 0; font-size: 0.9rem; color: var(--muted); }
.meta dt { font-weight: 600; } .meta dd { margin: 0; }
.description p { margin: 0.4rem 0; }
h4 { margin: 1rem 0 0.4rem; font-size: 0.95rem; text-transform: uppercase; letter-spacing: 0.04em; color: var(--muted); }
table { border-collapse: collapse; width: 100%; font-size: 0.9rem; margin: 0.5rem 0; }
th, td { border: 1px solid var(--line); padding: 0.3rem 0.5rem; text-align: left; vertical-align: top; }
th { background: #f0f2f6; }
.responses { list-style: none; padding-left: 0; }
.response { margin-bottom: 0.6rem; }
.status { display: inline-block; min-width: 3em; text-align: center; font-weight: 700; border-radius: 4px; padding: 0 0.3em; }
.status-ok { background: #dff3e7; color: #155e3a; } .status-client-error { background: #fdebd3; color: #7a4300; } .status-server-error { background: #fbe0de; color: #8c1d18; }
.media { margin: 0.25rem 0 0 1rem; }
.media-type { margin: 0.25rem 0; }
.props, .variants, .headers { margin: 0.25rem 0; padding-left: 1.25rem; }
.props li { margin: 0.15rem 0; }
.prop { font-weight: 600; }
.required { color: #8c1d18; font-size: 0.8rem; } .optional { color: var(--muted); font-size: 0.8rem; }
.format, .constraints, .enum { color: var(--muted); font-size: 0.85rem; }
.or { color: var(--muted); }
.note { color: var(--muted); font-style: italic; }
details.schema-details { margin: 0.25rem 0; }
details.schema-details > summary { cursor: pointer; color: var(--accent); }
.schema h3 { margin: 0 0 0.25rem; }
@media (max-width: 768px) { .layout { grid-template-columns: 1fr; padding: 1rem; } .toc { position: static; max-height: none; } }
`;
