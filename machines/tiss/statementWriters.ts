import { cnesOrDefault } from './guideRules';
import type {
  AnaliseContaMessageInput,
  AnaliseContaStatement,
  AnaliseGuide,
  AnaliseItem,
  AnaliseProtocol,
  DebitCredit,
  GlosaReason,
  PagamentoMessageInput,
  PagamentoStatement,
  PaidGuide,
  PaidProtocol,
  PaymentByDate,
  PaymentData,
  StatementHeader,
  StatementProvider,
} from './statementTypes';
import type { PaymentKind, ProtocolStatus } from './tissDomains';
import { tissCode, tissDecimal, tissDigits, tissText, tissTime } from './tissText';
import { branch, leaf, optionalLeaf, planMessage, providerIdElement, type TissMessage, type TissMessageOptions, type XmlElement } from './tissXml';
import type { HonorariosLot } from './types';

/**
 * The plan's side of issue 38, for tests and demo data: writes the statements a plan sends back (TISS 4.01.00
 * mensagemTISS → operadoraParaPrestador → demonstrativosRetorno), valid against the shipped XSD, with the epilogo's
 * hash computed like the provider's messages (./tissXml.ts). The product never sends these; it reads them
 * (./statementParser.ts). A statement written here and read back is the same value (the round-trip tests).
 *
 * Elements follow the XSD's sequences; optional ones are left out when null. Texts are cleaned like every TISS text
 * (./tissText.ts): identifiers never cut, free texts cut to the XSD's length. Amounts must be whole centavos ≥ 0 that
 * fit their st_decimal (tissDecimal throws otherwise); an empty required text throws (leaf): what is written is valid.
 */

const PRESTADOR_ID_NAMES = { code: 'codigoPrestadorNaOperadora', cpf: 'cpfContratado', cnpj: 'cnpjContratado' };

function money(name: string, cents: number, digits: 8 | 10): XmlElement {
  return leaf(name, tissDecimal(cents, digits));
}

function optionalMoney(name: string, cents: number | null, digits: 8 | 10): XmlElement | null {
  return cents === null ? null : money(name, cents, digits);
}

/** st_decimal9-4 from integer ten-thousandths (10000 → '1.0000'). */
function quantity(tenThousandths: number): string {
  if (!Number.isSafeInteger(tenThousandths) || tenThousandths < 0 || tenThousandths >= 10 ** 9) {
    throw new RangeError(`Not a quantity in ten-thousandths: ${tenThousandths}`);
  }
  const text = String(tenThousandths).padStart(5, '0');
  return `${text.slice(0, -4)}.${text.slice(-4)}`;
}

function headerElement(header: StatementHeader): XmlElement {
  return branch('cabecalhoDemonstrativo', [
    leaf('registroANS', tissDigits(header.planAnsRegistry)),
    leaf('numeroDemonstrativo', tissCode(header.statementNumber)),
    leaf('nomeOperadora', tissText(header.planName, 70)),
    leaf('numeroCNPJ', tissDigits(header.planCnpj)),
    leaf('dataEmissao', header.issuedOn),
  ]);
}

function providerElements(provider: StatementProvider, idName: string): XmlElement[] {
  return [branch(idName, [providerIdElement(provider.id, PRESTADOR_ID_NAMES)]), leaf('CNES', tissCode(provider.cnes))];
}

function glosaElement(name: string, glosa: GlosaReason): XmlElement {
  return branch(name, [leaf('codigoGlosa', glosa.code), optionalLeaf('descricaoGlosa', tissText(glosa.description, 500))]);
}

function itemElement(item: AnaliseItem): XmlElement {
  return branch('detalhesGuia', [
    leaf('sequencialItem', String(item.sequence)),
    leaf('dataRealizacao', item.performedOn),
    branch('procedimento', [
      leaf('codigoTabela', item.table),
      leaf('codigoProcedimento', tissCode(item.code)),
      leaf('descricaoProcedimento', tissText(item.description, 150)),
    ]),
    optionalLeaf('grauParticipacao', item.participation ?? ''),
    money('valorInformado', item.informedCents, 8),
    leaf('qtdExecutada', quantity(item.quantityTenThousandths)),
    money('valorProcessado', item.processedCents, 8),
    money('valorLiberado', item.releasedCents, 8),
    ...item.glosas.map((glosa) => branch('relacaoGlosa', [money('valorGlosa', glosa.cents, 8), leaf('tipoGlosa', glosa.code)])),
  ]);
}

