import { formatCents } from '../ledger/ledgerRules';
import { isValidIsoDate } from '../rules/dates';
import { Problems, type MissingField } from './fieldChecks';
import { ACCESS_ROUTES, CBO_CODES, COUNCIL_CODES, PARTICIPATION_LABELS, PROCEDURE_TABLES, TECHNIQUES, UF_CODES } from './tissDomains';
import { tissCode, tissText, tissTime } from './tissText';
import type { Draft, HonorariosGuide, HonorariosLot, TissProcedureLine, TissProfessional, TissTransaction } from './types';

/**
 * What a guia de honorários and its lot lack before the TISS XML can be written (issue 37), pure: the server lists
 * them on the guide's screen, and the writers (./honorariosMessage.ts) refuse a message while any remains, so an
 * empty or invalid field never reaches the file. Each problem names the input field and says, in pt-BR, what the
 * secretary has to fill in or fix. Also the numbering of lots and transactions and the 100-guides limit.
 */

/** ctm_guiaLote: a lot carries at most 100 guides. */
export const MAX_GUIDES_PER_LOT = 100;

/** The CNES written for a provider that has none: the ANS convention ("9999999"). */
export const NO_CNES = '9999999';

/** The largest number an st_texto12 running number (numeroLote, sequencialTransacao) may reach. */
const MAX_SEQUENCE = 999_999_999_999;

/** Thrown by the writers when the input still has problems; `problems` is what the rules returned. */
export class TissInputError extends Error {
  constructor(readonly problems: MissingField[]) {
    super(`TISS message not written: ${problems.length} field(s) missing or invalid (${problems.map((p) => p.field).join(', ')})`);
    this.name = 'TissInputError';
  }
}

/** valorTotal of a line: quantity × unit × factor (hundredths), rounded half up to the centavo, in integers. */
export function lineTotalCents(unitCents: number, quantity: number, factorHundredths: number): number {
  return Math.floor((unitCents * quantity * factorHundredths + 50) / 100);
}

/** The CNES as written: its cleaned text, or NO_CNES when there is none. */
export function cnesOrDefault(cnes: string | null | undefined): string {
  return tissCode(cnes) || NO_CNES;
}

function checkCnes(problems: Problems, field: string, cnes: string | null | undefined, label: string): void {
  const value = tissCode(cnes);
  if (value !== '' && !/^\d{7}$/.test(value)) problems.add(field, `${label}: são 7 dígitos (deixe em branco se não houver)`);
}

function checkProfessional(problems: Problems, field: string, member: Draft<TissProfessional>, where: string): void {
  const name = tissText(member.name, 70);
  // Messages name the member as typed (the XML gets the cleaned name).
  const who = name ? member.name!.replace(/\s+/g, ' ').trim() : `profissional ${where}`;
  if (!name) problems.add(`${field}.name`, `Nome do profissional ${where}`);
  problems.oneOf(`${field}.participation`, member.participation, Object.keys(PARTICIPATION_LABELS), `Grau de participação de ${who}`);
  if (member.id?.kind === 'cpf') problems.cpf(`${field}.id.cpf`, member.id.cpf, `CPF de ${who}`);
  else problems.code(`${field}.id.code`, member.id?.kind === 'codeAtPlan' ? member.id.code : null, 14, `Código na operadora ou CPF de ${who}`);
  problems.oneOf(`${field}.council`, member.council, Object.keys(COUNCIL_CODES), `Conselho de ${who}`);
  problems.code(`${field}.councilNumber`, member.councilNumber, 15, `Número do conselho de ${who}`);
  problems.oneOf(`${field}.councilUf`, member.councilUf, Object.keys(UF_CODES), `UF do conselho de ${who}`);
  problems.oneOf(`${field}.cbo`, member.cbo, CBO_CODES, `CBO de ${who}`);
}

function checkTimes(problems: Problems, field: string, line: Draft<TissProcedureLine>, label: string): void {
  if (line.startTime && !tissTime(line.startTime)) problems.add(`${field}.startTime`, `${label}: hora inicial inválida`);
  if (line.endTime && !tissTime(line.endTime)) problems.add(`${field}.endTime`, `${label}: hora final inválida`);
}

