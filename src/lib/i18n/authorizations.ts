/**
 * User-facing pt-BR texts of the authorization records (issue 13; DECISIONS §15): the record editor of the
 * autorizacao panel, the warnings on the case, the homes and the status list, and the scheduling confirmation. The
 * rules' own messages (the schema's, the alerts' sentences) live in machines/preoperative.
 */
export const authorizationTexts = {
  record: {
    heading: 'Registro da autorização',
    status: 'Situação',
    requestedOn: 'Solicitada em',
    protocol: 'Protocolo / nº da guia',
    password: 'Senha',
    decidedOn: 'Decidida em',
    validUntil: 'Válida até',
    notes: 'Observações da autorização',
    notesShort: 'Observações',
    none: '-',
    edit: 'Editar registro',
    register: 'Registrar autorização',
    loading: 'Carregando os registros de autorização...',
    failed: 'Não foi possível carregar os registros de autorização.',
    retry: 'Tentar novamente',
  },
  editor: {
    title: 'Autorização: {payer}',
    intro:
      'Registre o pedido e a resposta do pagador. "Aprovada" e "Negada" são os mesmos botões de aprovação da etapa; sem data de decisão, uma situação decidida fica com a data de hoje.',
    datePlaceholder: 'dd/mm/aaaa',
    protocolPlaceholder: 'Ex.: 123456789',
    passwordPlaceholder: 'Senha informada pelo pagador',
    notesPlaceholder: 'Ex.: liberada para 2 diárias de UTI',
    noteCounter: '{count}/{max}',
    save: 'Salvar registro',
    saving: 'Salvando...',
    cancel: 'Cancelar',
    close: 'Fechar',
    saved: 'Registro de autorização salvo!',
    statusLocked: 'Depois da etapa Autorização a situação não muda mais; altere os demais dados.',
  },
  alerts: {
    caseLabel: 'Avisos de autorização',
    badgeLabel: 'Aviso de autorização: {messages}',
  },
  home: {
    title: 'Autorizações a vencer',
    intro: 'Autorizações que vencem em até 7 dias, já vencidas ou que vencem antes da data da cirurgia.',
    loading: 'Carregando os avisos de autorização...',
    failed: 'Não foi possível carregar os avisos de autorização agora.',
    empty: 'Nenhuma autorização vencendo',
    emptyHint: 'Quando uma autorização aprovada estiver perto de vencer, ela aparece aqui.',
    open: 'Abrir a cirurgia de {name}',
    scheduled: 'Cirurgia em {date}',
    unscheduled: 'Sem data agendada',
    kinds: { expiring: 'Vence em breve', expired: 'Vencida', before_schedule: 'Vence antes da cirurgia' },
  },
  scheduling: {
    title: 'Agendar depois da validade?',
    text: 'A data escolhida ({date}) é depois da validade de: {list}. Deseja agendar mesmo assim?',
    item: '{payer} (válida até {date})',
    confirm: 'Sim, agendar',
    cancel: 'Não, escolher outra data',
    busy: 'Agendando...',
    close: 'Fechar',
  },
} as const;
