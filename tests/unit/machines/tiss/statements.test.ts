import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildHonorariosLotMessage } from '../../../../machines/tiss/honorariosMessage';
import { statementDiscrepancies } from '../../../../machines/tiss/statementChecks';
import { MAX_STATEMENT_BYTES, StatementFileError, type StatementFileErrorKind } from '../../../../machines/tiss/statementMessages';
import { parseTissDecimal, parseTissStatement } from '../../../../machines/tiss/statementParser';
import type { TissStatementMessage } from '../../../../machines/tiss/statementTypes';
import { analiseContaForLot, buildAnaliseContaMessage, buildPagamentoMessage, pagamentoForAnalise } from '../../../../machines/tiss/statementWriters';
import {
  DEBIT_CREDIT_INDICATORS,
  DEBIT_CREDIT_TYPES,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
  PROTOCOL_STATUSES,
  WITHHOLDING_TYPES,
} from '../../../../machines/tiss/tissDomains';
import { tissDecimal } from '../../../../machines/tiss/tissText';
import { tissMessageBytes } from '../../../../machines/tiss/tissXml';
import { analiseMessage, analiseStatement, envelope, pagamentoMessage, pagamentoStatement, paidGuide } from './statementFixtures';
import { guide, independentHash, line, lot, validateWithXmllint } from './tissFixtures';

const latin1 = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
const utf8 = (text: string) => new TextEncoder().encode(text);

/** The refusal `input` gets: its kind, message and line. Fails when the file is read. */
function refusal(input: Uint8Array | string): StatementFileError {
  try {
    parseTissStatement(input);
  } catch (error) {
    if (error instanceof StatementFileError) return error;
    throw error;
  }
  throw new Error('The file was read instead of refused');
}

function expectRefused(input: Uint8Array | string, kind: StatementFileErrorKind, message: string | RegExp): StatementFileError {
  const error = refusal(input);
  expect(error.kind, error.message).toBe(kind);
  if (typeof message === 'string') expect(error.message).toBe(message);
  else expect(error.message).toMatch(message);
  return error;
}

/** The envelope the parser adds beside the writer's input. */
function withoutReadOnly(message: TissStatementMessage) {
  const { transactionType, businessFailure, version, hash, ...input } = message.envelope;
  return { input, transactionType, businessFailure, version, hash };
}

describe('the statements’ domain tables', () => {
  const simpleTypes = readFileSync(resolve(import.meta.dirname, '../../../../server/data/tiss/xsd/tissSimpleTypesV4_01_00.xsd'), 'latin1');
  /** The enumeration values of a simpleType, and its comments ('01-IRRF', '1 - Recebido'), of the shipped XSD. */
  function enumeration(type: string): { values: string[]; comments: string[] } {
    const start = simpleTypes.indexOf(`<simpleType name="${type}">`);
    expect(start, type).toBeGreaterThanOrEqual(0);
    const body = simpleTypes.slice(start, simpleTypes.indexOf('</simpleType>', start));
    return {
      values: [...body.replace(/<!--[\s\S]*?-->/g, '').matchAll(/<enumeration value="([^"]*)"\/>/g)].map((match) => match[1]!),
      comments: [...body.matchAll(/<!--\s*([\s\S]*?)\s*-->/g)].map((match) => match[1]!),
    };
  }

  it('equal the shipped XSD enumerations, and name the withholdings as the XSD does', () => {
    expect(Object.keys(PROTOCOL_STATUSES)).toEqual(enumeration('dm_statusProtocolo').values);
    expect(Object.keys(PAYMENT_METHODS)).toEqual(enumeration('dm_formaPagamento').values);
    expect(Object.keys(PAYMENT_KINDS)).toEqual(enumeration('dm_tipoPagamento').values);
    expect(Object.keys(DEBIT_CREDIT_INDICATORS)).toEqual(enumeration('dm_debitoCreditoIndicador').values);
    const types = enumeration('dm_debitoCreditoTipo');
    expect(Object.keys(DEBIT_CREDIT_TYPES)).toEqual(types.values);
    for (const [code, label] of Object.entries(DEBIT_CREDIT_TYPES)) expect(types.comments.map((comment) => comment.toLowerCase())).toContain(`${code}-${label}`.toLowerCase());
    expect(WITHHOLDING_TYPES.map((code) => DEBIT_CREDIT_TYPES[code])).toEqual(['IRRF', 'ISS', 'INSS', 'PIS', 'COFINS', 'CSLL']);
  });
});

