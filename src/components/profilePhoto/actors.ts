/**
 * The real IO of the profile photo (issue 11 item 13; openapi updateProfilePhoto, deleteProfilePhoto). Both answer the
 * messages to show when they fail (SPEC §8), or none on success; the caller then reads the profile again.
 */
import type { components } from '../../../openapi/schema';
import { api } from '../../api/client';
import { failedCallMessage, generalErrorMessages, thrownCallMessage } from '../../api/errors';
import { profilePhotoTexts as T } from '../../lib/i18n/profilePhoto';

type Answer = { error?: unknown; response: Response };

/** The messages of a failed answer: the server's own (its pt-BR 400 or 413), else SPEC §8's generic one. */
function failureMessages({ error, response }: Answer): string[] {
  if (response.ok) return [];
  const messages = generalErrorMessages(error);
  if (messages.length > 0) return messages;
  if (response.status === 413) return [T.dropzone.tooLarge];
  return [failedCallMessage(response.status)];
}

async function call(send: () => Promise<Answer>): Promise<string[]> {
  try {
    return failureMessages(await send());
  } catch (error) {
    return [thrownCallMessage(error)];
  }
}

/** PUT /project_auth/api/v1/profile_photo/ (multipart `image`). */
export function uploadProfilePhoto(file: File): Promise<string[]> {
  const form = new FormData();
  form.append('image', file, file.name || 'foto');
  // openapi-fetch passes FormData through untouched (the browser sets the multipart boundary).
  const body = form as unknown as components['schemas']['ProfilePhotoForm'];
  return call(() => api.PUT('/project_auth/api/v1/profile_photo/', { body }));
}

/** DELETE /project_auth/api/v1/profile_photo/. */
export function removeProfilePhoto(): Promise<string[]> {
  return call(() => api.DELETE('/project_auth/api/v1/profile_photo/'));
}
