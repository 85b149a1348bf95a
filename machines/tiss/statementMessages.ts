import { TISS_VERSION } from './tissDomains';

/**
 * The pt-BR refusals of a statement file (issue 38, item 4): each names the problem in words a secretary reads, and
 * the line when there is one. The parser (./statementParser.ts) and the server's XSD check
 * (server/services/tiss/xsd-validate.ts) throw them as StatementFileError; the import answers 400 with `message`.
 */

/** The size limit of a statement file, in bytes (10 MiB: a plan's monthly statement of hundreds of guides is < 2 MB). */
export const MAX_STATEMENT_BYTES = 10 * 1024 * 1024;

/** Megabytes as pt-BR text with one decimal ('10,5'). */
function megabytes(bytes: number): string {
  return (Math.round((bytes / (1024 * 1024)) * 10) / 10).toLocaleString('pt-BR');
}

export const STATEMENT_MESSAGES = {
  tooLarge: (bytes: number) =>
    `O arquivo é grande demais (${megabytes(bytes)} MB): um demonstrativo pode ter no máximo ${megabytes(MAX_STATEMENT_BYTES)} MB.`,
  empty: 'O arquivo está vazio.',
  doctype:
    'O arquivo traz uma declaração DOCTYPE ou ENTITY, que um arquivo TISS nunca traz: recusado por segurança (pode ser um arquivo malicioso).',
  encoding: (name: string) => `O arquivo não é um XML válido: a codificação "${name}" não é aceita (use ISO-8859-1 ou UTF-8).`,
  badBytes: (encoding: string) => `O arquivo não é um XML válido: há caracteres inválidos para a codificação ${encoding}.`,
  notXml: (line: number) => `O arquivo não é um XML válido (linha ${line}).`,
  truncated: 'O arquivo está incompleto: o XML termina antes de fechar seus elementos (o arquivo foi cortado?).',
  tooDeep: (line: number) => `O arquivo não é um demonstrativo TISS: elementos demais ou aninhados demais (linha ${line}).`,
  notTiss: 'O arquivo não é um demonstrativo TISS: não é uma mensagem do padrão TISS da ANS.',
  notStatement: (what: string) => `O arquivo não é um demonstrativo TISS: é ${what}.`,
  planError: (code: string, description: string | null) =>
    `O arquivo não traz um demonstrativo: o plano respondeu com o erro ${code}${description ? ` (${description})` : ''}.`,
  version: (version: string) =>
    `Versão TISS ${version || '(não informada)'} não suportada: o sistema lê demonstrativos na versão ${TISS_VERSION}. Peça ao plano o arquivo na versão ${TISS_VERSION}.`,
  missing: (element: string, parent: string, line: number) =>
    `O arquivo não segue o padrão TISS ${TISS_VERSION} (linha ${line}): falta o elemento ${element} em ${parent}.`,
  badValue: (element: string, value: string, line: number) =>
    `O arquivo não segue o padrão TISS ${TISS_VERSION} (linha ${line}): valor inválido em ${element}: "${value.slice(0, 40)}".`,
  schema: (line: number | null, detail: string) =>
    `O arquivo não segue o padrão TISS ${TISS_VERSION}${line === null ? '' : ` (linha ${line})`}: ${detail}`,
} as const;

/** Which check refused the file. */
export type StatementFileErrorKind =
  | 'tooLarge'
  | 'doctype'
  | 'encoding'
  | 'notXml'
  | 'truncated'
  | 'notTiss'
  | 'notStatement'
  | 'version'
  | 'structure'
  | 'schema';

/** A refused statement file: `message` is the pt-BR text to show; `line` the file's line when known. */
export class StatementFileError extends Error {
  constructor(
    readonly kind: StatementFileErrorKind,
    message: string,
    readonly line: number | null = null,
  ) {
    super(message);
    this.name = 'StatementFileError';
  }
}
