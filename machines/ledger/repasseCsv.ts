import { brDateToIso, isRealIsoDate } from '../patientWizard/patientFields';
import { isValidCnpj } from '../rules/cnpj';
import { onlyDigits } from '../rules/cpf';
import { numberKey } from '../tiss/statementMatching';
import { RECEIPT_PAYERS, type ReceiptPayer } from './constants';

/**
 * The repasse of a payer that sends no TISS XML (a hospital, a cooperative: issue 38 item 3; docs/TISS.md "Repasse"),
 * read from the CSV it sends or the secretary types in Excel: one line per guide, with the guide's number and the
 * gross amount paid, and optionally the day paid and the taxes withheld on it. Pure: the server decodes the bytes
 * (repasseCsvText) and matches and posts the lines; the same rules read the file in tests.
 *
 * The file:
 * - A header line names the columns, in any order, in any case, with or without accents: 'Guia' and 'Valor' are
 *   required; 'Data', 'IRRF', 'ISS', 'PIS/COFINS/CSLL' and 'Paciente' are read when present; other columns are ignored.
 * - Separated by ';' (Excel pt-BR's), ',' or a tab: the one the header line uses. A cell may be quoted ("…", with ""
 *   for a quote inside).
 * - Amounts as Excel pt-BR writes them ('1.234,56', 'R$ 1.234,56') or with a decimal point ('1234.56'); dates
 *   dd/mm/aaaa or aaaa-mm-dd.
 * - UTF-8 (with or without BOM) or Windows-1252 (Excel's 'CSV (separado por vírgulas)').
 * Blank lines are skipped. A line with a bad cell refuses the whole file, naming the line: nothing is posted from a
 * file half read.
 */

/** The largest repasse file read (a month of a busy office is a few hundred lines). */
export const MAX_REPASSE_BYTES = 1024 * 1024;
/** The most guide lines a repasse file may have. */
export const MAX_REPASSE_LINES = 5000;

export type RepasseLine = {
  /** The file's line number (1 is the header). */
  line: number;
  guideNumber: string;
  /** The gross amount paid for the guide (before the withholdings), centavos, > 0. */
  amountCents: number;
  /** The day paid, when the file gives one (else the deposit's day). */
  paidOn: string | null;
  irrfCents: number;
  issCents: number;
  pisCofinsCsllCents: number;
  patientName: string | null;
};

/**
 * The model offered beside the form ('Baixar modelo (CSV)'): every column the file may have, as Excel pt-BR writes
 * them, and one example line, which these rules read (tests/unit/machines/ledger/repasseCsv.test.ts).
 */
export const REPASSE_CSV_TEMPLATE = ['Guia;Paciente;Data;Valor;IRRF;ISS;PIS/COFINS/CSLL', '12345;Maria da Conceição;05/03/2026;1.500,00;22,50;;69,75', ''].join('\r\n');

export const REPASSE_CSV_MESSAGES = {
  empty: 'O arquivo está vazio.',
  tooLarge: 'O arquivo tem mais de 1 MB: divida o repasse em arquivos menores.',
  notText: 'O arquivo não é um CSV (texto separado por ponto e vírgula).',
  noHeader: 'A primeira linha deve nomear as colunas, com pelo menos "Guia" e "Valor".',
  noLines: 'O arquivo não tem nenhuma linha de guia.',
  tooManyLines: `O arquivo tem mais de ${MAX_REPASSE_LINES} guias: divida o repasse em arquivos menores.`,
  unclosedQuote: (line: number) => `Linha ${line}: aspas sem fechamento.`,
  guideMissing: (line: number) => `Linha ${line}: informe o número da guia.`,
  amountInvalid: (line: number, column: string, text: string) => `Linha ${line}: valor "${text}" inválido na coluna ${column}.`,
  amountZero: (line: number) => `Linha ${line}: o valor deve ser maior que zero.`,
  withholdingAboveAmount: (line: number) => `Linha ${line}: os impostos retidos são maiores que o valor.`,
  dateInvalid: (line: number, text: string) => `Linha ${line}: data "${text}" inválida (use dd/mm/aaaa).`,
  duplicateGuide: (guide: string, first: number, line: number) => `A guia ${guide} aparece duas vezes (linhas ${first} e ${line}).`,
} as const;

const M = REPASSE_CSV_MESSAGES;

export class RepasseCsvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RepasseCsvError';
  }
}

/** The bytes as text: UTF-8 when they are valid UTF-8 (BOM dropped), else Windows-1252. Refuses binary files. */
export function repasseCsvText(bytes: Uint8Array): string {
  if (bytes.length === 0) throw new RepasseCsvError(M.empty);
  if (bytes.length > MAX_REPASSE_BYTES) throw new RepasseCsvError(M.tooLarge);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  // eslint-disable-next-line no-control-regex -- a NUL or another C0 control (tab, CR, LF aside) is a binary file
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text)) throw new RepasseCsvError(M.notText);
  return text;
}

