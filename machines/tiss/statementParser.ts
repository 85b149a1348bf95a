import { SaxesParser } from 'saxes';
import { md5Hex } from './md5';
import { MAX_STATEMENT_BYTES, STATEMENT_MESSAGES, StatementFileError } from './statementMessages';
import type {
  AnaliseContaStatement,
  AnaliseGuide,
  AnaliseItem,
  AnaliseProtocol,
  DebitCredit,
  GlosaReason,
  PagamentoStatement,
  PaidGuide,
  PaidProtocol,
  PaymentByDate,
  StatementEnvelope,
  StatementHeader,
  StatementProvider,
  TissStatementMessage,
} from './statementTypes';
import {
  DEBIT_CREDIT_INDICATORS,
  DEBIT_CREDIT_TYPES,
  PARTICIPATION_LABELS,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
  PROCEDURE_TABLES,
  PROTOCOL_STATUSES,
  TISS_NAMESPACE,
  TISS_VERSION,
} from './tissDomains';
import type { ProviderId } from './types';

/**
 * Reads a health plan's TISS 4.01.00 statement file (mensagemTISS → operadoraParaPrestador → demonstrativosRetorno →
 * demonstrativoAnaliseConta | demonstrativoPagamento) into ./statementTypes.ts, or refuses it with a
 * StatementFileError whose message is pt-BR (./statementMessages.ts). Pure and platform-neutral.
 *
 * **Security first**, in this order, before any XML parsing: the size (MAX_STATEMENT_BYTES), the encoding (ISO-8859-1,
 * windows-1252, UTF-8, US-ASCII; anything else refused), and any `<!DOCTYPE` or `<!ENTITY` refused (a TISS message
 * never carries one; this stops entity-expansion bombs before a parser sees them). Then the parser never expands
 * anything but the five predefined entities and character references: an undefined `&name;` is an error.
 *
 * **Why saxes** (not fast-xml-parser): saxes is a strict XML 1.0 parser (jsdom's): it rejects any file that is not
 * well-formed, so a truncated file or a mismatched tag is an error at a line, not a silently partial tree (fast-xml-
 * parser's parser is lenient unless its separate validator runs); it resolves namespaces, so a plan's file is read by
 * the TISS namespace whatever prefix it uses (`ans:`, `tiss:` or none), where fast-xml-parser only strips prefixes;
 * it has no DTD or entity-declaration processing at all (its entities are the five predefined ones), where
 * fast-xml-parser parses DOCTYPE entities and has had advisories about it; and it is small, with one dependency.
 *
 * The XSD itself is checked on the server (server/services/tiss/xsd-validate.ts, libxml2 in WebAssembly); this reader
 * still checks what it maps (required elements, decimals, dates, codes of the tables it types), so it never returns
 * a half-read statement whichever order the caller runs the two in.
 */

/** Deeper nesting than any TISS message has (a statement's deepest element is at depth 11): refused. */
const MAX_DEPTH = 40;

/**
 * More elements than a statement within MAX_STATEMENT_BYTES has (its elements average over 30 bytes; 10 MB of the
 * smallest, `<a/>`, would be 2.6 million nodes in memory): refused, so a 10 MB file never costs more than ~100 MB of
 * tree.
 */
const MAX_ELEMENTS = 500_000;

/** An element of the file: its name (local name in the TISS namespace; `{uri}local` otherwise), children, text. */
type XmlNode = { name: string; line: number; children: XmlNode[]; text: string };

/** The file's declared encoding (XML declaration), lowercased; null when there is no declaration or no encoding. */
function declaredEncoding(bytes: Uint8Array): string | null {
  let head = '';
  for (let index = 0; index < Math.min(bytes.length, 256); index += 1) head += String.fromCharCode(bytes[index]!);
  const declaration = /^<\?xml\s[^>]*?\?>/.exec(head)?.[0];
  if (!declaration) return null;
  return /\sencoding\s*=\s*["']([^"']*)["']/.exec(declaration)?.[1]?.toLowerCase() ?? null;
}

/**
 * ISO-8859-1 bytes as text: each byte is its code point. TextDecoder's 'latin1' is windows-1252, which reads 0x80–0x9F
 * (C1 controls in ISO-8859-1) as other characters; it is exact (and fast) for every other byte, so it is used unless
 * one of those bytes is present.
 */
