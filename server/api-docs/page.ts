/**
 * The API contract as one readable HTML page: a table of contents, the operations grouped by tag (parameters, body,
 * responses), then every named schema. The page is self-contained and passes the app's strict CSP: no scripts, no
 * external resources, no inline styles; its stylesheet (./styles.ts) is served beside it.
 */
import { esc, inline, markdown, slug } from './markdown';
import { RenderContext, type Json } from './schemas';

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'] as const;

interface Operation {
  method: string;
  path: string;
  op: Json;
  pathParams: Json[];
}

/** Renders the whole contract (openapi.yaml parsed) as one HTML page. */
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
