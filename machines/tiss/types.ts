import type { AccessRoute, Council, ParticipationCode, ProcedureTable, Technique, Uf } from './tissDomains';

/**
 * The inputs of the TISS 4.01.00 writers (./honorariosMessage.ts, ./appealMessage.ts) and rules (./guideRules.ts):
 * plain data, no database rows. The server maps its rows to these shapes; every field says which XSD element it
 * becomes (server/data/tiss/xsd/, 'ans:' elements) so the mapping can be checked against the standard.
 *
 * Conventions for every field:
 * - Money is ALWAYS integer centavos (`…Cents`: R$ 1.234,56 = 123456). The writers format it as the XSD's decimal
 *   ('1234.56') without floating point.
 * - Dates are ISO calendar days 'YYYY-MM-DD' (São Paulo's day); times 'HH:MM:SS' (or 'HH:MM').
 * - Texts may be raw user input: the writers clean them to ISO-8859-1, collapse whitespace and cut free texts to the
 *   XSD's length (./tissText.ts). Identifiers (numbers of guides, carteira, senha, codes) are cleaned but never cut: one
 *   too long is reported by the rules instead.
 * - CPF and CNPJ may be masked ('123.456.789-09'): only their digits are written.
 * - A required text that is empty after cleaning is never written empty: the rules report it as missing and the
 *   writers refuse the message (TissInputError).
 */

/**
 * Who sends or is paid: exactly one identification (XSD ct_prestadorIdentificacao / ct_contratadoDados). Plans
 * usually identify a medic by his code at the plan (`codigoPrestadorNaOperadora`); CPF and CNPJ are the alternatives.
 */
export type ProviderId =
  | { kind: 'codeAtPlan'; code: string }
  | { kind: 'cpf'; cpf: string }
  | { kind: 'cnpj'; cnpj: string };

/** One professional on a procedure line (XSD ct_procedimentoExecutadoHonorIndiv/profissionais). */
export type TissProfessional = {
  /** grauParticipacao (dm_grauPart): '00' cirurgião, '01' primeiro auxiliar, … '06' anestesista. */
  participation: ParticipationCode;
  /** codProfissional: his code at the plan, or his CPF (choice codigoPrestadorNaOperadora | cpfContratado). */
  id: { kind: 'codeAtPlan'; code: string } | { kind: 'cpf'; cpf: string };
  /** nomeProfissional (st_texto70, cut). */
  name: string;
  /** conselhoProfissional (dm_conselhoProfissional), by acronym: 'CRM' is written '06'. */
  council: Council | null;
  /** numeroConselhoProfissional (st_texto15): the registration number, e.g. the CRM's digits. */
  councilNumber: string;
  /** UF (dm_UF) of the council registration, by acronym: 'SP' is written '35'. */
  councilUf: Uf | null;
  /** CBO (dm_CBOS): the occupation code, e.g. '225225' Médico cirurgião geral (tissDomains PHYSICIAN_CBOS). */
  cbo: string | null;
};

/** One procedure line of the guide (XSD procedimentoRealizado, ct_procedimentoExecutadoHonorIndiv). */
export type TissProcedureLine = {
  /** sequencialItem (st_numerico4): 1–9999, unique in the guide; an appeal refers to the line by it. */
  sequence: number;
  /** dataExecucao: the day the procedure was performed. */
  performedOn: string;
  /** horaInicial / horaFinal: optional start and end times. */
  startTime?: string | null;
  endTime?: string | null;
  /** procedimento/codigoTabela (dm_tabela): '22' for TUSS procedures (the product's default), '00' plan's own table. */
  table: ProcedureTable;
  /** procedimento/codigoProcedimento (st_texto10): the TUSS code, e.g. '30602238'. */
  code: string;
  /** procedimento/descricaoProcedimento (st_texto150, cut). */
  description: string;
  /** quantidadeExecutada (st_numerico3): 1–999. */
  quantity: number;
  /** viaAcesso (dm_viaDeAcesso), optional. */
  accessRoute?: AccessRoute | null;
  /** tecnicaUtilizada (dm_tecnicaUtilizada), optional. */
  technique?: Technique | null;
  /**
   * reducaoAcrescimo (st_decimal3-2) as integer hundredths: 100 = 1.00 (full value), 70 = 0.70 (a second procedure
   * by the same route), 150 = 1.50 (urgency). 1–999.
   */
  factorHundredths: number;
  /** valorUnitario (st_decimal8-2), centavos: at most 99.999.999 (R$ 999.999,99). */
  unitCents: number;
  /**
   * valorTotal (st_decimal8-2), centavos: quantity × unit × factor (guideRules' lineTotalCents gives it; the rules
   * accept a difference of one centavo of rounding).
   */
  totalCents: number;
  /**
   * profissionais: who performed the line (one or more). The product writes one line per participant of the team
   * (the surgeon's line, then each assistant's line with the same procedure and his own grau and value); the XSD
   * also allows several professionals on one line.
   */
  professionals: TissProfessional[];
};