function latin1Text(bytes: Uint8Array): string {
  let c1 = false;
  for (let index = 0; index < bytes.length && !c1; index += 1) c1 = bytes[index]! >= 0x80 && bytes[index]! <= 0x9f;
  if (!c1) return new TextDecoder('windows-1252').decode(bytes);
  const parts: string[] = [];
  for (let start = 0; start < bytes.length; start += 8192) {
    parts.push(String.fromCharCode(...bytes.subarray(start, start + 8192)));
  }
  return parts.join('');
}

function utf8Text(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new StatementFileError('notXml', STATEMENT_MESSAGES.badBytes('UTF-8'));
  }
}

/** The file's bytes as text, by its BOM or declaration (XML's default, UTF-8, when it declares none). */
function decodeFile(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return utf8Text(bytes);
  if ((bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0xff && bytes[1] === 0xfe)) {
    throw new StatementFileError('encoding', STATEMENT_MESSAGES.encoding('UTF-16'));
  }
  // Not even the start of markup (a PDF, a spreadsheet, a text): not XML, whatever its bytes.
  const first = bytes.findIndex((byte) => byte !== 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d);
  if (first >= 0 && bytes[first] !== 0x3c) throw new StatementFileError('notXml', STATEMENT_MESSAGES.notXml(1), 1);
  const encoding = declaredEncoding(bytes);
  switch (encoding) {
    case null:
    case 'utf-8':
    case 'utf8':
      return utf8Text(bytes);
    case 'iso-8859-1':
    case 'iso8859-1':
    case 'iso_8859-1':
    case 'latin1':
    case 'latin-1':
    case 'us-ascii':
    case 'ascii':
      return latin1Text(bytes);
    case 'windows-1252':
    case 'cp1252':
      return new TextDecoder('windows-1252').decode(bytes);
    default:
      throw new StatementFileError('encoding', STATEMENT_MESSAGES.encoding(encoding));
  }
}

/**
 * The checks made before any parsing: size, encoding, no DOCTYPE/ENTITY. Returns the file as text. A string input is
 * measured in characters (each is at least one byte).
 */
export function statementFileText(input: Uint8Array | string): string {
  const size = typeof input === 'string' ? input.length : input.byteLength;
  if (size > MAX_STATEMENT_BYTES) throw new StatementFileError('tooLarge', STATEMENT_MESSAGES.tooLarge(size));
  if (size === 0) throw new StatementFileError('notXml', STATEMENT_MESSAGES.empty);
  const text = (typeof input === 'string' ? input : decodeFile(input)).replace(/^\uFEFF/, '');
  if (/<!\s*(?:DOCTYPE|ENTITY)/i.test(text)) throw new StatementFileError('doctype', STATEMENT_MESSAGES.doctype);
  if (text.trim() === '') throw new StatementFileError('notXml', STATEMENT_MESSAGES.empty);
  if (!text.trimStart().startsWith('<')) throw new StatementFileError('notXml', STATEMENT_MESSAGES.notXml(1), 1);
  return text;
}

/** The element tree of a well-formed document (saxes: strict, namespaces resolved, no DTD, predefined entities only). */
function parseTree(text: string): XmlNode {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const stack: XmlNode[] = [];
  let root: XmlNode | null = null;
  let elements = 0;
  parser.on('opentag', (tag) => {
    elements += 1;
    if (stack.length >= MAX_DEPTH || elements > MAX_ELEMENTS) throw new StatementFileError('notStatement', STATEMENT_MESSAGES.tooDeep(parser.line), parser.line);
    const name = tag.uri === TISS_NAMESPACE ? tag.local : `{${tag.uri}}${tag.local}`;
    const node: XmlNode = { name, line: parser.line, children: [], text: '' };
    if (stack.length === 0) root = node;
    else stack[stack.length - 1]!.children.push(node);
    stack.push(node);
  });
  parser.on('text', (value) => {
    if (stack.length > 0) stack[stack.length - 1]!.text += value;
  });
  parser.on('cdata', (value) => {
    if (stack.length > 0) stack[stack.length - 1]!.text += value;
  });
  // saxes reports a self-closing tag's end as a closetag too.
  parser.on('closetag', () => {
    stack.pop();
  });
  try {
    parser.write(text);
  } catch (error) {
    if (error instanceof StatementFileError) throw error;
    throw new StatementFileError('notXml', STATEMENT_MESSAGES.notXml(parser.line), parser.line);
  }
  try {
    parser.close();
  } catch {
    // The text ended before the document did: a root element left open is a cut file; no root at all is not XML.
    if (root === null) throw new StatementFileError('notXml', STATEMENT_MESSAGES.notXml(parser.line), parser.line);
    throw new StatementFileError('truncated', STATEMENT_MESSAGES.truncated, parser.line);
  }
  if (root === null) throw new StatementFileError('notXml', STATEMENT_MESSAGES.notXml(1), 1);
  return root;
}

