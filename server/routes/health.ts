import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { describeError } from '../http/describe-error';

/** How long the database may take to answer `select 1` before the service reports itself unhealthy. */
const DATABASE_TIMEOUT_MS = 2_000;

/**
 * `GET /health` for load balancers and the start scripts: 200 `{ status: 'ok', database: 'ok' }` when
 * the database answers `select 1`, 503 `{ status: 'error', database: 'error' }` when it does not
 * (or takes longer than two seconds). Public, never cached.
 */
export default async function healthRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  app.get('/health', async (request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        deps.db.execute(sql`select 1`),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('database health check timed out')), DATABASE_TIMEOUT_MS);
        }),
      ]);
      return reply.code(200).send({ status: 'ok', database: 'ok' });
    } catch (error) {
      request.log.warn({ reason: describeError(error) }, 'health check failed');
      return reply.code(503).send({ status: 'error', database: 'error' });
    } finally {
      clearTimeout(timer);
    }
  });
}
