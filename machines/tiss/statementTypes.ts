import type { DebitCreditIndicator, DebitCreditType, ParticipationCode, PaymentKind, PaymentMethod, ProcedureTable, ProtocolStatus } from './tissDomains';
import type { ProviderId, TissTransaction } from './types';

/**
 * A health plan's statements read back (issue 38; TISS 4.01.00: mensagemTISS → operadoraParaPrestador →
 * demonstrativosRetorno, XSD ct_demonstrativoRetorno): the demonstrativo de análise de conta (ctm_demonstrativoAnaliseConta:
 * per protocol and guide, what was presented, processed, released and cut, with the glosa codes) and the
 * demonstrativo de pagamento (ctm_demonstrativoPagamento: per payment date, the deposit, the protocols and guides it
 * pays, the debits and credits, the net). The parser (./statementParser.ts) produces these shapes and the writers
 * (./statementWriters.ts) take them, so a statement written and read back is the same value.
 *
 * Conventions (as ./types.ts):
 * - Money is integer centavos (`…Cents`), parsed from the XSD's decimal text exactly ('1234.56' → 123456, '0.1' → 10).
 *   The XSD's st_decimalT-2 have no lower bound, so a parsed amount MAY be negative; the writers write only amounts ≥ 0.
 * - Dates are 'YYYY-MM-DD' (an xs:date's time zone, when a plan writes one, is dropped); times 'HH:MM:SS'.
 * - Texts are as the file has them, trimmed; an optional element that is absent is null.
 * Every field names its XSD element.
 */

/** ct_motivoGlosa: a glosa (or error) code of the ANS table dm_tipoGlosa and the plan's optional description. */
export type GlosaReason = {
  /** codigoGlosa (dm_tipoGlosa), e.g. '1801'. */
  code: string;
  /** descricaoGlosa (st_texto500), optional. */
  description: string | null;
};

/** ct_demonstrativoCabecalho: how the plan identifies the statement. */
export type StatementHeader = {
  /** registroANS (st_registroANS): the plan's 6-digit ANS registry. */
  planAnsRegistry: string;
  /** numeroDemonstrativo (st_texto20): the plan's number for this statement (with the registry, its identity). */
  statementNumber: string;
  /** nomeOperadora (st_texto70). */
  planName: string;
  /** numeroCNPJ (st_CNPJ): the plan's CNPJ, 14 digits (who paid, for the income report). */
  planCnpj: string;
  /** dataEmissao: the day the statement was issued. */
  issuedOn: string;
};

/** The provider a statement is about (dadosPrestador / dadosContratado: ct_contratadoDados and the CNES). */
export type StatementProvider = {
  /** codigoPrestadorNaOperadora | cpfContratado | cnpjContratado. */
  id: ProviderId;
  /** CNES (st_texto7): '9999999' when the provider has none. */
  cnes: string;
};

/** One glosa of a procedure line (detalhesGuia/relacaoGlosa). */
type ItemGlosa = {
  /** valorGlosa (st_decimal8-2), centavos. */
  cents: number;
  /** tipoGlosa (dm_tipoGlosa). */
  code: string;
};

/** One procedure line of a guide as the plan analysed it (relacaoGuias/detalhesGuia). */
export type AnaliseItem = {
  /** sequencialItem (st_numerico4): the line's sequence in the guide as billed. */
  sequence: number;
  /** dataRealizacao. */
  performedOn: string;
  /** procedimento (ct_procedimentoDados): codigoTabela, codigoProcedimento (the TUSS code), descricaoProcedimento. */
  table: ProcedureTable;
  code: string;
  description: string;
  /** grauParticipacao (dm_grauPart), optional: whose fee the line is. */
  participation: ParticipationCode | null;
  /** valorInformado (st_decimal8-2): the amount billed (presented). */
  informedCents: number;
  /** qtdExecutada (st_decimal9-4) in ten-thousandths: '1.0000' → 10000. */
  quantityTenThousandths: number;
  /** valorProcessado (st_decimal8-2): the amount the plan considered. */
  processedCents: number;
  /** valorLiberado (st_decimal8-2): the amount released for payment. */
  releasedCents: number;
  /** relacaoGlosa: the amounts cut, each with its code (none when the line was paid whole). */
  glosas: ItemGlosa[];
};

