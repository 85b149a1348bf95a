import { DOCUMENT_LABELS } from '../../../machines/constants';
import { CONTACT_CHANNEL_LABELS, MESSAGE_TEMPLATE_LABELS } from '../../../machines/patientMessages/constants';

/**
 * The pt-BR texts of a case's 'Histórico' (issue 33 item 7) on /surgery-details: a timeline of its moves, handovers,
 * ledger entries and documents, newest first. `{name}`-style placeholders are filled with `fill()` from ./pt-BR.
 */
export const historyTexts = {
  title: 'Histórico',
  intro: 'Tudo o que aconteceu com esta cirurgia, do mais recente ao mais antigo.',
  loading: 'Carregando o histórico...',
  failed: 'Não foi possível carregar o histórico.',
  empty: 'Nada registrado ainda.',
  showAll: 'Mostrar todo o histórico ({n} registros)',
  showLess: 'Mostrar só os mais recentes',
  /** 'Juliana Souza · 02/12/2026 às 14:35' */
  byAt: '{name} · {date} às {time}',
  at: '{date} às {time}',
  titles: {
    created: 'Cirurgia cadastrada',
    moved: 'Mudança de etapa',
    holder: 'Caso passado a outro responsável',
    billing: 'Faturamento registrado',
    receipt: 'Recebimento lançado',
    receipt_removed: 'Recebimento excluído',
    glosa: 'Glosa lançada',
    glosa_appeal: 'Recurso de glosa',
    glosa_removed: 'Glosa excluída',
    document_attached: 'Documento anexado',
    document_removed: 'Documento removido ou substituído',
    message: 'Mensagem ao paciente',
  },
  /** 'Autorização → Agendamento de cirurgia' */
  stages: '{from} → {to}',
  createdAt: 'Etapa: {to}',
  reason: 'Motivo: {reason}',
  reasonWithNote: 'Motivo: {reason} ({note})',
  missingDocuments: 'Avançou sem os documentos exigidos: {names}',
  holders: '{from} → {to}',
  billing: 'Faturado em {date}',
  billingReference: 'Guia/lote: {reference}',
  receipt: '{value} recebidos em {date}',
  removedEntry: '{value} de {date}',
  glosa: '{value} glosados em {date}',
  glosaReason: 'Motivo: {reason}',
  appealFiled: 'Recurso enviado em {date}',
  appealOutcome: 'Resultado: {outcome}',
  appealRecovered: 'Resultado: {outcome} · {value} recuperados',
  /** 'Data da cirurgia · por WhatsApp' */
  message: '{template} · por {channel}',
  messageTemplates: Object.fromEntries(Object.entries(MESSAGE_TEMPLATE_LABELS).map(([kind, { title }]) => [kind, title])) as Record<string, string>,
  /** Inside a sentence: 'por e-mail', not the label's 'E-mail'. */
  messageChannels: { whatsapp: CONTACT_CHANNEL_LABELS.whatsapp, email: 'e-mail' } as Record<string, string>,
  unknownPerson: 'Pessoa não identificada',
  documentKinds: DOCUMENT_LABELS as Record<string, string>,
} as const;