type Column = 'guide' | 'amount' | 'date' | 'irrf' | 'iss' | 'pisCofinsCsll' | 'patient';

/** A header cell as compared: lower case, no accents, letters and digits only ('Nº da Guia' → 'ndaguia'). */
const headerKey = (cell: string) =>
  cell
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const HEADER_NAMES: Record<Column, readonly string[]> = {
  guide: ['guia', 'numeroguia', 'numerodaguia', 'nguia', 'ndaguia', 'guiaprestador', 'numeroguiaprestador'],
  amount: ['valor', 'valorbruto', 'bruto', 'valorpago', 'valorrepasse', 'valordorepasse'],
  date: ['data', 'datapagamento', 'datadopagamento', 'pagoem', 'datarepasse', 'datadorepasse'],
  irrf: ['irrf'],
  iss: ['iss'],
  pisCofinsCsll: ['piscofinscsll', 'pcc', 'csrf'],
  patient: ['paciente', 'nomedopaciente', 'nomepaciente', 'beneficiario'],
};

/** The column labels named in messages (as the header should read). */
const COLUMN_LABELS: Record<Column, string> = {
  guide: 'Guia',
  amount: 'Valor',
  date: 'Data',
  irrf: 'IRRF',
  iss: 'ISS',
  pisCofinsCsll: 'PIS/COFINS/CSLL',
  patient: 'Paciente',
};

/** A line's cells split by `separator`, quotes honoured; null when a quote is left open. */
function splitCells(text: string, separator: string): string[] | null {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (char === separator) {
      cells.push(cell.trim());
      cell = '';
    } else cell += char;
  }
  if (quoted) return null;
  cells.push(cell.trim());
  return cells;
}

/**
 * An amount cell as centavos, or null when it is not an amount. '' is 0 (an empty withholding). Accepts '1.234,56',
 * '1234,56', 'R$ 1.234,56', '1234.56', '1,234.56' is refused (ambiguous in a pt-BR file), '1.234' is 1.234,00.
 */
export function repasseCents(cell: string): number | null {
  const text = cell.replace(/^R\$/i, '').replace(/[\s\u00a0]/g, '');
  if (text === '') return 0;
  let integer: string;
  let decimals = '';
  if (/^\d{1,3}(\.\d{3})*,\d{1,2}$|^\d+,\d{1,2}$/.test(text)) [integer, decimals] = text.replace(/\./g, '').split(',') as [string, string];
  else if (/^\d{1,3}(\.\d{3})+$/.test(text)) integer = text.replace(/\./g, '');
  else if (/^\d+(\.\d{1,2})?$/.test(text)) [integer, decimals = ''] = text.split('.') as [string, string?];
  else return null;
  if (integer.length > 10) return null;
  return Number(integer) * 100 + Number(decimals.padEnd(2, '0'));
}

/** A date cell (dd/mm/aaaa or aaaa-mm-dd) as yyyy-MM-dd; '' is null; undefined when it is not a date. */
function repasseDate(cell: string): string | null | undefined {
  if (cell === '') return null;
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(cell);
  const iso = br ? `${br[3]}-${br[2]!.padStart(2, '0')}-${br[1]!.padStart(2, '0')}` : cell;
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) && isRealIsoDate(iso) ? iso : undefined;
}

/** The file's guide lines, or RepasseCsvError naming the first problem (and its line). */
export function parseRepasseCsv(text: string): RepasseLine[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const headerIndex = lines.findIndex((line) => line.trim() !== '');
  if (headerIndex < 0) throw new RepasseCsvError(M.empty);
  const headerLine = lines[headerIndex]!;
  const separator = [';', '\t', ','].find((candidate) => headerLine.includes(candidate)) ?? ';';
  const header = splitCells(headerLine, separator) ?? [];
  const columns = new Map<Column, number>();
  header.forEach((cell, index) => {
    const key = headerKey(cell);
    const column = (Object.keys(HEADER_NAMES) as Column[]).find((name) => HEADER_NAMES[name].includes(key));
    if (column && !columns.has(column)) columns.set(column, index);
  });
  if (!columns.has('guide') || !columns.has('amount')) throw new RepasseCsvError(M.noHeader);

  const answer: RepasseLine[] = [];
  const seen = new Map<string, number>();
  for (let index = headerIndex + 1; index < lines.length; index += 1) {
    const raw = lines[index]!;
    if (raw.trim() === '') continue;
    const line = index + 1;
    const cells = splitCells(raw, separator);
    if (!cells) throw new RepasseCsvError(M.unclosedQuote(line));
    if (cells.every((cell) => cell === '')) continue;
    const cell = (column: Column) => {
      const at = columns.get(column);
      return at === undefined ? '' : (cells[at] ?? '');
    };
    const guideNumber = cell('guide');
    if (guideNumber === '') throw new RepasseCsvError(M.guideMissing(line));
    const money = (column: Column) => {
      const cents = repasseCents(cell(column));
      if (cents === null) throw new RepasseCsvError(M.amountInvalid(line, COLUMN_LABELS[column], cell(column)));
      return cents;
    };
    const amountCents = money('amount');
    if (amountCents <= 0) throw new RepasseCsvError(M.amountZero(line));
    const [irrfCents, issCents, pisCofinsCsllCents] = [money('irrf'), money('iss'), money('pisCofinsCsll')];
    if (irrfCents + issCents + pisCofinsCsllCents > amountCents) throw new RepasseCsvError(M.withholdingAboveAmount(line));
    const paidOn = repasseDate(cell('date'));
    if (paidOn === undefined) throw new RepasseCsvError(M.dateInvalid(line, cell('date')));
    const key = numberKey(guideNumber);
    const first = seen.get(key);
    if (first !== undefined) throw new RepasseCsvError(M.duplicateGuide(guideNumber, first, line));
    seen.set(key, line);
    if (answer.length >= MAX_REPASSE_LINES) throw new RepasseCsvError(M.tooManyLines);
    answer.push({ line, guideNumber, amountCents, paidOn, irrfCents, issCents, pisCofinsCsllCents, patientName: cell('patient') || null });
  }
  if (answer.length === 0) throw new RepasseCsvError(M.noLines);
  return answer;
}

