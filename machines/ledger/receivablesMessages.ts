import { MAX_LIST_PAGE } from '../validation/queryValues';
import { AGING_BUCKETS, RECEIVABLES_PAYER_MAX_LENGTH } from './constants';

/**
 * The page size and pt-BR messages of 'A receber' (./receivablesSchemas.ts has the schemas), without arktype: the server
 * uses them without loading the schemas at start (issue 41, goal 5).
 */

/** Rows per page of the list. */
export const RECEIVABLES_PAGE_SIZE = 50;

const MAX_PAGE = MAX_LIST_PAGE;
const PAYER_MAX_LENGTH = RECEIVABLES_PAYER_MAX_LENGTH;

export const RECEIVABLES_MESSAGES = {
  invalidBucket: `Faixa inválida: use ${AGING_BUCKETS.join(', ')}.`,
  invalidAppeals: 'O filtro appeals aceita apenas 1 (ou true) para ligar.',
  invalidMedic: 'Médico inválido.',
  medicNotFound: 'Médico não encontrado.',
  invalidAsOf: 'Data de posição inválida: use o formato aaaa-mm-dd.',
  invalidReason: 'Motivo de glosa inválido: informe o código TISS de 4 dígitos.',
  invalidPage: `A página deve ser um número inteiro de 1 a ${MAX_PAGE}.`,
  payerTooLong: `O pagador deve ter no máximo ${PAYER_MAX_LENGTH} caracteres.`,
} as const;
