import { readFileSync } from 'node:fs';
import { memoryPages, validateXML, type XMLFileInfo } from 'xmllint-wasm';
import { STATEMENT_MESSAGES, StatementFileError } from '../../../machines/tiss/statementMessages';
import { assertWellFormedXml, statementFileText } from '../../../machines/tiss/statementParser';
import { projectPath } from '../../project-root';

/**
 * Validates a TISS 4.01.00 message (a plan's statement, issue 38; any mensagemTISS) against the shipped XSD
 * (server/data/tiss/xsd/tissV4_01_00.xsd and the files it includes and imports), with libxml2 compiled to WebAssembly
 * (xmllint-wasm): no xmllint binary is needed, so `npm start` validates on any machine.
 *
 * - **Not on the event loop.** xmllint-wasm runs each validation in its own worker thread (a fresh WebAssembly
 *   instance, torn down after): the main thread only copies the bytes to it. A validation costs ~0.3 s of worker
 *   time for a small file (compiling the schema each time) and about 1 s more per 5 MB (docs/TISS.md); at most
 *   MAX_CONCURRENT run at once, the others wait their turn.
 * - **Streaming** (`xmllint --stream`): libxml2 validates as it reads instead of building the document, so memory
 *   stays small whatever the size (the limit is MAX_STATEMENT_BYTES anyway).
 * - **Safe input.** The same checks as the parser run first (statementFileText: size, encoding, no DOCTYPE/ENTITY),
 *   so libxml2 never sees an entity declaration. A caller whose parse of the very same bytes already made them
 *   (readTissStatementFile, in its worker) says so with `prechecked`: decoding 10 MB again here would hold the event
 *   loop some 50 ms.
 * - The bytes are passed as they are (ISO-8859-1 or UTF-8, as declared): libxml2 decodes them, so the lengths it
 *   checks (st_texto20…) are in characters and the line numbers are the file's.
 */

/** The validations allowed to run at the same time (each is a worker thread; the machine has few cores). */
const MAX_CONCURRENT = 2;

/** The errors returned beside the first (the first makes the message). */
const MAX_ERRORS = 20;

const SCHEMA_DIR = projectPath('server', 'data', 'tiss', 'xsd');
const ROOT_SCHEMA = 'tissV4_01_00.xsd';
/** Every file the root schema includes or imports, directly or not (each by the schemaLocation it is named with). */
const INCLUDED_SCHEMAS = [
  'tissSimpleTypesV4_01_00.xsd',
  'tissComplexTypesV4_01_00.xsd',
  'tissGuiasV4_01_00.xsd',
  'tissAssinaturaDigital_v1.01.xsd',
  'xmldsig-core-schema.xsd',
];
const INPUT_NAME = 'mensagem.xml';
const TISS_NS = /\{http:\/\/www\.ans\.gov\.br\/padroes\/tiss\/schemas\}/g;
const ANY_NS = /\{[^}]*\}/g;

let schemaFiles: { root: XMLFileInfo; included: XMLFileInfo[] } | null = null;

/** The schema files' bytes, read once (ISO-8859-1 and UTF-8 files: passed as bytes, libxml2 reads their declarations). */
function schemas(): { root: XMLFileInfo; included: XMLFileInfo[] } {
  schemaFiles ??= {
    root: { fileName: ROOT_SCHEMA, contents: new Uint8Array(readFileSync(`${SCHEMA_DIR}/${ROOT_SCHEMA}`)) },
    included: INCLUDED_SCHEMAS.map((fileName) => ({ fileName, contents: new Uint8Array(readFileSync(`${SCHEMA_DIR}/${fileName}`)) })),
  };
  return schemaFiles;
}

let running = 0;
const waiting: Array<() => void> = [];

