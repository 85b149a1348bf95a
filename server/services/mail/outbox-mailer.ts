import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

/** The little a mailer needs of a (pino) logger. */
export type MailLogger = { info(details: Record<string, unknown>, message: string): void };

const LINK_PATTERN = /https?:\/\/[^\s<>"')]+/g;

/** The http(s) links of a text, in order, without duplicates or the punctuation that ends a sentence. */
export function findLinks(text: string): string[] {
  return [...new Set((text.match(LINK_PATTERN) ?? []).map((link) => link.replace(/[.,;:!?]+$/, '')))];
}

/**
 * With no SMTP configured (the embedded default), each message is built as a complete RFC 822 message
 * and kept as `<dir>/<iso-time>-<random>.eml` (openable by any mail client); the log line names the
 * file and the links of the text, so a local user can still complete an invite (DECISIONS §8).
 */
export function createOutboxMailer(options: { dir: string; from: string; logger: MailLogger }): Mailer {
  // nodemailer is loaded at the first e-mail, not by every start (issue 15, boot time).
  let transport: Promise<Transporter> | null = null;
  const open = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  return {
    async send(message: MailMessage): Promise<void> {
      const info = await (await open()).sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
      await mkdir(options.dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const path = join(options.dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      // Written under a temporary name first, so a reader never sees half a message.
      const temp = `${path}.tmp`;
      await writeFile(temp, info.message as Buffer, { mode: 0o600 });
      await rename(temp, path);
      options.logger.info({ outboxFile: path, links: findLinks(message.text) }, 'E-mail gravado na caixa de saída');
    },
  };
}
