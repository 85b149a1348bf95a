import { describe, expect, it } from 'vitest';
import { buildAppealLotMessage } from '../../../machines/tiss/appealMessage';
import { buildHonorariosLotMessage } from '../../../machines/tiss/honorariosMessage';
import { MAX_STATEMENT_BYTES, StatementFileError } from '../../../machines/tiss/statementMessages';
import { parseTissStatement } from '../../../machines/tiss/statementParser';
import type { AnaliseContaStatement } from '../../../machines/tiss/statementTypes';
import { buildAnaliseContaMessage, buildPagamentoMessage } from '../../../machines/tiss/statementWriters';
import { tissMessageBytes } from '../../../machines/tiss/tissXml';
import { readTissStatementFile } from '../../../server/services/tiss/statement-file';
import { validateTissXsd, xsdDetail, type XsdResult } from '../../../server/services/tiss/xsd-validate';
import { analiseMessage, analiseStatement, pagamentoMessage, paidGuide } from '../machines/tiss/statementFixtures';
import { statementGenerator } from '../machines/tiss/statementRandom';
import { appeal, guide, lot, validateWithXmllint } from '../machines/tiss/tissFixtures';

const latin1 = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

/** The analysis statement one element a line (as many plans write it), so a line number points at one element. */
function prettyAnalise(): string {
  return buildAnaliseContaMessage(analiseMessage()).xml.replace(/></g, '>\n<');
}

/** The 1-based line of the first line of `xml` containing `needle`. */
function lineOf(xml: string, needle: string): number {
  return xml.split('\n').findIndex((text) => text.includes(needle)) + 1;
}

/** xmllint (the Debian binary)'s first error line for a file, or null when it validates. */
function binaryFirstLine(bytes: Uint8Array): number | null {
  const output = validateWithXmllint([{ name: 'f', bytes }]).get('f');
  if (output === null || output === undefined) return null;
  const match = /\.xml:(\d+):/.exec(output);
  return match ? Number(match[1]) : -1;
}

function failure(result: XsdResult) {
  if (result.ok) throw new Error('The file validated');
  return result;
}

