import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { specialties } from '../db/schema/index';
import type { AppDeps } from '../deps';
import { badRequest, forbidden, HttpError, notFound, payloadTooLarge, unauthorized } from '../http/errors';
import { pathId } from '../http/path-id';
import { validated, type SchemaPick } from '../http/validation';
import { bearerToken, signedInUser } from '../plugins/authenticate';
import {
  ACCOUNT_MESSAGES,
  createAccountService,
  TooManyInvites,
  TooManyPasswordAttempts,
  type ChangePasswordInput,
  type CreateSecretaryInput,
  type SettingsUpdateInput,
} from '../services/auth/account-service';
import { INVITE_MESSAGES } from '../services/auth/invite-service';
import { createProfilePhotoService, PHOTO_VERSION, profilePhotoPath } from '../services/auth/profile-photo';
import { MAX_PHOTO_BYTES } from '../services/files/file-type';
import { PHOTO_MESSAGES } from '../services/files/photo';
import { INVALID_LINK_MESSAGE, secondsLeft } from '../services/files/signed-links';
import {
  createUserService,
  SIGNUP_LIMITS,
  SIGNUP_MESSAGES,
  type DoctorSignupInput,
  type SecretarySignupInput,
} from '../services/auth/user-service';
import { createLookupService } from '../services/lookups/lookup-service';

const INVALID_DATA = 'Dados inválidos.';

const ptBrCollator = new Intl.Collator('pt-BR', { sensitivity: 'base' });

/** Invite tokens are 43 base64url characters; anything far from that is not worth a query. */
function inviteToken(raw: string): string {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(raw)) throw notFound(INVITE_MESSAGES.notFound);
  return raw;
}

/**
 * Reads the profile photo form (multipart/form-data with one `image` file, openapi ProfilePhotoForm). Every part is
 * read to the end, so the client is not cut off mid-upload. Not multipart, no file, another or a repeated part: 400;
 * a file over 5 MB: 413.
 */
async function readProfilePhoto(request: FastifyRequest): Promise<Buffer> {
  const invalid = () => badRequest([INVALID_DATA]);
  const noImage = () => badRequest([PHOTO_MESSAGES.type], { image: [PHOTO_MESSAGES.type] });
  if (!request.isMultipart()) throw invalid();
  let photo: Buffer | null = null;
  let problem: HttpError | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_PHOTO_BYTES, fieldSize: 1024, parts: 5 } })) {
      if (part.type === 'file' && part.fieldname === 'image' && !photo) {
        photo = await part.toBuffer();
      } else {
        if (part.type === 'file') for await (const chunk of part.file) void chunk; // read to the end, discarded
        problem ??= part.fieldname === 'image' && part.type !== 'file' ? noImage() : invalid();
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if ((error as { code?: unknown })?.code === 'FST_REQ_FILE_TOO_LARGE') throw payloadTooLarge(PHOTO_MESSAGES.tooLarge);
    throw invalid();
  }
  if (problem) throw problem;
  if (!photo || photo.length === 0) throw noImage();
  return photo;
}

/**
 * Profile, the medics list, specialties, doctor signup, secretary signup by invite, and the account
 * (settings, password, the medic's secretaries) (SPEC §7, ARCHITECTURE "Project auth"). Thin: the
 * rules live in services/auth. Settings and secretaries are the medic's (a secretary gets 403).
 */
