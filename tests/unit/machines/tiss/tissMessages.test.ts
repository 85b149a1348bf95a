import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildAppealLotMessage } from '../../../../machines/tiss/appealMessage';
import { TissInputError } from '../../../../machines/tiss/guideRules';
import { buildHonorariosLotMessage } from '../../../../machines/tiss/honorariosMessage';
import { tissMessageBytes } from '../../../../machines/tiss/tissXml';
import { appeal, guide, independentHash, line, lot, validateWithXmllint, xmllintLeaves } from './tissFixtures';

/** A guide of the team's lines: the surgeon's, the first assistant's (30 %) and the anaesthetist's. */
function teamGuide(index: number) {
  const surgeon = line().professionals[0]!;
  const lines = [
    line({ sequence: 1 }),
    line({
      sequence: 2,
      factorHundredths: 30,
      totalCents: 75_000,
      professionals: [{ ...surgeon, participation: '01', name: 'Dr. Fábio “Auxiliar” Nunes', id: { kind: 'codeAtPlan', code: `77${index}` } }],
    }),
    line({
      sequence: 3,
      code: '31602010',
      description: 'Anestesia…',
      accessRoute: null,
      technique: null,
      startTime: '07:30',
      endTime: '10:05:00',
      unitCents: 80_000,
      totalCents: 80_000,
      professionals: [{ ...surgeon, participation: '06', name: 'Dra. Lúcia Kōno', council: 'CRM', councilUf: 'RJ', cbo: '225151' }],
    }),
  ];
  return guide({ providerGuideNumber: `H-${index}`, lines, totalCents: 405_000, note: `Guia ${index}: paciente em pós-operatório <estável> & sem intercorrências.` });
}

function expectValid(files: Array<{ name: string; bytes: Uint8Array }>): void {
  const results = validateWithXmllint(files);
  for (const file of files) expect(results.get(file.name), file.name).toBeNull();
}

