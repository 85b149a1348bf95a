/**
 * Messages to the patient (issue 39 item 2; docs/MESSAGES.md): the templates a medic edits, the channels they go
 * through, the placeholders filled from the case, and the pt-BR texts the API answers and the screens show. Pure: the
 * server fills and sends, the screens show the same names and lists.
 */

/** The templates, in the order the screens list them. */
export const MESSAGE_TEMPLATE_KINDS = ['agendamento', 'pre_operatorio', 'documentos', 'retorno'] as const;
export type MessageTemplateKind = (typeof MESSAGE_TEMPLATE_KINDS)[number];

/** How a message reaches the patient: a wa.me link the secretary opens, or an e-mail through the SMTP server. */
export const CONTACT_CHANNELS = ['whatsapp', 'email'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

export const CONTACT_CHANNEL_LABELS: Record<ContactChannel, string> = { whatsapp: 'WhatsApp', email: 'E-mail' };

/** Each template's name (the screens' and the history's) and its e-mail's subject. */
export const MESSAGE_TEMPLATE_LABELS: Record<MessageTemplateKind, { title: string; subject: string }> = {
  agendamento: { title: 'Data da cirurgia', subject: 'Sua cirurgia: data, horário e local' },
  pre_operatorio: { title: 'Orientações pré-operatórias', subject: 'Orientações para antes da sua cirurgia' },
  documentos: { title: 'Documentos para levar', subject: 'Documentos para o dia da sua cirurgia' },
  retorno: { title: 'Retorno pós-operatório', subject: 'Seu retorno depois da cirurgia' },
};

/**
 * What a message may show, `{name}` in a template: the patient-facing values of the DOCX templates (same names,
 * docs/TEMPLATES.md) and two of their own. Never the CPF, the fees or anything of the plan's billing.
 */
export const MESSAGE_PLACEHOLDERS = {
  paciente_nome: 'Nome completo do paciente',
  paciente_primeiro_nome: 'Primeiro nome do paciente',
  medico_nome: 'Nome do médico',
  medico_especialidade: 'Especialidade do médico',
  medico_telefone: 'Celular do médico',
  data_cirurgia: 'Data agendada da cirurgia (dd/mm/aaaa)',
  hora_cirurgia: 'Hora agendada da cirurgia (HH:mm)',
  hospital_nome: 'Hospital da cirurgia',
  hospital_endereco: 'Endereço do hospital',
  hospital_cidade: 'Cidade e UF do hospital',
  observacao_agendamento: 'Observação do agendamento (internação, jejum)',
  procedimentos: 'Procedimentos, um por linha',
  plano_nome: 'Plano de saúde (convênio) da cirurgia',
  data_hoje: 'Data de hoje (dd/mm/aaaa)',
} as const;
export type MessagePlaceholder = keyof typeof MESSAGE_PLACEHOLDERS;
export type MessageValues = Record<MessagePlaceholder, string>;

/** The templates as shipped, until the medic changes one ('Restaurar padrão' brings it back). */
export const DEFAULT_MESSAGE_TEMPLATES: Record<MessageTemplateKind, string> = {
  agendamento: [
    'Olá, {paciente_primeiro_nome}!',
    '',
    'Sua cirurgia com {medico_nome} está agendada para {data_cirurgia}, às {hora_cirurgia}, no {hospital_nome} ({hospital_endereco}, {hospital_cidade}).',
    '{observacao_agendamento}',
    '',
    'Qualquer dúvida, fale com o consultório: {medico_telefone}.',
  ].join('\n'),
  pre_operatorio: [
    'Olá, {paciente_primeiro_nome}!',
    '',
    'Orientações para antes da sua cirurgia em {data_cirurgia}:',
    '- Siga o jejum e o horário de internação que o consultório informar.',
    '{observacao_agendamento}',
    '- Não suspenda nem comece remédios sem falar com {medico_nome}.',
    '- Retire anéis, brincos e esmalte; não use cremes no dia.',
    '- Venha com um acompanhante maior de idade.',
    '',
    'Dúvidas: {medico_telefone}.',
  ].join('\n'),
  documentos: [
    'Olá, {paciente_primeiro_nome}!',
    '',
    'No dia da cirurgia ({data_cirurgia}), leve ao {hospital_nome}:',
    '- documento de identidade com foto e CPF;',
    '- carteirinha do plano ({plano_nome});',
    '- os exames pré-operatórios e o pedido médico;',
    '- a lista dos remédios que você usa.',
  ].join('\n'),
  retorno: [
    'Olá, {paciente_primeiro_nome}!',
    '',
    'Esperamos que a sua recuperação esteja indo bem. Seu retorno pós-operatório com {medico_nome} deve ser marcado pelo telefone {medico_telefone}.',
    'Se tiver febre, sangramento ou dor que não passa com os remédios, procure o consultório ou um pronto-socorro.',
  ].join('\n'),
};

/** At most this many characters in a template or a message (a WhatsApp link with more fails on some phones). */
export const MESSAGE_MAX_LENGTH = 3000;

/** The pt-BR messages the API answers and the screens show for the same mistake. */
export const MESSAGE_TEXTS = {
  templateUnknown: 'Modelo de mensagem desconhecido.',
  channelUnknown: 'Escolha o canal: WhatsApp ou e-mail.',
  bodyRequired: 'Escreva o texto do modelo.',
  textRequired: 'Escreva o texto da mensagem.',
  tooLong: `O texto pode ter no máximo ${MESSAGE_MAX_LENGTH} caracteres.`,
  unknownPlaceholder: (names: readonly string[]) =>
    names.length === 1 ? `Campo desconhecido no modelo: {${names[0]}}.` : `Campos desconhecidos no modelo: ${names.map((name) => `{${name}}`).join(', ')}.`,
  consentDateRequired: 'Informe a data do consentimento.',
  consentDateInvalid: 'Data do consentimento inválida.',
  consentEmailRequired: 'Informe o e-mail que o paciente autorizou.',
  consentEmailInvalid: 'E-mail inválido.',
  noConsent: {
    whatsapp: 'O paciente não autorizou contato por WhatsApp. Registre o consentimento antes de enviar a mensagem.',
    email: 'O paciente não autorizou contato por e-mail. Registre o consentimento antes de enviar a mensagem.',
  } satisfies Record<ContactChannel, string>,
  noCellphone: 'O paciente não tem celular cadastrado: cadastre o celular para enviar pelo WhatsApp.',
  consentNotFound: 'Consentimento não encontrado.',
  mailFailed: 'Não foi possível enviar o e-mail agora. Tente novamente em instantes.',
  anonymized: 'Os dados deste paciente foram eliminados a pedido dele: não é possível enviar mensagens.',
} as const;

/** The `{name}` placeholders of a template, in order of first use. */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(/\{([a-z_]+)\}/g)].map((match) => match[1]!))];
}

