import { SAO_PAULO } from '../sao-paulo-time';

/** The backup commands' words for what an archive holds and when it was made (pt-BR, São Paulo time). */

/** '1 arquivo', '3 arquivos'. */
export function filesCount(count: number): string {
  return `${count} ${count === 1 ? 'arquivo' : 'arquivos'}`;
}

const SAO_PAULO_MINUTE = new Intl.DateTimeFormat('pt-BR', {
  timeZone: SAO_PAULO,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** '02/12/2026 às 06:55' (São Paulo) for an archive's ISO instant. */
export function madeAt(iso: string): string {
  const parts = Object.fromEntries(SAO_PAULO_MINUTE.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts.day}/${parts.month}/${parts.year} às ${parts.hour}:${parts.minute}`;
}
