import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_ROUTES,
  CBO_CODES,
  COUNCIL_CODES,
  GLOSA_CODES,
  PARTICIPATION_LABELS,
  PHYSICIAN_CBOS,
  PROCEDURE_TABLES,
  TECHNIQUES,
  TISS_VERSION,
  UF_CODES,
} from '../../../../machines/tiss/tissDomains';

const DATA = resolve(import.meta.dirname, '../../../../server/data/tiss');
const simpleTypes = readFileSync(resolve(DATA, 'xsd/tissSimpleTypesV4_01_00.xsd'), 'latin1');

/** The enumeration values of a simpleType of the shipped XSD, commented-out values left out. */
function enumeration(type: string): string[] {
  const start = simpleTypes.indexOf(`<simpleType name="${type}">`);
  expect(start, type).toBeGreaterThanOrEqual(0);
  const body = simpleTypes.slice(start, simpleTypes.indexOf('</simpleType>', start)).replace(/<!--[\s\S]*?-->/g, '');
  return [...body.matchAll(/<enumeration value="([^"]*)"\/>/g)].map((match) => match[1]!);
}

describe('TISS domain tables', () => {
  it('equal the shipped XSD enumerations, value for value', () => {
    expect(Object.keys(PARTICIPATION_LABELS).sort()).toEqual(enumeration('dm_grauPart').sort());
    expect(Object.values(COUNCIL_CODES).sort()).toEqual(enumeration('dm_conselhoProfissional').sort());
    expect(Object.values(UF_CODES).sort()).toEqual(enumeration('dm_UF').sort());
    expect([...PROCEDURE_TABLES].sort()).toEqual(enumeration('dm_tabela').sort());
    expect(Object.keys(ACCESS_ROUTES).sort()).toEqual(enumeration('dm_viaDeAcesso').sort());
    expect(Object.keys(TECHNIQUES).sort()).toEqual(enumeration('dm_tecnicaUtilizada').sort());
    expect([...CBO_CODES].sort()).toEqual(enumeration('dm_CBOS').sort());
    // dm_tipoGlosa also enumerates '' (an empty code): the product never writes an empty element.
    expect([...GLOSA_CODES].sort()).toEqual(enumeration('dm_tipoGlosa').filter((code) => code !== '').sort());
    expect(enumeration('dm_versao')).toContain(TISS_VERSION);
    expect(enumeration('dm_tipoTransacao')).toEqual(expect.arrayContaining(['ENVIO_LOTE_GUIAS', 'RECURSO_GLOSA']));
  });

  it('lists only physicians’ CBOs that TISS accepts', () => {
    expect(PHYSICIAN_CBOS.length).toBe(63);
    for (const [code] of PHYSICIAN_CBOS) expect(CBO_CODES, code).toContain(code);
  });

  it('ships the glosa reasons file with every dm_tipoGlosa code, 245 of them without description', () => {
    const rows = readFileSync(resolve(DATA, 'motivos-glosa.csv'), 'utf8').trim().split(/\r?\n/).slice(1).map((row) => row.split(';'));
    expect(rows.map(([code]) => code).sort()).toEqual([...GLOSA_CODES].sort());
    expect(rows.filter((row) => row[2] === '').length).toBe(245);
  });

  it('ships the ANS files byte for byte (ISO-8859-1, CRLF, as published)', () => {
    const sha = (file: string) => createHash('sha256').update(readFileSync(resolve(DATA, file))).digest('hex');
    expect({
      root: sha('xsd/tissV4_01_00.xsd'),
      simple: sha('xsd/tissSimpleTypesV4_01_00.xsd'),
      complex: sha('xsd/tissComplexTypesV4_01_00.xsd'),
      guides: sha('xsd/tissGuiasV4_01_00.xsd'),
      signature: sha('xsd/tissAssinaturaDigital_v1.01.xsd'),
      xmldsig: sha('xsd/xmldsig-core-schema.xsd'),
      glosas: sha('motivos-glosa.csv'),
    }).toEqual({
      root: '3293d4a0b0e053b89c1b6eebe57f282c217dfbac3fa6e74848f07717639258f1',
      simple: '54f3bfdc387d24539674e4bbb64c32a5cb7ebd6a7509f79ed385566e673c1309',
      complex: '98a7626e341f5ebc7ec0da2bc8252cdc32879faa58376dfd3c62d62610319ef1',
      guides: '0546c15b0f100ae9a1f1d0e840ed0e5e602ae9dff415dcf86f814745f2823cb1',
      signature: '8567690a0eb05b9681fdc575ca7c867f75bf5cb33573175b8d333617ef035221',
      xmldsig: 'b6388292d746c6cc8f932ce3b6bf7c7fc0bf6cba58ec385b38988887bcf5fdbb',
      glosas: '8b7bc3d02097ff31f129b9397446fd3e2b8a025c5b289ef7ab44a23570ffad7e',
    });
  });
});
