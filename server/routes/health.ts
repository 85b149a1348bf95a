import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { describeError } from '../http/describe-error';

/** How long the database (or Redis) may take to answer before the service reports itself unhealthy. */
const CHECK_TIMEOUT_MS = 2_000;

/** Resolves when `check` does within the timeout; rejects otherwise. */
async function withinTimeout(check: () => Promise<unknown>, what: string): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} health check timed out`)), CHECK_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /health` for load balancers and the start scripts: 200 `{ status: 'ok', database: 'ok' }` when
 * the database answers `select 1`, 503 `{ status: 'error', database: 'error' }` when it does not
 * (or takes longer than two seconds). Public, never cached.
 *
 * With REDIS_URL (the rate-limit counters' store) the answer also carries `redis`: 'ok' when it answers PING,
 * 'error' otherwise. Without Redis, sign-in, password changes, signups and invites answer 503 while everything
 * else works, so the service stays in the load balancer (200) and says `status: 'degraded'` for monitors.
 */
export default async function healthRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  app.get('/health', async (request, reply) => {
    const limiter = deps.rateLimiter;
    const [database, redis] = await Promise.all([
      withinTimeout(() => deps.db.execute(sql`select 1`), 'database').then(
        () => 'ok' as const,
        (error: unknown) => {
          request.log.warn({ reason: describeError(error) }, 'health check failed');
          return 'error' as const;
        },
      ),
      limiter.ping
        ? withinTimeout(() => limiter.ping!(), 'redis').then(
            () => 'ok' as const,
            (error: unknown) => {
              // Debug only: the first refused request logs the outage once (app.ts), and monitors read this answer.
              request.log.debug({ reason: describeError(error) }, 'redis health check failed');
              return 'error' as const;
            },
          )
        : null,
    ]);
    const extra = redis ? { redis } : {};
    if (database === 'error') return reply.code(503).send({ status: 'error', database, ...extra });
    return reply.code(200).send({ status: redis === 'error' ? 'degraded' : 'ok', database, ...extra });
  });
}