/** One guide of a protocol as the plan analysed it (ct_contaMedicaResumo/relacaoGuias). */
export type AnaliseGuide = {
  /** numeroGuiaPrestador (st_texto20): the office's guide number (part 1's providerGuideNumber). */
  providerGuideNumber: string;
  /** numeroGuiaOperadora (st_texto20), optional: the plan's number for the guide. */
  planGuideNumber: string | null;
  /** senha (st_texto20), optional. */
  authorizationPassword: string | null;
  /** numeroCarteira (st_texto20): the patient's card. */
  cardNumber: string;
  /** dataInicioFat / horaInicioFat / dataFimFat / horaFimFat: the billed period (all but the start optional). */
  billingStart: string;
  billingStartTime: string | null;
  billingEnd: string | null;
  billingEndTime: string | null;
  /** motivoGlosaGuia: glosas of the whole guide (codes without amounts: the amounts are on the lines or the totals). */
  glosas: GlosaReason[];
  /** situacaoGuia (dm_statusProtocolo). */
  status: ProtocolStatus;
  /** detalhesGuia: the procedure lines (a plan may send none, only the totals). */
  items: AnaliseItem[];
  /** valorInformadoGuia, valorProcessadoGuia, valorLiberadoGuia (st_decimal10-2); valorGlosaGuia optional. */
  informedCents: number;
  processedCents: number;
  releasedCents: number;
  glosaCents: number | null;
};

/** One protocol (a lot as the plan received it) in the analysis (dadosConta/dadosProtocolo, ct_contaMedicaResumo). */
export type AnaliseProtocol = {
  /** numeroLotePrestador (st_texto12): the lot number the office sent (part 1's lotNumber). */
  lotNumber: string;
  /** numeroProtocolo (st_texto12): the plan's protocol for the lot. */
  protocolNumber: string;
  /** dataProtocolo. */
  protocolDate: string;
  /** GlosaProtocolo, optional: a glosa of the whole protocol. */
  protocolGlosa: GlosaReason | null;
  /** situacaoProtocolo (dm_statusProtocolo). */
  status: ProtocolStatus;
  /** relacaoGuias: the guides (a protocol refused whole may list none). */
  guides: AnaliseGuide[];
  /** valorInformadoProtocolo, valorProcessadoProtocolo, valorLiberadoProtocolo; valorGlosaProtocolo optional. */
  informedCents: number;
  processedCents: number;
  releasedCents: number;
  glosaCents: number | null;
};

/** One demonstrativo de análise de conta (ctm_demonstrativoAnaliseConta). A message carries 1 to 30 of them. */
export type AnaliseContaStatement = {
  header: StatementHeader;
  /** dadosPrestador: dadosContratado and CNES. */
  provider: StatementProvider;
  /** dadosConta/dadosProtocolo: one or more protocols. */
  protocols: AnaliseProtocol[];
  /** valorInformadoGeral, valorProcessadoGeral, valorLiberadoGeral; valorGlosaGeral optional. */
  informedCents: number;
  processedCents: number;
  releasedCents: number;
  glosaCents: number | null;
};

/** ct_descontos: one debit or credit of a payment (a tax withheld at source, a discount, an adjustment). */
export type DebitCredit = {
  /** indicador (dm_debitoCreditoIndicador): '1' debit, '2' credit. */
  indicator: DebitCreditIndicator;
  /** tipoDebitoCredito (dm_debitoCreditoTipo): '01' IRRF, '02' ISS, '03' INSS, '04' PIS, '05' COFINS, '06' CSLL… */
  type: DebitCreditType;
  /** descricaoDbCr (st_texto40). */
  description: string;
  /** valorDbCr (st_decimal8-2), centavos. */
  cents: number;
};

/** ct_pagamentoDados: the payment itself. */
export type PaymentData = {
  /** dataPagamento. */
  paidOn: string;
  /** formaPagamento (dm_formaPagamento): '1' deposit/transfer, '2' carteira, '3' boleto, '4' cash/cheque. */
  method: PaymentMethod;
  /** banco (st_texto4), agencia (st_texto7), nrContaCheque (st_texto20): all optional. */
  bank: string | null;
  branch: string | null;
  account: string | null;
};

/** One guide a payment pays (relacaoProtocolos/guiasDoLote). */
export type PaidGuide = {
  /** numeroGuiaPrestador (st_texto20). */
  providerGuideNumber: string;
  /** numeroGuiaOperadora (st_texto20), optional. */
  planGuideNumber: string | null;
  /** senha (st_texto20), optional. */
  authorizationPassword: string | null;
  /** tipoPagamento (dm_tipoPagamento): '1' initial payment, '2' paid on appeal. */
  paymentKind: PaymentKind;
  /** valorProcessadoGuia, valorLiberadoGuia (st_decimal10-2); valorGlosaGuia optional. */
  processedCents: number;
  releasedCents: number;
  glosaCents: number | null;
};

