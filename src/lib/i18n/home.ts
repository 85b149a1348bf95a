/**
 * User-facing pt-BR texts of the two homes (SPEC §2 Doctor home, Secretary home; DECISIONS §6). Texts SPEC gives are
 * copied verbatim, spelling included ('Cirurgia pendentes'); `{name}` placeholders are filled by `fill()` (pt-BR.ts).
 * The stage filter's own texts ('Selecionar...', 'Todos selecionado', ...) are the MultiSelect's (surgeries.ts).
 */
export const homeTexts = {
  title: 'Início',
  welcome: 'Olá, {name}!',
  medicIntro: 'Aqui você acompanha suas cirurgias, do pedido ao honorário recebido.',
  secretaryIntro: 'Aqui você cadastra pacientes, vincula cirurgias e acompanha cada etapa.',
  retry: 'Tentar novamente',
  /** Issue 33 item 13: the cases another person handed to the user. */
  handovers: {
    title: 'Casos passados para você',
    intro: 'Casos que outra pessoa deixou com você. Abra o caso ou dispense o aviso.',
    detail: 'Passado por {name} em {date} às {time} · {stage}',
    someone: 'outra pessoa',
    open: 'Abrir caso',
    openNamed: 'Abrir caso de {name}',
    dismiss: 'Dispensar',
    dismissNamed: 'Dispensar aviso de {name}',
  },

  summary: {
    title: 'Resumo',
    authorized: 'Cirurgias autorizadas',
    pending: 'Cirurgia pendentes',
    receivedMonth: 'Valor recebido no mês (R$)',
    feesToReceive: 'Honorários a receber (R$)',
    /** The ledger's 'Em aberto' (docs/LEDGER.md "The figures, one definition each"): the total of 'A receber'. */
    open: 'Em aberto (R$)',
    /** One line under each figure: what it counts (issue 33 item 15; DECISIONS §5). */
    notes: {
      authorized: 'Cirurgias agendadas, realizadas ou aguardando pagamento.',
      pending: 'Cirurgias da indicação até a autorização.',
      receivedMonth: 'Recebimentos lançados com data neste mês.',
      feesToReceive: 'Casos ativos, inclusive cirurgias ainda não realizadas: honorário menos o já recebido e o perdido.',
      open: "O que os pagadores devem hoje das cirurgias realizadas: o total de 'A receber'.",
    },
    loading: 'Carregando os números...',
    failed: 'Não foi possível carregar os números agora.',
  },

  distribution: {
    title: 'Distribuição por etapa (total)',
    hint: 'Escolha uma etapa para ver as cirurgias dela.',
    open: '{stage}: {count}. Ver as cirurgias desta etapa',
  },

  calendar: {
    title: 'Cirurgias do mês',
    previousMonth: 'Mês anterior',
    nextMonth: 'Próximo mês',
    /** A day's name for screen readers, as React Aria's calendar says it in pt-BR ('Hoje, sexta-feira, 27 de …'). */
    today: 'Hoje, {day}',
    selected: '{day} selecionado',
    one: '1 cirurgia',
    many: '{count} cirurgias',
    legend: 'Dias com cirurgias agendadas',
    loading: 'Marcando os dias com cirurgias...',
    failed: 'Não foi possível marcar os dias com cirurgias.',
  },

  day: {
    /** SPEC §2: 'Pacientes do dia dd/MM'. */
    title: 'Pacientes do dia {date}',
    loading: 'Carregando os pacientes do dia...',
    /** SPEC §2, today's empty list; another day's says 'este dia' (issue 33.20). */
    empty: 'Não há nada para hoje',
    emptyOtherDay: 'Não há nada para este dia',
    emptyHint: 'Escolha outro dia no calendário.',
    failed: 'Não foi possível carregar os pacientes do dia.',
    listLabel: 'Pacientes agendados',
    time: 'Horário',
    doctor: 'Dr(a). {name}',
    noHospital: 'Hospital não informado',
    seeStatus: 'Ver status',
    seeStatusOf: 'Ver status da cirurgia de {name}',
    whatsapp: 'WhatsApp',
    whatsappOf: 'Conversar com {name} no WhatsApp (abre em nova aba)',
    noPhone: 'Sem celular',
    loadMore: 'Carregar mais',
    loadingMore: 'Carregando...',
  },

  /** DECISIONS §13: a new medic's first steps (our texts; the menu labels are SPEC's). */
  gettingStarted: {
    title: 'Primeiros passos',
    subtitle: 'Três passos para começar a acompanhar suas cirurgias. Este painel some quando estiverem feitos.',
    listLabel: 'Passos para começar',
    /** Issue 33.20: the panel can be hidden (remembered per user in this browser) and brought back. */
    hide: 'Ocultar',
    show: 'Mostrar primeiros passos',
    done: 'Concluído',
    stepLabel: 'Passo {n}',
    patient: {
      title: 'Cadastre seu primeiro paciente',
      text: 'Nome, celular, convênio e CPF bastam para começar.',
      action: 'Adicionar paciente',
    },
    surgery: {
      title: 'Vincule a primeira cirurgia',
      text: 'Escolha o paciente e informe procedimento, CID, hospital e fonte pagadora.',
      action: 'Vincular cirurgia',
    },
    secretary: {
      title: 'Convide sua secretária',
      text: 'Ela cadastra pacientes e acompanha as etapas com você. Se preferir, faça tudo sozinho.',
      action: 'Convidar secretária',
      invited: 'Convite enviado',
    },
  },

  changes: {
    /** SPEC §2 Secretary home. */
    title: 'Alterações de status',
    intro: 'As cirurgias com a mudança de status mais recente primeiro.',
    filterLabel: 'Etapas',
    tableLabel: 'Alterações de status',
    legendTitle: 'O que as cores indicam',
    /**
     * Third week: the rows' colour is the days-in-stage clock of DECISIONS §15 (the 'Na etapa' column and its
     * 'Atrasado'), not a second clock of its own; it replaces DECISIONS §6's 7/15-day thresholds.
     */
    legend: {
      success: 'No prazo: a etapa ainda está dentro do prazo dela (Prazos por etapa)',
      warning: 'Último dia: o prazo da etapa termina hoje',
      danger: 'Atrasado: passou do prazo da etapa (na realização, contado a partir do dia da cirurgia)',
    },
    /** The words under a row's stage, so the colour is never the only cue. */
    tone: {
      success: 'No prazo',
      warning: 'Último dia',
      danger: 'Atrasado',
    },
    changedToday: '{tone} · mudou hoje',
    changedOneDay: '{tone} · há 1 dia',
    changedDays: '{tone} · há {days} dias',
    empty: 'Nenhuma cirurgia nestas etapas',
    emptyHint: 'Escolha outras etapas no filtro.',
    failed: 'Não foi possível carregar as alterações de status.',
  },
} as const;
