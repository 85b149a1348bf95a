import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { CALENDAR_FEED_TEXTS } from '../../../machines/account/calendarFeedTexts';
import { calendarFeeds, hospitals, patients, procedures, surgeries, surgeryProcedures, users } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { visibleMedicIds } from '../access/scope';
import type { AuditLog } from '../audit/audit-log';
import { generateOpaqueToken, hashToken } from '../auth/token-service';
import { writeCalendar, type CalendarEvent } from './icalendar';

/** How far back the feed lists surgeries; everything ahead of today is listed. */
const FEED_PAST_DAYS = 90;
/** A surgery takes this long in the calendar: the case holds its start only. */
const EVENT_DURATION_MS = 2 * 60 * 60 * 1000;
/** At most this many events per read (the earliest first), so one read stays bounded whatever the office's size. */
const FEED_MAX_EVENTS = 5_000;
/** The address's token as it travels: 43 base64url characters (32 random bytes), then `.ics`. */
const FEED_FILE_PATTERN = /^([A-Za-z0-9_-]{43})\.ics$/;
const FEED_PATH = '/project_auth/api/v1/calendar/';
const CANCELLED_STATUSES = new Set(['cancelado', 'arquiv']);
/** Lower-case particles a name's initials skip ("Maria da Silva" → M.S.). */
const NAME_PARTICLES = new Set(['da', 'das', 'de', 'do', 'dos', 'e', 'di', 'du', 'del', 'van', 'von']);

/** "Maria da Silva Souza" → "M.S.S." (a calendar provider is a third party: by default it gets no name; LGPD). */
export function patientInitials(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter((word) => word !== '' && !NAME_PARTICLES.has(word.toLowerCase()));
  return words.map((word) => `${[...word][0]!.toLocaleUpperCase('pt-BR')}.`).join('');
}

type CalendarFeedState = { active: boolean; full_names: boolean; created_at: string | null };
type CalendarFeedCreated = { url: string; webcal_url: string; full_names: boolean; created_at: string };

type FeedDeps = Pick<AppDeps, 'db' | 'config' | 'now'> & { audit: AuditLog };

/**
 * The calendar feed (issue 39 item 1; openapi getCalendarFeed … readCalendarFeed, docs/CALENDAR.md): a private
 * iCalendar address per account, made, made again, turned off and read. Only its token's SHA-256 is stored, so the
 * address is shown once. A read lists the scheduled surgeries of the medics the account sees (the medic's own, a
 * secretary's linked medics), and is recorded in the audit as a list of those cases, one row per medic.
 */