/** The guia de honorários (XSD ctm_honorarioIndividualGuia): one medic's fee for one hospital stay. */
export type HonorariosGuide = {
  /** cabecalhoGuia/registroANS (st_registroANS): the plan's 6-digit ANS registry. */
  planAnsRegistry: string;
  /** cabecalhoGuia/numeroGuiaPrestador (st_texto20): the office's own number for this guide. */
  providerGuideNumber: string;
  /** guiaSolicInternacao (st_texto20): the number of the hospitalization request guide that authorized the stay. */
  requestGuideNumber: string;
  /** senha (st_texto20): the authorization's password. Optional in the XSD; the product requires it (rules). */
  authorizationPassword: string | null;
  /** numeroGuiaOperadora (st_texto20), optional: the plan's own number for the guide, when it gave one. */
  planGuideNumber?: string | null;
  /** beneficiario: the patient. The name is not part of the 4.01.00 guide (removed in 4.00.00). */
  beneficiary: {
    /** numeroCarteira (st_texto20): the patient's plan card number. */
    cardNumber: string;
    /** atendimentoRN (dm_simNao): true when the patient is a newborn billed on the mother's card. */
    newborn: boolean;
  };
  /** localContratado: the hospital where the procedures were performed. */
  hospital: {
    /** codigoContratado: the hospital's code at the plan, or its CNPJ. */
    id: { kind: 'codeAtPlan'; code: string } | { kind: 'cnpj'; cnpj: string };
    /** nomeContratado (st_texto70, cut). */
    name: string;
    /** cnes (st_texto7): the hospital's CNES; null/empty is written '9999999' (ANS: "no CNES"). */
    cnes: string | null;
  };
  /** dadosContratadoExecutante: the medic who bills this guide. */
  executant: {
    /** codigonaOperadora (st_texto14): his code at the plan (required by the XSD: no CPF alternative here). */
    codeAtPlan: string;
    /**
     * cnesContratadoExecutante (st_texto7): his CNES. A medic without one (most surgeons billing as individuals) is
     * written '9999999', the ANS convention for "has no CNES"; so null/empty is allowed.
     */
    cnes: string | null;
  };
  /** dadosInternacao: the billed period (dataInicioFaturamento, dataFimFaturamento), start ≤ end. */
  billingStart: string;
  billingEnd: string;
  /** procedimentosRealizados: one or more lines. */
  lines: TissProcedureLine[];
  /**
   * observacao (st_texto500, cut), optional: a note FOR THE PLAN. Never the case's internal notes (DECISIONS:
   * external documents never carry internal notes or the expected fee).
   */
  note?: string | null;
  /** valorTotalHonorarios (st_decimal10-2), centavos: the sum of the lines' totals (the rules check it). */
  totalCents: number;
  /** dataEmissaoGuia: the day the guide is issued. */
  issuedOn: string;
};

/** The cabecalho/identificacaoTransacao of a message: the sender's running number and the moment it was made. */
export type TissTransaction = {
  /** sequencialTransacao (st_texto12): the sender's running number of messages (guideRules nextSequenceNumber). */
  sequence: string;
  /** dataRegistroTransacao: the day (São Paulo) the message is generated. */
  date: string;
  /** horaRegistroTransacao: 'HH:MM:SS' (São Paulo). */
  time: string;
};

/** A lot of honorários guides (mensagemTISS → prestadorParaOperadora/loteGuias, XSD ctm_guiaLote). */
export type HonorariosLot = {
  /** cabecalho/origem/identificacaoPrestador: who sends (the medic: his code at the plan, CPF or CNPJ). */
  sender: ProviderId;
  /** cabecalho/destino/registroANS: the plan receiving the lot (6 digits; every guide must be of this plan). */
  planAnsRegistry: string;
  transaction: TissTransaction;
  /** numeroLote (st_texto12): the sender's lot number (guideRules nextSequenceNumber). */
  lotNumber: string;
  /** guiasTISS/guiaHonorarios: 1 to 100 guides (MAX_GUIDES_PER_LOT). */
  guides: HonorariosGuide[];
};

