import { ACCOUNT_MESSAGES } from '../rules/account';
import { CPF_INVALID_MESSAGE } from '../rules/cpf';
import { AREA_CODE_UNKNOWN_MESSAGE } from '../rules/phone';

/**
 * The account fields' lengths and pt-BR messages (./fields.ts builds the field types from them), without arktype:
 * the server's services word their refusals with them without loading the schemas at start (issue 41, goal 5).
 */

export const NAME_MAX_LENGTH = 150;
export const ADDRESS_MAX_LENGTH = 300;
export const CRM_MAX_LENGTH = 30;
/** A CPF is 11 digits; masked it is 14 characters. Anything far longer is no CPF. */
export const CPF_MAX_LENGTH = 20;

const tooLong = (max: number) => `Use no máximo ${max} caracteres.`;

export const ACCOUNT_FIELD_MESSAGES = {
  firstNameRequired: 'Preencha o nome.',
  lastNameRequired: 'Preencha o sobrenome.',
  nameTooLong: tooLong(NAME_MAX_LENGTH),
  cpfRequired: 'Preencha o CPF.',
  cpfInvalid: CPF_INVALID_MESSAGE,
  addressRequired: 'Preencha o endereço.',
  addressTooLong: tooLong(ADDRESS_MAX_LENGTH),
  cellphoneRequired: 'Preencha o celular.',
  cellphoneInvalid: 'Celular inválido.',
  areaCodeUnknown: AREA_CODE_UNKNOWN_MESSAGE,
  crmRequired: 'Preencha o CRM.',
  crmTooLong: tooLong(CRM_MAX_LENGTH),
  specialtyRequired: 'Escolha a especialidade.',
  specialtyUnknown: 'Especialidade não encontrada.',
  emailRequired: 'Preencha o e-mail.',
  emailInvalid: 'Informe um e-mail válido.',
  passwordRequired: 'Preencha a senha.',
  passwordTooShort: ACCOUNT_MESSAGES.passwordTooShort,
  passwordTooLong: ACCOUNT_MESSAGES.passwordTooLong,
  passwordsDiffer: 'As senhas não conferem.',
  consentRequired: 'É preciso autorizar o armazenamento dos dados para criar a conta.',
  secretaryEmailRequired: 'Preencha o e-mail da secretária.',
  secretaryEmailInvalid: 'Informe um e-mail válido para a secretária.',
  secretaryEmailIsOwn: 'O e-mail da secretária deve ser diferente do seu.',
  currentPasswordRequired: 'Informe a senha atual.',
  newPasswordRequired: 'Informe a nova senha.',
  newPasswordSame: 'A nova senha deve ser diferente da atual.',
} as const;