describe('validateTissXsd (libxml2 in WebAssembly, the shipped XSD)', () => {
  it('accepts the written statements, lots and appeals, as the xmllint binary does', async () => {
    const files = [
      tissMessageBytes(buildAnaliseContaMessage(analiseMessage())),
      tissMessageBytes(buildPagamentoMessage(pagamentoMessage())),
      tissMessageBytes(buildHonorariosLotMessage(lot([guide()]))),
      tissMessageBytes(buildAppealLotMessage(appeal())),
      latin1(prettyAnalise()),
    ];
    for (const bytes of files) {
      expect(binaryFirstLine(bytes)).toBeNull();
      expect(await validateTissXsd(bytes)).toEqual({ ok: true });
    }
  });

  it('accepts random statements as the xmllint binary does (seed 20261205)', async () => {
    const generator = statementGenerator(20261205);
    const files = Array.from({ length: 8 }, (_, index) =>
      tissMessageBytes(index % 2 === 0 ? buildAnaliseContaMessage(generator.analiseMessage()) : buildPagamentoMessage(generator.pagamentoMessage())),
    );
    const results = validateWithXmllint(files.map((bytes, index) => ({ name: `random-${index}`, bytes })));
    for (const [index, bytes] of files.entries()) {
      expect(results.get(`random-${index}`)).toBeNull();
      expect(await validateTissXsd(bytes)).toEqual({ ok: true });
    }
  });

  it('refuses a file that breaks the schema with the line and a pt-BR description, the line the binary gives', async () => {
    const xml = prettyAnalise();
    const cases: Array<[string, string, RegExp]> = [
      // Too long for st_texto20.
      ['<ans:numeroCarteira>0 123 456789 00-1<', '<ans:numeroCarteira>0 123 456789 00-1 9999 9999<', /^ans:numeroCarteira tem 27 caracteres; o máximo é 20\.$/],
      // Not in dm_tipoGlosa.
      ['<ans:tipoGlosa>1705<', '<ans:tipoGlosa>0000<', /^o valor "0000" de ans:tipoGlosa não está na tabela do padrão\.$/],
      // Not an xs:date.
      ['<ans:dataProtocolo>2026-11-21<', '<ans:dataProtocolo>21/11/2026<', /^o valor "21\/11\/2026" de ans:dataProtocolo não é válido \(tipo st_data\)\.$/],
      // Three decimals.
      ['<ans:valorLiberadoGuia>2500.00<', '<ans:valorLiberadoGuia>2500.001<', /^o valor "2500.001" de ans:valorLiberadoGuia tem casas decimais demais \(máximo 2\)\.$/],
      // An element out of place.
      ['<ans:numeroCarteira>0 123 456789 00-1</ans:numeroCarteira>', '<ans:Padrao>4.01.00</ans:Padrao>', /^o elemento ans:Padrao não era esperado aqui \(esperado: ans:numeroCarteira\)\.$/],
      // A CNPJ with a mask.
      ['<ans:numeroCNPJ>60765823000130<', '<ans:numeroCNPJ>60.765.823/0001-30<', /^o valor "60.765.823\/0001-30" de ans:numeroCNPJ não tem o formato exigido\.$/],
    ];
    for (const [from, to, detail] of cases) {
      expect(xml).toContain(from);
      const broken = xml.replace(from, to);
      const bytes = latin1(broken);
      const result = failure(await validateTissXsd(bytes));
      const line = xml.slice(0, xml.indexOf(from)).split('\n').length;
      expect(result.line, to).toBe(line);
      expect(binaryFirstLine(bytes), to).toBe(line);
      expect(result.errors[0]!.detail).toMatch(detail);
      expect(result.message).toBe(`O arquivo não segue o padrão TISS 4.01.00 (linha ${line}): ${result.errors[0]!.detail}`);
    }
    // A required element missing: the line of its parent's end.
    const missing = xml.replace(/<ans:situacaoGuia>3<\/ans:situacaoGuia>\n/, '');
    const result = failure(await validateTissXsd(latin1(missing)));
    expect(result.message).toMatch(/^O arquivo não segue o padrão TISS 4\.01\.00 \(linha \d+\): (o elemento ans:detalhesGuia não era esperado aqui|falta um elemento dentro de ans:relacaoGuias)/);
    expect(result.line).toBe(binaryFirstLine(latin1(missing)));
  });

  it('lists several errors, each with its line', async () => {
    const xml = prettyAnalise().replace('<ans:tipoGlosa>1801<', '<ans:tipoGlosa>0001<').replace('<ans:dataEmissao>2026-12-10<', '<ans:dataEmissao>ontem<');
    const result = failure(await validateTissXsd(latin1(xml)));
    expect(result.errors.map((error) => error.line)).toEqual(expect.arrayContaining([lineOf(xml, '>ontem<'), lineOf(xml, '>0001<')]));
  });

  it('refuses a file that is not well-formed, too large or with a DOCTYPE before libxml2 reads it', async () => {
    const pretty = prettyAnalise();
    const mismatched = pretty.replace('</ans:cabecalhoDemonstrativo>', '</ans:cabecalho>');
    const line = lineOf(pretty, '</ans:cabecalhoDemonstrativo>');
    await expect(validateTissXsd(latin1(mismatched))).rejects.toMatchObject({ kind: 'notXml', line, message: `O arquivo não é um XML válido (linha ${line}).` });
    await expect(validateTissXsd(latin1(pretty.slice(0, pretty.length / 2)))).rejects.toMatchObject({ kind: 'truncated' });
    await expect(validateTissXsd(new Uint8Array(MAX_STATEMENT_BYTES + 1))).rejects.toMatchObject({ kind: 'tooLarge' });
    // The bomb is refused by the DOCTYPE check (its kind says so), never handed to libxml2 to expand.
    const bomb = `<?xml version="1.0"?><!DOCTYPE a [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><a>&c;</a>`;
    await expect(validateTissXsd(latin1(bomb))).rejects.toBeInstanceOf(StatementFileError);
    await expect(validateTissXsd(latin1(bomb))).rejects.toMatchObject({ kind: 'doctype' });
    // Not a TISS message at all: the schema's root is not there.
    const other = failure(await validateTissXsd(latin1('<?xml version="1.0"?><nota xmlns="urn:x"><a/></nota>')));
    expect(other.message).toBe('O arquivo não segue o padrão TISS 4.01.00 (linha 1): o elemento raiz nota não é uma mensagem TISS.');
  });

  it('validates several files at once, each with its own answer', async () => {
    const good = tissMessageBytes(buildPagamentoMessage(pagamentoMessage()));
    const bad = latin1(prettyAnalise().replace('<ans:tipoGlosa>1801<', '<ans:tipoGlosa>0001<'));
    const results = await Promise.all([good, bad, good, bad, good].map((bytes) => validateTissXsd(bytes)));
    expect(results.map((result) => result.ok)).toEqual([true, false, true, false, true]);
  });

  it('validates a 5 MB statement in a worker, off the event loop', async () => {
    const base = analiseStatement();
    const guides = Array.from({ length: 4600 }, (_, index) => paidGuide({ providerGuideNumber: `G-${index}` }));
    const statement: AnaliseContaStatement = { ...base, protocols: [{ ...base.protocols[0]!, guides }] };
    const bytes = tissMessageBytes(buildAnaliseContaMessage(analiseMessage({ statements: [statement] })));
    expect(bytes.length).toBeGreaterThan(5 * 1024 * 1024);
    // Off the thread, deterministically (docs/BENCHMARKS.md 'bench:statements' measures the time): the validation is
    // still pending when this thread's next macrotask runs; a validation on this thread would have settled first.
    const started = performance.now();
    let settled = false;
    const pending = validateTissXsd(bytes).finally(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    const result = await pending;
    console.info(`5 MB statement (${bytes.length} bytes): XSD ${Math.round(performance.now() - started)} ms in the worker`);
    expect(result).toEqual({ ok: true });
    const read = parseTissStatement(bytes);
    expect(read.kind === 'analiseConta' && read.statements[0]!.protocols[0]!.guides).toHaveLength(4600);
  });
});

describe('readTissStatementFile (what the import calls)', () => {
  it('reads a valid statement', async () => {
    const read = await readTissStatementFile(tissMessageBytes(buildPagamentoMessage(pagamentoMessage())));
    expect(read.kind === 'pagamento' && read.statement).toEqual(pagamentoMessage().statement);
  });

  it('refuses every bad file of the issue with its pt-BR message', async () => {
    const xml = prettyAnalise();
    const bomb = `<?xml version="1.0"?><!DOCTYPE a [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><a>&b;</a>`;
    const longCard = xml.replace('<ans:numeroCarteira>0 123 456789 00-1<', '<ans:numeroCarteira>0 123 456789 00-1 9999 9999<');
    const noCard = xml.replace(/<ans:numeroCarteira>0 123 456789 00-1<\/ans:numeroCarteira>\n/, '');
    const cases: Array<[string, Uint8Array, string, RegExp]> = [
      ['not XML', latin1('%PDF-1.7\n'), 'notXml', /^O arquivo não é um XML válido \(linha 1\)\.$/],
      ['another schema', latin1('<?xml version="1.0"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe"/>'), 'notTiss', /^O arquivo não é um demonstrativo TISS/],
      ['a lot', tissMessageBytes(buildHonorariosLotMessage(lot([guide()]))), 'notStatement', /é um lote de guias enviado ao plano\.$/],
      ['wrong version', latin1(xml.replace('<ans:Padrao>4.01.00<', '<ans:Padrao>3.05.00<')), 'version', /^Versão TISS 3\.05\.00 não suportada/],
      ['50 MB', new Uint8Array(50 * 1024 * 1024), 'tooLarge', /^O arquivo é grande demais \(50 MB\)/],
      ['an XML bomb', latin1(bomb), 'doctype', /DOCTYPE ou ENTITY/],
      ['truncated', latin1(xml.slice(0, 3000)), 'truncated', /^O arquivo está incompleto/],
      ['XSD failure', latin1(longCard), 'schema', new RegExp(`^O arquivo não segue o padrão TISS 4\\.01\\.00 \\(linha ${lineOf(longCard, '9999 9999')}\\): ans:numeroCarteira tem 27 caracteres; o máximo é 20\\.$`)],
      ['a required element missing', latin1(noCard), 'schema', /^O arquivo não segue o padrão TISS 4\.01\.00 \(linha \d+\): /],
    ];
    for (const [name, bytes, kind, message] of cases) {
      const error = await readTissStatementFile(bytes).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error, name).toBeInstanceOf(StatementFileError);
      expect((error as StatementFileError).kind, name).toBe(kind);
      expect((error as StatementFileError).message, name).toMatch(message);
    }
  });
});