function analiseGuideElement(guide: AnaliseGuide): XmlElement {
  return branch('relacaoGuias', [
    leaf('numeroGuiaPrestador', tissCode(guide.providerGuideNumber)),
    optionalLeaf('numeroGuiaOperadora', tissCode(guide.planGuideNumber)),
    optionalLeaf('senha', tissCode(guide.authorizationPassword)),
    leaf('numeroCarteira', tissCode(guide.cardNumber)),
    leaf('dataInicioFat', guide.billingStart),
    optionalLeaf('horaInicioFat', tissTime(guide.billingStartTime)),
    optionalLeaf('dataFimFat', guide.billingEnd ?? ''),
    optionalLeaf('horaFimFat', tissTime(guide.billingEndTime)),
    ...guide.glosas.map((glosa) => glosaElement('motivoGlosaGuia', glosa)),
    leaf('situacaoGuia', guide.status),
    ...guide.items.map(itemElement),
    money('valorInformadoGuia', guide.informedCents, 10),
    money('valorProcessadoGuia', guide.processedCents, 10),
    money('valorLiberadoGuia', guide.releasedCents, 10),
    optionalMoney('valorGlosaGuia', guide.glosaCents, 10),
  ]);
}

function analiseProtocolElement(protocol: AnaliseProtocol): XmlElement {
  return branch('dadosProtocolo', [
    leaf('numeroLotePrestador', tissCode(protocol.lotNumber)),
    leaf('numeroProtocolo', tissCode(protocol.protocolNumber)),
    leaf('dataProtocolo', protocol.protocolDate),
    protocol.protocolGlosa ? glosaElement('GlosaProtocolo', protocol.protocolGlosa) : null,
    leaf('situacaoProtocolo', protocol.status),
    ...protocol.guides.map(analiseGuideElement),
    money('valorInformadoProtocolo', protocol.informedCents, 10),
    money('valorProcessadoProtocolo', protocol.processedCents, 10),
    money('valorLiberadoProtocolo', protocol.releasedCents, 10),
    optionalMoney('valorGlosaProtocolo', protocol.glosaCents, 10),
  ]);
}

function analiseContaElement(statement: AnaliseContaStatement): XmlElement {
  return branch('demonstrativoAnaliseConta', [
    headerElement(statement.header),
    branch('dadosPrestador', providerElements(statement.provider, 'dadosContratado')),
    branch('dadosConta', statement.protocols.map(analiseProtocolElement)),
    money('valorInformadoGeral', statement.informedCents, 10),
    money('valorProcessadoGeral', statement.processedCents, 10),
    money('valorLiberadoGeral', statement.releasedCents, 10),
    optionalMoney('valorGlosaGeral', statement.glosaCents, 10),
  ]);
}

/**
 * The DEMONSTRATIVO_ANALISE_CONTA message (ISO-8859-1 XML and its hash) of 1 to 30 statements
 * (ct_demonstrativoRetorno allows 30). Throws a RangeError for another count.
 */
export function buildAnaliseContaMessage(message: AnaliseContaMessageInput, options: TissMessageOptions = {}): TissMessage {
  if (message.statements.length < 1 || message.statements.length > 30) {
    throw new RangeError(`A message carries 1 to 30 demonstrativos de análise de conta, not ${message.statements.length}`);
  }
  const body = branch('demonstrativosRetorno', message.statements.map(analiseContaElement));
  return planMessage('DEMONSTRATIVO_ANALISE_CONTA', message, body, options);
}

function debitCreditElement(name: string, item: DebitCredit): XmlElement {
  return branch(name, [
    leaf('indicador', item.indicator),
    leaf('tipoDebitoCredito', item.type),
    leaf('descricaoDbCr', tissText(item.description, 40)),
    money('valorDbCr', item.cents, 8),
  ]);
}