/** One glosa contested on a procedure line (XSD recursoGuia/opcaoRecursoGuia/itensGuia). */
export type AppealedItem = {
  /** sequencialItem: the line's sequence in the original guide. */
  sequence: number;
  /** dataInicio / dataFim: the day(s) the line was performed (dataFim optional). */
  performedOn: string;
  performedUntil?: string | null;
  /** procRecurso (ct_procedimentoDados): the line's procedure as billed. */
  table: ProcedureTable;
  code: string;
  description: string;
  /** grauParticipacao, optional: the participant whose fee was denied. */
  participation?: ParticipationCode | null;
  /** codGlosaItem (dm_tipoGlosa): the plan's glosa code, e.g. '1801'. */
  glosaCode: string;
  /** valorRecursado (st_decimal8-2), centavos: the amount claimed back (> 0). */
  appealedCents: number;
  /** justificativaItem (st_texto500, cut): why the glosa is wrong. */
  justification: string;
};

/** A glosa contested on a whole guide (XSD recursoGuiaCompleta). */
export type AppealedGuideGlosa = {
  /** codGlosaGuia (dm_tipoGlosa). */
  glosaCode: string;
  /** justificativaGuia (st_texto500, cut). */
  justification: string;
  /** The amount claimed back, centavos (> 0): not written per glosa (the XSD has no place), counted in the total. */
  appealedCents: number;
};

/** One guide of the original lot being appealed (XSD recursoGuia). */
export type AppealedGuide = {
  /** numeroGuiaOrigem (st_texto20): the original guide's numeroGuiaPrestador. */
  providerGuideNumber: string;
  /** numeroGuiaOperadora (st_texto20), optional: the plan's number for the original guide. */
  planGuideNumber?: string | null;
  /** senha (st_texto20), optional: the original authorization's password. */
  authorizationPassword?: string | null;
  /** Either the glosas of the whole guide, or the glosas of some of its lines (the XSD's choice). */
  glosas: { kind: 'wholeGuide'; glosas: AppealedGuideGlosa[] } | { kind: 'items'; items: AppealedItem[] };
};

/**
 * A recurso de glosa (mensagemTISS → prestadorParaOperadora/recursoGlosa/guiaRecursoGlosa, XSD ctm_recursoGlosa):
 * one appeal against the glosas of ONE lot already sent (identified by its number and the plan's protocol). Either
 * the whole protocol is contested (one glosa code of the protocol), or up to 100 of its guides.
 */
export type GlosaAppeal = {
  /** cabecalho/origem/identificacaoPrestador: who sends. */
  sender: ProviderId;
  transaction: TissTransaction;
  /** registroANS and cabecalho/destino/registroANS: the plan (6 digits). */
  planAnsRegistry: string;
  /** nomeOperadora (st_texto70, cut): the plan's name. */
  planName: string;
  /** numeroGuiaRecGlosaPrestador (st_texto20): the office's own number for this appeal. */
  appealNumber: string;
  /** numeroGuiaRecGlosaOperadora (st_texto20), optional: the plan's number for the appeal, when it gave one. */
  planAppealNumber?: string | null;
  /** dadosContratado (ct_contratadoDados): the provider who was paid (code at the plan, CPF or CNPJ). */
  contracted: ProviderId;
  /** numeroLote (st_texto12): the original lot's number. */
  lotNumber: string;
  /** numeroProtocolo (st_numerico12): the protocol the plan gave the original lot (digits, at most 12). */
  protocolNumber: string;
  /** objetoRecurso 1 (the whole protocol) or 2 (guides). */
  subject:
    | { kind: 'protocol'; glosaCode: string; justification: string; appealedCents: number }
    | { kind: 'guides'; guides: AppealedGuide[] };
  /** dataRecurso: the day the appeal is issued. */
  appealedOn: string;
};

/**
 * The same shapes as the rules read them (missingGuideFields, missingLotFields, missingAppealFields): any field may
 * be absent or null, as a row that is not filled in yet; the rules say what is missing.
 */
export type Draft<T> = T extends readonly (infer Item)[]
  ? Draft<Item>[]
  : T extends object
    ? { [Key in keyof T]?: Draft<T[Key]> | null }
    : T | null;