/**
 * Throws the StatementFileError a file that is not well-formed XML gets (notXml or truncated, with the line), after
 * the checks of statementFileText; returns when the file is well-formed XML (of any schema). For the server's XSD
 * check, whose streaming validator names no line when the file does not parse.
 */
export function assertWellFormedXml(input: Uint8Array | string): void {
  parseTree(statementFileText(input));
}

// ---------------------------------------------------------------------------------------------------------------
// Reading elements

function child(parent: XmlNode, name: string): XmlNode | null {
  return parent.children.find((node) => node.name === name) ?? null;
}

function required(parent: XmlNode, name: string): XmlNode {
  const node = child(parent, name);
  if (!node) throw new StatementFileError('structure', STATEMENT_MESSAGES.missing(name, parent.name, parent.line), parent.line);
  return node;
}

function every(parent: XmlNode, name: string): XmlNode[] {
  return parent.children.filter((node) => node.name === name);
}

function badValue(node: XmlNode, value: string): never {
  throw new StatementFileError('structure', STATEMENT_MESSAGES.badValue(node.name, value, node.line), node.line);
}

/** The trimmed text of a leaf; an empty one is refused (every st_texto has minLength 1, codes and numbers are never empty). */
function textOf(node: XmlNode): string {
  if (node.children.length > 0) badValue(node, '');
  const value = node.text.trim();
  if (value === '') badValue(node, '');
  return value;
}

function text(parent: XmlNode, name: string): string {
  return textOf(required(parent, name));
}

function optionalText(parent: XmlNode, name: string): string | null {
  const node = child(parent, name);
  return node ? textOf(node) : null;
}

/**
 * An xs:decimal's text as an integer of 10^-scale units, exactly (no floating point): '1234.56' at scale 2 → 123456,
 * '0.1' → 10, '7' → 700, '-0.50' → -50, '1.230' → 123. Null when it is not an xs:decimal, has significant digits
 * beyond `scale`, or does not fit a safe integer.
 */
export function parseTissDecimal(value: string, scale: number): number | null {
  const match = /^([+-])?(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  if (/[^0]/.test(fraction.slice(scale))) return null;
  const digits = `${whole}${fraction.slice(0, scale).padEnd(scale, '0')}`.replace(/^0+(?=\d)/, '');
  const units = Number(digits);
  if (!Number.isSafeInteger(units)) return null;
  return sign === '-' && units !== 0 ? -units : units;
}

function decimalOf(node: XmlNode, scale: number): number {
  const value = textOf(node);
  return parseTissDecimal(value, scale) ?? badValue(node, value);
}

/** Money (st_decimalT-2) as integer centavos. */
function cents(parent: XmlNode, name: string): number {
  return decimalOf(required(parent, name), 2);
}

function optionalCents(parent: XmlNode, name: string): number | null {
  const node = child(parent, name);
  return node ? decimalOf(node, 2) : null;
}

/** An xs:date as 'YYYY-MM-DD' (a time zone, when written, dropped); the day must exist. */
function dateOf(node: XmlNode): string {
  const value = textOf(node);
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:Z|[+-]\d{2}:\d{2})?$/.exec(value);
  if (!match) badValue(node, value);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) badValue(node, value);
  return `${match[1]}-${match[2]}-${match[3]}`;
}

function date(parent: XmlNode, name: string): string {
  return dateOf(required(parent, name));
}

function optionalDate(parent: XmlNode, name: string): string | null {
  const node = child(parent, name);
  return node ? dateOf(node) : null;
}

