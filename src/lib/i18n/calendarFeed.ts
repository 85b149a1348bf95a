/**
 * The pt-BR texts of 'Agenda no celular' (issue 39 item 1): the private iCalendar address of the medic's /settings
 * and the secretary's /account. `{date}` is filled with `fill()` from ./pt-BR.
 */
export const calendarFeedTexts = {
  title: 'Agenda no celular',
  intro:
    'Assine este endereço no Google Agenda, no Apple Calendar ou no Outlook e veja as cirurgias agendadas no calendário do celular. Remarcações, cancelamentos e arquivamentos aparecem sozinhos.',
  loading: 'Carregando a agenda...',
  loadFailed: 'Não foi possível carregar a agenda.',
  create: 'Criar endereço da agenda',
  creating: 'Criando...',
  created: 'Endereço da agenda criado.',
  activeSince: 'Endereço ativo desde {date}.',
  addressLabel: 'Endereço da agenda',
  copy: 'Copiar',
  copied: 'Endereço copiado.',
  copyFailed: 'Não foi possível copiar. Selecione o endereço e copie.',
  openInApp: 'Abrir no aplicativo de calendário',
  shownOnce: 'Copie o endereço agora: por segurança, ele não é mostrado de novo. Se perdê-lo, gere outro.',
  regenerate: 'Gerar novo endereço',
  regenerateTitle: 'Gerar novo endereço?',
  regenerateText: 'O endereço atual deixa de funcionar na hora. Os calendários que o assinam precisarão do novo.',
  regenerateConfirm: 'Gerar novo endereço',
  regenerating: 'Gerando...',
  deactivate: 'Desativar',
  deactivateTitle: 'Desativar a agenda?',
  deactivateText: 'O endereço deixa de funcionar na hora e os calendários que o assinam param de receber as cirurgias.',
  deactivateConfirm: 'Desativar',
  deactivating: 'Desativando...',
  deactivated: 'Agenda desativada.',
  cancel: 'Cancelar',
  fullNames: 'Mostrar o nome completo do paciente',
  fullNamesHint:
    'Por padrão, a agenda mostra só as iniciais do paciente: o calendário fica guardado por outra empresa (LGPD).',
  saving: 'Salvando...',
  saved: 'Preferência salva.',
  failed: 'Ocorreu um erro',
} as const;
