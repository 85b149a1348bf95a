import { createRequire } from 'node:module';
import { inflateRawSync } from 'node:zlib';
import type Docxtemplater from 'docxtemplater';
import type PizZip from 'pizzip';

/**
 * docxtemplater and pizzip (with xmldom and pako) are loaded at the first template opened, not when the server
 * starts: most starts never fill one (issue 15, boot time). Both are CommonJS, so a synchronous require.
 */
const requirePackage = createRequire(import.meta.url);
let docxPackages: { Docxtemplater: typeof Docxtemplater; PizZip: typeof PizZip } | null = null;
function docx() {
  docxPackages ??= {
    Docxtemplater: requirePackage('docxtemplater') as typeof Docxtemplater,
    PizZip: requirePackage('pizzip') as typeof PizZip,
  };
  return docxPackages;
}

/**
 * Filling a DOCX template (DECISIONS §7) with docxtemplater over pizzip. Placeholders are `{name}`; loops
 * `{#list}…{/list}` repeat a paragraph or a table row. docxtemplater joins a placeholder that Word split across
 * several runs (a spell-check mark, a change of formatting), and escapes every value for XML.
 *
 * Nothing here logs: docxtemplater's own console logging is turned off, and a failure is reported as a
 * TemplateProblemError whose `problems` name the template's broken tags (template text, never case data).
 */

export const DOCX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const MAIN_DOCUMENT_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
/** Zip local-file header: every DOCX starts with it. */
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** A template is a form of a few pages: anything bigger is refused before it is unzipped. */
export const MAX_TEMPLATE_BYTES = 10 * 1024 * 1024;
/**
 * What a template may expand to, read from the zip's central directory before anything is inflated (a
 * 62 KB zip bomb expanded to 60 MB and stalled the server): the sum of the entries' sizes and their number.
 */
const MAX_TEMPLATE_EXPANDED_BYTES = 25 * 1024 * 1024;
export const MAX_TEMPLATE_ENTRIES = 1000;

export const TOO_LARGE_MESSAGE =
  'O modelo é grande demais depois de descompactado (no máximo 25 MB e 1.000 arquivos internos).';

/** One broken thing in a template, in pt-BR, safe to log (it quotes the template, never the data). */
export type TemplateProblem = { id: string; message: string };

/** The template cannot be used: not a DOCX, or placeholders that do not parse. */
export class TemplateProblemError extends Error {
  constructor(readonly problems: TemplateProblem[]) {
    super(`template problems: ${problems.map((problem) => problem.id).join(', ')}`);
    this.name = 'TemplateProblemError';
  }
}

/** docxtemplater's error ids, as pt-BR explanations for whoever fixes the template. */
const PROBLEM_MESSAGES: Record<string, (tag: string) => string> = {
  unclosed_tag: (tag) => `O marcador "{${tag}" não foi fechado com "}".`,
  unopened_tag: (tag) => `O marcador "${tag}}" não foi aberto com "{".`,
  duplicate_open_tag: (tag) => `O marcador "${tag}" tem "{" repetido.`,
  duplicate_close_tag: (tag) => `O marcador "${tag}" tem "}" repetido.`,
  unclosed_loop: (tag) => `A lista "{#${tag}}" não foi fechada com "{/${tag}}".`,
  unopened_loop: (tag) => `O fechamento "{/${tag}}" não tem a abertura "{#${tag}}".`,
  closing_tag_does_not_match_opening_tag: (tag) => `Uma lista foi aberta e fechada com nomes diferentes (${tag}).`,
  raw_tag_outerxml_invalid: (tag) => `O marcador "{@${tag}}" precisa ficar sozinho em um parágrafo.`,
  raw_xml_tag_should_be_only_text_in_paragraph: (tag) => `O marcador "{@${tag}}" precisa ficar sozinho em um parágrafo.`,
  unbalanced_loop_tags: (tag) => `As listas estão abertas e fechadas fora de ordem (${tag}).`,
  loop_position_invalid: (tag) => `A lista "${tag}" começa e termina em lugares que não podem ser repetidos juntos.`,
};

const MAX_REPORTED_TAG = 40;

function shortTag(value: unknown): string {
  const text = typeof value === 'string' ? value : '';
  return text.length > MAX_REPORTED_TAG ? `${text.slice(0, MAX_REPORTED_TAG)}…` : text;
}

type DocxError = { properties?: { id?: unknown; xtag?: unknown; errors?: DocxError[] } };

/** docxtemplater's (multi) error as problems; anything else (a corrupt zip) as one "unreadable" problem. */
function problemsOf(error: unknown): TemplateProblem[] {
  const nested = (error as DocxError)?.properties?.errors;
  const errors = Array.isArray(nested) && nested.length > 0 ? nested : [error as DocxError];
  const problems = errors.map((item) => {
    const id = typeof item?.properties?.id === 'string' ? item.properties.id : 'unreadable';
    const tag = shortTag(item?.properties?.xtag);
    const describe = PROBLEM_MESSAGES[id];
    const message = describe
      ? describe(tag)
      : id === 'unreadable'
        ? 'O arquivo não pôde ser lido como um documento DOCX.'
        : `Marcador inválido${tag ? ` ("${tag}")` : ''} (${id}).`;
    return { id, message };
  });
  // The same broken tag may be reported once per run it touches.
  return problems.filter((problem, index) => problems.findIndex((other) => other.message === problem.message) === index);
}

