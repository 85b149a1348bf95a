/**
 * Text as the TISS XSD types take it (server/data/tiss/xsd/tissSimpleTypesV4_01_00.xsd): every st_textoN is 1 to N
 * characters of an ISO-8859-1 file, the st_CPF/st_CNPJ/st_registroANS are fixed runs of digits, and money is a
 * st_decimalT-2. Pure and platform-neutral (no node:buffer): the browser and the server clean the same way.
 */

/**
 * Typographic and other common characters outside ISO-8859-1, mapped to a Latin-1 spelling; plus two Latin-1 ones
 * that only cause trouble: the acute accent typed as an apostrophe (D´Ávila) and the invisible soft hyphen.
 */
const REPLACEMENTS: Record<string, string> = {
  '\u2018': "'", '\u2019': "'", '\u201A': "'", '\u201B': "'", '\u2032': "'", '\u02BC': "'", '\u00B4': "'",
  '\u201C': '"', '\u201D': '"', '\u201E': '"', '\u201F': '"', '\u2033': '"',
  '\u2010': '-', '\u2011': '-', '\u2012': '-', '\u2013': '-', '\u2014': '-', '\u2015': '-', '\u2212': '-',
  '\u2026': '...', '\u2022': '-', '\u2122': 'TM', '\u20AC': 'EUR', '\u2116': 'No',
  '\u0152': 'OE', '\u0153': 'oe', '\u0141': 'L', '\u0142': 'l', '\u0110': 'D', '\u0111': 'd', '\u0131': 'i',
  '\u00AD': '',
};

/** Whitespace and invisible characters: spaces of every width become a space, zero-width ones vanish. */
const SPACES = /[\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]/g;
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF]/g;

/** A code point that has no place in the text: C0 controls but tab/CR/LF (XML 1.0 forbids them), DEL, C1 controls. */
function isControl(code: number): boolean {
  return (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0x7f && code <= 0x9f);
}

/** One code point as Latin-1 text: kept, replaced, stripped of its accents (ă → a), or dropped (emoji, CJK). */
function latin1Of(char: string): string {
  const code = char.codePointAt(0)!;
  if (isControl(code)) return '';
  const replacement = REPLACEMENTS[char];
  if (replacement !== undefined) return replacement;
  if (code <= 0xff) return char;
  const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return [...base].every((part) => part.codePointAt(0)! <= 0xff && !isControl(part.codePointAt(0)!)) ? base : '';
}

/**
 * Any text as ISO-8859-1 text on one line: Unicode NFC, control characters removed, characters outside Latin-1
 * mapped (typographic quotes, dashes and the ellipsis to ASCII, accented letters of other alphabets to their base
 * letter) or dropped, runs of whitespace (line breaks included) collapsed to one space, trimmed. Nothing is cut.
 */
export function toTissLatin1(value: string | null | undefined): string {
  if (!value) return '';
  const text = value.normalize('NFC').replace(SPACES, ' ').replace(INVISIBLE, '');
  let out = '';
  for (const char of text) out += latin1Of(char);
  return out.replace(/\s+/g, ' ').trim();
}

/**
 * Free text for an st_textoN (names, descriptions, notes): cleaned (toTissLatin1) and cut to `max` characters, with
 * no space left at the cut. Empty ('') when nothing remains: the caller reports a required one as missing.
 */
export function tissText(value: string | null | undefined, max: number): string {
  return toTissLatin1(value).slice(0, max).trimEnd();
}

/**
 * An identifier (guide number, carteira, senha, code at the plan, council number): cleaned like free text but
 * never cut, since a cut number is another number. The rules check its length against the XSD's.
 */
export function tissCode(value: string | null | undefined): string {
  return toTissLatin1(value);
}

/** An xs:time as TISS writes it: 'HH:MM' or 'HH:MM:SS' (00:00–23:59:59) → 'HH:MM:SS'; '' when it is not one. */
export function tissTime(value: string | null | undefined): string {
  const match = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/.exec(value ?? '');
  return match ? `${match[1]}:${match[2]}:${match[3] ?? '00'}` : '';
}

/** Only the digits of a value ('123.456.789-09' → '12345678909'); '' for null. */
export function tissDigits(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}

/** Text content escaped for an XML element: only &, < and > need it in element content (quotes stay as they are). */
export function escapeXmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Integer centavos as an XSD st_decimalT-2 ('1234.56', '0.05'), by integer arithmetic only. `totalDigits` is the
 * type's T (8 for st_decimal8-2): a value with more digits throws, as does a negative or fractional amount.
 */
export function tissDecimal(cents: number, totalDigits: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Not a non-negative integer of centavos: ${cents}`);
  if (cents >= 10 ** totalDigits) throw new RangeError(`${cents} centavos exceed st_decimal${totalDigits}-2`);
  const text = String(cents).padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

/** Whether integer centavos fit an st_decimalT-2 (0 ≤ cents < 10^T). */
export function fitsTissDecimal(cents: number, totalDigits: number): boolean {
  return Number.isSafeInteger(cents) && cents >= 0 && cents < 10 ** totalDigits;
}

/**
 * The ISO-8859-1 bytes of a text whose characters are all ≤ U+00FF (what the writers produce). Throws on any other
 * character rather than writing a wrong byte.
 */
export function latin1Bytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code > 0xff) throw new RangeError(`Character U+${code.toString(16).toUpperCase()} is not ISO-8859-1`);
    bytes[index] = code;
  }
  return bytes;
}