describe('statement writers', () => {
  it('write an analysis and a payment that validate against the shipped XSD, with a hash recomputed independently', () => {
    const analise = buildAnaliseContaMessage(analiseMessage());
    const pagamento = buildPagamentoMessage(pagamentoMessage());
    const files = [
      { name: 'analise', bytes: tissMessageBytes(analise) },
      { name: 'pagamento', bytes: tissMessageBytes(pagamento) },
    ];
    const results = validateWithXmllint(files);
    for (const file of files) expect(results.get(file.name), file.name).toBeNull();
    expect(analise.xml).toContain('<ans:tipoTransacao>DEMONSTRATIVO_ANALISE_CONTA</ans:tipoTransacao>');
    expect(analise.xml).toContain('<ans:origem><ans:registroANS>326305</ans:registroANS></ans:origem>');
    expect(analise.xml).toContain('<ans:destino><ans:identificacaoPrestador><ans:codigoPrestadorNaOperadora>000123456</ans:codigoPrestadorNaOperadora></ans:identificacaoPrestador></ans:destino>');
    expect(analise.xml).toContain('<ans:relacaoGlosa><ans:valorGlosa>440.00</ans:valorGlosa><ans:tipoGlosa>1801</ans:tipoGlosa></ans:relacaoGlosa>');
    expect(analise.xml).toContain('<ans:qtdExecutada>1.5000</ans:qtdExecutada>');
    expect(analise.xml).toContain('<ans:descricaoGlosa>Procedimento não autorizado &amp; sem senha &lt;válida&gt;</ans:descricaoGlosa>');
    expect(pagamento.xml).toContain('<ans:tipoTransacao>DEMONSTRATIVO_PAGAMENTO</ans:tipoTransacao>');
    expect(pagamento.xml).toContain('<ans:debitosCreditos><ans:indicador>1</ans:indicador><ans:tipoDebitoCredito>01</ans:tipoDebitoCredito><ans:descricaoDbCr>IRRF 1,5%</ans:descricaoDbCr><ans:valorDbCr>54.00</ans:valorDbCr></ans:debitosCreditos>');
    for (const [message, file] of [[analise, files[0]!], [pagamento, files[1]!]] as const) {
      const again = independentHash(file.bytes);
      expect(again.written).toBe(message.hash);
      expect(again.hash).toBe(message.hash);
    }
  });

  it('write the statements of a lot built by buildHonorariosLotMessage: full payment, a partial release, the deposit with withholdings', () => {
    const surgeon = line().professionals[0]!;
    const sent = lot([
      guide(),
      guide({
        providerGuideNumber: 'H-2026-0002',
        lines: [line(), line({ sequence: 2, factorHundredths: 30, totalCents: 75_000, professionals: [{ ...surgeon, participation: '01' }] })],
        totalCents: 325_000,
      }),
    ]);
    expect(validateWithXmllint([{ name: 'lot', bytes: tissMessageBytes(buildHonorariosLotMessage(sent)) }]).get('lot')).toBeNull();
    const analysis = analiseContaForLot(sent, {
      statementNumber: 'DAC-1',
      planName: 'Operadora Exemplo Saúde S/A',
      planCnpj: '60.765.823/0001-30'.replace(/\D/g, ''),
      issuedOn: '2026-12-10',
      protocolNumber: '202611000123',
      protocolDate: '2026-11-21',
      glosas: [{ providerGuideNumber: 'H-2026-0002', sequence: 2, code: '1801', cents: 25_000 }],
      planGuideNumbers: { 'H-2026-0001': '555000111' },
    });
    const [full, partial] = analysis.protocols[0]!.guides;
    expect(full).toMatchObject({ providerGuideNumber: 'H-2026-0001', planGuideNumber: '555000111', cardNumber: '0 123 456789 00-1', informedCents: 250_000, releasedCents: 250_000, glosaCents: 0 });
    expect(partial).toMatchObject({ providerGuideNumber: 'H-2026-0002', informedCents: 325_000, releasedCents: 300_000, glosaCents: 25_000 });
    expect(partial!.items[1]).toMatchObject({ sequence: 2, participation: '01', informedCents: 75_000, releasedCents: 50_000, glosas: [{ cents: 25_000, code: '1801' }] });
    expect(analysis).toMatchObject({ informedCents: 575_000, releasedCents: 550_000, glosaCents: 25_000 });
    const payment = pagamentoForAnalise(analysis, {
      statementNumber: 'DP-1',
      issuedOn: '2026-12-15',
      payment: { paidOn: '2026-12-15', method: '1', bank: '341', branch: '0001', account: '12345-6' },
      debitsCredits: [
        { indicator: '1', type: '01', description: 'IRRF', cents: 8_250 },
        { indicator: '1', type: '02', description: 'ISS', cents: 11_000 },
      ],
    });
    expect(payment).toMatchObject({ grossReleasedCents: 550_000, debitsCents: 19_250, creditsCents: 0, netCents: 530_750 });
    const files = [
      { name: 'analise', bytes: tissMessageBytes(buildAnaliseContaMessage({ ...envelope(), statements: [analysis] })) },
      { name: 'pagamento', bytes: tissMessageBytes(buildPagamentoMessage({ ...envelope(), statement: payment })) },
    ];
    const results = validateWithXmllint(files);
    for (const file of files) expect(results.get(file.name), file.name).toBeNull();
    const read = parseTissStatement(files[1]!.bytes);
    expect(read.kind === 'pagamento' && read.statement).toEqual(payment);
    expect(() => analiseContaForLot(sent, { ...analysis.header, protocolNumber: '1', protocolDate: '2026-11-21', glosas: [{ providerGuideNumber: 'H-9', sequence: 1, code: '1801', cents: 1 }] })).toThrow(RangeError);
    expect(() => analiseContaForLot(sent, { ...analysis.header, protocolNumber: '1', protocolDate: '2026-11-21', glosas: [{ providerGuideNumber: 'H-2026-0001', sequence: 1, code: '1801', cents: 250_001 }] })).toThrow(RangeError);
  });

  it('refuse what the XSD would refuse: no statement, more than 30, a negative or oversized amount, an empty text', () => {
    expect(() => buildAnaliseContaMessage(analiseMessage({ statements: [] }))).toThrow(RangeError);
    expect(() => buildAnaliseContaMessage(analiseMessage({ statements: Array.from({ length: 31 }, () => analiseStatement()) }))).toThrow(RangeError);
    expect(() => buildAnaliseContaMessage(analiseMessage({ statements: [analiseStatement({ releasedCents: -1 })] }))).toThrow(RangeError);
    expect(() => buildAnaliseContaMessage(analiseMessage({ statements: [analiseStatement({ informedCents: 10_000_000_000 })] }))).toThrow(RangeError);
    expect(() => buildAnaliseContaMessage(analiseMessage({ statements: [analiseStatement({ header: { ...analiseStatement().header, planName: ' 😀 ' } })] }))).toThrow(/empty/);
  });
});