describe('buildHonorariosLotMessage', () => {
  it('writes a lot of one guide that validates against the shipped XSD', () => {
    const message = buildHonorariosLotMessage(lot([guide()]));
    expect(message.xml.startsWith('<?xml version="1.0" encoding="ISO-8859-1"?><ans:mensagemTISS xmlns:ans="http://www.ans.gov.br/padroes/tiss/schemas">')).toBe(true);
    expect(message.xml).toContain('<ans:tipoTransacao>ENVIO_LOTE_GUIAS</ans:tipoTransacao>');
    expect(message.xml).toContain('<ans:Padrao>4.01.00</ans:Padrao>');
    expect(message.xml).toContain('<ans:nomeContratado>Hospital São José &amp; Maternidade</ans:nomeContratado>');
    expect(message.xml).toContain('<ans:cnesContratadoExecutante>9999999</ans:cnesContratadoExecutante>');
    expect(message.xml).toContain('<ans:UF>35</ans:UF>');
    expect(message.xml).not.toMatch(/>\s+</);
    expectValid([{ name: 'one-guide', bytes: tissMessageBytes(message) }]);
  });

  it('writes its hash as the MD5 of the elements’ texts, recomputed independently from the bytes', () => {
    const message = buildHonorariosLotMessage(lot([guide()]));
    const bytes = tissMessageBytes(message);
    const again = independentHash(bytes);
    expect(again.written).toBe(message.hash);
    expect(again.hash).toBe(message.hash);
    expect(again.stripped).toBe(again.leaves);
    expect(xmllintLeaves(bytes)).toBe(again.leaves);
    expect(again.leaves.startsWith('ENVIO_LOTE_GUIAS422026-11-2014:05:09000123456326305')).toBe(true);
    expect(again.leaves).toContain('Hospital São José & Maternidade2077485');
    expect(message.hash).toMatch(/^[0-9a-f]{32}$/);
    // One byte per character in ISO-8859-1: 'ã' is 0xE3.
    expect(bytes.length).toBe(message.xml.length);
    expect(bytes[message.xml.indexOf('São') + 1]).toBe(0xe3);
  });

  it('changes the hash when one value changes, and can hash the UTF-8 bytes for a plan that wants it', () => {
    const base = buildHonorariosLotMessage(lot([guide()]));
    expect(buildHonorariosLotMessage(lot([guide({ issuedOn: '2026-11-21' })])).hash).not.toBe(base.hash);
    const utf8 = buildHonorariosLotMessage(lot([guide()]), { hashEncoding: 'UTF-8' });
    expect(utf8.hash).not.toBe(base.hash);
    expect(utf8.hash).toBe(createHash('md5').update(independentHash(tissMessageBytes(utf8)).leaves, 'utf8').digest('hex'));
    expect(independentHash(tissMessageBytes(utf8), 'utf8').hash).toBe(utf8.hash);
  });

  it('writes a lot of 50 team guides that validates', () => {
    const message = buildHonorariosLotMessage(lot(Array.from({ length: 50 }, (_, index) => teamGuide(index))));
    expect(message.xml.match(/<ans:guiaHonorarios>/g)).toHaveLength(50);
    expect(message.xml).toContain('<ans:reducaoAcrescimo>0.30</ans:reducaoAcrescimo><ans:valorUnitario>2500.00</ans:valorUnitario><ans:valorTotal>750.00</ans:valorTotal>');
    expect(message.xml).toContain('<ans:horaInicial>07:30:00</ans:horaInicial>');
    expect(message.xml).toContain('<ans:nomeProfissional>Dr. Fábio "Auxiliar" Nunes</ans:nomeProfissional>');
    expect(message.xml).toContain('<ans:descricaoProcedimento>Anestesia...</ans:descricaoProcedimento>');
    expect(message.xml).toContain('<ans:nomeProfissional>Dra. Lúcia Kono</ans:nomeProfissional>');
    expect(message.xml).toContain('&lt;estável&gt; &amp; sem');
    expectValid([{ name: 'fifty-guides', bytes: tissMessageBytes(message) }]);
    const again = independentHash(tissMessageBytes(message));
    expect(again.hash).toBe(message.hash);
    expect(xmllintLeaves(tissMessageBytes(message))).toBe(again.leaves);
  });

  it('refuses to write a lot with missing fields, saying which', () => {
    let error: unknown;
    try {
      buildHonorariosLotMessage(lot([guide({ authorizationPassword: ' ' })]));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(TissInputError);
    expect((error as TissInputError).problems).toEqual([{ field: 'guides[0].authorizationPassword', message: 'Guia H-2026-0001: Senha da autorização' }]);
  });

  it('is checked by a live validator: a file with a wrong code fails', () => {
    const xml = buildHonorariosLotMessage(lot([guide()])).xml.replace('<ans:UF>35</ans:UF>', '<ans:UF>SP</ans:UF>');
    const results = validateWithXmllint([{ name: 'broken', bytes: tissMessageBytes(xml) }]);
    expect(results.get('broken')).toMatch(/UF.*not an element of the set/);
  });
});

describe('buildAppealLotMessage', () => {
  it('writes appeals by line, by whole guide and by protocol that validate, with RECURSO_GLOSA and their totals', () => {
    const byGuides = buildAppealLotMessage(appeal());
    const byProtocol = buildAppealLotMessage(
      appeal({ subject: { kind: 'protocol', glosaCode: '1705', justification: 'Lote inteiro glosado por engano.', appealedCents: 405_000 } }),
    );
    expect(byGuides.xml).toContain('<ans:tipoTransacao>RECURSO_GLOSA</ans:tipoTransacao>');
    expect(byGuides.xml).toContain('<ans:objetoRecurso>2</ans:objetoRecurso>');
    expect(byGuides.xml).toContain('<ans:valorTotalRecursado>1950.50</ans:valorTotalRecursado>');
    expect(byGuides.xml).toContain('<ans:horaRegistroTransacao>09:30:00</ans:horaRegistroTransacao>');
    expect(byGuides.xml).toContain('a redução "por via" não se aplica - via única.');
    expect(byProtocol.xml).toContain('<ans:objetoRecurso>1</ans:objetoRecurso>');
    expect(byProtocol.xml).toContain('<ans:valorTotalRecursado>4050.00</ans:valorTotalRecursado>');
    expectValid([
      { name: 'appeal-guides', bytes: tissMessageBytes(byGuides) },
      { name: 'appeal-protocol', bytes: tissMessageBytes(byProtocol) },
    ]);
    for (const message of [byGuides, byProtocol]) {
      const again = independentHash(tissMessageBytes(message));
      expect(again.hash).toBe(message.hash);
      expect(xmllintLeaves(tissMessageBytes(message))).toBe(again.leaves);
    }
  });

  it('refuses an appeal with an unknown glosa code', () => {
    expect(() => buildAppealLotMessage(appeal({ subject: { kind: 'protocol', glosaCode: '0000', justification: 'x', appealedCents: 1 } }))).toThrow(TissInputError);
  });
});

describe('machines/tiss', () => {
  it('stays platform-neutral: the browser runs the same writers (no node: imports, no Buffer)', () => {
    const folder = resolve(import.meta.dirname, '../../../../machines/tiss');
    for (const file of readdirSync(folder)) {
      const source = readFileSync(resolve(folder, file), 'utf8');
      expect(source, file).not.toMatch(/from ['"]node:|require\(|\bBuffer\b/);
    }
  });
});
