/** The backup's texts (issue 40): the medic's settings card and the home's warning. */
export const backupTexts = {
  card: {
    title: 'Backup',
    loading: 'Carregando a situação do backup...',
    failed: 'Não foi possível carregar a situação do backup.',
    retry: 'Tentar novamente',
    last: 'Último backup: {date} às {time} ({size}).',
    none: 'Nenhum backup feito ainda. O primeiro é feito automaticamente no horário diário.',
    failedAt: 'A última tentativa, em {date} às {time}, falhou.',
    external:
      'Este servidor usa um banco PostgreSQL: o backup é feito pelo provedor do banco (veja docs/DEPLOYMENT.md com quem administra o servidor).',
    help: 'Os backups são diários e ficam na pasta de backups do computador do servidor; copie-os para fora dele (docs/BACKUP.md).',
  },
  home: {
    stale: 'O último backup dos dados tem mais de dois dias.',
    never: 'Nenhum backup dos dados foi feito nos últimos dois dias.',
    failed: 'O último backup dos dados falhou.',
    action: 'Avise quem cuida do computador do servidor (docs/BACKUP.md) e veja a situação em Configurações.',
    link: 'Ver em Configurações',
  },
} as const;

/** A size in bytes as the office reads it (pt-BR decimals): '850 KB', '12,4 MB', '1,2 GB'. */
export function formatBytes(size: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = size;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toLocaleString('pt-BR', { maximumFractionDigits: digits })} ${units[unit]}`;
}
