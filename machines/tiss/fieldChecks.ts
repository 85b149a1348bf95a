import { isValidCnpj } from '../rules/cnpj';
import { isValidCpf } from '../rules/cpf';
import { isValidIsoDate } from '../rules/dates';
import { tissCode, tissDigits, tissText } from './tissText';
import type { Draft, ProviderId } from './types';

/**
 * The field checks the TISS rules (./guideRules.ts, ./appealRules.ts) share: each pushes one pt-BR problem, worded for
 * the secretary who fixes the data ("Número da carteira do paciente"), and names the input field it is about.
 */

/** One thing missing or wrong before a TISS message can be written: the input's field path and the pt-BR text. */
export type MissingField = { field: string; message: string };

/** Collects the problems of one input, each field path under `prefix` and each message after `lead`. */
export class Problems {
  readonly list: MissingField[] = [];

  constructor(
    private readonly prefix = '',
    private readonly lead = '',
  ) {}

  add(field: string, message: string): void {
    this.list.push({ field: `${this.prefix}${field}`, message: `${this.lead}${message}` });
  }

  /** A required identifier (st_textoN, never cut): missing, or longer than the XSD allows. */
  code(field: string, value: string | null | undefined, max: number, label: string): void {
    const code = tissCode(value);
    if (code === '') this.add(field, label);
    else if (code.length > max) this.add(field, `${label}: no máximo ${max} caracteres`);
  }

  /** An optional identifier: only its length. */
  optionalCode(field: string, value: string | null | undefined, max: number, label: string): void {
    if (tissCode(value).length > max) this.add(field, `${label}: no máximo ${max} caracteres`);
  }

  /** A required free text (cut when written): missing only when nothing is left after cleaning. */
  text(field: string, value: string | null | undefined, max: number, label: string): void {
    if (tissText(value, max) === '') this.add(field, label);
  }

  /** A required calendar day (yyyy-MM-dd). */
  date(field: string, value: string | null | undefined, label: string): void {
    if (!value) this.add(field, label);
    else if (!isValidIsoDate(value)) this.add(field, `${label}: data inválida`);
  }

  /** A value that must be one of a table's codes. */
  oneOf(field: string, value: string | null | undefined, allowed: readonly string[], label: string): void {
    if (!value) this.add(field, label);
    else if (!allowed.includes(value)) this.add(field, `${label}: código inválido (${value})`);
  }

  /** A plan's ANS registry: 6 digits. */
  ansRegistry(field: string, value: string | null | undefined, label: string): void {
    const digits = tissDigits(value);
    if (digits === '') this.add(field, label);
    else if (!/^\d{6}$/.test(value!.trim())) this.add(field, `${label}: são 6 dígitos`);
  }

  /** A CPF with valid check digits. */
  cpf(field: string, value: string | null | undefined, label: string): void {
    if (tissDigits(value) === '') this.add(field, label);
    else if (!isValidCpf(value!)) this.add(field, `${label} inválido`);
  }

  /** A CNPJ with valid check digits. */
  cnpj(field: string, value: string | null | undefined, label: string): void {
    if (tissDigits(value) === '') this.add(field, label);
    else if (!isValidCnpj(value!)) this.add(field, `${label} inválido`);
  }

  /** ct_prestadorIdentificacao / ct_contratadoDados: the code at the plan (st_texto14), a CPF or a CNPJ. */
  providerId(field: string, id: Draft<ProviderId> | null | undefined, labels: { code: string; cpf: string; cnpj: string }): void {
    if (id?.kind === 'cpf') this.cpf(`${field}.cpf`, id.cpf, labels.cpf);
    else if (id?.kind === 'cnpj') this.cnpj(`${field}.cnpj`, id.cnpj, labels.cnpj);
    else this.code(`${field}.code`, id?.kind === 'codeAtPlan' ? id.code : null, 14, labels.code);
  }

  /** An amount of integer centavos that must fit st_decimalT-2; `positive` refuses zero. */
  cents(field: string, value: number | null | undefined, totalDigits: number, label: string, positive: boolean): void {
    if (value === null || value === undefined) this.add(field, label);
    else if (!Number.isSafeInteger(value) || value < (positive ? 1 : 0)) this.add(field, `${label}: valor inválido`);
    else if (value >= 10 ** totalDigits) this.add(field, `${label}: valor acima do máximo aceito pela TISS`);
  }

  /** An integer between min and max (quantities, sequences, factors). */
  integer(field: string, value: number | null | undefined, min: number, max: number, label: string): void {
    if (value === null || value === undefined) this.add(field, label);
    else if (!Number.isInteger(value) || value < min || value > max) this.add(field, `${label}: de ${min} a ${max}`);
  }
}
