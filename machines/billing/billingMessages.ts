import { formatCents } from '../ledger/ledgerRules';
import { MAX_LEDGER_CENTS } from '../ledger/constants';
import {
  CARD_NUMBER_MAX,
  CARD_PLAN_NAME_MAX,
  COMPANY_NAME_MAX,
  COUNCIL_NUMBER_MAX,
  MAX_TEAM_MEMBERS,
  PROVIDER_CODE_MAX,
  TEAM_NAME_MAX,
} from './constants';

/** The pt-BR messages of the billing bodies (issue 37), without arktype: the server's services read them too. */
export const BILLING_MESSAGES = {
  invalidCouncil: 'Conselho profissional inválido.',
  councilNumberTooLong: `O número no conselho deve ter no máximo ${COUNCIL_NUMBER_MAX} caracteres.`,
  invalidUf: 'UF do conselho inválida.',
  invalidCbo: 'CBO inválido: escolha a ocupação na lista.',
  invalidCnes: 'CNES inválido: informe os 7 dígitos.',
  invalidCnpj: 'CNPJ inválido.',
  companyNameTooLong: `A razão social deve ter no máximo ${COMPANY_NAME_MAX} caracteres.`,
  plansRequired: 'Informe a lista de planos.',
  invalidPlan: 'Plano de saúde inválido.',
  repeatedPlan: 'O mesmo plano aparece mais de uma vez.',
  invalidBillsAs: 'Informe se fatura como pessoa física (CPF) ou pela empresa (CNPJ).',
  providerCodeTooLong: `O código do prestador na operadora deve ter no máximo ${PROVIDER_CODE_MAX} caracteres.`,
  cnpjNeedsCompany: 'Para faturar pela empresa, informe o CNPJ e a razão social da empresa.',
  unknownPlan: 'Plano de saúde não encontrado.',
  membersRequired: 'Informe a lista da equipe.',
  tooManyMembers: `A equipe pode ter no máximo ${MAX_TEAM_MEMBERS} membros além do cirurgião.`,
  invalidRole: 'Função na equipe inválida.',
  nameRequired: 'Informe o nome.',
  nameTooLong: `O nome deve ter no máximo ${TEAM_NAME_MAX} caracteres.`,
  invalidCpf: 'CPF inválido.',
  invalidFee: `Honorário inválido: informe um valor de R$ 0,00 a ${formatCents(MAX_LEDGER_CENTS)}.`,
  invalidPaidOn: 'Data do repasse inválida.',
  cardNumberRequired: 'Informe o número da carteira.',
  cardNumberTooLong: `O número da carteira deve ter no máximo ${CARD_NUMBER_MAX} caracteres.`,
  invalidCardValidUntil: 'Validade da carteira inválida.',
  cardPlanNameTooLong: `O nome do plano na carteira deve ter no máximo ${CARD_PLAN_NAME_MAX} caracteres.`,
  cardNeedsPlan: 'A carteira só se informa com um plano de saúde escolhido.',
} as const;