describe('parseTissStatement: round trip', () => {
  it('reads an analysis back to the same values, with the envelope and a valid ISO-8859-1 hash', () => {
    const input = analiseMessage();
    const message = buildAnaliseContaMessage(input);
    const read = parseTissStatement(tissMessageBytes(message));
    expect(read.kind).toBe('analiseConta');
    if (read.kind !== 'analiseConta') return;
    expect(read.statements).toEqual(input.statements);
    const envelopeRead = withoutReadOnly(read);
    expect(envelopeRead.input).toEqual(envelope());
    expect(envelopeRead).toMatchObject({ transactionType: 'DEMONSTRATIVO_ANALISE_CONTA', businessFailure: null, version: '4.01.00' });
    expect(envelopeRead.hash).toEqual({ written: message.hash, valid: true, encoding: 'ISO-8859-1' });
  });

  it('reads a payment back to the same values: deposits, withholdings, credits, net and the note', () => {
    const input = pagamentoMessage();
    const message = buildPagamentoMessage(input);
    const read = parseTissStatement(tissMessageBytes(message));
    expect(read.kind).toBe('pagamento');
    if (read.kind !== 'pagamento') return;
    expect(read.statement).toEqual(input.statement);
    expect(read.statement.payments[0]!.debitsCredits.map((item) => item.type)).toEqual(['01', '02', '04', '05', '06']);
    expect(read.envelope.addressee).toEqual({ kind: 'codeAtPlan', code: '000123456' });
    expect(read.envelope.hash.valid).toBe(true);
  });

  it('reads the addressee and the provider by CPF, CNPJ or code, and the text as a string too', () => {
    const byCnpj = analiseMessage({
      addressee: { kind: 'cnpj', cnpj: '60765823000130' },
      statements: [analiseStatement({ provider: { id: { kind: 'cnpj', cnpj: '60765823000130' }, cnes: '2077485' } })],
    });
    const read = parseTissStatement(buildAnaliseContaMessage(byCnpj).xml);
    expect(read.envelope.addressee).toEqual({ kind: 'cnpj', cnpj: '60765823000130' });
    expect(read.kind === 'analiseConta' && read.statements[0]!.provider).toEqual({ id: { kind: 'cnpj', cnpj: '60765823000130' }, cnes: '2077485' });
    const byCpf = parseTissStatement(buildPagamentoMessage(pagamentoMessage({ addressee: { kind: 'cpf', cpf: '52998224725' } })).xml);
    expect(byCpf.envelope.addressee).toEqual({ kind: 'cpf', cpf: '52998224725' });
  });

  it('reads a file whatever its namespace prefix, indentation, CDATA or encoding; the hash survives indentation', () => {
    const input = analiseMessage();
    const message = buildAnaliseContaMessage(input);
    const expected = parseTissStatement(message.xml);
    // The default namespace instead of ans:, one element a line, indented.
    const unprefixed = message.xml
      .replace(/<(\/?)ans:/g, '<$1')
      .replace('xmlns:ans=', 'xmlns=')
      .replace(/></g, '>\n  <');
    const read = parseTissStatement(latin1(unprefixed));
    expect(read).toEqual(expected);
    expect(read.envelope.hash.valid).toBe(true);
    // Another prefix, and a CDATA section.
    const otherPrefix = message.xml.replace(/<(\/?)ans:/g, '<$1tiss:').replace('xmlns:ans=', 'xmlns:tiss=').replace('<tiss:nomeOperadora>Operadora Exemplo Saúde S/A<', '<tiss:nomeOperadora><![CDATA[Operadora Exemplo Saúde S/A]]><');
    expect(parseTissStatement(latin1(otherPrefix))).toEqual(expected);
    // The same file as UTF-8 (declared so, with a BOM), hashed over UTF-8 as some plans do.
    const utf8Message = buildAnaliseContaMessage(input, { hashEncoding: 'UTF-8' });
    const asUtf8 = utf8(`\uFEFF${utf8Message.xml.replace('encoding="ISO-8859-1"', 'encoding="UTF-8"')}`);
    const readUtf8 = parseTissStatement(asUtf8);
    expect(readUtf8.kind === 'analiseConta' && readUtf8.statements).toEqual(input.statements);
    expect(readUtf8.envelope.hash).toEqual({ written: utf8Message.hash, valid: true, encoding: 'UTF-8' });
    expect(utf8Message.hash).toBe(createHash('md5').update(independentHash(tissMessageBytes(utf8Message)).leaves, 'utf8').digest('hex'));
    // windows-1252 declared: its bytes are ISO-8859-1's for every accent in the file.
    expect(parseTissStatement(latin1(message.xml.replace('ISO-8859-1', 'windows-1252')))).toEqual(expected);
  });

  it('reports a hash that does not match, and still reads the statement', () => {
    const message = buildAnaliseContaMessage(analiseMessage());
    const tampered = message.xml.replace('<ans:valorLiberadoGuia>2500.00<', '<ans:valorLiberadoGuia>2600.00<');
    const read = parseTissStatement(latin1(tampered));
    expect(read.envelope.hash).toEqual({ written: message.hash, valid: false, encoding: null });
    expect(read.kind === 'analiseConta' && read.statements[0]!.protocols[0]!.guides[0]!.releasedCents).toBe(260_000);    const emptyHash = parseTissStatement(message.xml.replace(`<ans:hash>${message.hash}</ans:hash>`, '<ans:hash></ans:hash>'));
    expect(emptyHash.envelope.hash).toEqual({ written: '', valid: false, encoding: null });
    expect(() => parseTissStatement(message.xml.replace(/<ans:epilogo>.*<\/ans:epilogo>/, ''))).toThrow(/falta o elemento epilogo em mensagemTISS/);
  });

  it('reads several statements of one message (up to 30)', () => {
    const statements = Array.from({ length: 30 }, (_, index) => analiseStatement({ header: { ...analiseStatement().header, statementNumber: `D-${index}` } }));
    const message = buildAnaliseContaMessage(analiseMessage({ statements }));
    expect(validateWithXmllint([{ name: 'thirty', bytes: tissMessageBytes(message) }]).get('thirty')).toBeNull();
    const read = parseTissStatement(message.xml);
    expect(read.kind === 'analiseConta' && read.statements.map((item) => item.header.statementNumber)).toEqual(statements.map((item) => item.header.statementNumber));
  });
});