export default async function projectAuthRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const accounts = createUserService(deps);
  const account = createAccountService(deps);
  const lookups = createLookupService(deps);
  const photos = createProfilePhotoService(deps);
  const medicOnly = { onRequest: app.requireRole('medic') };
  const signedIn = { onRequest: app.authenticate };

  app.get('/project_auth/profile/', { onRequest: app.authenticate }, async (request) => {
    const profile = request.user ? await accounts.getProfile(request.user.id) : null;
    if (!profile) throw unauthorized();
    return profile;
  });

  // The user's own photo, both roles (issue 11 item 13): replace, remove, and serve it behind a signed link.
  app.put('/project_auth/api/v1/profile_photo/', signedIn, async (request) => {
    const userId = signedInUser(request).id;
    const key = await photos.replace(userId, await readProfilePhoto(request));
    return { image: await photos.link(userId, key) };
  });

  app.delete('/project_auth/api/v1/profile_photo/', signedIn, async (request, reply) => {
    await photos.remove(signedInUser(request).id);
    return reply.code(204).send();
  });

  app.get<{ Params: { userId: string; version: string }; Querystring: Record<string, unknown> }>(
    '/project_auth/api/v1/profile_photo/:userId/:version/',
    async (request, reply) => {
      const userId = pathId(request.params.userId);
      const { version } = request.params;
      // The link is the authorization (as a patient's photo): its signature and live sign-in first.
      const valid = userId !== null && PHOTO_VERSION.test(version);
      const viewer = valid ? await photos.signer.verify(profilePhotoPath(userId, version), request.query) : null;
      if (!viewer) throw forbidden(INVALID_LINK_MESSAGE);
      // Only the owner sees a profile photo; anyone else's is "not found", as is a replaced or removed one.
      const photo = viewer.id === userId ? await photos.photo(userId, version) : null;
      if (!photo) throw notFound(PHOTO_MESSAGES.notFound);
      return reply
        .header('cache-control', `private, max-age=${secondsLeft(String(request.query.expires), deps.now())}`)
        .type(photo.contentType)
        .send(photo.data);
    },
  );

  app.get('/project_auth/api/v1/list_medic/', { onRequest: app.authenticate }, async (request) => {
    return { results: await lookups.medicsFor(signedInUser(request)) };
  });

  app.get('/project_auth/api/v1/list_specialty/', async () => {
    const rows = await deps.db.select({ id: specialties.id, name: specialties.name }).from(specialties);
    rows.sort((a, b) => ptBrCollator.compare(a.name, b.name));
    return { results: rows.map((row) => ({ id: row.id, nome_fantasia: row.name })) };
  });

  // Counted before the body is read, so refused and malformed attempts count too (one atomic hit).
  async function countSignupAttempt(request: FastifyRequest, reply: FastifyReply) {
    const attempts = await deps.rateLimiter.hit(`signup:address:${request.ip}`, SIGNUP_LIMITS.windowSeconds);
    if (attempts.count <= SIGNUP_LIMITS.perAddress) return;
    reply.header('Retry-After', String(Math.max(1, attempts.resetInSeconds)));
    return reply.code(429).send({ error: [SIGNUP_MESSAGES.tooManySignups] });
  }

  app.post<{ Body: DoctorSignupInput }>(
    '/project_auth/api/v1/cadastro/',
    { preValidation: [countSignupAttempt, validated({ body: (s) => s.doctorSignupSchema })] },
    async (request, reply) => {
      const { id } = await accounts.signupMedic(request.body);
      return reply.code(201).send({ id, message: SIGNUP_MESSAGES.success });
    },
  );

  app.get<{ Params: { token: string } }>('/project_auth/api/v1/secretaria_convite/:token', async (request) => {
    const invite = await accounts.invites.getInvite(inviteToken(request.params.token));
    return {
      email: invite.email,
      first_name: invite.firstName,
      last_name: invite.lastName,
      medic: { first_name: invite.medic.firstName, last_name: invite.medic.lastName },
      existing_account: invite.existingAccount,
    };
  });

  app.post<{ Params: { token: string }; Body: SecretarySignupInput }>(
    '/project_auth/api/v1/secretaria_convite/:token',
    { preValidation: validated({ body: (s) => s.secretarySignupSchema }) },
    async (request, reply) => {
      const { id } = await accounts.signupSecretary(inviteToken(request.params.token), request.body);
      return reply.code(201).send({ id, message: SIGNUP_MESSAGES.success });
    },
  );

  app.get('/project_auth/api/v1/settings/', medicOnly, async (request) => {
    const settings = await account.getSettings(signedInUser(request).id);
    if (!settings) throw unauthorized();
    return settings;
  });

  app.get('/project_auth/api/v1/getting_started/', medicOnly, async (request) => account.gettingStarted(signedInUser(request).id));

  const medicSends = (body: SchemaPick) => ({ onRequest: app.requireRole('medic'), preValidation: validated({ body }) });

  app.put<{ Body: SettingsUpdateInput }>('/project_auth/api/v1/settings/', medicSends((s) => s.settingsUpdateSchema), async (request) => {
    const settings = await account.updateSettings(signedInUser(request).id, request.body);
    if (!settings) throw unauthorized();
    return settings;
  });

  app.post<{ Body: ChangePasswordInput }>(
    '/project_auth/api/v1/change_password/',
    { onRequest: app.authenticate, preValidation: validated({ body: (s) => s.changePasswordSchema }) },
    async (request, reply) => {
      try {
        // The bearer token is present (authenticate passed): its sign-in is the one kept.
        return await account.changePassword(signedInUser(request).id, request.body, bearerToken(request) ?? '');
      } catch (error) {
        if (!(error instanceof TooManyPasswordAttempts)) throw error;
        return reply.code(429).header('Retry-After', String(error.retryAfterSeconds)).send(error.body);
      }
    },
  );

  app.post<{ Body: CreateSecretaryInput }>(
    '/project_auth/api/v1/create_secretary/',
    medicSends((s) => s.createSecretarySchema),
    async (request, reply) => {
      try {
        return reply.code(201).send(await account.createSecretary(signedInUser(request).id, request.body));
      } catch (error) {
        if (!(error instanceof TooManyInvites)) throw error;
        return reply.code(429).header('Retry-After', String(error.retryAfterSeconds)).send(error.body);
      }
    },
  );

  app.post<{ Params: { id: string } }>('/project_auth/api/v1/resend_invite/:id', medicOnly, async (request, reply) => {
    const id = pathId(request.params.id);
    if (id === null) throw notFound(ACCOUNT_MESSAGES.inviteNotFound);
    try {
      return await account.resendInvite(signedInUser(request).id, id);
    } catch (error) {
      if (!(error instanceof TooManyInvites)) throw error;
      return reply.code(429).header('Retry-After', String(error.retryAfterSeconds)).send(error.body);
    }
  });

  app.delete<{ Params: { id: string } }>('/project_auth/api/v1/cancel_invite/:id', medicOnly, async (request, reply) => {
    const id = pathId(request.params.id);
    if (id === null) throw notFound(ACCOUNT_MESSAGES.inviteNotFound);
    await account.cancelInvite(signedInUser(request).id, id);
    return reply.code(204).send();
  });

  app.delete<{ Params: { id: string } }>('/project_auth/api/v1/remove_secretary/:id', medicOnly, async (request, reply) => {
    const id = pathId(request.params.id);
    const removed = id !== null && (await account.removeSecretary(signedInUser(request).id, id));
    if (!removed) throw notFound(ACCOUNT_MESSAGES.secretaryNotFound);
    return reply.code(204).send();
  });
}