/** An xs:time as 'HH:MM:SS' (fractions and time zone dropped). */
function optionalTime(parent: XmlNode, name: string): string | null {
  const node = child(parent, name);
  if (!node) return null;
  const value = textOf(node);
  const match = /^([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})?$/.exec(value);
  return match ? `${match[1]}:${match[2]}:${match[3]}` : badValue(node, value);
}

function time(parent: XmlNode, name: string): string {
  required(parent, name);
  return optionalTime(parent, name)!;
}

/** A code of a TISS table (`table`'s keys or members), typed. */
function codeOf<T extends string>(node: XmlNode, table: Readonly<Record<T, unknown>> | readonly T[]): T {
  const value = textOf(node);
  const known = Array.isArray(table) ? table.includes(value as T) : Object.hasOwn(table, value);
  return known ? (value as T) : badValue(node, value);
}

function code<T extends string>(parent: XmlNode, name: string, table: Readonly<Record<T, unknown>> | readonly T[]): T {
  return codeOf(required(parent, name), table);
}

function integer(parent: XmlNode, name: string): number {
  const node = required(parent, name);
  const value = textOf(node);
  return /^\d{1,9}$/.test(value) ? Number(value) : badValue(node, value);
}

// ---------------------------------------------------------------------------------------------------------------
// The message

/** ct_prestadorIdentificacao (CNPJ | CPF | codigoPrestadorNaOperadora) or ct_contratadoDados (…Contratado). */
function providerId(parent: XmlNode, names: { code: string; cpf: string; cnpj: string }): ProviderId {
  const codeNode = child(parent, names.code);
  if (codeNode) return { kind: 'codeAtPlan', code: textOf(codeNode) };
  const cpf = child(parent, names.cpf);
  if (cpf) return { kind: 'cpf', cpf: /^\d{11}$/.test(textOf(cpf)) ? textOf(cpf) : badValue(cpf, textOf(cpf)) };
  const cnpj = child(parent, names.cnpj);
  if (cnpj) return { kind: 'cnpj', cnpj: /^\d{14}$/.test(textOf(cnpj)) ? textOf(cnpj) : badValue(cnpj, textOf(cnpj)) };
  throw new StatementFileError('structure', STATEMENT_MESSAGES.missing(names.code, parent.name, parent.line), parent.line);
}

const CONTRACTED_NAMES = { code: 'codigoPrestadorNaOperadora', cpf: 'cpfContratado', cnpj: 'cnpjContratado' };

function glosaReason(node: XmlNode): GlosaReason {
  return { code: text(node, 'codigoGlosa'), description: optionalText(node, 'descricaoGlosa') };
}

function registry(parent: XmlNode, name: string): string {
  const node = required(parent, name);
  const value = textOf(node);
  return /^\d{6}$/.test(value) ? value : badValue(node, value);
}

function header(node: XmlNode): StatementHeader {
  const cnpjNode = required(node, 'numeroCNPJ');
  const cnpj = textOf(cnpjNode);
  return {
    planAnsRegistry: registry(node, 'registroANS'),
    statementNumber: text(node, 'numeroDemonstrativo'),
    planName: text(node, 'nomeOperadora'),
    planCnpj: /^\d{14}$/.test(cnpj) ? cnpj : badValue(cnpjNode, cnpj),
    issuedOn: date(node, 'dataEmissao'),
  };
}

function provider(node: XmlNode, idName: string): StatementProvider {
  return { id: providerId(required(node, idName), CONTRACTED_NAMES), cnes: text(node, 'CNES') };
}

function analiseItem(node: XmlNode): AnaliseItem {
  const procedure = required(node, 'procedimento');
  const participation = child(node, 'grauParticipacao');
  return {
    sequence: integer(node, 'sequencialItem'),
    performedOn: date(node, 'dataRealizacao'),
    table: code(procedure, 'codigoTabela', PROCEDURE_TABLES),
    code: text(procedure, 'codigoProcedimento'),
    description: text(procedure, 'descricaoProcedimento'),
    participation: participation ? codeOf(participation, PARTICIPATION_LABELS) : null,
    informedCents: cents(node, 'valorInformado'),
    quantityTenThousandths: decimalOf(required(node, 'qtdExecutada'), 4),
    processedCents: cents(node, 'valorProcessado'),
    releasedCents: cents(node, 'valorLiberado'),
    glosas: every(node, 'relacaoGlosa').map((glosa) => ({ cents: cents(glosa, 'valorGlosa'), code: text(glosa, 'tipoGlosa') })),
  };
}

