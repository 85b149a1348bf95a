import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { createDeviceService } from '../services/auth/device-service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Notes the request's sign-in as used now (a `tokenCheckedByRoute` route calls it once it knows the user). */
    noteDeviceActivity(request: FastifyRequest): Promise<void>;
  }
}

/**
 * Notes, for the devices list (issue 35 item 4), which browser each sign-in is used from and when: after the
 * authenticate plugin has resolved the bearer token, at most once per sign-in every few minutes (device-service.ts).
 * Registered after the authenticate plugin, so its hook runs after authenticate's.
 */
async function deviceActivity(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const devices = createDeviceService(deps);
  const noteDeviceActivity = async (request: FastifyRequest) => {
    if (!request.user || !request.tokenFamily) return;
    await devices.touch(request.tokenFamily, request.user.id, request.headers['user-agent']);
  };
  app.decorate('noteDeviceActivity', noteDeviceActivity);
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.user || !request.tokenFamily) return done();
    noteDeviceActivity(request).then(() => done(), done);
  });
}

export default fp(deviceActivity, { name: 'device-activity', fastify: '5.x', dependencies: ['authenticate'] });