export function createCalendarFeedService({ db, config, now, audit }: FeedDeps) {
  async function state(userId: number): Promise<CalendarFeedState> {
    const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    return {
      active: Boolean(row?.tokenHash),
      full_names: row?.fullNames ?? false,
      created_at: row?.tokenHash && row.createdAt ? row.createdAt.toISOString() : null,
    };
  }

  return {
    state,

    /** A new address (the old one, if any, stops at once); the preference is kept. */
    async create(userId: number): Promise<CalendarFeedCreated> {
      const token = generateOpaqueToken();
      const at = now();
      const [row] = await db
        .insert(calendarFeeds)
        .values({ userId, tokenHash: hashToken(token), createdAt: at })
        .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: hashToken(token), createdAt: at } })
        .returning({ fullNames: calendarFeeds.fullNames });
      const url = `${config.publicUrl}${FEED_PATH}${token}.ics`;
      return {
        url,
        webcal_url: url.replace(/^https?:/, 'webcal:'),
        full_names: row?.fullNames ?? false,
        created_at: at.toISOString(),
      };
    },

    async setFullNames(userId: number, fullNames: boolean): Promise<CalendarFeedState> {
      await db
        .insert(calendarFeeds)
        .values({ userId, fullNames })
        .onConflictDoUpdate({ target: calendarFeeds.userId, set: { fullNames } });
      return state(userId);
    },

    /** The address stops at once; the preference stays. */
    async turnOff(userId: number): Promise<void> {
      await db.update(calendarFeeds).set({ tokenHash: null, createdAt: null }).where(eq(calendarFeeds.userId, userId));
    },

    /** The calendar of the address `file` (`<token>.ics`), or null when no account has it. */
    async read(file: string, address: string | null): Promise<string | null> {
      const token = FEED_FILE_PATTERN.exec(file)?.[1];
      if (!token) return null;
      const [owner] = await db
        .select({ id: users.id, type: users.type, firstName: users.firstName, lastName: users.lastName, fullNames: calendarFeeds.fullNames })
        .from(calendarFeeds)
        .innerJoin(users, eq(users.id, calendarFeeds.userId))
        .where(eq(calendarFeeds.tokenHash, hashToken(token)));
      if (!owner) return null;

      const at = now();
      const medicIds = await visibleMedicIds(db, owner);
      const rows =
        medicIds.length === 0
          ? []
          : await db
              .select({
                id: surgeries.id,
                version: surgeries.version,
                schedule: surgeries.schedule,
                status: surgeries.status,
                patientName: patients.nomeCompleto,
                hospitalName: hospitals.fantasyName,
                hospitalAddress: hospitals.address,
                hospitalCity: hospitals.city,
                hospitalUf: hospitals.uf,
                medicFirstName: users.firstName,
                medicLastName: users.lastName,
                procedures: sql<string | null>`(
                  select string_agg(${procedures.description}, '; ' order by ${surgeryProcedures.position})
                  from ${surgeryProcedures} join ${procedures} on ${procedures.id} = ${surgeryProcedures.procedureId}
                  where ${surgeryProcedures.surgeryId} = ${surgeries.id})`,
              })
              .from(surgeries)
              .innerJoin(patients, eq(patients.id, surgeries.patientId))
              .innerJoin(users, eq(users.id, surgeries.medicId))
              .leftJoin(hospitals, eq(hospitals.id, surgeries.hospitalId))
              .where(
                and(
                  inArray(surgeries.medicId, medicIds),
                  gte(surgeries.schedule, new Date(at.getTime() - FEED_PAST_DAYS * 24 * 60 * 60 * 1000)),
                ),
              )
              .orderBy(asc(surgeries.schedule), asc(surgeries.id))
              .limit(FEED_MAX_EVENTS);

      const host = new URL(config.publicUrl).host;
      const T = CALENDAR_FEED_TEXTS;
      const events: CalendarEvent[] = rows.map((row) => {
        const start = row.schedule!;
        const patient = owner.fullNames ? row.patientName : patientInitials(row.patientName);
        const firstProcedure = row.procedures?.split('; ')[0];
        const place = [row.hospitalAddress, [row.hospitalCity, row.hospitalUf].filter(Boolean).join('/')].filter(Boolean).join(', ');
        const caseUrl = `${config.publicUrl}/surgery-details/${row.id}`;
        return {
          uid: `cirurgia-${row.id}@${host}`,
          sequence: row.version,
          start,
          end: new Date(start.getTime() + EVENT_DURATION_MS),
          summary: [T.eventTitle, patient, firstProcedure].filter(Boolean).join(' — '),
          location: row.hospitalName ? [row.hospitalName, place].filter(Boolean).join(' — ') : null,
          description: [
            `${T.patient}: ${patient}`,
            ...(row.procedures ? [`${T.procedures}: ${row.procedures}`] : []),
            ...(owner.type === 'secretary' ? [`${T.medic}: ${row.medicFirstName} ${row.medicLastName}`] : []),
            ...(CANCELLED_STATUSES.has(row.status) ? [row.status === 'cancelado' ? T.cancelled : T.archived] : []),
            `${T.openCase}: ${caseUrl}`,
          ].join('\n'),
          url: caseUrl,
          cancelled: CANCELLED_STATUSES.has(row.status),
        };
      });

      const actor = { id: owner.id, address };
      if (rows.length > 0) {
        audit.read(actor, { action: 'list', entity: 'surgery', of: 'surgeries', ids: rows.map((row) => row.id), detail: 'calendar_feed' });
      } else if (medicIds.length > 0) {
        audit.exported(actor, { medicIds, entity: 'surgery', detail: 'calendar_feed', action: 'list' });
      }
      return writeCalendar({ name: `${T.calendarName} — ${owner.firstName} ${owner.lastName}`, stampedAt: at, events });
    },
  };
}
