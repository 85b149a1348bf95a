/**
 * How the docs page shows a schema: a one-line type label (links to named schemas, enums, constraints) and nested
 * lists of an object's fields. Local `$ref`s are followed through the whole contract.
 */
import { esc, inline } from './markdown';

export type Json = Record<string, unknown>;

export class RenderContext {
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