function paidGuideElement(guide: PaidGuide): XmlElement {
  return branch('guiasDoLote', [
    leaf('numeroGuiaPrestador', tissCode(guide.providerGuideNumber)),
    optionalLeaf('numeroGuiaOperadora', tissCode(guide.planGuideNumber)),
    optionalLeaf('senha', tissCode(guide.authorizationPassword)),
    leaf('tipoPagamento', guide.paymentKind),
    money('valorProcessadoGuia', guide.processedCents, 10),
    money('valorLiberadoGuia', guide.releasedCents, 10),
    optionalMoney('valorGlosaGuia', guide.glosaCents, 10),
  ]);
}

function paidProtocolElement(protocol: PaidProtocol): XmlElement {
  return branch('relacaoProtocolos', [
    leaf('dataProtocolo', protocol.protocolDate),
    leaf('numeroProtocolo', tissCode(protocol.protocolNumber)),
    leaf('numeroLote', tissCode(protocol.lotNumber)),
    money('valorInformado', protocol.informedCents, 10),
    money('valorProcessado', protocol.processedCents, 10),
    money('valorLiberado', protocol.releasedCents, 10),
    optionalMoney('valorGlosa', protocol.glosaCents, 10),
    ...protocol.guides.map(paidGuideElement),
  ]);
}

function paymentElement(payment: PaymentByDate): XmlElement {
  const data = payment.payment;
  return branch('pagamentosPorData', [
    branch('dadosPagamento', [
      leaf('dataPagamento', data.paidOn),
      leaf('formaPagamento', data.method),
      optionalLeaf('banco', tissCode(data.bank)),
      optionalLeaf('agencia', tissCode(data.branch)),
      optionalLeaf('nrContaCheque', tissCode(data.account)),
    ]),
    branch('dadosResumo', payment.protocols.map(paidProtocolElement)),
    branch('totaisBrutosPorData', [
      money('totalInformadoPorData', payment.grossInformedCents, 10),
      money('totalProcessadoPorData', payment.grossProcessedCents, 10),
      money('totaLiberadoPorData', payment.grossReleasedCents, 10),
      money('totalGlosaPorData', payment.grossGlosaCents, 10),
    ]),
    payment.debitsCredits.length > 0
      ? branch('debitosCreditosPorData', payment.debitsCredits.map((item) => debitCreditElement('debitosCreditos', item)))
      : null,
    branch('totaisLiquidosPorData', [
      money('totalDebitosPorData', payment.debitsCents, 10),
      money('totalCreditosPorData', payment.creditsCents, 10),
      money('liquidoPorData', payment.netCents, 10),
    ]),
  ]);
}

function pagamentoElement(statement: PagamentoStatement): XmlElement {
  return branch('demonstrativoPagamento', [
    headerElement(statement.header),
    branch('dadosContratado', providerElements(statement.provider, 'dadosPrestador')),
    branch('pagamentos', statement.payments.map(paymentElement)),
    branch('totaisDemonstrativo', [
      branch('totaisBrutosDemonstrativo', [
        money('valorInformadoBruto', statement.grossInformedCents, 10),
        money('valorProcessadoBruto', statement.grossProcessedCents, 10),
        money('valorLiberadoBruto', statement.grossReleasedCents, 10),
        money('valorGlosaBruto', statement.grossGlosaCents, 10),
      ]),
      ...statement.debitsCredits.map((item) => debitCreditElement('debitosCreditosDemonstrativo', item)),
      branch('totaisLiquidosDemonstrativo', [
        money('totalDebitosDemonstrativo', statement.debitsCents, 10),
        money('totalCreditosdemonstrativo', statement.creditsCents, 10),
        money('valorLiberadoDemonstrativo', statement.netCents, 10),
      ]),
    ]),
    optionalLeaf('observacao', tissText(statement.note, 500)),
  ]);
}

