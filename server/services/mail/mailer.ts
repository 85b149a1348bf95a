export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
};

/** Sends e-mail: over SMTP when SMTP_URL is set, otherwise into the outbox folder (DECISIONS §8). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
