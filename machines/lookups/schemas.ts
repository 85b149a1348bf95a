import { type } from 'arktype';
import { int4OfText, SEARCH_MAX_LENGTH, SEARCH_TOO_LONG } from '../validation/fields';

/**
 * The lookups' queries (openapi listHealthPlans, listHospitals, listProcedures, listCids; SPEC §7): an optional
 * `search` (case- and accent-insensitive, every word) and, for procedures, the `table` filter. Other parameters
 * are ignored, as a browser's cache-busting ones would be.
 */

const PROCEDURE_TABLES = ['tuss', 'sigtap'] as const;
export type ProcedureTable = (typeof PROCEDURE_TABLES)[number];

const QUERY_MESSAGES = {
  repeated: 'Parâmetro repetido na consulta.',
  invalidTable: 'Tabela inválida: use tuss ou sigtap.',
  medicUnknown: 'Médico não encontrado.',
} as const;

const Q = QUERY_MESSAGES;

/** One query parameter's text, trimmed; a repeated parameter (a list) is refused. */
export const queryText = type('string | string[]').pipe((value, ctx) =>
  Array.isArray(value) ? ctx.error({ message: Q.repeated }) : value.trim(),
);

/** The `search` text: '' when absent, at most SEARCH_MAX_LENGTH characters. */
export const searchParam = queryText.pipe((search, ctx) =>
  search.length > SEARCH_MAX_LENGTH ? ctx.error({ message: SEARCH_TOO_LONG }) : search,
);

export const lookupQuerySchema = type({ 'search?': searchParam });

/**
 * The hospitals' query: `search`, and `medic` to list only what that medic's cases may use (the shared list and his
 * office's own), for a secretary of several medics registering a case of one of them. A `medic` that is not one of
 * the user's is 'Médico não encontrado.' (checked by the server).
 */
export const hospitalQuerySchema = type({
  'search?': searchParam,
  'medic?': queryText.pipe((raw, ctx) => (raw === '' ? null : (int4OfText(raw) ?? ctx.error({ message: Q.medicUnknown })))),
});

export const procedureQuerySchema = type({
  'search?': searchParam,
  'table?': queryText
    .pipe((raw) => raw || null)
    .to(type.enumerated(...PROCEDURE_TABLES, null).configure({ message: Q.invalidTable })),
});