describe('money from the XSD decimals', () => {
  it('parses decimals exactly into integer centavos, never through floating point', () => {
    const cases: Array<[string, number | null]> = [
      ['1234.56', 123456],
      ['0.1', 10],
      ['0.10', 10],
      ['0.29', 29],
      ['1.005', null],
      ['1.230', 123],
      ['1.2300000', 123],
      ['7', 700],
      ['007.07', 707],
      ['.5', 50],
      ['5.', 500],
      ['+1.00', 100],
      ['-0.50', -50],
      ['-0', 0],
      [' 12.34 ', 1234],
      ['99999999.99', 9999999999],
      ['9999999999999.99', 999999999999999],
      ['99999999999999.99', null],
      ['', null],
      ['.', null],
      ['-', null],
      ['1e3', null],
      ['1,50', null],
      ['0x10', null],
      ['1 000.00', null],
      ['NaN', null],
      ['Infinity', null],
    ];
    for (const [text, cents] of cases) expect(parseTissDecimal(text, 2), text).toBe(cents);
    expect(parseTissDecimal('1.5000', 4)).toBe(15_000);
    expect(parseTissDecimal('0.0001', 4)).toBe(1);
    expect(parseTissDecimal('0.00001', 4)).toBeNull();
    // 0.1 + 0.2 is not 0.3 in floating point; here it is 10 + 20 = 30.
    expect(parseTissDecimal('0.1', 2)! + parseTissDecimal('0.2', 2)!).toBe(parseTissDecimal('0.3', 2));
  });

  it('reads back every amount the writers write (each centavo up to R$ 10.000,00 and random ones up to the XSD maximum)', () => {
    for (let cents = 0; cents <= 1_000_000; cents += 1) {
      if (parseTissDecimal(tissDecimal(cents, 10), 2) !== cents) expect.fail(`${cents} centavos`);
    }
    let state = 12345;
    for (let index = 0; index < 10_000; index += 1) {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      const cents = Math.floor((state / 2 ** 31) * 9_999_999_999);
      expect(parseTissDecimal(tissDecimal(cents, 10), 2)).toBe(cents);
    }
  });
});

