/**
 * MD5 (RFC 1321) over bytes, as 32 lowercase hex characters: the TISS hash (./tissHash.ts) needs it in the browser
 * too, where Web Crypto has no MD5, and machines/ stays platform-neutral (no node:crypto). Not for security: TISS
 * uses it as a checksum. tests/unit/machines/tiss/md5.test.ts runs the RFC's test suite (appendix A.5) and compares
 * with node:crypto on random inputs.
 * @see https://www.rfc-editor.org/rfc/rfc1321
 */

/** The per-step left-rotation amounts (RFC 1321 §3.4). */
const SHIFTS = [
  7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
  4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
];

/** T[i] = floor(2^32 × |sin(i + 1)|) (RFC 1321 §3.4). */
const SINES = Array.from({ length: 64 }, (_, index) => Math.floor(Math.abs(Math.sin(index + 1)) * 2 ** 32) >>> 0);

/** The message padded to a multiple of 64 bytes: 0x80, zeros, then the bit length as 64-bit little-endian. */
function padded(bytes: Uint8Array): Uint8Array {
  const length = Math.ceil((bytes.length + 9) / 64) * 64;
  const out = new Uint8Array(length);
  out.set(bytes);
  out[bytes.length] = 0x80;
  const view = new DataView(out.buffer);
  view.setUint32(length - 8, (bytes.length * 8) >>> 0, true);
  view.setUint32(length - 4, Math.floor(bytes.length / 2 ** 29), true);
  return out;
}

/** One 64-byte block folded into the state (RFC 1321 §3.4, the four rounds written as one loop). */
function processBlock(state: Uint32Array, view: DataView, offset: number): void {
  let [a, b, c, d] = [state[0]!, state[1]!, state[2]!, state[3]!];
  for (let step = 0; step < 64; step += 1) {
    let f: number;
    let word: number;
    if (step < 16) [f, word] = [(b & c) | (~b & d), step];
    else if (step < 32) [f, word] = [(d & b) | (~d & c), (5 * step + 1) % 16];
    else if (step < 48) [f, word] = [b ^ c ^ d, (3 * step + 5) % 16];
    else [f, word] = [c ^ (b | ~d), (7 * step) % 16];
    const sum = (a + f + SINES[step]! + view.getUint32(offset + word * 4, true)) >>> 0;
    const shift = SHIFTS[step]!;
    [a, d, c] = [d, c, b];
    b = (b + ((sum << shift) | (sum >>> (32 - shift)))) >>> 0;
  }
  state[0] = (state[0]! + a) >>> 0;
  state[1] = (state[1]! + b) >>> 0;
  state[2] = (state[2]! + c) >>> 0;
  state[3] = (state[3]! + d) >>> 0;
}

/** The MD5 digest of `bytes` as 32 lowercase hex characters. */
export function md5Hex(bytes: Uint8Array): string {
  const state = new Uint32Array([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476]);
  const message = padded(bytes);
  const view = new DataView(message.buffer);
  for (let offset = 0; offset < message.length; offset += 64) processBlock(state, view, offset);
  let hex = '';
  for (const word of state) {
    for (let byte = 0; byte < 4; byte += 1) hex += ((word >>> (8 * byte)) & 0xff).toString(16).padStart(2, '0');
  }
  return hex;
}
