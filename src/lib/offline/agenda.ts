/**
 * The offline agenda's pure rules (docs/OFFLINE.md): which São Paulo days the copy covers, what of each case it keeps,
 * the days the offline screen shows and the banner's text. No IO: ./agendaStore.ts stores, ./sync.ts reads the API.
 */
import type { Surgery } from '../../api/surgeryList';
import { formatTime, todayInSaoPaulo } from '../format/date';
import { fill } from '../i18n/pt-BR';
import { offlineTexts } from '../i18n/offline';
import type { OfflineAgenda, OfflineCase, OfflineDay } from './agendaRecord';

/** How many São Paulo days the copy covers: today and the six after it. */
const AGENDA_DAYS = 7;

/** yyyy-MM-dd plus `count` calendar days (pure calendar arithmetic: no time zone, no DST). */
export function addDays(date: string, count: number): string {
  const utc = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)) + count));
  return utc.toISOString().slice(0, 10);
}

/** The São Paulo days the copy covers at `now`: today there (not in the device's zone) and the six days after. */
export function agendaWindow(now: Date = new Date()): string[] {
  const today = todayInSaoPaulo(now);
  return Array.from({ length: AGENDA_DAYS }, (_, index) => addDays(today, index));
}

/** What the copy keeps of a listed case. */
export function toOfflineCase(surgery: Surgery): OfflineCase {
  const procedure = surgery.procedure.map((item) => item.description.trim()).filter(Boolean).join('; ');
  return {
    id: surgery.id,
    schedule: surgery.schedule,
    patientName: surgery.patient.nome_completo,
    procedure: procedure || null,
    hospital: surgery.hospital?.fantasy_name?.trim() || null,
  };
}

/** A day's cases in time order (those without a time last), then by name. */
function inDayOrder(cases: OfflineCase[]): OfflineCase[] {
  const key = (item: OfflineCase) => formatTime(item.schedule) || '99:99';
  return [...cases].sort((a, b) => key(a).localeCompare(key(b)) || a.patientName.localeCompare(b.patientName, 'pt-BR'));
}

/** The copy of `days` (the window's days, in order) from each day's listed cases. */
export function buildOfflineAgenda(userId: number, syncedAt: Date, days: { date: string; surgeries: Surgery[] }[]): OfflineAgenda {
  return {
    userId,
    syncedAt: syncedAt.toISOString(),
    days: days.map(({ date, surgeries }) => ({ date, cases: inDayOrder(surgeries.map(toOfflineCase)) })),
  };
}

/**
 * The days the offline screen shows at `now`: the copy's days from today on (a copy read on Monday and opened on
 * Wednesday no longer shows Monday and Tuesday). Empty when every day of the copy has passed.
 */
export function daysToShow(agenda: OfflineAgenda, now: Date = new Date()): OfflineDay[] {
  const today = todayInSaoPaulo(now);
  return agenda.days.filter((day) => day.date >= today);
}

const saoPauloStamp = () =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });

/** 'dd/mm hh:mm' of an instant in São Paulo ('04/12 07:30'). */
export function syncedAtText(syncedAt: string): string {
  const parts: Record<string, string> = {};
  for (const { type, value } of saoPauloStamp().formatToParts(new Date(syncedAt))) parts[type] = value;
  return `${parts.day}/${parts.month} ${parts.hour}:${parts.minute}`;
}

/** The offline banner: 'Sem conexão — dados de 04/12 07:30', or 'Sem conexão' when nothing was ever kept. */
export function bannerText(agenda: OfflineAgenda | null): string {
  return agenda ? fill(offlineTexts.banner, { when: syncedAtText(agenda.syncedAt) }) : offlineTexts.bannerNoData;
}

const weekdayFormat = () => new Intl.DateTimeFormat('pt-BR', { weekday: 'long', timeZone: 'UTC' });

/** A day's heading on the offline screen: 'Hoje · quinta-feira, 04/12', 'Amanhã · …', else 'sábado, 06/12'. */
export function dayHeading(date: string, now: Date = new Date()): string {
  const today = todayInSaoPaulo(now);
  const noon = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), 12);
  const values = { weekday: weekdayFormat().format(noon), date: `${date.slice(8, 10)}/${date.slice(5, 7)}` };
  const relative = date === today ? offlineTexts.today : date === addDays(today, 1) ? offlineTexts.tomorrow : null;
  return relative ? fill(offlineTexts.dayHeading, { ...values, relative }) : fill(offlineTexts.dayHeadingPlain, values);
}
