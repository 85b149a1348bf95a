import { DATE_MESSAGES } from '../rules/dates';
import { plural } from '../rules/plural';

/**
 * The pt-BR messages of SPEC §5 and §8 for the lifecycle (./lifecycleRules.ts uses and re-exports them). Apart from the
 * rules so the texts (src/lib/i18n/surgeries.ts, which the homes load) do not bring the move table and the checks.
 */
export const LIFECYCLE_MESSAGES = {
  documentArrivalsRequired: 'Preencha a data de envio da documentação!',
  invalidHour: 'Hora invalida!',
  dayRequired: 'Selecione o dia no calendário!',
  invalidDate: 'Data invalida!',
  futureDate: DATE_MESSAGES.futureDate,
  paymentRequired: 'Insira um valor recebido!',
  allApproved: 'Todos os status tem que está aprovado!',
  backFailed: 'Não foi possível voltar etapa',
  archived: 'Cirurgia arquivado com sucesso!',
  cancelled: 'Cirurgia cancelada com sucesso!',
  finished: 'Finalizado com sucesso!',
  /** Issue 13 (DECISIONS §15): prep_doc → env_doc with required documents missing needs the user's confirmation. */
  missingDocuments: (names: readonly string[]) =>
    `${plural(names.length, { one: 'Falta o documento exigido', other: 'Faltam documentos exigidos' })}: ${names.join(', ')}. Confirme para avançar mesmo assim.`,
} as const;