/** The DEMONSTRATIVO_PAGAMENTO message (ISO-8859-1 XML and its hash) of one payment statement. */
export function buildPagamentoMessage(message: PagamentoMessageInput, options: TissMessageOptions = {}): TissMessage {
  const body = branch('demonstrativosRetorno', [pagamentoElement(message.statement)]);
  return planMessage('DEMONSTRATIVO_PAGAMENTO', message, body, options);
}

// ---------------------------------------------------------------------------------------------------------------
// Statements made from a lot (tests and the demo: "the plan's answer to the lot we sent")

/** One glosa the plan applies to a line of a guide of the lot (by guide number and line sequence). */
type LotGlosa = { providerGuideNumber: string; sequence: number; code: string; cents: number };

/** What the plan decides about a lot: the statement's identity and the glosas per line (none: paid in full). */
type LotAnalysisOptions = {
  statementNumber: string;
  planName: string;
  planCnpj: string;
  issuedOn: string;
  protocolNumber: string;
  protocolDate: string;
  /** situacaoProtocolo and every situacaoGuia; default '3' (Liberado para pagamento). */
  status?: ProtocolStatus;
  glosas?: readonly LotGlosa[];
  /** The plan's numbers for the guides, by numeroGuiaPrestador. */
  planGuideNumbers?: Readonly<Record<string, string>>;
};

function sum<T>(items: readonly T[], value: (item: T) => number): number {
  return items.reduce((total, item) => total + value(item), 0);
}

/**
 * The demonstrativo de análise de conta a plan would send for `lot` (as buildHonorariosLotMessage wrote it): one
 * protocol, each guide and line as billed (informed = processed = the line's total), released = informed − the
 * glosas `options` gives for that line. Throws a RangeError when a glosa names no line of the lot or exceeds it.
 */
export function analiseContaForLot(lot: HonorariosLot, options: LotAnalysisOptions): AnaliseContaStatement {
  const status = options.status ?? '3';
  const glosas = options.glosas ?? [];
  const used = new Set<LotGlosa>();
  const guides = lot.guides.map((guide): AnaliseGuide => {
    const providerGuideNumber = tissCode(guide.providerGuideNumber);
    const items = guide.lines.map((line): AnaliseItem => {
      const lineGlosas = glosas.filter((glosa) => tissCode(glosa.providerGuideNumber) === providerGuideNumber && glosa.sequence === line.sequence);
      lineGlosas.forEach((glosa) => used.add(glosa));
      const cut = sum(lineGlosas, (glosa) => glosa.cents);
      if (cut > line.totalCents) throw new RangeError(`Glosas of ${providerGuideNumber}/${line.sequence} exceed the line's total`);
      return {
        sequence: line.sequence,
        performedOn: line.performedOn,
        table: line.table,
        code: tissCode(line.code),
        description: tissText(line.description, 150),
        participation: line.professionals[0]?.participation ?? null,
        informedCents: line.totalCents,
        quantityTenThousandths: line.quantity * 10_000,
        processedCents: line.totalCents,
        releasedCents: line.totalCents - cut,
        glosas: lineGlosas.map((glosa) => ({ cents: glosa.cents, code: glosa.code })),
      };
    });
    const informed = sum(items, (item) => item.informedCents);
    const released = sum(items, (item) => item.releasedCents);
    return {
      providerGuideNumber,
      planGuideNumber: options.planGuideNumbers?.[guide.providerGuideNumber] ?? (tissCode(guide.planGuideNumber) || null),
      authorizationPassword: tissCode(guide.authorizationPassword) || null,
      cardNumber: tissCode(guide.beneficiary.cardNumber),
      billingStart: guide.billingStart,
      billingStartTime: null,
      billingEnd: guide.billingEnd,
      billingEndTime: null,
      glosas: [],
      status,
      items,
      informedCents: informed,
      processedCents: informed,
      releasedCents: released,
      glosaCents: informed - released,
    };
  });
  const unused = glosas.filter((glosa) => !used.has(glosa));
  if (unused.length > 0) throw new RangeError(`Glosa for a line not in the lot: ${unused[0]!.providerGuideNumber}/${unused[0]!.sequence}`);
  const informed = sum(guides, (guide) => guide.informedCents);
  const released = sum(guides, (guide) => guide.releasedCents);
  const totals = { informedCents: informed, processedCents: informed, releasedCents: released, glosaCents: informed - released };
  return {
    header: { planAnsRegistry: lot.planAnsRegistry, statementNumber: options.statementNumber, planName: options.planName, planCnpj: options.planCnpj, issuedOn: options.issuedOn },
    provider: { id: lot.sender, cnes: cnesOrDefault(lot.guides[0]?.executant.cnes ?? null) },
    protocols: [{ lotNumber: tissCode(lot.lotNumber), protocolNumber: options.protocolNumber, protocolDate: options.protocolDate, protocolGlosa: null, status, guides, ...totals }],
    ...totals,
  };
}

