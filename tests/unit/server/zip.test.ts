import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { zipStream, type ZipEntry } from '../../../server/http/zip';

async function archiveOf(entries: ZipEntry[]): Promise<Buffer> {
  async function* source() {
    yield* entries;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of zipStream(source())) chunks.push(chunk);
  return Buffer.concat(chunks);
}

describe('zipStream', () => {
  it('writes entries an unzip reads back byte for byte, CRC checked, UTF-8 names kept', async () => {
    const binary = Buffer.from(Array.from({ length: 70_000 }, (_, n) => (n * 31) % 256));
    const archive = await archiveOf([
      { name: 'paciente.json', data: Buffer.from('{"nome":"João Ávila"}'), modified: new Date('2026-11-27T12:00:00Z') },
      { name: 'documentos/relatório.bin', data: binary, modified: new Date('2026-01-02T03:04:06Z') },
      { name: 'vazio.txt', data: Buffer.alloc(0), modified: new Date('2026-11-27T12:00:00Z') },
    ]);
    const zip = new PizZip(archive, { checkCRC32: true });
    expect(Object.keys(zip.files)).toEqual(['paciente.json', 'documentos/relatório.bin', 'vazio.txt']);
    expect(zip.file('paciente.json')!.asText()).toBe('{"nome":"João Ávila"}');
    expect(Buffer.from(zip.file('documentos/relatório.bin')!.asUint8Array()).equals(binary)).toBe(true);
    expect(zip.file('vazio.txt')!.asText()).toBe('');
  });

  it('dates entries on São Paulo’s wall clock', async () => {
    const archive = await archiveOf([{ name: 'a.txt', data: Buffer.from('a'), modified: new Date('2026-03-10T14:30:08Z') }]);
    const date = new PizZip(archive).file('a.txt')!.date;
    // DOS time has no zone: an unzip shows the wall clock written, 11:30:08 in São Paulo.
    expect([date.getFullYear(), date.getMonth() + 1, date.getDate(), date.getHours(), date.getMinutes(), date.getSeconds()]).toEqual([2026, 3, 10, 11, 30, 8]);
  });

  it('makes an empty archive of just its end record', async () => {
    const archive = await archiveOf([]);
    expect(archive).toHaveLength(22);
    expect(archive.readUInt32LE(0)).toBe(0x06054b50);
  });
});
