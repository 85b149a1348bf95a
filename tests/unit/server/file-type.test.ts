import { describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES, MAX_PHOTO_BYTES, PHOTO_TYPES, sniffFileType } from '../../../server/services/files/file-type';

const bytes = (...values: number[]) => Buffer.from(values);
const ascii = (text: string) => Buffer.from(text, 'latin1');

describe('sniffFileType', () => {
  it('recognises JPEG, PNG, WebP and PDF by their first bytes', () => {
    expect(sniffFileType(bytes(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46))).toBe('image/jpeg');
    expect(sniffFileType(bytes(0xff, 0xd8, 0xff, 0xe1))).toBe('image/jpeg');
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13))).toBe('image/png');
    expect(sniffFileType(Buffer.concat([ascii('RIFF'), bytes(0x1a, 0, 0, 0), ascii('WEBPVP8L')]))).toBe('image/webp');
    expect(sniffFileType(ascii('%PDF-1.7\n'))).toBe('application/pdf');
  });

  it('ignores what the name or a text claims to be', () => {
    expect(sniffFileType(ascii('isto não é uma imagem'))).toBeNull();
    expect(sniffFileType(ascii('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffFileType(ascii('GIF89a'))).toBeNull();
    expect(sniffFileType(bytes(0x50, 0x4b, 0x03, 0x04))).toBeNull(); // a ZIP (DOCX)
  });

  it('needs the whole signature: truncated and look-alike headers are not accepted', () => {
    expect(sniffFileType(Buffer.alloc(0))).toBeNull();
    expect(sniffFileType(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a))).toBeNull();
    expect(sniffFileType(ascii('RIFF'))).toBeNull();
    expect(sniffFileType(Buffer.concat([ascii('RIFF'), bytes(0x24, 0, 0, 0), ascii('WAVEfmt ')]))).toBeNull(); // audio
    expect(sniffFileType(ascii('%PDF'))).toBeNull();
    expect(sniffFileType(ascii(' %PDF-1.7'))).toBeNull();
  });
});

describe('accepted types and limits', () => {
  it('takes photos as JPEG, PNG or WebP up to 5 MB, and documents also as PDF', () => {
    expect([...PHOTO_TYPES]).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect([...DOCUMENT_TYPES]).toEqual(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']);
    expect(MAX_PHOTO_BYTES).toBe(5 * 1024 * 1024);
  });
});
