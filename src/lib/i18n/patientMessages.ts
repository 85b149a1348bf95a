import {
  CONTACT_CHANNEL_LABELS,
  MESSAGE_MAX_LENGTH,
  MESSAGE_PLACEHOLDERS,
  MESSAGE_TEMPLATE_LABELS,
  MESSAGE_TEXTS,
} from '../../../machines/patientMessages/constants';

/**
 * The pt-BR texts of the messages to the patient (issue 39 item 2; docs/MESSAGES.md): the case's card 'Mensagens ao
 * paciente' on /surgery-details and the medic's templates on /settings. The channels' and templates' names, the
 * fields' descriptions and the messages the API also says come from machines/patientMessages/constants.ts, so a
 * screen and the server never word the same thing twice. `{name}`-style placeholders are filled with `fill()`.
 */
export const patientMessagesTexts = {
  channels: CONTACT_CHANNEL_LABELS,
  templates: MESSAGE_TEMPLATE_LABELS,
  placeholders: MESSAGE_PLACEHOLDERS as Record<string, string>,
  messages: MESSAGE_TEXTS,
  maxLength: MESSAGE_MAX_LENGTH,
  /** '120 de 3000 caracteres' */
  counter: '{count} de {max} caracteres',
  cancel: 'Cancelar',
  close: 'Fechar',
  card: {
    title: 'Mensagens ao paciente',
    intro: 'Envie ao paciente os modelos do médico, preenchidos com os dados desta cirurgia, pelo WhatsApp ou por e-mail.',
    loading: 'Carregando as mensagens ao paciente...',
    failed: 'Não foi possível carregar as mensagens ao paciente.',
    consentTitle: 'Consentimento de contato',
    consentIntro: 'O paciente precisa autorizar o contato antes de receber mensagens (LGPD). Registre o dia em que ele autorizou cada canal.',
    /** 'Autorizado em 02/12/2026 · registrado por Juliana Souza' */
    consented: 'Autorizado em {date} · registrado por {name}',
    unknownPerson: 'pessoa não identificada',
    noConsent: 'Sem consentimento',
    record: 'Registrar consentimento',
    /** The accessible names of the per-channel buttons; each starts with the visible text (WCAG 2.5.3). */
    recordFor: 'Registrar consentimento: {channel}',
    revoke: 'Revogar',
    revokeFor: 'Revogar consentimento: {channel}',
    revokeTitle: 'Revogar o consentimento?',
    /** '… mensagens por WhatsApp até …' */
    revokeText: 'O paciente deixa de receber mensagens {channel} até que um novo consentimento seja registrado.',
    revoking: 'Revogando...',
    revoked: 'Consentimento revogado.',
    consentForm: 'Consentimento por {channel}',
    consentedOn: 'Data do consentimento',
    datePlaceholder: 'dd/mm/aaaa',
    consentEmail: 'E-mail autorizado',
    emailPlaceholder: 'paciente@exemplo.com.br',
    save: 'Registrar',
    saving: 'Registrando...',
    saved: 'Consentimento registrado.',
    sendTitle: 'Enviar mensagem',
    template: 'Modelo',
    channel: 'Canal',
    text: 'Texto da mensagem',
    emptyFields: 'Sem valor neste caso: {names}. Complete o caso ou ajuste o texto antes de enviar.',
    openWhatsapp: 'Abrir no WhatsApp',
    sendEmail: 'Enviar por e-mail',
    sending: 'Enviando...',
    emailSent: 'E-mail enviado para {email}.',
    whatsappOpened: 'Mensagem registrada. Confira o texto no WhatsApp e toque em enviar.',
    /** Shown after a WhatsApp message, in case the browser blocked the new tab. */
    whatsappLinkIntro: 'O WhatsApp não abriu?',
    whatsappLink: 'Abrir a conversa no WhatsApp',
    sentTitle: 'Mensagens enviadas',
    sentEmpty: 'Nenhuma mensagem enviada.',
    /** 'por WhatsApp' / 'por e-mail' */
    byChannel: { whatsapp: 'por WhatsApp', email: 'por e-mail' },
    /** 'Para (11) 98765-4321' */
    recipient: 'Para {recipient}',
    /** 'Juliana Souza · 02/12/2026 às 14:35' */
    byAt: '{name} · {date} às {time}',
    showText: 'Ver o texto enviado',
  },
  settings: {
    title: 'Mensagens ao paciente',
    intro:
      'Os textos que a secretária envia ao paciente pelo WhatsApp ou por e-mail, na página da cirurgia. Os campos entre chaves, como {paciente_primeiro_nome}, são preenchidos com os dados de cada caso.',
    loading: 'Carregando os modelos de mensagem...',
    failed: 'Não foi possível carregar os modelos de mensagem.',
    fields: 'Campos disponíveis',
    customized: 'Texto personalizado',
    standard: 'Texto padrão',
    save: 'Salvar',
    saving: 'Salvando...',
    saved: 'Modelo salvo.',
    restore: 'Restaurar padrão',
    restoreFor: 'Restaurar padrão: {title}',
    restoreTitle: 'Restaurar o texto padrão?',
    restoreText: 'O texto de "{title}" volta ao padrão e o seu texto é descartado.',
    restoring: 'Restaurando...',
    restored: 'Modelo restaurado.',
  },
} as const;
