import { join } from 'node:path';
import type { Config } from '../../config';
import type { Mailer } from './mailer';
import { createOutboxMailer, type MailLogger } from './outbox-mailer';
import { createSmtpMailer } from './smtp-mailer';

/** SMTP when `SMTP_URL` is set, otherwise the outbox folder `<DATA_DIR>/outbox` (DECISIONS §8). */
export function createMailer(config: Config, logger: MailLogger): Mailer & { close?(): void } {
  if (config.smtpUrl) return createSmtpMailer(config.smtpUrl, config.mailFrom);
  return createOutboxMailer({ dir: join(config.dataDir, 'outbox'), from: config.mailFrom, logger });
}
