/**
 * User-facing pt-BR texts of the installable app's offline screen (docs/OFFLINE.md). The banner's text is the
 * issue's own ('Sem conexão — dados de dd/mm hh:mm'); `{name}` placeholders are filled by `fill()` (pt-BR.ts).
 */
export const offlineTexts = {
  /** The synced-at instant, São Paulo's dd/MM HH:mm. */
  banner: 'Sem conexão — dados de {when}',
  bannerNoData: 'Sem conexão',
  explanation:
    'Você está sem internet. Esta é a agenda dos próximos 7 dias como estava na última atualização; o restante do aplicativo volta quando a conexão voltar.',
  explanationNoData: 'Você está sem internet. O aplicativo volta quando a conexão voltar.',
  retry: 'Tentar novamente',
  retrying: 'Verificando a conexão...',
  stillOffline: 'Ainda sem conexão.',
  signOut: 'Sair',
  title: 'Agenda dos próximos 7 dias',
  today: 'Hoje',
  tomorrow: 'Amanhã',
  /** A day's heading: 'Hoje · quinta-feira, 04/12'. */
  dayHeading: '{relative} · {weekday}, {date}',
  dayHeadingPlain: '{weekday}, {date}',
  dayCount: { one: '{count} cirurgia', other: '{count} cirurgias' },
  noSurgeries: 'Nenhuma cirurgia agendada.',
  noTime: 'Sem horário',
  noHospital: 'Hospital não informado',
  noProcedure: 'Procedimento não informado',
  empty: {
    title: 'A agenda ainda não foi guardada neste aparelho',
    text: 'Com internet, abra o aplicativo: a agenda dos próximos 7 dias fica guardada aqui para você consultar sem conexão.',
  },
  outdated: {
    title: 'Os dias guardados já passaram',
    text: 'Com internet, abra o aplicativo para guardar a agenda dos próximos 7 dias.',
  },
} as const;
