/**
 * Archive names and the retention rule (docs/BACKUP.md). An archive is named by its creation time in São Paulo,
 * `cirurgias-backup-AAAA-MM-DD-HHMMSS.tar.gz` (`.enc` added when encrypted), so the folder sorts by date and the
 * office reads the day at a glance. The rule keeps, like most backup tools' "grandfather-father-son":
 *
 * - the newest archive of each of the last `daily` days that have one (7),
 * - the newest of each of the last `weekly` ISO weeks that have one (4),
 * - the newest of each of the last `monthly` months that have one (12),
 *
 * and always the newest of all. Anything else with an archive's name goes; other files in the folder are never
 * touched.
 */
type Retention = { daily: number; weekly: number; monthly: number };
const DEFAULT_RETENTION: Retention = { daily: 7, weekly: 4, monthly: 12 };

const NAME = /^cirurgias-backup-(\d{4})-(\d{2})-(\d{2})-(\d{2})(\d{2})(\d{2})(?:-(\d+))?\.tar\.gz(\.enc)?$/;

const saoPaulo = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** `AAAA-MM-DD-HHMMSS` of `at` in São Paulo. */
export function localStamp(at: Date): string {
  const parts = Object.fromEntries(saoPaulo.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}-${parts.hour}${parts.minute}${parts.second}`;
}

export function archiveName(at: Date, encrypted: boolean, sequence = 0): string {
  return `cirurgias-backup-${localStamp(at)}${sequence > 0 ? `-${sequence + 1}` : ''}.tar.gz${encrypted ? '.enc' : ''}`;
}

type ArchiveInfo = { name: string; day: string; week: string; month: string; order: string };

/** What an archive's name says about it, or null for any other file. */
export function parseArchiveName(name: string): ArchiveInfo | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, year, month, day, hour, minute, second, sequence] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCDate() !== Number(day)) return null;
  return {
    name,
    day: `${year}-${month}-${day}`,
    week: isoWeek(date),
    month: `${year}-${month}`,
    order: `${year}${month}${day}${hour}${minute}${second}-${(sequence ?? '1').padStart(6, '0')}`,
  };
}

function isoWeek(date: Date): string {
  const thursday = new Date(date);
  thursday.setUTCDate(date.getUTCDate() + 3 - ((date.getUTCDay() + 6) % 7));
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const week = Math.floor((thursday.getTime() - yearStart) / 86_400_000 / 7) + 1;
  return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** Splits a folder's names into the archives to keep and those to delete (other names are in neither). */
export function applyRetention(names: string[], rule: Retention = DEFAULT_RETENTION): { keep: string[]; remove: string[] } {
  const archives = names
    .map(parseArchiveName)
    .filter((info): info is ArchiveInfo => info !== null)
    .sort((a, b) => (a.order < b.order ? 1 : a.order > b.order ? -1 : 0));
  const keep = new Set<string>();
  if (archives[0]) keep.add(archives[0].name);
  const bucket = (period: (info: ArchiveInfo) => string, count: number) => {
    const seen = new Set<string>();
    for (const info of archives) {
      if (seen.size >= count) break;
      const key = period(info);
      if (seen.has(key)) continue;
      seen.add(key);
      keep.add(info.name);
    }
  };
  bucket((info) => info.day, rule.daily);
  bucket((info) => info.week, rule.weekly);
  bucket((info) => info.month, rule.monthly);
  return {
    keep: archives.filter((info) => keep.has(info.name)).map((info) => info.name),
    remove: archives.filter((info) => !keep.has(info.name)).map((info) => info.name),
  };
}