/** Runs `task` when fewer than MAX_CONCURRENT validations are running. */
async function limited<T>(task: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await task();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/** One schema error: the file's line (null when libxml2 gave none) and what is wrong, in pt-BR. */
type XsdError = { line: number | null; detail: string };

export type XsdResult = { ok: true } | { ok: false; message: string; line: number | null; errors: XsdError[] };

/**
 * libxml2's English message as pt-BR for the usual cases (an element out of place or missing, a value too long, not
 * in a table, in the wrong format, with too many digits); the element named with the `ans:` prefix. Other messages
 * keep libxml2's words, the namespaces shortened.
 */
export function xsdDetail(raw: string): string {
  const message = raw.replace(/^.*?Schemas validity error\s*:\s*/, '').replace(TISS_NS, 'ans:').replace(ANY_NS, '').trim();
  const elementMatch = /^Element '([^']+)'(?:, attribute '[^']+')?:\s*(.*)$/s.exec(message);
  if (!elementMatch) return message;
  const [, element, rest = ''] = elementMatch;
  const expected = /Expected is(?: one of)? \( ([^)]*) \)/.exec(rest)?.[1]?.trim();
  const expectedText = expected ? ` (esperado: ${expected})` : '';
  let match: RegExpExecArray | null;
  if (rest.startsWith('This element is not expected')) return `o elemento ${element} não era esperado aqui${expectedText}.`;
  if (rest.startsWith('Missing child element')) return `falta um elemento dentro de ${element}${expectedText}.`;
  if ((match = /\[facet 'maxLength'\] The value has a length of '(\d+)'; this exceeds the allowed maximum length of '(\d+)'/.exec(rest))) {
    return `${element} tem ${match[1]} caracteres; o máximo é ${match[2]}.`;
  }
  if ((match = /\[facet 'minLength'\] The value has a length of '(\d+)'; this underruns the allowed minimum length of '(\d+)'/.exec(rest))) {
    return match[1] === '0' ? `${element} está vazio.` : `${element} tem ${match[1]} caracteres; o mínimo é ${match[2]}.`;
  }
  if ((match = /\[facet 'enumeration'\] The value '([^']*)' is not an element of the set/.exec(rest))) {
    return `o valor "${match[1]}" de ${element} não está na tabela do padrão.`;
  }
  if ((match = /\[facet 'pattern'\] The value '([^']*)' is not accepted by the pattern/.exec(rest))) {
    return `o valor "${match[1]}" de ${element} não tem o formato exigido.`;
  }
  if ((match = /\[facet 'totalDigits'\] The value '([^']*)' has more digits than are allowed \('(\d+)'\)/.exec(rest))) {
    return `o valor "${match[1]}" de ${element} tem dígitos demais (máximo ${match[2]}).`;
  }
  if ((match = /\[facet 'fractionDigits'\] The value '([^']*)' has more fractional digits than are allowed \('(\d+)'\)/.exec(rest))) {
    return `o valor "${match[1]}" de ${element} tem casas decimais demais (máximo ${match[2]}).`;
  }
  if ((match = /^'([^']*)' is not a valid value of the (?:local )?atomic type(?: '([^']*)')?/.exec(rest))) {
    return `o valor "${match[1]}" de ${element} não é válido${match[2] ? ` (tipo ${match[2].replace(/^ans:/, '')})` : ''}.`;
  }
  if (rest.startsWith('No matching global declaration available for the validation root')) {
    return `o elemento raiz ${element} não é uma mensagem TISS.`;
  }
  return `${element}: ${rest}`;
}

/** The line of an xmllint message about the input ('mensagem.xml:12: …'); null when it names none. */
function lineOf(raw: string): number | null {
  const match = new RegExp(`^${INPUT_NAME.replace('.', '\\.')}:(\\d+):`).exec(raw);
  return match ? Number(match[1]) : null;
}

/**
 * Validates `bytes` (the file as uploaded) against the TISS 4.01.00 XSD. Resolves `{ ok: true }`, or the schema errors
 * (the first MAX_ERRORS, each with its line) and the pt-BR message of the first: 'O arquivo não segue o padrão TISS
 * 4.01.00 (linha N): …'. Throws StatementFileError when the file fails the checks made before any parsing (too large,
 * DOCTYPE/ENTITY, encoding) or is not well-formed XML (kind 'notXml' or 'truncated', with its line). `prechecked`:
 * statementFileText(bytes) already passed (the caller's parse of these bytes), so it is not run again.
 */
export async function validateTissXsd(bytes: Uint8Array, { prechecked = false }: { prechecked?: boolean } = {}): Promise<XsdResult> {
  if (!prechecked) statementFileText(bytes);
  const { root, included } = schemas();
  let result;
  try {
    result = await limited(() =>
      validateXML({
        xml: [{ fileName: INPUT_NAME, contents: bytes }],
        schema: [root],
        preload: included,
        stream: true,
        initialMemoryPages: memoryPages.defaultInitialMemoryPages,
        maxMemoryPages: 256 * memoryPages.MiB,
      }),
    );
  } catch (error) {
    // xmllint exits 1 when the file does not parse; in streaming mode it says so without a line ('mensagem.xml : failed
    // to parse'), so the parser of the statements finds the line (it throws notXml or truncated, with the line).
    if ((error as { code?: number }).code !== 1) throw error;
    assertWellFormedXml(bytes);
    throw new StatementFileError('notXml', STATEMENT_MESSAGES.notXml(1), null);
  }
  if (result.valid) return { ok: true };
  const errors = result.errors
    .filter((item) => item.rawMessage.startsWith(`${INPUT_NAME}:`) && !/ fails to validate$/.test(item.rawMessage))
    .slice(0, MAX_ERRORS)
    .map((item) => ({ line: lineOf(item.rawMessage), detail: xsdDetail(item.message) }));
  const first = errors[0] ?? { line: null, detail: 'o arquivo não passou na validação do XSD.' };
  return { ok: false, message: STATEMENT_MESSAGES.schema(first.line, first.detail), line: first.line, errors };
}
