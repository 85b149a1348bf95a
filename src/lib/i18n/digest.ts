/**
 * The pt-BR texts of the morning digest by e-mail (issue 39 item 3): the card 'Resumo diário por e-mail' of the
 * medic's /settings and the secretary's /account, and the public page /digest-unsubscribe#<token> that the e-mail's
 * link opens.
 */
export const digestTexts = {
  card: {
    title: 'Resumo diário por e-mail',
    enabled: 'Receber o resumo diário por e-mail',
    enabledHint:
      'Toda manhã, a partir das 7h: as cirurgias de amanhã, as autorizações e os recursos de glosa perto do prazo e os casos atrasados com você. Os pacientes aparecem pelas iniciais.',
    loading: 'Carregando o resumo diário...',
    loadFailed: 'Não foi possível carregar o resumo diário.',
    saving: 'Salvando...',
    saved: 'Preferência salva.',
    failed: 'Ocorreu um erro',
  },
  unsubscribe: {
    title: 'Resumo diário',
    text: 'Para parar de receber o resumo diário de cirurgias por e-mail, confirme abaixo.',
    submit: 'Parar o resumo diário',
    sending: 'Parando...',
    /** The server's own 400 text, shown at once when the link has no token at all. */
    invalidLink: 'Este link para cancelar o resumo diário não é válido.',
    home: 'Ir para o início',
  },
} as const;