describe('xsdDetail', () => {
  it('says libxml2’s usual messages in pt-BR, the TISS namespace as ans:', () => {
    const ns = '{http://www.ans.gov.br/padroes/tiss/schemas}';
    expect(xsdDetail(`Schemas validity error : Element '${ns}senha': [facet 'minLength'] The value has a length of '0'; this underruns the allowed minimum length of '1'.`)).toBe('ans:senha está vazio.');
    expect(xsdDetail(`Schemas validity error : Element '${ns}CNES': [facet 'maxLength'] The value has a length of '8'; this exceeds the allowed maximum length of '7'.`)).toBe('ans:CNES tem 8 caracteres; o máximo é 7.');
    expect(xsdDetail(`Schemas validity error : Element '${ns}valorGlosa': [facet 'totalDigits'] The value '123456789' has more digits than are allowed ('8').`)).toBe('o valor "123456789" de ans:valorGlosa tem dígitos demais (máximo 8).');
    expect(xsdDetail(`Schemas validity error : Element '${ns}relacaoGuias': Missing child element(s). Expected is one of ( ${ns}senha, ${ns}numeroCarteira ).`)).toBe('falta um elemento dentro de ans:relacaoGuias (esperado: ans:senha, ans:numeroCarteira).');
    expect(xsdDetail(`Schemas validity error : Element '${ns}x': Something new.`)).toBe('ans:x: Something new.');
    expect(xsdDetail('Some other message')).toBe('Some other message');
  });
});
