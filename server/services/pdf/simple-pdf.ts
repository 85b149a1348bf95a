import { FIRST_CHAR, HELVETICA_BOLD_WIDTHS, HELVETICA_WIDTHS } from './helvetica-widths';

/**
 * A small PDF 1.4 writer for the server's printable reports (no dependency): pages of text and lines in the standard
 * Type1 fonts Helvetica and Helvetica-Bold (every PDF reader has them, nothing is embedded) with /WinAnsiEncoding,
 * which holds every pt-BR letter (á é í ó ú â ê ô ã õ ç à and capitals, º ª, the non-breaking space). Text is measured
 * with the fonts' AFM widths (helvetica-widths.ts), so right-aligned columns line up.
 *
 * The file: header, the objects (catalog, page tree, the two fonts, /Info, then each page and its content stream,
 * uncompressed so it stays readable), a classic xref table with each object's byte offset, trailer, startxref, %%EOF.
 * The text drawn is written as literal strings in WinAnsi bytes: ( ) \ escaped, bytes outside printable ASCII as octal
 * escapes, so the file itself is 7-bit text after its binary-marker comment. A character WinAnsi lacks becomes '?'.
 * The /Info strings (title, producer) are UTF-16BE text strings, as the spec wants for text outside the page.
 *
 * Coordinates are PDF's: points (1/72 in), origin at the bottom-left corner of the page.
 */

export type PdfFont = 'regular' | 'bold';

/** A4 portrait in points. */
export const A4 = { width: 595.28, height: 841.89 } as const;

const FONTS: Record<PdfFont, { resource: string; baseFont: string; widths: readonly number[] }> = {
  regular: { resource: 'F1', baseFont: 'Helvetica', widths: HELVETICA_WIDTHS },
  bold: { resource: 'F2', baseFont: 'Helvetica-Bold', widths: HELVETICA_BOLD_WIDTHS },
};

/** WinAnsiEncoding's codes 0x80..0x9F that are not Latin-1's (Unicode → byte); the rest of 0x20..0xFF is Latin-1. */
const WIN_ANSI_EXTRA: ReadonlyMap<number, number> = new Map([
  [0x20ac, 0x80], [0x201a, 0x82], [0x0192, 0x83], [0x201e, 0x84], [0x2026, 0x85], [0x2020, 0x86], [0x2021, 0x87],
  [0x02c6, 0x88], [0x2030, 0x89], [0x0160, 0x8a], [0x2039, 0x8b], [0x0152, 0x8c], [0x017d, 0x8e], [0x2018, 0x91],
  [0x2019, 0x92], [0x201c, 0x93], [0x201d, 0x94], [0x2022, 0x95], [0x2013, 0x96], [0x2014, 0x97], [0x02dc, 0x98],
  [0x2122, 0x99], [0x0161, 0x9a], [0x203a, 0x9b], [0x0153, 0x9c], [0x017e, 0x9e], [0x0178, 0x9f],
]);

const QUESTION_MARK = 0x3f;

/** The WinAnsi byte of one Unicode code point, or null when WinAnsi has no such character (controls included). */
function winAnsiCode(codePoint: number): number | null {
  if ((codePoint >= 0x20 && codePoint <= 0x7e) || (codePoint >= 0xa0 && codePoint <= 0xff)) return codePoint;
  return WIN_ANSI_EXTRA.get(codePoint) ?? null;
}

/** `text` in WinAnsi bytes (NFC first, so a decomposed 'é' is one byte); a character outside WinAnsi becomes '?'. */
export function winAnsiBytes(text: string): Uint8Array {
  const codes: number[] = [];
  for (const char of text.normalize('NFC')) codes.push(winAnsiCode(char.codePointAt(0)!) ?? QUESTION_MARK);
  return Uint8Array.from(codes);
}

/** A PDF literal string of `text` in WinAnsi: `(Jo\343o \(filho\))`. */
export function pdfLiteral(text: string): string {
  let out = '(';
  for (const byte of winAnsiBytes(text)) {
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte >= 0x20 && byte <= 0x7e) out += String.fromCharCode(byte);
    else out += `\\${byte.toString(8).padStart(3, '0')}`;
  }
  return `${out})`;
}

/**
 * A PDF text string (the document's /Info, read by the viewer, not drawn with a font): UTF-16BE with its byte order
 * mark, as a hexadecimal string, so any character survives (WinAnsi is the fonts' encoding, not the text strings').
 */
export function pdfTextString(text: string): string {
  const bytes = Buffer.from(`\ufeff${text}`, 'utf16le').swap16();
  return `<${bytes.toString('hex').toUpperCase()}>`;
}

/** The width of `text` in points, in `font` at `size` points. */
export function textWidth(text: string, font: PdfFont, size: number): number {
  const widths = FONTS[font].widths;
  let units = 0;
  for (const byte of winAnsiBytes(text)) units += widths[byte - FIRST_CHAR] ?? 0;
  return (units * size) / 1000;
}

