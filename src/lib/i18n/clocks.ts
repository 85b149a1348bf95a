/**
 * The pt-BR texts of the clocks and holders (issue 13 item 4; DECISIONS §15): the settings card 'Prazos por etapa',
 * the case's clock and holder, the status list's column and filters ('Atrasados', 'Minhas pendências', the issue's
 * text) and the homes' overdue panel. `{name}`-style placeholders are filled with `fill()` from ./pt-BR.
 */
export const clocksTexts = {
  targets: {
    title: 'Prazos por etapa',
    intro: 'Quantos dias cada etapa pode levar. Um caso com mais dias na etapa aparece como atrasado.',
    unit: 'dias',
    /** Not just 'Salvar prazos': 'Prazos de pagamento' below has its own (issue 33.20, two buttons of one name). */
    save: 'Salvar prazos por etapa',
    saving: 'Salvando...',
    saved: 'Prazos atualizados com sucesso!',
    failed: 'Não foi possível salvar os prazos.',
    loading: 'Carregando os prazos...',
    loadFailed: 'Não foi possível carregar os prazos.',
    defaults: 'Padrão: {days} dias',
  },
  clock: {
    /** 'X dias nesta etapa' (one day: singular). */
    days: '{n} dias nesta etapa',
    oneDay: '1 dia nesta etapa',
    today: 'Entrou nesta etapa hoje',
    target: 'Prazo: {n} dias',
    /** realizacao's target counts from the surgery's day (server/services/surgeries/clocks.ts). */
    targetAfterSurgery: 'Prazo: {n} dias após a cirurgia',
    overdue: 'Atrasado',
    onTime: 'No prazo',
    holder: 'Responsável',
    holderLabel: 'Passar o caso para',
    holderPlaceholder: 'Escolha o responsável',
    holderLoading: 'Carregando pessoas...',
    holderLoadFailed: 'Não foi possível carregar as pessoas.',
    retry: 'Tentar novamente',
    medicRole: '(médico)',
    reassigned: 'Responsável alterado: {name}.',
    reassignFailed: 'Não foi possível alterar o responsável.',
    sectionLabel: 'Tempo na etapa e responsável',
  },
  list: {
    column: 'Na etapa',
    days: '{n} d',
    daysLong: '{n} dias na etapa (prazo: {target} dias)',
    /**
     * Third week: at realizacao the target counts from the surgery's day (machines/preoperative/clockRules.ts), so
     * the sentence counts from it too.
     */
    surgeryDaysAgo: 'Cirurgia há {n} dias (prazo: {target} dias após a cirurgia)',
    surgeryOneDayAgo: 'Cirurgia há 1 dia (prazo: {target} dias após a cirurgia)',
    surgeryToday: 'Cirurgia hoje (prazo: {target} dias após a cirurgia)',
    surgeryOn: 'Cirurgia em {date} (prazo: {target} dias após a cirurgia)',
    closed: '-',
    overdueBadge: 'Atrasado',
    overdueFilter: 'Atrasados',
    mineFilter: 'Minhas pendências',
    filtersLabel: 'Pendências',
  },
  home: {
    title: 'Casos atrasados',
    intro: 'Casos com mais dias na etapa do que o prazo dela.',
    loading: 'Carregando casos atrasados...',
    empty: 'Nenhum caso atrasado',
    emptyHint: 'Todos os casos estão dentro do prazo da etapa.',
    failed: 'Não foi possível carregar os casos atrasados.',
    seeAll: 'Ver todos os atrasados',
    more: 'e mais {n}',
    listLabel: 'Casos atrasados',
    caseLine: '{days} dias em {stage} (prazo: {target} dias)',
    /** Third week: an overdue realizacao counts from the surgery. */
    caseLineSurgery: 'Cirurgia há {days} dias, ainda em {stage} (prazo: {target} dias após a cirurgia)',
    holder: 'Com {name}',
    openCase: 'Abrir o caso de {name}',
  },
} as const;