/** A TISS message with the given cabecalho and body (not hashed: the checks run before the hash matters). */
function tissFile(body: string, padrao = '4.01.00'): string {
  return (
    '<?xml version="1.0" encoding="ISO-8859-1"?><ans:mensagemTISS xmlns:ans="http://www.ans.gov.br/padroes/tiss/schemas"><ans:cabecalho>' +
    '<ans:identificacaoTransacao><ans:tipoTransacao>DEMONSTRATIVO_ANALISE_CONTA</ans:tipoTransacao><ans:sequencialTransacao>1</ans:sequencialTransacao>' +
    '<ans:dataRegistroTransacao>2026-12-10</ans:dataRegistroTransacao><ans:horaRegistroTransacao>08:00:00</ans:horaRegistroTransacao></ans:identificacaoTransacao>' +
    '<ans:origem><ans:registroANS>326305</ans:registroANS></ans:origem><ans:destino><ans:identificacaoPrestador><ans:codigoPrestadorNaOperadora>1</ans:codigoPrestadorNaOperadora></ans:identificacaoPrestador></ans:destino>' +
    `<ans:Padrao>${padrao}</ans:Padrao></ans:cabecalho><ans:operadoraParaPrestador>${body}</ans:operadoraParaPrestador><ans:epilogo><ans:hash>0</ans:hash></ans:epilogo></ans:mensagemTISS>`
  );
}