/** The placeholders of `template` a message cannot fill. */
export function unknownPlaceholders(template: string): string[] {
  return placeholdersOf(template).filter((name) => !(name in MESSAGE_PLACEHOLDERS));
}

/** Stands in for an empty value while a line is tidied (control characters never reach a value or a template). */
const EMPTY = '\u0000';

/**
 * The punctuation an empty value leaves behind, removed: its separator (', ' or '; ') on either side, a pair of
 * brackets left with nothing inside, and the doubled space where it stood. 'no {hospital} ({endereço}, {cidade})'
 * with no address reads 'no Hospital X (São Paulo - SP)', with neither 'no Hospital X'; 'do plano ({plano}).' with
 * no plan reads 'do plano.'. Only what touches an empty value changes: the template's own text stays as written.
 */
function tidyAroundEmpty(line: string): string {
  /* eslint-disable no-control-regex -- EMPTY is a NUL on purpose: PostgreSQL text and the checked templates never hold one */
  return line
    .replace(/\u0000\s*[,;]\s*/g, EMPTY)
    .replace(/\s*[,;]\s*\u0000/g, EMPTY)
    .replace(/\s*\(\s*\u0000+\s*\)/g, '')
    .replace(/ \u0000+(?= )/g, '')
    .replaceAll(EMPTY, '');
  /* eslint-enable no-control-regex */
}

/**
 * The template filled with the case's values, and the placeholders it used that the case leaves empty (the screen
 * says so before the message goes). A line that was only placeholders, all of them empty here, is dropped; a line with
 * words of its own stays, without the punctuation its empty values leave (tidyAroundEmpty).
 */
export function fillMessage(template: string, values: MessageValues): { text: string; empty: MessagePlaceholder[] } {
  const empty = new Set<MessagePlaceholder>();
  const lines = template.split('\n').flatMap((line) => {
    let usedOnlyEmpty = true;
    let hadPlaceholder = false;
    const filled = line.replace(/\{([a-z_]+)\}/g, (whole, name: string) => {
      if (!(name in MESSAGE_PLACEHOLDERS)) return whole;
      hadPlaceholder = true;
      const value = values[name as MessagePlaceholder];
      if (value !== '') {
        usedOnlyEmpty = false;
        return value;
      }
      empty.add(name as MessagePlaceholder);
      return EMPTY;
    });
    const withoutPlaceholders = line.replace(/\{[a-z_]+\}/g, '').replace(/[\s\-–—:,.;()]/g, '');
    return hadPlaceholder && usedOnlyEmpty && withoutPlaceholders === '' ? [] : [tidyAroundEmpty(filled).trimEnd()];
  });
  return { text: lines.join('\n').trim(), empty: [...empty] };
}

/** A Brazilian cellphone's wa.me address with the message (digits only, country code 55). */
export function whatsappUrl(cellphone: string, text: string): string {
  const digits = cellphone.replace(/\D/g, '');
  const international = digits.startsWith('55') && digits.length > 11 ? digits : `55${digits}`;
  return `https://wa.me/${international}?text=${encodeURIComponent(text)}`;
}
