import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { notFound } from '../http/errors';
import { validated } from '../http/validation';
import type { CalendarFeedUpdateInput } from '../../machines/account/calendarFeedSchemas';
import { signedInUser } from '../plugins/authenticate';
import { createCalendarFeedService } from '../services/calendar/calendar-feed';

const FEED_SETTINGS = '/project_auth/api/v1/calendar_feed/';

/**
 * The calendar feed (issue 39 item 1, docs/CALENDAR.md): the account's own address, made, made again, turned off and
 * its full-name preference (signed in, both roles); and the address itself, read by a calendar app without signing in
 * (its token is the credential).
 */
export default async function calendarFeedRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const feeds = createCalendarFeedService({ ...deps, audit: app.audit });
  const signedIn = { onRequest: app.authenticate };

  app.get(FEED_SETTINGS, signedIn, async (request) => feeds.state(signedInUser(request).id));

  app.post(FEED_SETTINGS, signedIn, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return reply.code(201).send(await feeds.create(signedInUser(request).id));
  });

  app.patch<{ Body: CalendarFeedUpdateInput }>(
    FEED_SETTINGS,
    { onRequest: app.authenticate, preValidation: validated({ body: (s) => s.calendarFeedUpdateSchema }) },
    async (request) => feeds.setFullNames(signedInUser(request).id, request.body.full_names),
  );

  app.delete(FEED_SETTINGS, signedIn, async (request, reply) => {
    await feeds.turnOff(signedInUser(request).id);
    return reply.code(204).send();
  });

  app.get<{ Params: { file: string } }>('/project_auth/api/v1/calendar/:file', async (request, reply) => {
    const calendar = await feeds.read(request.params.file, request.ip);
    if (calendar === null) throw notFound();
    return reply
      .header('Content-Type', 'text/calendar; charset=utf-8')
      .header('Content-Disposition', 'inline; filename="cirurgias.ics"')
      .header('Cache-Control', 'private, no-cache')
      .header('Referrer-Policy', 'no-referrer')
      .send(calendar);
  });
}
