import { STAGES, stagesWhere, type CaseStatus } from './stages';

// Defined beside STAGES (and USER_TYPES apart) so the SPA's first file, which needs only these, does not load this one.
export { ACTIVE_STATUSES, CASE_STATUSES, isActiveStatus, isCaseStatus, type ActiveStatus, type CaseStatus } from './stages';
export { USER_TYPES, type UserType } from './userTypes';

/** The stages of a finished case: concluded, cancelled or archived (the status list's 'encerradas', issue 33 item 12). */
export const CLOSED_STATUSES: readonly CaseStatus[] = STAGES.filter((stage) => !stage.active).map((stage) => stage.key);

/**
 * The stages whose scheduled cases the homes' calendar marks and 'Pacientes do dia' lists: the seven active ones and
 * concluido (the patient was operated that day); cancelled and archived cases left the agenda.
 */
export const AGENDA_STATUSES = stagesWhere('onAgenda');

/** Each stage's one name (STAGES' labels). */
export const STATUS_LABELS = Object.fromEntries(STAGES.map((stage) => [stage.key, stage.label])) as Record<CaseStatus, string>;

export const PAYMENT_SOURCES = ['clt', 'particular', 'plano_saude', 'coop', 'hospital'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

export const PAYMENT_SOURCE_LABELS: Record<PaymentSource, string> = {
  clt: 'CLT',
  particular: 'Particular',
  plano_saude: 'Plano de Saúde',
  coop: 'Cooperativa',
  hospital: 'Hospital',
};

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

export const APPROVAL_VALUES = ['aprovada', 'negada'] as const;
export type ApprovalValue = (typeof APPROVAL_VALUES)[number];

/** Document slots of the document-preparation step (SPEC §3). */
export const SURGERY_DOCUMENT_KINDS = [
  'doctor_request',
  'patient_document',
  'medical_report',
  'residence_proof',
  'surgery_guide',
  'convention_wallet',
  'hospital_consent',
  'hospital_template',
  'health_plan_template',
] as const;
export type SurgeryDocumentKind = (typeof SURGERY_DOCUMENT_KINDS)[number];

/**
 * The documents that belong to the patient rather than to one case (issue 33 #10d): one already sent for another case
 * of the same patient can be used again instead of uploading it once more.
 */
export const PATIENT_DOCUMENT_KINDS = ['patient_document', 'residence_proof', 'convention_wallet'] as const satisfies readonly SurgeryDocumentKind[];
export type PatientDocumentKind = (typeof PATIENT_DOCUMENT_KINDS)[number];

/** What a person calls each document slot (pt-BR): the panel's labels and the server's messages say the same. */
export const DOCUMENT_LABELS: Record<SurgeryDocumentKind, string> = {
  doctor_request: 'Pedido médico',
  patient_document: 'Documento do paciente',
  medical_report: 'Laudo médico',
  residence_proof: 'Comprovante de residência',
  surgery_guide: 'Guia de cirurgia',
  convention_wallet: 'Carteirinha do convênio',
  hospital_consent: 'Termo de consentimento do hospital',
  hospital_template: 'Modelo do hospital preenchido',
  health_plan_template: 'Modelo do convênio preenchido',
};

/** Business limits (SPEC §9). */
export const MAX_CASE_CODES = 5;
export const MAX_NOTE_LENGTH = 1000;

/** SPEC §9: a modal closes this long after a save (the patient wizard, the settings modals). */
export const MODAL_CLOSE_DELAY_MS = 200;

/** The eight chart lists of the dashboard answer (SPEC §3 dash_graph), in the contract's order. */
export const DASHBOARD_GRAPHS = [
  'valores_a_receber',
  'valores_recebidos',
  'qtd_convenio_prev',
  'qtd_convenio_real',
  'qtd_hospital_prev',
  'qtd_hospital_real',
  'qtd_procedim_prev',
  'qtd_procedim_real',
] as const;
