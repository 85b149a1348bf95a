import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  APPROVAL_VALUES,
  CASE_STATUSES,
  GENDERS,
  PAYMENT_SOURCES,
  PATIENT_DOCUMENT_KINDS,
  SURGERY_DOCUMENT_KINDS,
  USER_TYPES,
} from '../../../machines/constants';

// The parsed YAML is walked by path; its shape is what the test checks, so it is typed loosely on purpose.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const doc = parse(readFileSync(new URL('../../../openapi/openapi.yaml', import.meta.url), 'utf8')) as Json;
const schemas = doc.components.schemas as Record<string, Json>;

/** The named enum schemas of openapi.yaml and the tuple of machines/constants.ts each must equal. */
const NAMED_ENUMS: Record<string, readonly string[]> = {
  CaseStatus: CASE_STATUSES,
  PaymentSource: PAYMENT_SOURCES,
  UserType: USER_TYPES,
  Gender: GENDERS,
  ApprovalValue: APPROVAL_VALUES,
  SurgeryDocumentKind: SURGERY_DOCUMENT_KINDS,
  PatientDocumentKind: PATIENT_DOCUMENT_KINDS,
};

describe('openapi.yaml enums equal machines/constants.ts', () => {
  it.each(Object.entries(NAMED_ENUMS))('%s', (name, tuple) => {
    expect(schemas[name], `components.schemas.${name} is missing`).toBeDefined();
    expect(schemas[name]!.type).toBe('string');
    expect(schemas[name]!.enum).toEqual([...tuple]);
  });

  it('no other enum in the document copies those values (they must $ref the named schema)', () => {
    const tuples = Object.values(NAMED_ENUMS);
    const copies: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${at}/${i}`));
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node as Json)) {
        const copiesTuple =
          key === 'enum' && Array.isArray(value) && tuples.some((tuple) => value.every((v) => tuple.includes(v)));
        if (copiesTuple) {
          const named = Object.keys(NAMED_ENUMS).some((n) => at === `#/components/schemas/${n}`);
          if (!named) copies.push(at);
        }
        walk(value, `${at}/${key}`);
      }
    };
    walk(doc, '#');
    expect(copies).toEqual([]);
  });

  it('dashboard distribution has exactly the ten stage keys, all required', () => {
    const distribution = schemas.Dashboard!.properties.data.properties.distribution as Json;
    expect(Object.keys(distribution.properties)).toEqual([...CASE_STATUSES]);
    expect(distribution.required).toEqual([...CASE_STATUSES]);
    expect(distribution.additionalProperties).toBe(false);
  });

  it('the surgery list status__in pattern accepts exactly comma-separated stage keys', () => {
    const op = doc.paths['/surgery/api/v1/surgery/'].get as Json;
    const param = (op.parameters as Json[]).find((p) => p.name === 'status__in')!;
    const pattern = new RegExp(param.schema.pattern as string);
    for (const key of CASE_STATUSES) expect(pattern.test(key), key).toBe(true);
    expect(pattern.test(CASE_STATUSES.filter((s) => s !== 'concluido').join(','))).toBe(true);
    for (const bad of ['', 'foo', 'prep_doc,', ',prep_doc', 'prep_doc,,env_doc', 'Prep_doc', 'prep_doc env_doc']) {
      expect(pattern.test(bad), bad).toBe(false);
    }
    // The alternatives inside the pattern are the tuple itself, in order.
    const alternatives = /^\^\(([^)]*)\)/.exec(param.schema.pattern as string)![1]!.split('|');
    expect(alternatives).toEqual([...CASE_STATUSES]);
  });

  it('the Surgery document links and the upload form fields are the document kinds', () => {
    const surgery = schemas.Surgery!.properties as Json;
    for (const kind of SURGERY_DOCUMENT_KINDS) {
      expect(surgery[kind], `Surgery.${kind}`).toEqual({ $ref: '#/components/schemas/SignedLink' });
    }
    const nonFileParts = ['new_status', 'version', 'missing_documents_confirmed'];
    const form = Object.keys(schemas.SurgeryFilesForm!.properties).filter((k) => !nonFileParts.includes(k));
    expect(form).toEqual([...SURGERY_DOCUMENT_KINDS]);
  });
});
