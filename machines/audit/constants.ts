import { CASE_STATUSES, STATUS_LABELS, type CaseStatus } from '../constants';
import { MAX_LIST_PAGE } from '../validation/queryValues';

/**
 * The audit trail's value lists (issue 16; DECISIONS §17). The enums are also the database's
 * (server/db/schema/enums.ts); the labels are what the medic's 'Auditoria' screen and its CSV show.
 * An audit row says who did what to which record, when and from where; it never holds clinical content, names or
 * CPFs (names are joined in when the medic reads the audit).
 */

/** What was done. */
export const AUDIT_ACTIONS = [
  'view',
  'list',
  'create',
  'update',
  'delete',
  'export',
  'download',
  'data_export',
  'anonymize',
  'erasure_refused',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  view: 'Visualização',
  list: 'Listagem',
  create: 'Criação',
  update: 'Alteração',
  delete: 'Exclusão',
  export: 'Exportação',
  download: 'Download',
  data_export: 'Exportação de dados do titular',
  anonymize: 'Anonimização',
  erasure_refused: 'Exclusão recusada (prazo de guarda)',
};

/** What kind of record it was done to. */
export const AUDIT_ENTITIES = ['patient', 'surgery', 'document', 'photo', 'audit'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ENTITY_LABELS: Record<AuditEntity, string> = {
  patient: 'Paciente',
  surgery: 'Cirurgia',
  document: 'Documento',
  photo: 'Foto do paciente',
  audit: 'Auditoria',
};

/** What part of a record a change touched, as the screens name it; codes are written by the server's services. */
const DETAIL_LABELS: Record<string, string> = {
  'patients.csv': 'Lista de pacientes (CSV)',
  'surgeries.csv': 'Lista de cirurgias (CSV)',
  'receivables.csv': 'A receber (CSV)',
  'income_report.csv': 'Relatório para o contador (CSV)',
  'income_report.pdf': 'Relatório para o contador (PDF)',
  income_report: 'Relatório para o contador',
  'auditoria.csv': 'Auditoria (CSV)',
  calendar_feed: 'Agenda no calendário (iCalendar)',
  digest: 'Resumo diário',
  message: 'Mensagem ao paciente',
  contact_consent: 'Consentimento de contato (LGPD)',
  photo: 'Foto',
  documents: 'Documentos',
  receipt: 'Recebimento',
  glosa: 'Glosa',
  billing: 'Faturamento',
  authorization: 'Autorização',
  checklist: 'Checklist de documentos',
  dispatch: 'Envio de documentos',
  opme: 'OPME',
  holder: 'Responsável',
  history: 'Histórico',
  archive: 'Arquivamento',
  cancel: 'Cancelamento',
  retention: 'Prazo de guarda',
  erasure: 'Solicitação de exclusão (LGPD)',
  ledger: 'Honorário',
  approvals: 'Aprovações',
  receivables: 'A receber',
  authorization_alerts: 'Avisos de autorização',
  appeal_alerts: 'Avisos de recurso de glosa',
  team: 'Equipe cirúrgica',
  guide: 'Guia de honorários',
};

/** TISS lots and appeals (issue 37): `<code>:<number>`. */
const NUMBERED_DETAIL_LABELS: Record<string, (number: string) => string> = {
  tiss_lot: (number) => `Lote TISS ${number}`,
  tiss_lot_sent: (number) => `Envio do lote TISS ${number}`,
  tiss_lot_undone: (number) => `Lote TISS ${number} desfeito`,
  tiss_appeal: (number) => `Recurso de glosa ${number}`,
  tiss_appeal_sent: (number) => `Envio do recurso de glosa ${number}`,
  tiss_statement: (number) => `Demonstrativo TISS importado (nº interno ${number})`,
  repasse: (number) => `Repasse importado (nº interno ${number})`,
};

/** The patient form's fields by their API names (a patient update's detail is `campos:<names>`). */
const FIELD_LABELS: Record<string, string> = {
  nome_completo: 'Nome completo',
  cpf: 'CPF',
  birthday: 'Data de nascimento',
  cellphone: 'Celular',
  gender: 'Sexo',
  convenio: 'Convênio',
  address: 'Endereço',
  cep: 'CEP',
  medic: 'Médico',
  foto: 'Foto',
  plan_card: 'Carteira do convênio',
};

/** The pt-BR text of an audit row's detail: `status:<stage>` is a move to that stage; unknown codes show as written. */
export function auditDetailLabel(detail: string | null): string | null {
  if (!detail) return null;
  if (detail.startsWith('campos:')) {
    return `Campos: ${detail.slice('campos:'.length).split(',').map((name) => FIELD_LABELS[name] ?? name).join(', ')}`;
  }
  if (detail.startsWith('status:')) {
    const stage = detail.slice('status:'.length);
    return `Etapa: ${(CASE_STATUSES as readonly string[]).includes(stage) ? STATUS_LABELS[stage as CaseStatus] : stage}`;
  }
  const [code, number] = detail.split(':');
  const numbered = number === undefined ? undefined : NUMBERED_DETAIL_LABELS[code!];
  if (numbered) return numbered(number!);
  return DETAIL_LABELS[detail] ?? detail;
}

/** The audit query's messages (auditSchemas.ts checks the query with them; the screen shows the period's). */
export const AUDIT_MESSAGES = {
  invalidPatient: 'Paciente inválido.',
  invalidActor: 'Pessoa inválida.',
  invalidAction: `Ação inválida: use ${AUDIT_ACTIONS.join(', ')}.`,
  invalidFrom: 'Data inicial inválida: use o formato aaaa-mm-dd.',
  invalidTo: 'Data final inválida: use o formato aaaa-mm-dd.',
  invertedPeriod: 'A data inicial deve ser anterior ou igual à data final.',
  invalidPage: `A página deve ser um número inteiro de 1 a ${MAX_LIST_PAGE}.`,
} as const;

/** The period's own rule, checked after the schema (a schema-level narrow would hide its fields from the contract test). */
export function periodProblem(filters: { from: string | null; to: string | null }): string | null {
  return filters.from && filters.to && filters.from > filters.to ? AUDIT_MESSAGES.invertedPeriod : null;
}

/** Rows per page of the audit list (newest first; the export has no page). */
export const AUDIT_PAGE_SIZE = 50;
