import type { Transporter } from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

type SmtpMailer = Mailer & { close(): void };

/**
 * Sends e-mail through the SMTP server of `SMTP_URL` (e.g. `smtps://user:pass@smtp.example.com:465`
 * or `smtp://127.0.0.1:2525`), as every instance of a scaled deployment does (DECISIONS §8, §12).
 */
export function createSmtpMailer(smtpUrl: string, from: string): SmtpMailer {
  // nodemailer is loaded at the first e-mail, not by every start (issue 15, boot time).
  let transport: Promise<Transporter> | null = null;
  const open = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl)));
  return {
    async send(message: MailMessage): Promise<void> {
      await (await open()).sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
    },
    close() {
      void transport?.then((opened) => opened.close()).catch(() => {});
    },
  };
}