function checkLine(problems: Problems, field: string, line: Draft<TissProcedureLine>, label: string, guide: Draft<HonorariosGuide>): void {
  problems.integer(`${field}.sequence`, line.sequence, 1, 9999, `${label}: número do item`);
  problems.date(`${field}.performedOn`, line.performedOn, `${label}: data de realização`);
  const { billingStart: start, billingEnd: end, performedOn: on } = { ...guide, performedOn: line.performedOn };
  if (isValidIsoDate(on) && isValidIsoDate(start) && isValidIsoDate(end) && (on < start || on > end)) {
    problems.add(`${field}.performedOn`, `${label}: a data de realização está fora do período faturado`);
  }
  checkTimes(problems, field, line, label);
  problems.oneOf(`${field}.table`, line.table, PROCEDURE_TABLES, `${label}: tabela do procedimento`);
  problems.code(`${field}.code`, line.code, 10, `${label}: código do procedimento`);
  problems.text(`${field}.description`, line.description, 150, `${label}: descrição do procedimento`);
  problems.integer(`${field}.quantity`, line.quantity, 1, 999, `${label}: quantidade`);
  if (line.accessRoute) problems.oneOf(`${field}.accessRoute`, line.accessRoute, Object.keys(ACCESS_ROUTES), `${label}: via de acesso`);
  if (line.technique) problems.oneOf(`${field}.technique`, line.technique, Object.keys(TECHNIQUES), `${label}: técnica utilizada`);
  const factor = line.factorHundredths;
  if (factor === null || factor === undefined) problems.add(`${field}.factorHundredths`, `${label}: fator de redução ou acréscimo`);
  else if (!Number.isInteger(factor) || factor < 1 || factor > 999) {
    problems.add(`${field}.factorHundredths`, `${label}: fator de redução ou acréscimo de 0,01 a 9,99`);
  }
  problems.cents(`${field}.unitCents`, line.unitCents, 8, `${label}: valor unitário`, true);
  problems.cents(`${field}.totalCents`, line.totalCents, 8, `${label}: valor total`, true);
  const numbers = [line.unitCents, line.quantity, factor, line.totalCents];
  if (numbers.every((value) => Number.isSafeInteger(value))) {
    const expected = lineTotalCents(line.unitCents!, line.quantity!, factor!);
    if (Math.abs(expected - line.totalCents!) > 1) {
      problems.add(`${field}.totalCents`, `${label}: o valor total não confere com quantidade × valor unitário × fator (${formatCents(expected)})`);
    }
  }
  const members = line.professionals ?? [];
  if (members.length === 0) problems.add(`${field}.professionals`, `${label}: ao menos um profissional da equipe`);
  members.forEach((member, index) => checkProfessional(problems, `${field}.professionals[${index}]`, member ?? {}, `${index + 1} do ${label.toLowerCase()}`));
}

function checkLines(problems: Problems, guide: Draft<HonorariosGuide>): void {
  const lines = guide.lines ?? [];
  if (lines.length === 0) problems.add('lines', 'Ao menos um procedimento realizado');
  const sequences = new Set<number>();
  lines.forEach((line, index) => {
    const code = tissCode(line?.code);
    const label = code ? `Procedimento ${index + 1} (${code})` : `Procedimento ${index + 1}`;
    checkLine(problems, `lines[${index}]`, line ?? {}, label, guide);
    if (typeof line?.sequence === 'number' && sequences.has(line.sequence)) {
      problems.add(`lines[${index}].sequence`, `${label}: o número do item ${line.sequence} se repete na guia`);
    }
    if (typeof line?.sequence === 'number') sequences.add(line.sequence);
  });
  const totals = lines.map((line) => line?.totalCents);
  if (lines.length > 0 && totals.every((value) => Number.isSafeInteger(value)) && Number.isSafeInteger(guide.totalCents)) {
    const sum = totals.reduce((total: number, value) => total + value!, 0);
    if (sum !== guide.totalCents) problems.add('totalCents', `O valor total da guia não confere com a soma dos procedimentos (${formatCents(sum)})`);
  }
}

function guideProblems(problems: Problems, guide: Draft<HonorariosGuide>): void {
  problems.ansRegistry('planAnsRegistry', guide.planAnsRegistry, 'Registro ANS do plano de saúde');
  problems.code('providerGuideNumber', guide.providerGuideNumber, 20, 'Número da guia do prestador');
  problems.code('requestGuideNumber', guide.requestGuideNumber, 20, 'Número da guia de solicitação de internação');
  problems.code('authorizationPassword', guide.authorizationPassword, 20, 'Senha da autorização');
  problems.optionalCode('planGuideNumber', guide.planGuideNumber, 20, 'Número da guia na operadora');
  problems.code('beneficiary.cardNumber', guide.beneficiary?.cardNumber, 20, 'Número da carteira do paciente');
  if (typeof guide.beneficiary?.newborn !== 'boolean') problems.add('beneficiary.newborn', 'Atendimento a recém-nascido (sim ou não)');
  const hospital = guide.hospital ?? {};
  if (hospital.id?.kind === 'cnpj') problems.cnpj('hospital.id.cnpj', hospital.id.cnpj, 'CNPJ do hospital');
  else problems.code('hospital.id.code', hospital.id?.kind === 'codeAtPlan' ? hospital.id.code : null, 14, 'Código do hospital na operadora ou CNPJ do hospital');
  problems.text('hospital.name', hospital.name, 70, 'Nome do hospital');
  checkCnes(problems, 'hospital.cnes', hospital.cnes, 'CNES do hospital');
  problems.code('executant.codeAtPlan', guide.executant?.codeAtPlan, 14, 'Código do prestador na operadora');
  checkCnes(problems, 'executant.cnes', guide.executant?.cnes, 'CNES do médico');
  problems.date('billingStart', guide.billingStart, 'Data de início do faturamento');
  problems.date('billingEnd', guide.billingEnd, 'Data de fim do faturamento');
  if (isValidIsoDate(guide.billingStart) && isValidIsoDate(guide.billingEnd) && guide.billingEnd < guide.billingStart) {
    problems.add('billingEnd', 'A data de fim do faturamento é antes da data de início');
  }
  checkLines(problems, guide);
  problems.cents('totalCents', guide.totalCents, 10, 'Valor total da guia', true);
  problems.date('issuedOn', guide.issuedOn, 'Data de emissão da guia');
}

