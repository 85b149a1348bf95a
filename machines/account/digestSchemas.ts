import { type } from 'arktype';
import { anyBoolean } from '../validation/fields';

/** The morning digest's bodies (issue 39 item 3; openapi updateDigest, unsubscribeDigest). */
const DIGEST_MESSAGES = {
  enabledMissing: 'Informe se o resumo diário deve ser enviado (enabled).',
  tokenMissing: 'Este link para cancelar o resumo diário não é válido.',
} as const;

/** PUT /project_auth/api/v1/digest/. */
export const digestUpdateSchema = type({ enabled: anyBoolean.configure({ missing: DIGEST_MESSAGES.enabledMissing }) });

/** POST /project_auth/api/v1/digest/unsubscribe/: the token of the e-mail's link (checked by the service). */
export const digestUnsubscribeSchema = type({
  token: type('string').configure({ message: DIGEST_MESSAGES.tokenMissing, missing: DIGEST_MESSAGES.tokenMissing }),
});

export type DigestUpdateInput = typeof digestUpdateSchema.infer;
export type DigestUnsubscribeInput = typeof digestUnsubscribeSchema.infer;