/** Who paid the repasse and when (the form beside the file): the receipts' payer, name, CNPJ and deposit day. */
export type RepassePayer = { payer: ReceiptPayer; payerName: string; payerDocument: string; receivedOn: string };

/** The payers a repasse comes from (a patient's payment is not a repasse). */
export const REPASSE_PAYERS = RECEIPT_PAYERS.filter((payer) => payer !== 'particular');

export const REPASSE_FORM_MESSAGES = {
  payer: 'Escolha quem pagou o repasse.',
  payerName: 'Informe o nome de quem pagou.',
  payerNameLong: 'O nome de quem pagou tem no máximo 120 caracteres.',
  payerDocument: 'Informe um CNPJ válido de quem pagou.',
  receivedOn: 'Informe a data do depósito (dd/mm/aaaa).',
  receivedOnFuture: 'A data do depósito não pode ser futura.',
} as const;

type FieldRead<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * Each field of the repasse form read from its text, or its pt-BR message: the same rules for the API's schema
 * (./repasseSchemas.ts) and the SPA's form (readRepassePayer, without arktype).
 */
export const REPASSE_FIELD_READERS = {
  payer(text: string): FieldRead<ReceiptPayer> {
    const payer = text.trim();
    return (REPASSE_PAYERS as readonly string[]).includes(payer) ? { ok: true, value: payer as ReceiptPayer } : { ok: false, message: REPASSE_FORM_MESSAGES.payer };
  },
  payerName(text: string): FieldRead<string> {
    const name = text.trim().replace(/\s+/g, ' ');
    if (name === '') return { ok: false, message: REPASSE_FORM_MESSAGES.payerName };
    return name.length > 120 ? { ok: false, message: REPASSE_FORM_MESSAGES.payerNameLong } : { ok: true, value: name };
  },
  payerDocument(text: string): FieldRead<string> {
    const digits = onlyDigits(text);
    return isValidCnpj(digits) ? { ok: true, value: digits } : { ok: false, message: REPASSE_FORM_MESSAGES.payerDocument };
  },
  /** dd/mm/aaaa or aaaa-mm-dd, not after `today` (America/Sao_Paulo). */
  receivedOn(text: string, today: string): FieldRead<string> {
    const day = text.trim();
    const iso = /^\d{4}-\d{2}-\d{2}$/.test(day) && isRealIsoDate(day) ? day : brDateToIso(day);
    if (iso === null) return { ok: false, message: REPASSE_FORM_MESSAGES.receivedOn };
    return iso > today ? { ok: false, message: REPASSE_FORM_MESSAGES.receivedOnFuture } : { ok: true, value: iso };
  },
};

/**
 * The repasse form's fields (payer, payer_name, payer_document, received_on) read, or the pt-BR problems per field.
 * `today`: the day in America/Sao_Paulo.
 */
export function readRepassePayer(
  fields: Record<string, string | undefined>,
  today: string,
): { ok: true; value: RepassePayer } | { ok: false; problems: Record<string, string[]> } {
  const R = REPASSE_FIELD_READERS;
  const reads = {
    payer: R.payer(fields.payer ?? ''),
    payer_name: R.payerName(fields.payer_name ?? ''),
    payer_document: R.payerDocument(fields.payer_document ?? ''),
    received_on: R.receivedOn(fields.received_on ?? '', today),
  };
  const problems: Record<string, string[]> = {};
  for (const [field, read] of Object.entries(reads)) if (!read.ok) problems[field] = [read.message];
  if (!reads.payer.ok || !reads.payer_name.ok || !reads.payer_document.ok || !reads.received_on.ok) return { ok: false, problems };
  return {
    ok: true,
    value: { payer: reads.payer.value, payerName: reads.payer_name.value, payerDocument: reads.payer_document.value, receivedOn: reads.received_on.value },
  };
}
