import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

/**
 * The surgery lifecycle's writes and reads (SPEC §4, §7; DECISIONS §4): update/{id}/, archive_surgery/{id}/,
 * cancel_surgery/{id}/ and approvals/{id}/. Every move goes through services/surgeries/lifecycle-moves.ts.
 */
export default async function lifecycleRoutes(_app: FastifyInstance, _options: { deps: AppDeps }): Promise<void> {}
