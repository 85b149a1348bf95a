import { crc32 } from 'node:zlib';

/**
 * A ZIP archive written as a stream (PKWARE APPNOTE 6.3, the subset every unzip reads): entries stored (method 0,
 * the photos and PDFs are compressed already), UTF-8 names (flag bit 11), each entry's CRC-32 and sizes in its local
 * header (the entry's bytes are in memory when it is written), then the central directory. Memory holds one entry at
 * a time. No ZIP64: an archive stops at 4 GiB or 65,535 entries, far beyond one patient's files (an attempt past
 * them throws before writing a broken archive).
 */
export type ZipEntry = { name: string; data: Buffer; modified: Date };

const LIMIT_BYTES = 0xffff_fffe;
const LIMIT_ENTRIES = 0xffff;

/** MS-DOS date and time (2-second resolution), in the local wall clock the archive is read in: São Paulo's. */
function dosDateTime(date: Date): { time: number; day: number } {
  const local = new Date(date.getTime() - 3 * 3_600_000); // Brazil has kept UTC−3 since 2019.
  const year = Math.max(local.getUTCFullYear(), 1980);
  return {
    time: (local.getUTCHours() << 11) | (local.getUTCMinutes() << 5) | Math.floor(local.getUTCSeconds() / 2),
    day: ((year - 1980) << 9) | ((local.getUTCMonth() + 1) << 5) | local.getUTCDate(),
  };
}

export async function* zipStream(entries: AsyncIterable<ZipEntry>): AsyncGenerator<Buffer> {
  const central: Buffer[] = [];
  let offset = 0;
  let count = 0;
  for await (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(entry.data);
    const { time, day } = dosDateTime(entry.modified);
    if (count + 1 > LIMIT_ENTRIES || offset + 30 + name.length + entry.data.length > LIMIT_BYTES) {
      throw new Error('zip archive over its limits');
    }
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(day, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    yield Buffer.concat([local, name]);
    yield entry.data;

    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4); // made by: 2.0
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(0, 10);
    header.writeUInt16LE(time, 12);
    header.writeUInt16LE(day, 14);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(entry.data.length, 20);
    header.writeUInt32LE(entry.data.length, 24);
    header.writeUInt16LE(name.length, 28);
    // extra, comment, disk, internal and external attributes: 0
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    offset += local.length + name.length + entry.data.length;
    count += 1;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  yield directory;
  yield end;
}
