import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../db/schema/index';
import type { AppDeps } from '../deps';
import { unauthorized } from '../http/errors';
import { validated } from '../http/validation';
import type { SettingsUpdateInput } from '../services/auth/account-service';
import { createDeviceService } from '../services/auth/device-service';
import { createPasswordResetService } from '../services/auth/password-reset';
import { createProfilePhotoService } from '../services/auth/profile-photo';
import { signedInUser } from '../plugins/authenticate';

/**
 * The account's security (issue 35, docs/SECURITY.md): 'Esqueci minha senha' (public), the user's own name for both
 * roles ('Minha conta' of the secretary; the medic keeps settings/), and the signed-in devices.
 */
export default async function accountSecurityRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const resets = createPasswordResetService({
    ...deps,
    onMailError: () => app.log.warn('password reset e-mail not sent'),
  });
  const devices = createDeviceService(deps);
  const photos = createProfilePhotoService(deps);
  const signedIn = { onRequest: app.authenticate };

  app.post<{ Body: { email: string } }>(
    '/project_auth/api/v1/password_reset/',
    { preValidation: validated({ body: (s) => s.passwordResetRequestSchema }) },
    async (request) => resets.request(request.body.email, request.ip),
  );

  app.get<{ Params: { token: string } }>('/project_auth/api/v1/password_reset/:token', async (request, reply) => {
    reply.header('Referrer-Policy', 'no-referrer');
    return resets.check(request.params.token);
  });

  app.post<{ Params: { token: string }; Body: { new_password: string } }>(
    '/project_auth/api/v1/password_reset/:token',
    { preValidation: validated({ body: (s) => s.passwordResetSchema }) },
    async (request) => resets.complete(request.params.token, request.body.new_password),
  );

  /** The user's own account (openapi OwnAccount). */
  async function ownAccount(userId: number) {
    const [user] = await deps.db
      .select({
        type: users.type,
        firstName: users.firstName,
        lastName: users.lastName,
        nickname: users.nickname,
        email: users.email,
        imageKey: users.imageKey,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw unauthorized();
    return {
      type: user.type,
      first_name: user.firstName,
      last_name: user.lastName,
      nickname: user.nickname,
      email: user.email,
      image: await photos.link(userId, user.imageKey),
    };
  }

  app.get('/project_auth/api/v1/account/', signedIn, async (request) => ownAccount(signedInUser(request).id));

  app.put<{ Body: SettingsUpdateInput }>(
    '/project_auth/api/v1/account/',
    { onRequest: app.authenticate, preValidation: validated({ body: (s) => s.settingsUpdateSchema }) },
    async (request) => {
      const update = request.body;
      const userId = signedInUser(request).id;
      await deps.db
        .update(users)
        .set({
          ...(update.first_name !== undefined && update.last_name !== undefined
            ? { firstName: update.first_name, lastName: update.last_name }
            : {}),
          ...(update.nickname !== undefined ? { nickname: update.nickname } : {}),
          updatedAt: deps.now(),
        })
        .where(and(eq(users.id, userId)));
      return ownAccount(userId);
    },
  );

  app.get('/project_auth/api/v1/devices/', signedIn, async (request) => ({
    results: await devices.list(signedInUser(request).id, request.tokenFamily),
  }));

  app.delete('/project_auth/api/v1/devices/others/', signedIn, async (request, reply) => {
    await devices.endOthers(signedInUser(request).id, request.tokenFamily!);
    return reply.code(204).send();
  });

  app.delete<{ Params: { id: string } }>('/project_auth/api/v1/devices/:id/', signedIn, async (request, reply) => {
    await devices.end(signedInUser(request).id, request.params.id);
    return reply.code(204).send();
  });
}
