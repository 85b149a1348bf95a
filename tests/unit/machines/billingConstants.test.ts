import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CBO_OPTIONS, TISS_CBO_CODES, UNKNOWN_CBO } from '../../../machines/billing/cbo';
import { BILLING_UFS, COUNCILS, TEAM_ROLES } from '../../../machines/billing/constants';
import { UFS } from '../../../machines/lookups/hospitalSchemas';
import { parseCsvRecords } from '../../../server/db/csv';

/**
 * The TISS codes the billing data stores are the standard's: each list is checked against the enumerations of the
 * shipped XSD 4.01.00 (server/data/tiss/xsd, ISO-8859-1 as published) and the CBO names against the shipped CSV.
 */

const simpleTypes = readFileSync('server/data/tiss/xsd/tissSimpleTypesV4_01_00.xsd', 'latin1');

function enumerationOf(name: string): string[] {
  const start = simpleTypes.indexOf(`<simpleType name="${name}">`);
  expect(start, name).toBeGreaterThan(-1);
  const body = simpleTypes.slice(start, simpleTypes.indexOf('</simpleType>', start));
  return [...body.matchAll(/<enumeration value="([^"]*)"\/>/g)].map((match) => match[1]!);
}

describe('billing codes against the TISS 4.01.00 XSD', () => {
  it('team roles are dm_grauPart without the surgeon (00)', () => {
    expect(TEAM_ROLES.map((role) => role.code)).toEqual(enumerationOf('dm_grauPart').filter((code) => code !== '00'));
    expect(new Set(TEAM_ROLES.map((role) => role.label)).size).toBe(TEAM_ROLES.length);
  });

  it('councils are every dm_conselhoProfissional code, CRM first', () => {
    expect(COUNCILS.map((council) => council.code).sort()).toEqual(enumerationOf('dm_conselhoProfissional').sort());
    expect(COUNCILS[0]).toEqual({ code: '06', label: 'CRM' });
  });

  it('the council UFs are the 27 federative units', () => {
    expect(BILLING_UFS).toEqual([...UFS].sort());
  });

  it('the CBO codes are dm_CBOS; every offered occupation is one, with the shipped names of the physicians', () => {
    expect([...TISS_CBO_CODES].sort()).toEqual([...new Set(enumerationOf('dm_CBOS'))].sort());
    for (const option of CBO_OPTIONS) expect(TISS_CBO_CODES.has(option.code), option.code).toBe(true);
    expect(TISS_CBO_CODES.has(UNKNOWN_CBO)).toBe(true);
    const physicians = parseCsvRecords(readFileSync('server/data/cbo-medicos.csv', 'utf8'));
    expect(physicians.length).toBeGreaterThan(60);
    for (const row of physicians) {
      expect(CBO_OPTIONS.find((option) => option.code === row.codigo_cbo)?.name, row.codigo_cbo).toBe(row.nome);
    }
  });
});