/** One protocol a payment pays (dadosResumo/relacaoProtocolos, ct_dadosResumoDemonstrativo). */
export type PaidProtocol = {
  /** dataProtocolo, numeroProtocolo (st_texto12), numeroLote (st_texto12). */
  protocolDate: string;
  protocolNumber: string;
  lotNumber: string;
  /** valorInformado, valorProcessado, valorLiberado (st_decimal10-2); valorGlosa optional. */
  informedCents: number;
  processedCents: number;
  releasedCents: number;
  glosaCents: number | null;
  /** guiasDoLote: 1 to 100 guides. */
  guides: PaidGuide[];
};

/** One payment date of a payment statement (pagamentos/pagamentosPorData). */
export type PaymentByDate = {
  /** dadosPagamento. */
  payment: PaymentData;
  /** dadosResumo/relacaoProtocolos: the protocols paid. */
  protocols: PaidProtocol[];
  /** totaisBrutosPorData: totalInformadoPorData, totalProcessadoPorData, totaLiberadoPorData (sic), totalGlosaPorData. */
  grossInformedCents: number;
  grossProcessedCents: number;
  grossReleasedCents: number;
  grossGlosaCents: number;
  /** debitosCreditosPorData/debitosCreditos: the withholdings and adjustments of this payment. */
  debitsCredits: DebitCredit[];
  /** totaisLiquidosPorData: totalDebitosPorData, totalCreditosPorData, liquidoPorData (the net paid). */
  debitsCents: number;
  creditsCents: number;
  netCents: number;
};

/** The demonstrativo de pagamento (ctm_demonstrativoPagamento). */
export type PagamentoStatement = {
  header: StatementHeader;
  /** dadosContratado: dadosPrestador and CNES. */
  provider: StatementProvider;
  /** pagamentos/pagamentosPorData: one or more payment dates. */
  payments: PaymentByDate[];
  /** totaisDemonstrativo/totaisBrutosDemonstrativo: valorInformadoBruto … valorGlosaBruto. */
  grossInformedCents: number;
  grossProcessedCents: number;
  grossReleasedCents: number;
  grossGlosaCents: number;
  /** totaisDemonstrativo/debitosCreditosDemonstrativo: debits and credits of the whole statement. */
  debitsCredits: DebitCredit[];
  /** totaisLiquidosDemonstrativo: totalDebitosDemonstrativo, totalCreditosdemonstrativo, valorLiberadoDemonstrativo. */
  debitsCents: number;
  creditsCents: number;
  netCents: number;
  /** observacao (st_texto500), optional. */
  note: string | null;
};

/** What a writer needs besides the statement: the message's cabecalho, from the plan to the provider. */
export type StatementEnvelopeInput = {
  /** cabecalho/origem/registroANS: the plan sending (6 digits). */
  planAnsRegistry: string;
  /** cabecalho/destino/identificacaoPrestador: the provider addressed (CNPJ, CPF or code at the plan). */
  addressee: ProviderId;
  /** cabecalho/identificacaoTransacao: the plan's running number of messages, the day and time. */
  transaction: TissTransaction;
};

/** The cabecalho and epilogo of a statement message as read. */
export type StatementEnvelope = StatementEnvelopeInput & {
  /** tipoTransacao (dm_tipoTransacao): 'DEMONSTRATIVO_ANALISE_CONTA', 'DEMONSTRATIVO_PAGAMENTO'… as the plan wrote it. */
  transactionType: string;
  /** falhaNegocio (dm_tipoGlosa), optional: a business failure the plan reports for the whole message. */
  businessFailure: string | null;
  /** Padrao: always '4.01.00' (another version is refused). */
  version: string;
  /**
   * epilogo/hash as written, and whether it equals the MD5 of the message's leaf texts (./tissXml.ts) over their
   * ISO-8859-1 bytes or their UTF-8 bytes (`encoding`: the first that matches; null when neither does). A wrong
   * hash is reported, not refused: plans compute it in more than one way.
   */
  hash: { written: string; valid: boolean; encoding: 'ISO-8859-1' | 'UTF-8' | null };
};

/** A demonstrativo de análise de conta message: 1 to 30 statements. */
export type AnaliseContaMessageInput = StatementEnvelopeInput & { statements: AnaliseContaStatement[] };

/** A demonstrativo de pagamento message: one statement. */
export type PagamentoMessageInput = StatementEnvelopeInput & { statement: PagamentoStatement };

/** A statement message as read (parseTissStatement). */
export type TissStatementMessage =
  | { kind: 'analiseConta'; envelope: StatementEnvelope; statements: AnaliseContaStatement[] }
  | { kind: 'pagamento'; envelope: StatementEnvelope; statement: PagamentoStatement };
