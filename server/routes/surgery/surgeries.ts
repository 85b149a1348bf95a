import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

export default async function surgeryRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  void app;
  void deps;
}