function analiseGuide(node: XmlNode): AnaliseGuide {
  return {
    providerGuideNumber: text(node, 'numeroGuiaPrestador'),
    planGuideNumber: optionalText(node, 'numeroGuiaOperadora'),
    authorizationPassword: optionalText(node, 'senha'),
    cardNumber: text(node, 'numeroCarteira'),
    billingStart: date(node, 'dataInicioFat'),
    billingStartTime: optionalTime(node, 'horaInicioFat'),
    billingEnd: optionalDate(node, 'dataFimFat'),
    billingEndTime: optionalTime(node, 'horaFimFat'),
    glosas: every(node, 'motivoGlosaGuia').map(glosaReason),
    status: code(node, 'situacaoGuia', PROTOCOL_STATUSES),
    items: every(node, 'detalhesGuia').map(analiseItem),
    informedCents: cents(node, 'valorInformadoGuia'),
    processedCents: cents(node, 'valorProcessadoGuia'),
    releasedCents: cents(node, 'valorLiberadoGuia'),
    glosaCents: optionalCents(node, 'valorGlosaGuia'),
  };
}

function analiseProtocol(node: XmlNode): AnaliseProtocol {
  const protocolGlosa = child(node, 'GlosaProtocolo');
  return {
    lotNumber: text(node, 'numeroLotePrestador'),
    protocolNumber: text(node, 'numeroProtocolo'),
    protocolDate: date(node, 'dataProtocolo'),
    protocolGlosa: protocolGlosa ? glosaReason(protocolGlosa) : null,
    status: code(node, 'situacaoProtocolo', PROTOCOL_STATUSES),
    guides: every(node, 'relacaoGuias').map(analiseGuide),
    informedCents: cents(node, 'valorInformadoProtocolo'),
    processedCents: cents(node, 'valorProcessadoProtocolo'),
    releasedCents: cents(node, 'valorLiberadoProtocolo'),
    glosaCents: optionalCents(node, 'valorGlosaProtocolo'),
  };
}

function analiseConta(node: XmlNode): AnaliseContaStatement {
  const protocols = every(required(node, 'dadosConta'), 'dadosProtocolo');
  if (protocols.length === 0) required(required(node, 'dadosConta'), 'dadosProtocolo');
  return {
    header: header(required(node, 'cabecalhoDemonstrativo')),
    provider: provider(required(node, 'dadosPrestador'), 'dadosContratado'),
    protocols: protocols.map(analiseProtocol),
    informedCents: cents(node, 'valorInformadoGeral'),
    processedCents: cents(node, 'valorProcessadoGeral'),
    releasedCents: cents(node, 'valorLiberadoGeral'),
    glosaCents: optionalCents(node, 'valorGlosaGeral'),
  };
}

function debitCredit(node: XmlNode): DebitCredit {
  return {
    indicator: code(node, 'indicador', DEBIT_CREDIT_INDICATORS),
    type: code(node, 'tipoDebitoCredito', DEBIT_CREDIT_TYPES),
    description: text(node, 'descricaoDbCr'),
    cents: cents(node, 'valorDbCr'),
  };
}

function paidGuide(node: XmlNode): PaidGuide {
  return {
    providerGuideNumber: text(node, 'numeroGuiaPrestador'),
    planGuideNumber: optionalText(node, 'numeroGuiaOperadora'),
    authorizationPassword: optionalText(node, 'senha'),
    paymentKind: code(node, 'tipoPagamento', PAYMENT_KINDS),
    processedCents: cents(node, 'valorProcessadoGuia'),
    releasedCents: cents(node, 'valorLiberadoGuia'),
    glosaCents: optionalCents(node, 'valorGlosaGuia'),
  };
}