/**
 * What a guia de honorários still lacks, field by field (empty when it can be written). Texts that are only cut
 * when written (names, descriptions, the note) are never a problem for their length; identifiers are.
 */
export function missingGuideFields(guide: Draft<HonorariosGuide>): MissingField[] {
  const problems = new Problems();
  guideProblems(problems, guide);
  return problems.list;
}

/** The transaction header's problems (sequence, date, time), shared with the appeal. */
export function checkTransaction(problems: Problems, transaction: Draft<TissTransaction> | null | undefined): void {
  problems.code('transaction.sequence', transaction?.sequence, 12, 'Número sequencial da transação');
  problems.date('transaction.date', transaction?.date, 'Data da transação');
  if (!tissTime(transaction?.time)) problems.add('transaction.time', 'Hora da transação');
}

/** The identification labels of the sender (the medic sending the file). */
export const SENDER_LABELS = { code: 'Código do prestador na operadora', cpf: 'CPF do prestador', cnpj: 'CNPJ do prestador' };

/**
 * What a lot lacks: its own fields (sender, plan, transaction, number, 1 to 100 guides, all of the lot's plan, no
 * guide number twice) and every guide's problems, prefixed 'Guia <número>: '.
 */
export function missingLotFields(lot: Draft<HonorariosLot>): MissingField[] {
  const problems = new Problems();
  problems.providerId('sender', lot.sender, SENDER_LABELS);
  problems.ansRegistry('planAnsRegistry', lot.planAnsRegistry, 'Registro ANS do plano de saúde do lote');
  checkTransaction(problems, lot.transaction);
  problems.code('lotNumber', lot.lotNumber, 12, 'Número do lote');
  const guides = lot.guides ?? [];
  if (guides.length === 0) problems.add('guides', 'Ao menos uma guia no lote');
  if (guides.length > MAX_GUIDES_PER_LOT) problems.add('guides', `Um lote leva no máximo ${MAX_GUIDES_PER_LOT} guias (este tem ${guides.length})`);
  const numbers = new Set<string>();
  guides.forEach((guide, index) => {
    const number = tissCode(guide?.providerGuideNumber);
    const inGuide = new Problems(`guides[${index}].`, `Guia ${number || index + 1}: `);
    guideProblems(inGuide, guide ?? {});
    if (guide?.planAnsRegistry && lot.planAnsRegistry && guide.planAnsRegistry.trim() !== lot.planAnsRegistry.trim()) {
      inGuide.add('planAnsRegistry', 'a guia é de outro plano de saúde que o do lote');
    }
    if (number && numbers.has(number)) inGuide.add('providerGuideNumber', 'o número da guia se repete no lote');
    numbers.add(number);
    problems.list.push(...inGuide.list);
  });
  return problems.list;
}

/**
 * The next running number (numeroLote, sequencialTransacao, the appeal's number) after those already used by the
 * same sender: one more than the largest all-digit one, '1' for the first. Numbers with other characters (typed by
 * hand elsewhere) are ignored.
 */
export function nextSequenceNumber(used: ReadonlyArray<string | null | undefined>): string {
  const numeric = used.filter((value): value is string => typeof value === 'string' && /^\d{1,12}$/.test(value.trim()));
  const next = numeric.reduce((max, value) => Math.max(max, Number(value)), 0) + 1;
  if (next > MAX_SEQUENCE) throw new RangeError('TISS running numbers are exhausted (12 digits)');
  return String(next);
}

/** Guides split into lots of at most MAX_GUIDES_PER_LOT, in order. */
export function splitIntoLots<T>(guides: readonly T[]): T[][] {
  const lots: T[][] = [];
  for (let start = 0; start < guides.length; start += MAX_GUIDES_PER_LOT) lots.push(guides.slice(start, start + MAX_GUIDES_PER_LOT));
  return lots;
}

/** The dashboard's 'Glosas por motivo' name for the glosas recorded without a TISS code. */
export const NO_GLOSA_REASON_LABEL = 'Motivo TISS não informado';

/** A glosa code's label: its description (server/data/tiss/motivos-glosa.csv), or 'Motivo de glosa 1234' when it has none. */
export function glosaReasonLabel(code: string, description: string | null | undefined): string {
  const text = (description ?? '').trim();
  return text || `Motivo de glosa ${code.trim()}`;
}
