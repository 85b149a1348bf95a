/**
 * The calendar feed's IO (issue 39 item 1; openapi getCalendarFeed, createCalendarFeed, updateCalendarFeed,
 * deleteCalendarFeed): one path, four methods. The address itself comes only in the POST's answer (the server keeps
 * a hash of it), so the card holds it in memory and never reads it back.
 */
import type { components } from '../../../openapi/schema';
import { api } from '../../api/client';
import { callApi, type CallResult } from '../../api/call';
import { read, type ReadResult } from '../../api/read';

type CalendarFeedState = components['schemas']['CalendarFeedState'];
export type CalendarFeedCreated = components['schemas']['CalendarFeedCreated'];

const PATH = '/project_auth/api/v1/calendar_feed/';

/** GET: whether an address is active, since when, and whether the events carry the patients' full names. */
export function getCalendarFeed(signal?: AbortSignal): Promise<ReadResult<CalendarFeedState>> {
  return read(() => api.GET(PATH, { signal }));
}

/** POST: a new address (the old one, if any, stops at once); its `url` is shown only now. */
export function createCalendarFeed(): Promise<CallResult<CalendarFeedCreated>> {
  return callApi(() => api.POST(PATH));
}

/** PATCH: full names (true) or the patients' initials (false) in the events. */
export function setCalendarFeedFullNames(fullNames: boolean): Promise<CallResult<CalendarFeedState>> {
  return callApi(() => api.PATCH(PATH, { body: { full_names: fullNames } }));
}

/** DELETE: the address stops at once (204). */
export function deleteCalendarFeed(): Promise<CallResult<unknown>> {
  return callApi(() => api.DELETE(PATH));
}
