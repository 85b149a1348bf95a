/**
 * A hospital's lengths and pt-BR messages (./hospitalSchemas.ts has the schema), without arktype: the server uses them
 * without loading the schemas at start (issue 41, goal 5).
 */

export const HOSPITAL_NAME_MAX = 120;
export const HOSPITAL_CITY_MAX = 80;
export const HOSPITAL_ADDRESS_MAX = 200;

export const HOSPITAL_MESSAGES = {
  nameRequired: 'Informe o nome do hospital.',
  nameTooLong: `O nome do hospital deve ter no máximo ${HOSPITAL_NAME_MAX} caracteres.`,
  cityRequired: 'Informe a cidade.',
  cityTooLong: `A cidade deve ter no máximo ${HOSPITAL_CITY_MAX} caracteres.`,
  ufRequired: 'Selecione a UF.',
  ufInvalid: 'UF inválida.',
  cnesInvalid: 'O CNES tem 7 dígitos.',
  cnpjInvalid: 'CNPJ inválido.',
  addressTooLong: `O endereço deve ter no máximo ${HOSPITAL_ADDRESS_MAX} caracteres.`,
  medicUnknown: 'Médico não encontrado.',
  medicRequired: 'Selecione o médico.',
  duplicate: (name: string, city: string, uf: string) => `${name} (${city}/${uf}) já está na lista de hospitais.`,
} as const;