/** The classic "billion laughs": ten levels of ten references, 10^9 'lol's once expanded (3 GB). */
const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<ans:mensagemTISS xmlns:ans="http://www.ans.gov.br/padroes/tiss/schemas"><ans:cabecalho><ans:Padrao>&lol9;</ans:Padrao></ans:cabecalho></ans:mensagemTISS>`;

describe('parseTissStatement: bad files, each refused in pt-BR naming the problem', () => {
  it('refuses what is not XML: a PDF, a CSV, an empty file, a mismatched tag (with its line)', () => {
    expectRefused(latin1('%PDF-1.7\n%âãÏÓ\n1 0 obj'), 'notXml', 'O arquivo não é um XML válido (linha 1).');
    expectRefused('guia;valor\nH-1;2500,00\n', 'notXml', 'O arquivo não é um XML válido (linha 1).');
    expectRefused(new Uint8Array(0), 'notXml', 'O arquivo está vazio.');
    expectRefused('  \n ', 'notXml', 'O arquivo está vazio.');
    const error = expectRefused('<?xml version="1.0"?>\n<a>\n<b>\n</a>', 'notXml', 'O arquivo não é um XML válido (linha 4).');
    expect(error.line).toBe(4);
    expectRefused('<a>&nbsp;</a>', 'notXml', /^O arquivo não é um XML válido/);
    expectRefused('<a><b:c/></a>', 'notXml', /^O arquivo não é um XML válido/);
  });

  it('refuses a truncated file, wherever it was cut', () => {
    const xml = buildAnaliseContaMessage(analiseMessage()).xml;
    for (const fraction of [0.1, 0.5, 0.9, 0.999]) {
      expectRefused(latin1(xml.slice(0, Math.floor(xml.length * fraction))), 'truncated', 'O arquivo está incompleto: o XML termina antes de fechar seus elementos (o arquivo foi cortado?).');
    }
    expectRefused(latin1(xml.slice(0, xml.length - 1)), 'truncated', /incompleto/);
  });

  it('refuses another schema, a lot sent to the plan, an appeal, another message from the plan and the plan’s error answer', () => {
    expectRefused('<?xml version="1.0"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe"><NFe/></nfeProc>', 'notTiss', 'O arquivo não é um demonstrativo TISS: não é uma mensagem do padrão TISS da ANS.');
    expectRefused('<mensagemTISS><cabecalho/></mensagemTISS>', 'notTiss', /não é uma mensagem do padrão TISS/);
    const sentLot = buildHonorariosLotMessage(lot([guide()]));
    expectRefused(tissMessageBytes(sentLot), 'notStatement', 'O arquivo não é um demonstrativo TISS: é um lote de guias enviado ao plano.');
    expectRefused(tissFile('<ans:recebimentoLote><ans:x>1</ans:x></ans:recebimentoLote>'), 'notStatement', 'O arquivo não é um demonstrativo TISS: é o protocolo de recebimento de um lote.');
    expectRefused(tissFile('<ans:autorizacaoServicos/>'), 'notStatement', 'O arquivo não é um demonstrativo TISS: é uma mensagem do plano que não é demonstrativo.');
    expectRefused(
      tissFile('<ans:demonstrativosRetorno><ans:mensagemErro><ans:codigoGlosa>5001</ans:codigoGlosa><ans:descricaoGlosa>Mensagem inválida</ans:descricaoGlosa></ans:mensagemErro></ans:demonstrativosRetorno>'),
      'notStatement',
      'O arquivo não traz um demonstrativo: o plano respondeu com o erro 5001 (Mensagem inválida).',
    );
    expectRefused(tissFile('<ans:demonstrativosRetorno><ans:demonstrativoPagamentoOdonto/></ans:demonstrativosRetorno>'), 'notStatement', /demonstrativo de pagamento odontológico/);
  });

  it('refuses another TISS version, naming it', () => {
    const xml = buildPagamentoMessage(pagamentoMessage()).xml;
    expectRefused(xml.replace('<ans:Padrao>4.01.00<', '<ans:Padrao>3.05.00<'), 'version', 'Versão TISS 3.05.00 não suportada: o sistema lê demonstrativos na versão 4.01.00. Peça ao plano o arquivo na versão 4.01.00.');
    expectRefused(xml.replace('<ans:Padrao>4.01.00</ans:Padrao>', ''), 'version', /Versão TISS \(não informada\) não suportada/);
    expectRefused(tissFile('<ans:demonstrativosRetorno/>', '4.00.01'), 'version', /^Versão TISS 4.00.01 não suportada/);
  });

  it('refuses a file over the size limit before reading it', () => {
    expect(MAX_STATEMENT_BYTES).toBe(10 * 1024 * 1024);
    const big = new Uint8Array(MAX_STATEMENT_BYTES + 1).fill(0x20);
    // Refused by size, not by what a parse of the bytes (spaces, zeros) would find.
    expectRefused(big, 'tooLarge', 'O arquivo é grande demais (10 MB): um demonstrativo pode ter no máximo 10 MB.');
    expectRefused(new Uint8Array(50 * 1024 * 1024), 'tooLarge', 'O arquivo é grande demais (50 MB): um demonstrativo pode ter no máximo 10 MB.');
  });

  it('refuses an XML bomb and any DOCTYPE or ENTITY at once, expanding nothing', () => {
    expectRefused(BILLION_LAUGHS, 'doctype', 'O arquivo traz uma declaração DOCTYPE ou ENTITY, que um arquivo TISS nunca traz: recusado por segurança (pode ser um arquivo malicioso).');
    expectRefused(latin1(BILLION_LAUGHS), 'doctype', /DOCTYPE ou ENTITY/);
    // The bomb without its declarations, after a valid-looking start: an undefined entity, refused, not expanded.
    expectRefused(tissFile('&lol9;'), 'notXml', /^O arquivo não é um XML válido/);
    const message = buildAnaliseContaMessage(analiseMessage()).xml;
    for (const declaration of [
      '<!DOCTYPE mensagemTISS SYSTEM "http://example.com/x.dtd">',
      '<!doctype mensagemTISS>',
      '<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
      '<!-- --><! DOCTYPE x>',
    ]) {
      expectRefused(message.replace('?>', `?>${declaration}`), 'doctype', /DOCTYPE ou ENTITY/);
    }
    // An ENTITY anywhere, even where a parser would not look for one.
    expectRefused(message.replace('<ans:epilogo>', '<!-- <!ENTITY a "b"> --><ans:epilogo>'), 'doctype', /DOCTYPE ou ENTITY/);
  });

  it('refuses an encoding it cannot read, and bytes that are not the declared encoding', () => {
    expectRefused(new Uint8Array([0xff, 0xfe, 0x3c, 0x00]), 'encoding', 'O arquivo não é um XML válido: a codificação "UTF-16" não é aceita (use ISO-8859-1 ou UTF-8).');
    expectRefused(latin1('<?xml version="1.0" encoding="EBCDIC-CP-US"?><a/>'), 'encoding', /a codificação "ebcdic-cp-us" não é aceita/);
    expectRefused(latin1('<?xml version="1.0" encoding="UTF-8"?><a>S\u00e3o</a>'), 'notXml', 'O arquivo não é um XML válido: há caracteres inválidos para a codificação UTF-8.');
  });

  it('refuses a statement missing what it needs or with a value that is not one, naming the element and line', () => {
    const xml = buildAnaliseContaMessage(analiseMessage()).xml.replace(/></g, '>\n<');
    const withoutCard = xml.replace(/<ans:numeroCarteira>[^<]*<\/ans:numeroCarteira>/, '');
    const missing = expectRefused(latin1(withoutCard), 'structure', /^O arquivo não segue o padrão TISS 4.01.00 \(linha \d+\): falta o elemento numeroCarteira em relacaoGuias\.$/);
    expect(missing.line).toBe(withoutCard.split('\n').findIndex((text) => text.startsWith('<ans:relacaoGuias>')) + 1);
    const badMoney = xml.replace('<ans:valorLiberadoGuia>2500.00<', '<ans:valorLiberadoGuia>2.500,00<');
    const error = expectRefused(latin1(badMoney), 'structure', /\(linha \d+\): valor inválido em valorLiberadoGuia: "2.500,00"\.$/);
    expect(badMoney.split('\n')[error.line! - 1]).toContain('<ans:valorLiberadoGuia>2.500,00<');
    expectRefused(latin1(xml.replace('<ans:dataProtocolo>2026-11-21<', '<ans:dataProtocolo>2026-02-30<')), 'structure', /valor inválido em dataProtocolo: "2026-02-30"/);
    expectRefused(latin1(xml.replace('<ans:situacaoGuia>3<', '<ans:situacaoGuia>X<')), 'structure', /valor inválido em situacaoGuia/);
    const deep = tissFile(`${'<ans:x>'.repeat(50)}${'</ans:x>'.repeat(50)}`);
    expectRefused(deep, 'notStatement', /elementos demais ou aninhados demais \(linha 1\)/);
    // 10 MB of empty elements: refused once there are more than a statement could have, without building them all.
    const many = tissFile('<ans:x/>'.repeat(1_200_000));
    expect(many.length).toBeLessThan(MAX_STATEMENT_BYTES);
    expectRefused(many, 'notStatement', /elementos demais ou aninhados demais/);
  });

  it('a guide of the fixtures reads as written when it has no optional element at all', () => {
    const bare = paidGuide({ planGuideNumber: null, authorizationPassword: null, billingEnd: null, glosaCents: null });
    const statement = analiseStatement();
    statement.protocols[0]!.guides = [bare];
    statement.protocols[0]!.informedCents = statement.protocols[0]!.processedCents = statement.protocols[0]!.releasedCents = 250_000;
    const message = buildAnaliseContaMessage(analiseMessage({ statements: [statement] }));
    expect(validateWithXmllint([{ name: 'bare', bytes: tissMessageBytes(message) }]).get('bare')).toBeNull();
    const read = parseTissStatement(message.xml);
    expect(read.kind === 'analiseConta' && read.statements[0]!.protocols[0]!.guides[0]).toEqual(bare);
  });

  it('the payment fixture’s totals add up (the fixture is what a plan would send)', () => {
    const statement = pagamentoStatement();
    for (const payment of statement.payments) {
      const debits = payment.debitsCredits.filter((item) => item.indicator === '1').reduce((sum, item) => sum + item.cents, 0);
      const credits = payment.debitsCredits.filter((item) => item.indicator === '2').reduce((sum, item) => sum + item.cents, 0);
      expect([payment.debitsCents, payment.creditsCents, payment.netCents]).toEqual([debits, credits, payment.grossReleasedCents - debits + credits]);
    }
    expect(statement.netCents).toBe(statement.payments.reduce((sum, payment) => sum + payment.netCents, 0) - 1);
  });
});

describe('statementDiscrepancies', () => {
  const analise = (statement = analiseStatement()): TissStatementMessage => parseTissStatement(buildAnaliseContaMessage(analiseMessage({ statements: [statement] })).xml);
  const pagamento = (statement = pagamentoStatement()): TissStatementMessage => parseTissStatement(buildPagamentoMessage(pagamentoMessage({ statement })).xml);

  it('finds nothing in statements that add up: the fixtures and those made from a lot', () => {
    expect(statementDiscrepancies(analise())).toEqual([]);
    expect(statementDiscrepancies(pagamento())).toEqual([]);
    const analysis = analiseContaForLot(lot([guide(), guide({ providerGuideNumber: 'H-2' })]), {
      statementNumber: 'D',
      planName: 'P',
      planCnpj: '60765823000130',
      issuedOn: '2026-12-10',
      protocolNumber: '1',
      protocolDate: '2026-11-21',
      glosas: [{ providerGuideNumber: 'H-2', sequence: 1, code: '1801', cents: 12_345 }],
    });
    expect(statementDiscrepancies(analise(analysis))).toEqual([]);
    const payment = pagamentoForAnalise(analysis, { statementNumber: 'P', issuedOn: '2026-12-15', payment: { paidOn: '2026-12-15', method: '1', bank: null, branch: null, account: null }, debitsCredits: [{ indicator: '1', type: '01', description: 'IRRF', cents: 100 }] });
    expect(statementDiscrepancies(pagamento(payment))).toEqual([]);
  });

  it('names each place where an analysis does not add up, with both amounts', () => {
    const statement = analiseStatement();
    const partial = statement.protocols[0]!.guides[1]!;
    partial.items[0]!.glosas[1]!.cents = 1_000;
    partial.releasedCents = 110_000;
    statement.protocols[0]!.glosaCents = 1;
    expect(statementDiscrepancies(analise(statement))).toEqual([
      'Guia H-2026-0002 (protocolo 202611000123), item 1: o valor glosado (R$ 450,00) não confere com o processado menos o liberado (R$ 449,99).',
      'Guia H-2026-0002 (protocolo 202611000123), itens: a soma do valor liberado (R$ 1.100,01) difere do total informado (R$ 1.100,00).',
      'Guia H-2026-0002 (protocolo 202611000123): o valor glosado (R$ 449,99) não confere com o processado menos o liberado (R$ 450,00).',
      'Protocolo 202611000123 (lote 17), guias: a soma do valor liberado (R$ 3.600,00) difere do total informado (R$ 3.600,01).',
      'Protocolo 202611000123 (lote 17): o valor glosado (R$ 0,01) não confere com o processado menos o liberado (R$ 2.949,99).',
    ]);
  });

  it('names each place where a payment does not add up: withholdings, net, the statement’s totals', () => {
    const statement = pagamentoStatement();
    statement.payments[0]!.debitsCredits[0]!.cents += 1;
    statement.payments[1]!.netCents -= 50;
    expect(statementDiscrepancies(pagamento(statement))).toEqual([
      'Pagamento de 15/12/2026: a soma dos débitos (R$ 293,41) difere do total informado (R$ 293,40).',
      'Pagamento de 22/12/2026: o valor líquido (R$ 441,00) não confere com o liberado menos os débitos mais os créditos (R$ 441,50).',
    ]);
    statement.grossReleasedCents += 100;
    expect(statementDiscrepancies(pagamento(statement)).slice(2)).toEqual([
      'Demonstrativo DP-2026-12-0001, datas de pagamento: a soma do valor liberado (R$ 4.040,01) difere do total informado (R$ 4.041,01).',
      'Demonstrativo DP-2026-12-0001: o valor glosado (R$ 449,99) não confere com o processado menos o liberado (R$ 448,99).',
      'Demonstrativo DP-2026-12-0001: o valor líquido (R$ 3.748,10) não confere com o liberado menos os débitos mais os créditos (R$ 3.749,10).',
    ]);
  });
});