function startsWithZipMagic(data: Buffer): boolean {
  return data.length >= ZIP_MAGIC.length && ZIP_MAGIC.every((byte, index) => data[index] === byte);
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_ENTRY_SIGNATURE = 0x02014b50;
const LOCAL_ENTRY_SIGNATURE = 0x04034b50;

/** One entry of a zip's central directory: what its writer says it holds, and where. */
type ZipDirectoryEntry = {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  /** The uncompressed size the directory declares: the writer's word, checked only by inflating. */
  declaredSize: number;
  localOffset: number;
};

/** The zip's central directory, read without inflating; null when it cannot be read or uses ZIP64 (beyond 4 GB). */
function zipDirectory(data: Buffer): ZipDirectoryEntry[] | null {
  const minEocd = 22;
  let eocd = -1;
  for (let at = data.length - minEocd; at >= Math.max(0, data.length - minEocd - 0xffff); at--) {
    if (data.readUInt32LE(at) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = data.readUInt16LE(eocd + 10);
  const directoryOffset = data.readUInt32LE(eocd + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) return null;
  const entries: ZipDirectoryEntry[] = [];
  let at = directoryOffset;
  for (let index = 0; index < count; index++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== CENTRAL_ENTRY_SIGNATURE) return null;
    const flags = data.readUInt16LE(at + 8);
    const compressedSize = data.readUInt32LE(at + 20);
    const declaredSize = data.readUInt32LE(at + 24);
    const localOffset = data.readUInt32LE(at + 42);
    if (declaredSize === 0xffffffff || compressedSize === 0xffffffff || localOffset === 0xffffffff) return null;
    const nameLength = data.readUInt16LE(at + 28);
    if (at + 46 + nameLength > data.length) return null;
    // Bit 11: a UTF-8 name; otherwise (old writers) bytes taken one to a character, as pizzip takes them.
    const name = data.toString(flags & 0x800 ? 'utf8' : 'latin1', at + 46, at + 46 + nameLength);
    entries.push({ name, flags, method: data.readUInt16LE(at + 10), compressedSize, declaredSize, localOffset });
    at += 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * The zip's declared expansion, from its central directory (no inflating): entry count and the sum of the
 * uncompressed sizes. Null when the directory cannot be read or uses ZIP64 (sizes beyond 4 GB: never a form).
 */
export function zipExpansion(data: Buffer): { entries: number; bytes: number } | null {
  const entries = zipDirectory(data);
  return entries && { entries: entries.length, bytes: entries.reduce((sum, entry) => sum + entry.declaredSize, 0) };
}

const CORRUPT_MESSAGE = 'O arquivo DOCX está corrompido e não pôde ser aberto.';
const notDocx = (message: string) => new TemplateProblemError([{ id: 'not_docx', message }]);
const tooLarge = () => new TemplateProblemError([{ id: 'too_large', message: TOO_LARGE_MESSAGE }]);

/**
 * Every entry's content, inflated here, never by pizzip: the directory's sizes are only its writer's word (a 412 KB
 * file whose directory understated them was inflated whole, 983 MB in 41 s, before it was refused). Each entry is
 * inflated by zlib with `maxOutputLength` set to what is left of `maxBytes`: zlib counts the bytes as it produces
 * them, chunk by chunk, and stops with ERR_BUFFER_TOO_LARGE as soon as the count passes the bound, so a file is
 * refused having inflated at most `maxBytes` (plus one chunk), whatever it would expand to.
 */
function inflateZipEntries(data: Buffer, entries: ZipDirectoryEntry[], maxBytes: number): { name: string; content: Buffer }[] {
  let left = maxBytes;
  return entries.map((entry) => {
    const at = entry.localOffset;
    if (at + 30 > data.length || data.readUInt32LE(at) !== LOCAL_ENTRY_SIGNATURE) throw notDocx(CORRUPT_MESSAGE);
    const start = at + 30 + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
    const end = start + entry.compressedSize;
    // Bit 0: encrypted (a password-protected zip); stored (0) and deflated (8) are the only methods a DOCX uses.
    if (end > data.length || entry.flags & 0x1 || (entry.method !== 0 && entry.method !== 8)) throw notDocx(CORRUPT_MESSAGE);
    const raw = data.subarray(start, end);
    let content: Buffer;
    if (entry.method === 0) {
      content = raw;
    } else {
      try {
        content = inflateRawSync(raw, { maxOutputLength: Math.max(1, left) });
      } catch (error) {
        if ((error as { code?: unknown })?.code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
        throw notDocx(CORRUPT_MESSAGE);
      }
    }
    if (content.length > left) throw tooLarge();
    left -= content.length;
    return { name: entry.name, content };
  });
}

/**
 * Opens `data` as a Word document, checked by content: a zip whose `[Content_Types].xml` declares a Word
 * main document at `/word/document.xml`. Throws TemplateProblemError otherwise. pizzip gets the entries already
 * inflated (inflateZipEntries), never the file's compressed data: it cannot inflate past the bound, nor read the
 * zip differently from the check.
 */
function openDocx(data: Buffer): PizZip {
  if (data.length > MAX_TEMPLATE_BYTES) throw notDocx('O modelo deve ter no máximo 10 MB.');
  if (!startsWithZipMagic(data)) throw notDocx('O arquivo não é um documento DOCX (Word 2007 ou mais novo).');
  const directory = zipDirectory(data);
  if (!directory) throw notDocx(CORRUPT_MESSAGE);
  // Refused from the directory alone when it admits to too much; a directory that understates is caught below.
  const declared = directory.reduce((sum, entry) => sum + entry.declaredSize, 0);
  if (declared > MAX_TEMPLATE_EXPANDED_BYTES || directory.length > MAX_TEMPLATE_ENTRIES) throw tooLarge();
  const zip = new (docx().PizZip)();
  for (const { name, content } of inflateZipEntries(data, directory, MAX_TEMPLATE_EXPANDED_BYTES)) {
    if (name.endsWith('/')) zip.folder(name.slice(0, -1));
    else zip.file(name, content, { binary: true, createFolders: false });
  }
  const contentTypes = zip.file('[Content_Types].xml')?.asText() ?? '';
  const mainPart = [...contentTypes.matchAll(/<Override\b[^>]*>/g)].some((match) => {
    const attribute = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(match[0])?.[1];
    return attribute('PartName') === '/word/document.xml' && attribute('ContentType') === MAIN_DOCUMENT_CONTENT_TYPE;
  });
  if (!mainPart || !zip.file('word/document.xml')) {
    throw notDocx('O arquivo não é um documento DOCX do Word (falta o documento principal).');
  }
  return zip;
}

const OPTIONS = {
  paragraphLoop: true,
  linebreaks: true,
  // Never print to the console: errors are returned to the caller, which logs what is safe.
  errorLogging: false,
  // A placeholder without a value (unknown name, empty field) becomes empty text, not "undefined".
  nullGetter: () => '',
} as const;

/** Compiles the template (placeholders parsed) and records every tag name it uses. */
function compile(data: Buffer): { doc: Docxtemplater<PizZip>; tags: string[] } {
  const zip = openDocx(data);
  const tags = new Set<string>();
  let doc: Docxtemplater<PizZip>;
  try {
    doc = new (docx().Docxtemplater)(zip, {
      ...OPTIONS,
      // The default lookup (scope[tag], walking up the loops), noting each tag as it is compiled.
      parser: (tag: string) => {
        tags.add(tag.trim());
        const name = tag.trim();
        return {
          get: (scope: unknown) => {
            if (name === '.') return scope;
            // Own properties only: `{constructor}` is not a way into the object's prototype.
            const own = scope !== null && typeof scope === 'object' && Object.hasOwn(scope, name);
            return own ? (scope as Record<string, unknown>)[name] : undefined;
          },
        };
      },
    });
  } catch (error) {
    throw new TemplateProblemError(problemsOf(error));
  }
  return { doc, tags: [...tags].filter((tag) => tag !== '').sort() };
}

/**
 * Checks a template before it is attached: a real DOCX whose placeholders parse. Returns the placeholder names it
 * uses (loops included); throws TemplateProblemError listing what is wrong.
 */
export function inspectDocxTemplate(data: Buffer): { tags: string[] } {
  return { tags: compile(data).tags };
}

/** The template filled with `values`, as a DOCX file. Throws TemplateProblemError for a broken template. */
export function fillDocxTemplate(data: Buffer, values: Record<string, unknown>): Buffer {
  const { doc } = compile(data);
  try {
    doc.render(values);
  } catch (error) {
    throw new TemplateProblemError(problemsOf(error));
  }
  return doc.getZip().generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** The text of a filled document's body (`word/document.xml`), one line per paragraph: for tests and checks. */
export function documentText(document: Buffer): string {
  const xml = new (docx().PizZip)(document).file('word/document.xml')?.asText() ?? '';
  return xml
    .split(/<\/w:p>/)
    .map((paragraph) =>
      [...paragraph.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:br\/>|<w:tab\/>/g)]
        .map((match) => (match[0].startsWith('<w:br') ? '\n' : match[0].startsWith('<w:tab') ? '\t' : (match[1] ?? '')))
        .join(''),
    )
    .map(unescapeXml)
    .filter((line) => line !== '')
    .join('\n');
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_all, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, '&');
}
