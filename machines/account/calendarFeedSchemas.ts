import { type } from 'arktype';
import { anyBoolean } from '../validation/fields';

/** The calendar feed's preference (issue 39 item 1; openapi updateCalendarFeed). */
const CALENDAR_FEED_MESSAGES = {
  fullNamesMissing: 'Informe se a agenda mostra o nome completo do paciente (full_names).',
} as const;

/** PATCH /project_auth/api/v1/calendar_feed/: full names (true) or initials (false) in the events. */
export const calendarFeedUpdateSchema = type({ full_names: anyBoolean.configure({ missing: CALENDAR_FEED_MESSAGES.fullNamesMissing }) });

export type CalendarFeedUpdateInput = typeof calendarFeedUpdateSchema.infer;
