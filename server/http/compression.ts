import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Compression of JSON answers (issue 11, item 10): above JSON_COMPRESSION_THRESHOLD bytes, brotli or gzip at their
 * cheapest settings (see BROTLI_QUALITY), whichever the client prefers by Accept-Encoding (brotli on a tie), with
 * `Vary: Accept-Encoding`. The SPA's files are precompressed at build time (scripts/precompress.ts) and served by
 * @fastify/static; this covers only the dynamic answers (a page of 100 cases is ~150 kB of JSON).
 * A small hook rather than @fastify/compress: that plugin would be a new dependency for these few lines.
 */
/**
 * Below this size an answer goes as it is (issue 41): one Surgery (1.5–1.8 kB) fits in one TCP segment either way, and
 * compressing it was a tenth of GET by id's Node CPU.
 */
export const JSON_COMPRESSION_THRESHOLD = 2048;

/**
 * Below this size a body is compressed on the event loop: handing it to the thread pool cost more CPU than
 * compressing it (brotli at quality 1 on a 158 kB page of 100 cases: 0.44 ms on the loop, 0.83 ms through the pool),
 * and at quality 1 the loop waits about 3 µs per kB. Only a body larger than the largest page (500 cases) goes to the
 * pool. Same bytes either way.
 */
const SYNC_COMPRESSION_LIMIT = 1024 * 1024;

/**
 * Brotli quality 1 and gzip level 1 (issue 41): on that 158 kB page, brotli 1 took 0.44 ms for 23.7 kB where quality 4
 * took 1.16 ms for 20.6 kB, and gzip 1 0.79 ms for 27.3 kB where level 6 took 1.53 ms for 20.9 kB. The 15 % more
 * bytes cost a phone less than the doubled CPU costs the server (scripts/bench-api.ts measures both).
 */
const BROTLI_QUALITY = 1;
const GZIP_LEVEL = 1;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The smallest window (log2 bytes) that still reaches back over the whole body, `reserved` being what the format keeps
 * out of it (brotli 16 bytes, deflate 262), within the format's bounds. A match can never reach further back than the
 * body's start, so the output is that of the default window, to a byte or so; but the encoder sets up its window and
 * hash tables at each call, and for a small body that set-up is most of the work (issue 15, GET by id: a 1.7 kB
 * Surgery took brotli 32 → 20 µs, gzip 39 → 21 µs).
 */
export function windowBitsFor(size: number, reserved: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.ceil(Math.log2(size + reserved))));
}

export function brotliOptions(size: number): BrotliOptions {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
      [constants.BROTLI_PARAM_LGWIN]: windowBitsFor(size, 16, constants.BROTLI_MIN_WINDOW_BITS, constants.BROTLI_DEFAULT_WINDOW),
    },
  };
}

export function gzipOptions(size: number): ZlibOptions {
  return { level: GZIP_LEVEL, windowBits: windowBitsFor(size, 262, 9, constants.Z_MAX_WINDOWBITS) };
}

function compressSync(payload: string | Buffer, encoding: Encoding, size: number): Buffer {
  return encoding === 'br' ? brotliCompressSync(payload, brotliOptions(size)) : gzipSync(payload, gzipOptions(size));
}

function compressAsync(payload: string | Buffer, encoding: Encoding, size: number): Promise<Buffer> {
  return encoding === 'br' ? brotliAsync(payload, brotliOptions(size)) : gzipAsync(payload, gzipOptions(size));
}

type Encoding = 'br' | 'gzip';

/** The encoding to use for `header` (RFC 9110 §12.5.3 q-values; `*` counts for both), or null for identity. */
export function negotiateEncoding(header: string | string[] | undefined): Encoding | null {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const weights = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: Encoding) => weights.get(name) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

function addVary(reply: FastifyReply) {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Callback-style (issue 15): most answers pass through untouched or are compressed on the event loop, and an async
 * hook would cost each of them a promise; only a large body waits for the thread pool.
 */
export function registerJsonCompression(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    if (reply.hasHeader('content-encoding') || request.method === 'HEAD') return done(null, payload);
    if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(String(reply.getHeader('content-type') ?? ''))) return done(null, payload);
    const size = Buffer.byteLength(payload);
    if (size < JSON_COMPRESSION_THRESHOLD) return done(null, payload);
    addVary(reply);
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    const encoded = (compressed: Buffer) => {
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      done(null, compressed);
    };
    if (size >= SYNC_COMPRESSION_LIMIT) {
      compressAsync(payload, encoding, size).then(encoded, (error: Error) => done(error));
      return;
    }
    let compressed: Buffer;
    try {
      compressed = compressSync(payload, encoding, size);
    } catch (error) {
      return done(error as Error);
    }
    encoded(compressed);
  });
}