function paidProtocol(node: XmlNode): PaidProtocol {
  return {
    protocolDate: date(node, 'dataProtocolo'),
    protocolNumber: text(node, 'numeroProtocolo'),
    lotNumber: text(node, 'numeroLote'),
    informedCents: cents(node, 'valorInformado'),
    processedCents: cents(node, 'valorProcessado'),
    releasedCents: cents(node, 'valorLiberado'),
    glosaCents: optionalCents(node, 'valorGlosa'),
    guides: every(node, 'guiasDoLote').map(paidGuide),
  };
}

function paymentByDate(node: XmlNode): PaymentByDate {
  const data = required(node, 'dadosPagamento');
  const gross = required(node, 'totaisBrutosPorData');
  const adjustments = child(node, 'debitosCreditosPorData');
  const net = required(node, 'totaisLiquidosPorData');
  return {
    payment: {
      paidOn: date(data, 'dataPagamento'),
      method: code(data, 'formaPagamento', PAYMENT_METHODS),
      bank: optionalText(data, 'banco'),
      branch: optionalText(data, 'agencia'),
      account: optionalText(data, 'nrContaCheque'),
    },
    protocols: every(required(node, 'dadosResumo'), 'relacaoProtocolos').map(paidProtocol),
    grossInformedCents: cents(gross, 'totalInformadoPorData'),
    grossProcessedCents: cents(gross, 'totalProcessadoPorData'),
    grossReleasedCents: cents(gross, 'totaLiberadoPorData'),
    grossGlosaCents: cents(gross, 'totalGlosaPorData'),
    debitsCredits: adjustments ? every(adjustments, 'debitosCreditos').map(debitCredit) : [],
    debitsCents: cents(net, 'totalDebitosPorData'),
    creditsCents: cents(net, 'totalCreditosPorData'),
    netCents: cents(net, 'liquidoPorData'),
  };
}

function pagamento(node: XmlNode): PagamentoStatement {
  const payments = every(required(node, 'pagamentos'), 'pagamentosPorData');
  if (payments.length === 0) required(required(node, 'pagamentos'), 'pagamentosPorData');
  const totals = required(node, 'totaisDemonstrativo');
  const gross = required(totals, 'totaisBrutosDemonstrativo');
  const net = required(totals, 'totaisLiquidosDemonstrativo');
  return {
    header: header(required(node, 'cabecalhoDemonstrativo')),
    provider: provider(required(node, 'dadosContratado'), 'dadosPrestador'),
    payments: payments.map(paymentByDate),
    grossInformedCents: cents(gross, 'valorInformadoBruto'),
    grossProcessedCents: cents(gross, 'valorProcessadoBruto'),
    grossReleasedCents: cents(gross, 'valorLiberadoBruto'),
    grossGlosaCents: cents(gross, 'valorGlosaBruto'),
    debitsCredits: every(totals, 'debitosCreditosDemonstrativo').map(debitCredit),
    debitsCents: cents(net, 'totalDebitosDemonstrativo'),
    creditsCents: cents(net, 'totalCreditosdemonstrativo'),
    netCents: cents(net, 'valorLiberadoDemonstrativo'),
    note: optionalText(node, 'observacao'),
  };
}

/** What a message that is not a statement is, in words ('um lote de guias enviado ao plano'). */
const OTHER_MESSAGES: Record<string, string> = {
  loteGuias: 'um lote de guias enviado ao plano',
  recursoGlosa: 'um recurso de glosa enviado ao plano',
  loteAnexos: 'um lote de anexos enviado ao plano',
  solicitacaoDemonstrativoRetorno: 'um pedido de demonstrativo enviado ao plano',
  recebimentoLote: 'o protocolo de recebimento de um lote',
  recebimentoRecursoGlosa: 'o protocolo de recebimento de um recurso de glosa',
  respostaRecursoGlosa: 'a resposta a um recurso de glosa',
  situacaoProtocolo: 'a situação de um protocolo',
  demonstrativoPagamentoOdonto: 'um demonstrativo de pagamento odontológico',
  situacaoDemonstrativoRetorno: 'a situação de um pedido de demonstrativo',
};

function otherMessage(node: XmlNode | undefined, fallback: string): string {
  return (node && OTHER_MESSAGES[node.name]) ?? fallback;
}

/** The leaf texts of `nodes` in document order (the TISS hash's text; ./tissXml.ts). */
function leafTexts(node: XmlNode, into: string[]): string[] {
  if (node.children.length === 0) into.push(node.text);
  else for (const item of node.children) leafTexts(item, into);
  return into;
}

