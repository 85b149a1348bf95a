/**
 * Every user-facing pt-BR text of /all-data (SPEC §2 Dashboard). The widget labels, the chart titles and 'Dados não
 * disponíveis!' are SPEC's, verbatim (note 'Recebimento previsto(R$)' without a space); the rest are ours.
 * `{name}`-style placeholders are filled with `fill()` from ./pt-BR.
 */
export const dashboardTexts = {
  title: 'Dashboard',
  widgets: {
    label: 'Dados gerais',
    expected: 'Recebimento previsto(R$)',
    received: 'Valor recebido (R$)',
    surgeries: 'Quantidade de cirurgias',
    averageTime: 'Tempo médio (dias/cirurgias)',
    /** One line under each widget: what it counts (issue 33 item 15; docs/LEDGER.md "The figures, one definition each"). */
    notes: {
      expected: 'Casos indicados no período, inclusive cirurgias ainda não realizadas: honorário menos o já recebido e o perdido.',
      received: 'Recebimentos com data no período, de qualquer cirurgia.',
      surgeries: 'Cirurgias indicadas no período, em todas as etapas.',
      averageTime: 'Dias da indicação à conclusão, nas cirurgias concluídas indicadas no período.',
    },
  },
  charts: {
    toReceive: 'Valores a receber',
    received: 'Valores recebidos',
    byPlan: 'Cirurgias por convênio',
    byHospital: 'Cirurgias por hospital',
    byProcedure: 'Cirurgias por procedimentos',
    planned: 'Previstas',
    carriedOut: 'Realizadas',
    /** Says what the two series of the count charts hold (the contract's `*_prev` / `*_real`). */
    seriesNote:
      'Previstas: cirurgias ainda não realizadas (do cadastro ao agendamento). Realizadas: cirurgias que chegaram à realização. Canceladas e arquivadas não entram.',
    empty: 'Dados não disponíveis!',
    total: 'Total',
    /** The accessible name of one of the six count charts, e.g. 'Cirurgias por convênio: Previstas'. */
    seriesName: '{chart}: {series}',
    surgeriesCount: '{count} cirurgias',
    surgeriesCountOne: '1 cirurgia',
    /**
     * The total of a procedure chart: the sum of its bars counts procedures (a surgery with three counts in three
     * bars), so it is not a number of surgeries.
     */
    proceduresCount: '{count} procedimentos',
    proceduresCountOne: '1 procedimento',
    procedureNote: 'Cada barra conta as cirurgias com aquele procedimento; uma cirurgia com mais de um procedimento conta em cada um.',
    dataLabel: 'Dados do gráfico {chart}',
    nameColumn: 'Nome',
    valueColumn: 'Valor',
  },
  loading: 'Carregando o painel...',
  failedTitle: 'Não foi possível carregar o painel',
  failedText: 'Verifique sua conexão e tente de novo.',
} as const;
