import type { FastifyInstance } from 'fastify';
import type { DigestUnsubscribeInput, DigestUpdateInput } from '../../machines/account/digestSchemas';
import type { AppDeps } from '../deps';
import { validated } from '../http/validation';
import { signedInUser } from '../plugins/authenticate';
import { createDigestService } from '../services/digest/digest-service';

const DIGEST = '/project_auth/api/v1/digest/';

/**
 * The morning digest (issue 39 item 3, docs/DIGEST.md): whether the account wants it (signed in, both roles), and the
 * e-mail's link that stops it without signing in (its token is signed by the server).
 */
export default async function digestRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const digests = createDigestService(deps);

  app.get(DIGEST, { onRequest: app.authenticate }, async (request) => digests.enabled(signedInUser(request).id));

  app.put<{ Body: DigestUpdateInput }>(
    DIGEST,
    { onRequest: app.authenticate, preValidation: validated({ body: (s) => s.digestUpdateSchema }) },
    async (request) => digests.setEnabled(signedInUser(request).id, request.body.enabled),
  );

  app.post<{ Body: DigestUnsubscribeInput }>(
    `${DIGEST}unsubscribe/`,
    { preValidation: validated({ body: (s) => s.digestUnsubscribeSchema }) },
    async (request, reply) => {
      reply.header('Referrer-Policy', 'no-referrer');
      return digests.unsubscribe(request.body.token);
    },
  );
}