/** The payment of an analysis: the statement's identity, the payment data and the debits/credits it carries. */
type PaymentOptions = {
  statementNumber: string;
  issuedOn: string;
  payment: PaymentData;
  /** Withholdings and adjustments of the payment (debitosCreditosPorData); the net is released − debits + credits. */
  debitsCredits?: readonly DebitCredit[];
  /** tipoPagamento of every guide; default '1' (Inicial). */
  paymentKind?: PaymentKind;
  note?: string | null;
};

/**
 * The demonstrativo de pagamento paying every protocol of `analysis` in one deposit: one payment date, its
 * protocols and guides with the released amounts, the gross totals, the debits and credits and the net. Throws a
 * RangeError when the debits exceed what is released.
 */
export function pagamentoForAnalise(analysis: AnaliseContaStatement, options: PaymentOptions): PagamentoStatement {
  const protocols = analysis.protocols.map((protocol): PaidProtocol => ({
    protocolDate: protocol.protocolDate,
    protocolNumber: protocol.protocolNumber,
    lotNumber: protocol.lotNumber,
    informedCents: protocol.informedCents,
    processedCents: protocol.processedCents,
    releasedCents: protocol.releasedCents,
    glosaCents: protocol.glosaCents,
    guides: protocol.guides.map((guide) => ({
      providerGuideNumber: guide.providerGuideNumber,
      planGuideNumber: guide.planGuideNumber,
      authorizationPassword: guide.authorizationPassword,
      paymentKind: options.paymentKind ?? '1',
      processedCents: guide.processedCents,
      releasedCents: guide.releasedCents,
      glosaCents: guide.glosaCents,
    })),
  }));
  const debitsCredits = [...(options.debitsCredits ?? [])];
  const debits = sum(debitsCredits.filter((item) => item.indicator === '1'), (item) => item.cents);
  const credits = sum(debitsCredits.filter((item) => item.indicator === '2'), (item) => item.cents);
  const gross = {
    informed: sum(protocols, (protocol) => protocol.informedCents),
    processed: sum(protocols, (protocol) => protocol.processedCents),
    released: sum(protocols, (protocol) => protocol.releasedCents),
    glosa: sum(protocols, (protocol) => protocol.glosaCents ?? protocol.processedCents - protocol.releasedCents),
  };
  const net = gross.released - debits + credits;
  if (net < 0) throw new RangeError('The debits exceed the released amount');
  return {
    header: { ...analysis.header, statementNumber: options.statementNumber, issuedOn: options.issuedOn },
    provider: analysis.provider,
    payments: [
      {
        payment: { ...options.payment },
        protocols,
        grossInformedCents: gross.informed,
        grossProcessedCents: gross.processed,
        grossReleasedCents: gross.released,
        grossGlosaCents: gross.glosa,
        debitsCredits,
        debitsCents: debits,
        creditsCents: credits,
        netCents: net,
      },
    ],
    grossInformedCents: gross.informed,
    grossProcessedCents: gross.processed,
    grossReleasedCents: gross.released,
    grossGlosaCents: gross.glosa,
    debitsCredits: [],
    debitsCents: debits,
    creditsCents: credits,
    netCents: net,
    note: options.note ?? null,
  };
}
