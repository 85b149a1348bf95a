/**
 * The pt-BR texts of /all-data's period control, money panels and export (issue 14 item 4; DECISIONS §16). The
 * period names are machines/ledger/constants.ts' DASHBOARD_PERIOD_LABELS and the aging buckets' AGING_BUCKET_LABELS.
 * `{name}`-style placeholders are filled with `fill()` from ./pt-BR.
 */
export const dashboardMoneyTexts = {
  period: {
    label: 'Período',
    from: 'De',
    to: 'Até',
    apply: 'Aplicar',
    placeholder: 'dd/mm/aaaa',
    /** A typed day that is not a real dd/mm/aaaa (the API's own messages speak of its yyyy-MM-dd parameters). */
    invalidFrom: 'Data inicial (De) inválida: use o formato dd/mm/aaaa.',
    invalidTo: 'Data final (Até) inválida: use o formato dd/mm/aaaa.',
    /** Under the control: the days the figures cover. */
    range: 'De {from} até {to}',
    allTime: 'Todos os registros, desde o primeiro caso.',
    note: 'Os números de casos contam as cirurgias indicadas no período; os valores recebidos, os recebimentos com data no período.',
    regionLabel: 'Período do painel',
  },
  money: {
    heading: 'Recebíveis e glosas',
    intro:
      'Valores em reais. O envelhecimento é a posição de hoje, sobre todos os casos em aberto; as glosas contam pela data da glosa; os dias até o pagamento, os casos quitados no período.',
    empty: 'Sem valores no período.',
    payer: 'Pagador',
    total: 'Total',
    aging: {
      title: 'Envelhecimento dos recebíveis',
      subtitle: 'Saldo em aberto hoje, de todos os casos, por dias após o vencimento',
    },
    glosas: {
      title: 'Glosas por pagador',
      subtitle: 'Glosas com data no período; taxa sobre os honorários com vencimento no período',
      expected: 'Esperado',
      glosa: 'Glosado',
      rate: 'Taxa de glosa',
      item: '{glosa} · {rate}',
    },
    glosaReasons: {
      title: 'Glosas por motivo',
      subtitle: 'Glosas com data no período, pelo motivo TISS informado em cada uma',
      reason: 'Motivo',
      glosas: 'Glosas',
      glosasOne: '1 glosa',
      glosasMany: '{count} glosas',
    },
    days: {
      title: 'Dias até o pagamento',
      subtitle: 'Mediana de dias da cirurgia ao último recebimento',
      median: 'Mediana (dias)',
      cases: 'Casos',
      casesOne: '1 caso',
      casesMany: '{count} casos',
      value: '{days} dias',
      valueOne: '1 dia',
    },
    series: {
      title: 'Esperado x recebido por mês',
      subtitle: 'Esperado: honorários com vencimento no mês. Recebido: recebimentos com data no mês.',
      month: 'Mês',
      expected: 'Esperado',
      received: 'Recebido',
    },
    dataLabel: 'Dados do gráfico {chart}',
  },
  exportName: 'painel.csv',
} as const;
