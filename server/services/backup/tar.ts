/**
 * The few parts of the tar format (POSIX ustar, with a pax `path` record for a long name) a backup archive needs:
 * regular files only, written and read as streams. Written by hand rather than with a dependency: about a hundred
 * lines, and standard tools (`tar -tzf`) read what it writes.
 */

const BLOCK = 512;
const ZERO_BLOCK = Buffer.alloc(BLOCK);

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0');
}

function header(name: string, size: number, type: '0' | 'x', mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, 'utf8');
  block.write(octal(0o644, 8), 100, 8, 'ascii');
  block.write(octal(0, 8), 108, 8, 'ascii');
  block.write(octal(0, 8), 116, 8, 'ascii');
  block.write(octal(size, 12), 124, 12, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 12, 'ascii');
  block.write('        ', 148, 8, 'ascii');
  block.write(type, 156, 1, 'ascii');
  block.write('ustar\u000000', 257, 8, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${octal(sum, 7)}\u0000 `, 148, 8, 'ascii');
  return block;
}

function padding(size: number): Buffer {
  const rest = size % BLOCK;
  return rest === 0 ? Buffer.alloc(0) : ZERO_BLOCK.subarray(0, BLOCK - rest);
}

function paxRecord(key: string, value: string): Buffer {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length += 1;
  return Buffer.from(`${length}${body}`, 'utf8');
}

/** The blocks of one regular file entry (headers, data, padding). */
export function tarEntry(name: string, data: Buffer, mtime = new Date()): Buffer[] {
  const parts: Buffer[] = [];
  if (Buffer.byteLength(name) > 99) {
    const pax = paxRecord('path', name);
    parts.push(header('PaxHeader', pax.length, 'x', mtime), pax, padding(pax.length));
  }
  parts.push(header(Buffer.byteLength(name) > 99 ? name.slice(0, 99) : name, data.length, '0', mtime), data, padding(data.length));
  return parts;
}

/** The two zero blocks that end an archive. */
export const tarEnd = (): Buffer => Buffer.alloc(BLOCK * 2);

class TarFormatError extends Error {}

/**
 * Reads a tar stream chunk by chunk; `onEntry` gets each regular file whole (the backup's entries are each small
 * enough for memory: one stored file, or the database's own tar). `end()` throws if the stream stopped mid-entry or
 * without its end blocks.
 */
export function createTarReader(onEntry: (name: string, data: Buffer) => Promise<void> | void) {
  let pending: Buffer = Buffer.alloc(0);
  /** The entry being read: its header, a buffer of its data and padding, and how much of it has arrived. */
  let current: { name: string; size: number; type: string; body: Buffer; filled: number } | null = null;
  let paxPath: string | null = null;
  let ended = false;

  const parseHeader = (block: Buffer) => {
    const field = (start: number, length: number) => block.subarray(start, start + length).toString('utf8').replace(/\0.*$/s, '');
    const stored = field(148, 8).trim();
    const copy = Buffer.from(block);
    copy.write('        ', 148, 8, 'ascii');
    let sum = 0;
    for (const byte of copy) sum += byte;
    if (Number.parseInt(stored, 8) !== sum) throw new TarFormatError('cabeçalho tar inválido');
    const prefix = field(345, 155);
    const base = field(0, 100);
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    if (!Number.isSafeInteger(size) || size < 0) throw new TarFormatError('tamanho inválido no tar');
    return { name: prefix ? `${prefix}/${base}` : base, size, type: field(156, 1) || '0' };
  };

  const finish = async (entry: NonNullable<typeof current>) => {
    const data = entry.body.subarray(0, entry.size);
    if (entry.type === 'x') {
      const match = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(data.toString('utf8'));
      paxPath = match ? match[1]! : null;
    } else if (entry.type === '0') {
      const name = paxPath ?? entry.name;
      paxPath = null;
      await onEntry(name, data);
    } else {
      paxPath = null;
    }
  };

  return {
    async push(chunk: Buffer): Promise<void> {
      let input: Buffer = chunk;
      while (input.length > 0 && !ended) {
        if (current) {
          const take = Math.min(current.body.length - current.filled, input.length);
          input.copy(current.body, current.filled, 0, take);
          current.filled += take;
          input = input.subarray(take);
          if (current.filled === current.body.length) {
            const entry = current;
            current = null;
            await finish(entry);
          }
          continue;
        }
        pending = pending.length ? Buffer.concat([pending, input]) : input;
        if (pending.length < BLOCK) return;
        const block = pending.subarray(0, BLOCK);
        input = pending.subarray(BLOCK);
        pending = Buffer.alloc(0);
        if (block.equals(ZERO_BLOCK)) {
          ended = true;
          return;
        }
        const parsed = parseHeader(block);
        const total = parsed.size + ((BLOCK - (parsed.size % BLOCK)) % BLOCK);
        current = { ...parsed, body: Buffer.alloc(total), filled: 0 };
        if (total === 0) {
          const entry = current;
          current = null;
          await finish(entry);
        }
      }
    },
    end(): void {
      if (!ended || current) throw new TarFormatError('arquivo tar incompleto');
    },
  };
}