/** `text` cut to fit `maxWidth` points, with '…' at the end when cut. */
export function fitText(text: string, font: PdfFont, size: number, maxWidth: number): string {
  if (textWidth(text, font, size) <= maxWidth) return text;
  const chars = [...text];
  while (chars.length > 0 && textWidth(`${chars.join('')}…`, font, size) > maxWidth) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

/**
 * `text` in lines of at most `maxWidth` points: broken after a space or a '/', a word wider than the line cut with
 * '…'; at most `maxLines` lines, the last one cut with '…' when the text goes on.
 */
export function wrapText(text: string, font: PdfFont, size: number, maxWidth: number, maxLines = Infinity): string[] {
  const pieces = text.split(/(?<=[ /])/);
  const lines: string[] = [];
  let line = '';
  for (const piece of pieces) {
    if (line === '' || textWidth(`${line}${piece}`.trimEnd(), font, size) <= maxWidth) line += piece;
    else {
      lines.push(line.trimEnd());
      line = piece;
    }
  }
  if (line.trim() !== '' || lines.length === 0) lines.push(line.trimEnd());
  const kept = lines.slice(0, maxLines);
  if (lines.length > maxLines) kept[kept.length - 1] = fitText(`${kept.at(-1)!}…`, font, size, maxWidth);
  return kept.map((part) => fitText(part, font, size, maxWidth));
}

/** A number as PDF writes it: at most two decimals, no exponent. */
const num = (value: number) => String(Math.round(value * 100) / 100);

type TextOptions = { font?: PdfFont; size?: number; align?: 'left' | 'right' | 'center' };

/** One page: its drawing operators, in order. */
export class PdfPage {
  readonly operators: string[] = [];

  /** Writes `text` on the baseline `y`; `x` is its left edge, right edge or centre per `align`. */
  text(x: number, y: number, text: string, { font = 'regular', size = 10, align = 'left' }: TextOptions = {}): void {
    const width = align === 'left' ? 0 : textWidth(text, font, size);
    const left = align === 'right' ? x - width : align === 'center' ? x - width / 2 : x;
    this.operators.push(`BT /${FONTS[font].resource} ${num(size)} Tf ${num(left)} ${num(y)} Td ${pdfLiteral(text)} Tj ET`);
  }

  /** A straight line of `width` points in gray `gray` (0 black, 1 white). */
  line(x1: number, y1: number, x2: number, y2: number, width = 0.5, gray = 0): void {
    this.operators.push(`q ${num(gray)} G ${num(width)} w ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S Q`);
  }

  /** A filled rectangle in gray `gray`, its bottom-left corner at (x, y). */
  rect(x: number, y: number, width: number, height: number, gray: number): void {
    this.operators.push(`q ${num(gray)} g ${num(x)} ${num(y)} ${num(width)} ${num(height)} re f Q`);
  }
}

export class PdfDocument {
  readonly pages: PdfPage[] = [];

  constructor(
    private readonly info: { title: string; producer: string },
    readonly size: { width: number; height: number } = A4,
  ) {}

  addPage(): PdfPage {
    const page = new PdfPage();
    this.pages.push(page);
    return page;
  }

  /** The file's bytes. A document without pages gets one blank page (a PDF needs one). */
  toBuffer(): Buffer {
    if (this.pages.length === 0) this.addPage();
    // Objects 1 catalog, 2 page tree, 3 and 4 the fonts, 5 /Info, then per page its page and its content stream.
    const fontObject = (font: PdfFont) =>
      `<< /Type /Font /Subtype /Type1 /BaseFont /${FONTS[font].baseFont} /Encoding /WinAnsiEncoding >>`;
    const pageIds = this.pages.map((_, index) => 6 + index * 2);
    const mediaBox = `[0 0 ${num(this.size.width)} ${num(this.size.height)}]`;
    const objects: string[] = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${this.pages.length} >>`,
      fontObject('regular'),
      fontObject('bold'),
      `<< /Title ${pdfTextString(this.info.title)} /Producer ${pdfTextString(this.info.producer)} >>`,
    ];
    for (const [index, page] of this.pages.entries()) {
      const content = page.operators.join('\n');
      objects.push(
        `<< /Type /Page /Parent 2 0 R /MediaBox ${mediaBox} /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[index]! + 1} 0 R >>`,
        `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
      );
    }
    // The header's second line marks the file as binary for transfer programs (bytes above 127, as the spec advises).
    const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
    let length = chunks[0]!.length;
    const offsets: number[] = [];
    for (const [index, body] of objects.entries()) {
      offsets.push(length);
      const chunk = Buffer.from(`${index + 1} 0 obj\n${body}\nendobj\n`, 'latin1');
      chunks.push(chunk);
      length += chunk.length;
    }
    // Each xref entry is exactly 20 bytes: 10-digit offset, 5-digit generation, n/f, and a two-byte end of line.
    const xref = [
      'xref',
      `0 ${objects.length + 1}`,
      '0000000000 65535 f\r',
      ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n\r`),
      'trailer',
      `<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>`,
      'startxref',
      String(length),
      '%%EOF',
    ].join('\n');
    chunks.push(Buffer.from(`${xref}\n`, 'latin1'));
    return Buffer.concat(chunks);
  }
}
