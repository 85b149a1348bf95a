import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';
import type { AppealedGuideGlosa, GlosaAppeal, HonorariosGuide, HonorariosLot, TissProcedureLine } from '../../../../machines/tiss/types';

/** The shipped root schema: the tests validate against the repository's copy, never ../shared. */
export const SCHEMA = resolve(import.meta.dirname, '../../../../server/data/tiss/xsd/tissV4_01_00.xsd');
const XMLLINT = '/usr/bin/xmllint';

/** Fails the test, saying what to install, when xmllint is missing: the TISS checks must never be skipped. */
function requireXmllint(): void {
  if (!existsSync(XMLLINT)) {
    throw new Error(`${XMLLINT} is missing: install Debian's libxml2-utils (apt-get install libxml2-utils) to validate TISS messages`);
  }
}

/**
 * Validates every file against the shipped XSD in ONE xmllint call (the schema is compiled once). Returns, per file,
 * null when it validates or xmllint's messages about it. Throws, failing the test, when xmllint is not installed.
 */
export function validateWithXmllint(files: Array<{ name: string; bytes: Uint8Array }>): Map<string, string | null> {
  requireXmllint();
  const dir = mkdtempSync(join(tmpdir(), 'tiss-'));
  try {
    const paths = files.map((file, index) => {
      const path = join(dir, `${String(index).padStart(4, '0')}-${file.name}.xml`);
      writeFileSync(path, file.bytes);
      return path;
    });
    const run = spawnSync(XMLLINT, ['--noout', '--schema', SCHEMA, ...paths], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (run.error) throw run.error;
    const output = run.stderr;
    if (/failed to compile|WXS schema .* failed/.test(output)) throw new Error(`The schema did not compile:\n${output}`);
    const results = new Map<string, string | null>();
    files.forEach((file, index) => {
      const path = paths[index]!;
      const lines = output.split('\n').filter((line) => line.startsWith(path));
      results.set(file.name, lines.includes(`${path} validates`) ? null : lines.join('\n') || 'xmllint said nothing');
    });
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The leaf elements' texts as libxml2 parses them (`xmllint --xpath`), the hash left out, concatenated in document
 * order: a third reading, by a real XML parser. xmllint prints one text node a line, in UTF-8, with &, < and >
 * escaped; the writers never put a line break in a value, so the lines are the values.
 */
export function xmllintLeaves(bytes: Uint8Array): string {
  requireXmllint();
  const dir = mkdtempSync(join(tmpdir(), 'tiss-'));
  try {
    const path = join(dir, 'message.xml');
    writeFileSync(path, bytes);
    const run = spawnSync(XMLLINT, ['--xpath', '//*[not(*) and local-name()!="hash"]/text()', path], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (run.error) throw run.error;
    expect(run.status, run.stderr).toBe(0);
    return run.stdout
      .split('\n')
      .map((value) => value.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'))
      .join('');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (_, name: string) =>
    name.startsWith('#x') ? String.fromCodePoint(parseInt(name.slice(2), 16)) : name.startsWith('#') ? String.fromCodePoint(Number(name.slice(1))) : ENTITIES[name]!,
  );
}

/**
 * The TISS hash recomputed from the file's bytes alone, two ways that do not share code with the writers: the text
 * of every leaf element (found by a regular expression over the decoded file), and the "strip every tag" reading.
 * Both must agree; MD5 by node:crypto over the ISO-8859-1 (or UTF-8) bytes of the text.
 */
export function independentHash(bytes: Uint8Array, encoding: 'latin1' | 'utf8' = 'latin1'): { leaves: string; stripped: string; hash: string; written: string } {
  const xml = Buffer.from(bytes).toString('latin1');
  const written = /<ans:hash>([^<]*)<\/ans:hash>/.exec(xml)?.[1] ?? '';
  const withoutHash = xml.replace(/<ans:hash>[^<]*<\/ans:hash>/, '<ans:hash></ans:hash>');
  const leaves = [...withoutHash.matchAll(/<ans:([A-Za-z-]+)>([^<]*)<\/ans:\1>/g)].map((match) => decodeEntities(match[2]!)).join('');
  const stripped = decodeEntities(withoutHash.replace(/<\?xml[^>]*\?>/, '').replace(/<[^>]+>/g, ''));
  const hash = createHash('md5').update(Buffer.from(leaves, encoding)).digest('hex');
  return { leaves, stripped, hash, written };
}

/** A procedure line with its total consistent (unit × quantity × factor). */
export function line(over: Partial<TissProcedureLine> = {}): TissProcedureLine {
  return {
    sequence: 1,
    performedOn: '2026-11-10',
    table: '22',
    code: '30602238',
    description: 'Mastectomia radical ou radical modificada - qualquer técnica',
    quantity: 1,
    accessRoute: '1',
    technique: '1',
    factorHundredths: 100,
    unitCents: 250_000,
    totalCents: 250_000,
    professionals: [
      {
        participation: '00',
        id: { kind: 'cpf', cpf: '529.982.247-25' },
        name: 'Dra. Ana Beatriz D’Ávila',
        council: 'CRM',
        councilNumber: '123456',
        councilUf: 'SP',
        cbo: '225225',
      },
    ],
    ...over,
  };
}

/** A complete guia de honorários (valid). */
export function guide(over: Partial<HonorariosGuide> = {}): HonorariosGuide {
  return {
    planAnsRegistry: '326305',
    providerGuideNumber: 'H-2026-0001',
    requestGuideNumber: '99887766',
    authorizationPassword: 'A1B2C3',
    planGuideNumber: null,
    beneficiary: { cardNumber: '0 123 456789 00-1', newborn: false },
    hospital: { id: { kind: 'cnpj', cnpj: '60.765.823/0001-30' }, name: 'Hospital São José & Maternidade', cnes: '2077485' },
    executant: { codeAtPlan: '000123456', cnes: null },
    billingStart: '2026-11-10',
    billingEnd: '2026-11-12',
    lines: [line()],
    note: null,
    totalCents: 250_000,
    issuedOn: '2026-11-20',
    ...over,
  };
}

/** A lot of the given guides (valid when they are). */
export function lot(guides: HonorariosGuide[], over: Partial<HonorariosLot> = {}): HonorariosLot {
  return {
    sender: { kind: 'codeAtPlan', code: '000123456' },
    planAnsRegistry: '326305',
    transaction: { sequence: '42', date: '2026-11-20', time: '14:05:09' },
    lotNumber: '17',
    guides,
    ...over,
  };
}

/** A glosa of a whole guide, contested. */
const WHOLE_GUIDE_GLOSA: AppealedGuideGlosa = { glosaCode: '1705', justification: 'Guia enviada dentro do prazo.', appealedCents: 120_050 };

/** A recurso de glosa by procedure lines of two guides (valid). */
export function appeal(over: Partial<GlosaAppeal> = {}): GlosaAppeal {
  return {
    sender: { kind: 'codeAtPlan', code: '000123456' },
    transaction: { sequence: '43', date: '2026-12-20', time: '09:30' },
    planAnsRegistry: '326305',
    planName: 'Operadora Exemplo Saúde S/A',
    appealNumber: 'R-0001',
    planAppealNumber: null,
    contracted: { kind: 'codeAtPlan', code: '000123456' },
    lotNumber: '17',
    protocolNumber: '202611000123',
    subject: {
      kind: 'guides',
      guides: [
        {
          providerGuideNumber: 'H-2026-0001',
          planGuideNumber: '555000111',
          authorizationPassword: 'A1B2C3',
          glosas: {
            kind: 'items',
            items: [
              {
                sequence: 1,
                performedOn: '2026-11-10',
                table: '22',
                code: '30602238',
                description: 'Mastectomia radical ou radical modificada - qualquer técnica',
                participation: '00',
                glosaCode: '1801',
                appealedCents: 75_000,
                justification: 'Procedimento autorizado pela senha A1B2C3; a redução “por via” não se aplica — via única.',
              },
            ],
          },
        },
        {
          providerGuideNumber: 'H-2026-0002',
          glosas: { kind: 'wholeGuide', glosas: [WHOLE_GUIDE_GLOSA] },
        },
      ],
    },
    appealedOn: '2026-12-20',
    ...over,
  };
}