function latin1BytesOrNull(value: string): Uint8Array | null {
  const bytes = new Uint8Array(value.length);
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code > 0xff) return null;
    bytes[index] = code;
  }
  return bytes;
}

function hashCheck(root: XmlNode, content: XmlNode[]): StatementEnvelope['hash'] {
  // xs:string: the XSD lets it be empty (then it matches nothing).
  const written = required(required(root, 'epilogo'), 'hash').text.trim().toLowerCase();
  const joined = content.flatMap((node) => leafTexts(node, [])).join('');
  const latin1 = latin1BytesOrNull(joined);
  const encoding =
    latin1 && md5Hex(latin1) === written ? 'ISO-8859-1' : md5Hex(new TextEncoder().encode(joined)) === written ? 'UTF-8' : null;
  return { written, valid: written !== '' && encoding !== null, encoding: written === '' ? null : encoding };
}

/**
 * Reads a statement file (its bytes as uploaded, or its text). Throws StatementFileError (pt-BR `message`, `kind`,
 * `line`) when the file is too large, declares a DOCTYPE/ENTITY, is not XML, is cut short, is not a TISS statement
 * (another message, a lot, a plan's error answer), is of another TISS version, or lacks what the statement needs.
 */
export function parseTissStatement(input: Uint8Array | string): TissStatementMessage {
  const root = parseTree(statementFileText(input));
  if (root.name !== 'mensagemTISS') throw new StatementFileError('notTiss', STATEMENT_MESSAGES.notTiss, root.line);
  const cabecalho = required(root, 'cabecalho');
  const versionNode = child(cabecalho, 'Padrao');
  const version = versionNode?.text.trim() ?? '';
  if (version !== TISS_VERSION) throw new StatementFileError('version', STATEMENT_MESSAGES.version(version), versionNode?.line ?? cabecalho.line);

  const fromProvider = child(root, 'prestadorParaOperadora');
  if (fromProvider) {
    throw new StatementFileError('notStatement', STATEMENT_MESSAGES.notStatement(otherMessage(fromProvider.children[0], 'uma mensagem do prestador para o plano')), fromProvider.line);
  }
  const fromPlan = required(root, 'operadoraParaPrestador');
  const returned = child(fromPlan, 'demonstrativosRetorno');
  if (!returned) {
    throw new StatementFileError('notStatement', STATEMENT_MESSAGES.notStatement(otherMessage(fromPlan.children[0], 'uma mensagem do plano que não é demonstrativo')), fromPlan.line);
  }
  const planError = child(returned, 'mensagemErro');
  if (planError) {
    const reason = glosaReason(planError);
    throw new StatementFileError('notStatement', STATEMENT_MESSAGES.planError(reason.code, reason.description), planError.line);
  }

  const transaction = required(cabecalho, 'identificacaoTransacao');
  const envelope: StatementEnvelope = {
    planAnsRegistry: registry(required(cabecalho, 'origem'), 'registroANS'),
    addressee: providerId(required(required(cabecalho, 'destino'), 'identificacaoPrestador'), { code: 'codigoPrestadorNaOperadora', cpf: 'CPF', cnpj: 'CNPJ' }),
    transaction: {
      sequence: text(transaction, 'sequencialTransacao'),
      date: date(transaction, 'dataRegistroTransacao'),
      time: time(transaction, 'horaRegistroTransacao'),
    },
    transactionType: text(transaction, 'tipoTransacao'),
    businessFailure: optionalText(cabecalho, 'falhaNegocio'),
    version,
    hash: hashCheck(root, [cabecalho, fromPlan]),
  };

  const analises = every(returned, 'demonstrativoAnaliseConta');
  if (analises.length > 0) return { kind: 'analiseConta', envelope, statements: analises.map(analiseConta) };
  const payment = child(returned, 'demonstrativoPagamento');
  if (payment) return { kind: 'pagamento', envelope, statement: pagamento(payment) };
  throw new StatementFileError('notStatement', STATEMENT_MESSAGES.notStatement(otherMessage(returned.children[0], 'uma mensagem do plano que não é demonstrativo')), returned.line);
}
