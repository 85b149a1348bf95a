import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import { isMap, isScalar, LineCounter, parse, parseDocument, visit } from 'yaml';
import { describe, expect, it } from 'vitest';

type Operation = { responses?: Record<string, { content?: Record<string, unknown>; headers?: Record<string, unknown> }> };

const CONTRACT = fileURLToPath(new URL('../../../openapi/openapi.yaml', import.meta.url));

describe('openapi/openapi.yaml', () => {
  it('is a valid OpenAPI 3.1 document when parsed as the server parses it', async () => {
    // Parsed with the `yaml` package, as server/routes/docs.ts does for GET /openapi.json, so what is checked is what
    // is served (an OpenAPI validator that parsed the file itself could read it differently).
    const document = parse(readFileSync(CONTRACT, 'utf8')) as Record<string, unknown>;
    const result = await new Validator().validate(document);
    expect(result.errors ?? [], 'the contract is not valid OpenAPI 3.1').toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents the Content-Disposition of every file an operation answers with', () => {
    // A download's name is part of what a client gets: every CSV, ZIP and DOCX answer says it, like the exports do.
    const document = parse(readFileSync(CONTRACT, 'utf8')) as { paths: Record<string, Record<string, Operation>> };
    const undocumented: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const ok = operation?.responses?.['200'];
        const types = Object.keys(ok?.content ?? {});
        const isFile = types.some((type) => /^(text\/csv|application\/zip|application\/vnd\.openxmlformats)/.test(type));
        if (isFile && !ok?.headers?.['Content-Disposition']) undocumented.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(undocumented).toEqual([]);
  });

  it('has no key without a value inside a { … } mapping', () => {
    // In a flow mapping an unquoted comma ends the value: `{ description: Até este dia, inclusive. }` reads as a
    // description "Até este dia" and a stray key "inclusive." with no value. The OpenAPI validator only sees such a key
    // where the object is closed (a parameter), not inside a schema or an example, so every flow mapping is checked.
    const lineCounter = new LineCounter();
    const document = parseDocument(readFileSync(CONTRACT, 'utf8'), { lineCounter });
    expect(document.errors).toEqual([]);
    const stray: string[] = [];
    visit(document, {
      Pair(_, pair, path) {
        const parent = path[path.length - 1];
        if (!isMap(parent) || !parent.flow) return;
        const value = pair.value;
        // A value written as `null` or `~` is meant; an absent one is a split text.
        const absent = value == null || (isScalar(value) && value.value === null && value.source === '');
        if (absent && isScalar(pair.key) && pair.key.range) {
          stray.push(`line ${lineCounter.linePos(pair.key.range[0]).line}: ${String(pair.key.value)}`);
        }
      },
    });
    expect(stray, 'quote the text that holds a comma or a colon').toEqual([]);
  });
});
