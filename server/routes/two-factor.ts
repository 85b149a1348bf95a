import type { FastifyInstance } from 'fastify';
import type { TwoFactorConfirmInput, TwoFactorDisableInput, TwoFactorSecretariesInput } from '../../machines/account/twoFactorSchemas';
import type { AppDeps } from '../deps';
import { validated, type SchemaPick } from '../http/validation';
import { createTwoFactorService, TWO_FACTOR_MESSAGES } from '../services/auth/two-factor-service';
import { signedInUser } from '../plugins/authenticate';

/**
 * The signed-in user's two-factor sign-in (issue 35 item 3; docs/SECURITY.md "Two-factor sign-in"): its state, an
 * enrolment (QR code, then a code to confirm it, then ten recovery codes shown once), disabling it with the
 * password and a code, and the medic's requirement for his secretaries. The sign-in's second step is the token
 * endpoint's (routes/auth.ts).
 */
export default async function twoFactorRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const twoFactor = createTwoFactorService(deps);
  const sends = (body: SchemaPick) => ({ onRequest: app.authenticate, preValidation: validated({ body }) });

  app.get('/project_auth/api/v1/two_factor/', { onRequest: app.authenticate }, async (request) =>
    twoFactor.status(signedInUser(request).id, signedInUser(request).type),
  );

  app.post('/project_auth/api/v1/two_factor/setup/', { onRequest: app.authenticate }, async (request) => twoFactor.begin(signedInUser(request).id));

  app.post<{ Body: TwoFactorConfirmInput }>('/project_auth/api/v1/two_factor/confirm/', sends((s) => s.twoFactorConfirmSchema), async (request) => ({
    recovery_codes: await twoFactor.confirm(signedInUser(request).id, request.body.otp),
  }));

  app.post<{ Body: TwoFactorDisableInput }>('/project_auth/api/v1/two_factor/disable/', sends((s) => s.twoFactorDisableSchema), async (request) => {
    await twoFactor.disable(signedInUser(request).id, signedInUser(request).type, request.body.password, request.body.otp);
    return { message: TWO_FACTOR_MESSAGES.disabled };
  });

  app.put<{ Body: TwoFactorSecretariesInput }>(
    '/project_auth/api/v1/two_factor/secretaries/',
    { onRequest: app.requireRole('medic'), preValidation: validated({ body: (s) => s.twoFactorSecretariesSchema }) },
    async (request) => {
      await twoFactor.setSecretariesRequired(signedInUser(request).id, request.body.required);
      return twoFactor.status(signedInUser(request).id, 'medic');
    },
  );
}
