/**
 * What a chosen file really is, read from its first bytes (as the server checks uploads, server/services/files):
 * a file renamed to .png is not taken for an image when it is chosen, long before the form is sent (issue 11).
 */

type SniffedType = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);

/** The type the bytes carry, or null for anything else. */
function sniffType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

/** Whether the file's content is one of the `accept`ed types (its name and declared type are not trusted). */
export async function contentMatches(file: Blob, accept: readonly string[]): Promise<boolean> {
  try {
    const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
    const type = sniffType(head);
    return type !== null && accept.includes(type);
  } catch {
    return false;
  }
}
