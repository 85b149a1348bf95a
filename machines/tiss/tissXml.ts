import { md5Hex } from './md5';
import { TISS_NAMESPACE, TISS_VERSION } from './tissDomains';
import { escapeXmlText, latin1Bytes, tissCode, tissDigits, tissTime } from './tissText';
import type { ProviderId, TissTransaction } from './types';

/**
 * The mensagemTISS envelope shared by every message the product sends: a tiny element tree (only `ans:` elements and
 * text, no attributes but the root's namespace), its serialization as ISO-8859-1 XML, and the epilogo's hash.
 *
 * **The hash.** The epilogo's `hash` is the MD5 (32 hex characters) of the concatenated contents of the message's
 * elements, without tags or attributes and without the hash itself; implementations read it as the text of every leaf
 * element in document order, entities decoded. The writers emit no whitespace between tags and no comments, so every
 * reading of the rule (leaf texts; "strip all tags"; the validators' own) gives the same string.
 *
 * Which bytes are fed to MD5 is debated. The ANS manual (Componente Organizacional, as quoted by the conformance suite
 * below: "O encoding a ser utilizado será sempre o ISO-8859-1") gives ISO-8859-1, the default here; that suite reports
 * that files accepted by plans hash the UTF-8 bytes, and validadortiss.com.br says some plans compute over UTF-8. The
 * two agree whenever the texts are plain ASCII; `hashEncoding: 'UTF-8'` switches for a plan that wants it
 * (docs/TISS.md §4).
 * @see https://forum.validadortiss.com.br/t/duvida-sobre-o-calculo-do-hash-no-xml-tiss-e-a-validacao-na-plataforma/9448
 * @see https://github.com/petrinhu/TISS_ANS_hash (conformance/AMBIGUITY_NOTES.md, the UTF-8 reading)
 * @see http://www.dellanio.com/tiss-gerar-manualmente-hash-do-xml-com-notepad/ (the "strip all tags" reading)
 */

/** An `ans:` element: either text (a leaf) or child elements. */
export type XmlElement = { name: string; text: string } | { name: string; children: XmlElement[] };

/** How the hash's text becomes bytes (see above). */
type HashEncoding = 'ISO-8859-1' | 'UTF-8';

/** The options every message writer takes. */
export type TissMessageOptions = { hashEncoding?: HashEncoding };

/** A written message: the XML text (declared ISO-8859-1; see tissMessageBytes) and its epilogo hash. */
export type TissMessage = { xml: string; hash: string };

/** A leaf element. Its text must not be empty: the rules report a missing value before anything is written. */
export function leaf(name: string, text: string): XmlElement {
  if (text === '') throw new Error(`TISS element ${name} would be written empty`);
  return { name, text };
}

/** An element with children; null entries (absent optional elements) are left out. */
export function branch(name: string, children: ReadonlyArray<XmlElement | null>): XmlElement {
  return { name, children: children.filter((child): child is XmlElement => child !== null) };
}

/** A leaf only when the value is present (optional elements). */
export function optionalLeaf(name: string, text: string): XmlElement | null {
  return text === '' ? null : leaf(name, text);
}

function serialize(element: XmlElement, attributes = ''): string {
  const name = `ans:${element.name}`;
  const inner = 'text' in element ? escapeXmlText(element.text) : element.children.map((child) => serialize(child)).join('');
  return `<${name}${attributes}>${inner}</${name}>`;
}

function collectTexts(element: XmlElement, into: string[]): string[] {
  if ('text' in element) into.push(element.text);
  else for (const child of element.children) collectTexts(child, into);
  return into;
}

/** The MD5 hex of the concatenated leaf texts of `elements`, in document order, in the given encoding. */
function tissHash(elements: readonly XmlElement[], encoding: HashEncoding = 'ISO-8859-1'): string {
  const text = elements.flatMap((element) => collectTexts(element, [])).join('');
  return md5Hex(encoding === 'UTF-8' ? new TextEncoder().encode(text) : latin1Bytes(text));
}

/** ct_prestadorIdentificacao / ct_contratadoDados as elements (the element names differ: see the callers). */
export function providerIdElement(id: ProviderId, names: { code: string; cpf: string; cnpj: string }): XmlElement {
  if (id.kind === 'codeAtPlan') return leaf(names.code, tissCode(id.code));
  if (id.kind === 'cpf') return leaf(names.cpf, tissDigits(id.cpf));
  return leaf(names.cnpj, tissDigits(id.cnpj));
}

/** The cabecalho of a message: who sends (origem) and who receives (destino) differ by direction. */
function header(kind: string, transaction: TissTransaction, origin: XmlElement, destination: XmlElement): XmlElement {
  return branch('cabecalho', [
    branch('identificacaoTransacao', [
      leaf('tipoTransacao', kind),
      leaf('sequencialTransacao', tissCode(transaction.sequence)),
      leaf('dataRegistroTransacao', transaction.date),
      leaf('horaRegistroTransacao', tissTime(transaction.time)),
    ]),
    branch('origem', [origin]),
    branch('destino', [destination]),
    leaf('Padrao', TISS_VERSION),
  ]);
}

/** A whole mensagemTISS: cabecalho, the direction element holding `body`, the epilogo with the hash of both. */
function message(cabecalho: XmlElement, direction: XmlElement, options: TissMessageOptions): TissMessage {
  const content = [cabecalho, direction];
  const hash = tissHash(content, options.hashEncoding);
  const root = branch('mensagemTISS', [...content, branch('epilogo', [leaf('hash', hash)])]);
  const xml = `<?xml version="1.0" encoding="ISO-8859-1"?>${serialize(root, ` xmlns:ans="${TISS_NAMESPACE}"`)}`;
  return { xml, hash };
}

/**
 * A whole mensagemTISS from the provider: cabecalho (tipoTransacao `kind`), prestadorParaOperadora holding `body`,
 * and the epilogo with the hash of everything before it.
 */
export function providerMessage(
  kind: string,
  envelope: { sender: ProviderId; transaction: TissTransaction; planAnsRegistry: string },
  body: XmlElement,
  options: TissMessageOptions = {},
): TissMessage {
  const origin = branch('identificacaoPrestador', [providerIdElement(envelope.sender, { code: 'codigoPrestadorNaOperadora', cpf: 'CPF', cnpj: 'CNPJ' })]);
  const cabecalho = header(kind, envelope.transaction, origin, leaf('registroANS', tissDigits(envelope.planAnsRegistry)));
  return message(cabecalho, branch('prestadorParaOperadora', [body]), options);
}

/**
 * A whole mensagemTISS from the plan to a provider (the statements, issue 38: ./statementWriters.ts): origem is the
 * plan's registroANS, destino the provider's identification, the body inside operadoraParaPrestador.
 */
export function planMessage(
  kind: string,
  envelope: { planAnsRegistry: string; addressee: ProviderId; transaction: TissTransaction },
  body: XmlElement,
  options: TissMessageOptions = {},
): TissMessage {
  const destination = branch('identificacaoPrestador', [providerIdElement(envelope.addressee, { code: 'codigoPrestadorNaOperadora', cpf: 'CPF', cnpj: 'CNPJ' })]);
  const cabecalho = header(kind, envelope.transaction, leaf('registroANS', tissDigits(envelope.planAnsRegistry)), destination);
  return message(cabecalho, branch('operadoraParaPrestador', [body]), options);
}

/** The bytes of a written message, as its declaration says (ISO-8859-1): what is saved or uploaded. */
export function tissMessageBytes(message: TissMessage | string): Uint8Array {
  return latin1Bytes(typeof message === 'string' ? message : message.xml);
}
