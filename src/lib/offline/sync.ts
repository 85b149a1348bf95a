/**
 * Keeps the offline agenda (docs/OFFLINE.md): the signed-in user's cases scheduled from today to today + 6 in São
 * Paulo, read as the home's 'Pacientes do dia' reads one day (`GET /surgery/api/v1/surgery/?is_schedule=true&date=…
 * &status__in=<AGENDA_STATUSES>`), seven small reads, then stored whole (./agendaStore.ts). A read that fails leaves
 * the previous copy as it was: a copy is replaced only by a complete one.
 */
import { AGENDA_STATUSES } from '../../../machines/constants';
import { listSurgeries, type Surgery } from '../../api/surgeryList';
import { agendaWindow, buildOfflineAgenda } from './agenda';
import { writeOfflineAgenda } from './agendaStore';
import { erasureCount } from './erase';

/** A day's page; a day with more cases than this is read in more pages. */
const PAGE = 100;
const MAX_PAGES_PER_DAY = 5;

async function readDay(date: string, signal: AbortSignal): Promise<Surgery[]> {
  const surgeries: Surgery[] = [];
  for (let page = 0; page < MAX_PAGES_PER_DAY; page += 1) {
    const { results, count } = await listSurgeries(
      { statuses: AGENDA_STATUSES, date, limit: PAGE, offset: page * PAGE },
      signal,
    );
    surgeries.push(...results);
    if (results.length < PAGE || (count !== null && surgeries.length >= count)) break;
  }
  return surgeries;
}

/**
 * Reads the 7 days and stores them as `userId`'s copy, unless the copy was erased meanwhile (a sign-out while the
 * reads ran) or `isStillUser` says the session moved on. Rejects when a read failed (the old copy stays).
 */
export async function syncOfflineAgenda(userId: number, isStillUser: () => boolean, signal: AbortSignal): Promise<boolean> {
  const erasuresBefore = erasureCount();
  const now = new Date();
  // One day after the other: one connection, never six of a phone's HTTP/1.1 connections taken from the screen's reads.
  const days: { date: string; surgeries: Surgery[] }[] = [];
  for (const date of agendaWindow(now)) days.push({ date, surgeries: await readDay(date, signal) });
  if (erasureCount() !== erasuresBefore || !isStillUser()) return false;
  await writeOfflineAgenda(buildOfflineAgenda(userId, now, days));
  return true;
}

/** How old a copy may be before the periodic refresh reads it again. */
export const SYNC_INTERVAL_MS = 5 * 60_000;
/** Showing the home refreshes a copy older than this (a quick back-and-forth does not read the week again). */
const HOME_REFRESH_AGE_MS = 30_000;

/** A refresh asked for starts this much later, after the reads of the screen being shown. */
const START_DELAY_MS = 2_000;

let lastSync: { userId: number; at: number } | null = null;
let inFlight: { controller: AbortController } | null = null;
let scheduled: ReturnType<typeof setTimeout> | null = null;
let session: { userId: () => number | null } | null = null;

/** Connects the refresh to the session (./follow.ts): who is signed in now. */
export function connectOfflineSync(userId: (() => number | null) | null): void {
  session = userId ? { userId } : null;
  lastSync = null;
  inFlight?.controller.abort();
  inFlight = null;
  if (scheduled) clearTimeout(scheduled);
  scheduled = null;
}

/** Whether a refresh is due for the signed-in user (the user's id), else null. */
function dueFor(maxAgeMs: number): number | null {
  const userId = session?.userId() ?? null;
  if (userId === null || inFlight) return null;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return null;
  if (lastSync && lastSync.userId === userId && Date.now() - lastSync.at < maxAgeMs) return null;
  return userId;
}

/**
 * Refreshes the copy when it is older than `maxAgeMs` (0: always), START_DELAY_MS from now, one refresh at a time,
 * only while signed in and online. Failures are silent: the offline screen shows the last complete copy and its time.
 */
export function requestOfflineSync(maxAgeMs: number = HOME_REFRESH_AGE_MS): void {
  if (scheduled || dueFor(maxAgeMs) === null) return;
  scheduled = setTimeout(() => {
    scheduled = null;
    const userId = dueFor(maxAgeMs);
    if (userId !== null) start(userId);
  }, START_DELAY_MS);
}

function start(userId: number): void {
  const current = { controller: new AbortController() };
  const startedAt = Date.now();
  inFlight = current;
  syncOfflineAgenda(userId, () => session?.userId() === userId, current.controller.signal)
    .then((stored) => {
      if (stored) lastSync = { userId, at: startedAt };
    })
    .catch(() => undefined)
    .finally(() => {
      if (inFlight === current) inFlight = null;
    });
}
