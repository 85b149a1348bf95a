import { createHash } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { oauthTokens, passwordResets, users } from '../../db/schema/index';
import { HttpError } from '../../http/errors';
import type { MailMessage } from '../mail/mailer';
import { escapeHtml } from '../mail/html';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { normaliseEmail } from './invite-service';
import { hashPassword } from './password';
import { passwordWork } from './password-work';
import type { AccountMailDeps } from './service-deps';
import { generateOpaqueToken, hashToken } from './token-service';

/** A link lives 30 minutes and opens once (issue 35 item 1). */
const PASSWORD_RESET_TTL_SECONDS = 30 * 60;

/**
 * Requests for a link: per e-mail address asked for (known or not, under its SHA-256) and per client address, each
 * in its window. Counted before anything else, the same way for an account and for nobody.
 */
const PASSWORD_RESET_LIMITS = {
  windowSeconds: 60 * 60,
  perAccount: 3,
  perAddress: 10,
} as const;

const PASSWORD_RESET_MESSAGES = {
  requested: 'Se houver uma conta com este e-mail, você receberá em instantes um link para criar uma nova senha.',
  tooManyRequests: 'Muitos pedidos de nova senha. Aguarde alguns minutos e tente novamente.',
  invalidLink: 'Este link para criar uma nova senha não vale mais. Peça outro em "Esqueci minha senha".',
  changed: 'Senha alterada com sucesso! Entre com a nova senha.',
  requestSubject: 'Criar uma nova senha',
  changedSubject: 'Sua senha foi alterada',
} as const;

/** A reset link's token as it travels: 43 base64url characters (32 random bytes). */
const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** 429 for too many link requests; `Retry-After` from `retryAfterSeconds`. */
class TooManyResetRequests extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, { error: [PASSWORD_RESET_MESSAGES.tooManyRequests] }, { 'Retry-After': String(retryAfterSeconds) });
  }
}

/** 410: unknown, used, spent or expired link (one answer for all). */
function invalidResetLink(): HttpError {
  return new HttpError(410, { error: [PASSWORD_RESET_MESSAGES.invalidLink] });
}

function message(to: string, subject: string, lines: string[], link?: string): MailMessage {
  const html = lines
    .map((line) => (link && line === link ? `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>` : escapeHtml(line)))
    .map((line) => `<p>${line}</p>`)
    .join('');
  return { to, subject, text: lines.join('\n'), html };
}

const saoPauloTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

type PasswordResetDeps = AccountMailDeps & {
  rateLimiter: RateLimiter;
  /** Where a failed background send is told (the route's logger); the SMTP error itself is never logged verbatim. */
  onMailError?: (error: unknown) => void;
};

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/**
 * 'Esqueci minha senha' (issue 35 item 1, docs/SECURITY.md). Asking for a link answers the same whether the e-mail
 * has an account or not: the same body and status, the same statements up to the answer (the rate-limit counters,
 * the account lookup, a token drawn and hashed, one write), and the e-mail leaves after the answer, so neither the
 * time nor the CPU spent tells. Only the token's SHA-256 is stored; a link opens once, for 30 minutes; setting the
 * new password ends every sign-in of the account (its token families, hence its signed file links) and tells the
 * user by e-mail.
 */
export function createPasswordResetService(deps: PasswordResetDeps) {
  const { db, mailer, rateLimiter, config, now } = deps;
  const sendLater = (mail: MailMessage) => {
    void mailer.send(mail).catch((error: unknown) => deps.onMailError?.(error));
  };

  /** The link row of `token` while it can still be used, with its user. */
  async function usableLink(token: string) {
    if (!RESET_TOKEN_PATTERN.test(token)) return null;
    const [row] = await db
      .select({ id: passwordResets.id, userId: users.id, email: users.email, firstName: users.firstName })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now())));
    return row ?? null;
  }

  return {
    /** Counts the request, and for an account stores a new link (the older ones spent) and e-mails it after the answer. */
    async request(rawEmail: string, address: string): Promise<{ message: string }> {
      const email = normaliseEmail(rawEmail);
      const account = await rateLimiter.hit(`reset:account:${sha256(email)}`, PASSWORD_RESET_LIMITS.windowSeconds);
      const client = await rateLimiter.hit(`reset:address:${address}`, PASSWORD_RESET_LIMITS.windowSeconds);
      const waits = [
        account.count > PASSWORD_RESET_LIMITS.perAccount ? account.resetInSeconds : 0,
        client.count > PASSWORD_RESET_LIMITS.perAddress ? client.resetInSeconds : 0,
      ];
      if (Math.max(...waits) > 0) throw new TooManyResetRequests(Math.max(1, Math.ceil(Math.max(...waits))));

      const [user] = await db
        .select({ id: users.id, email: users.email, firstName: users.firstName })
        .from(users)
        .where(eq(users.email, email));
      const token = generateOpaqueToken();
      const tokenHash = hashToken(token);
      const at = now();
      // One statement either way: for an account it spends the open links (a new one replaces them); for nobody it
      // matches no row. Then the insert, for an account only (a statement of the same size and no row read back).
      await db
        .update(passwordResets)
        .set({ usedAt: at })
        .where(and(eq(passwordResets.userId, user?.id ?? -1), isNull(passwordResets.usedAt)));
      if (user) {
        await db
          .insert(passwordResets)
          .values({ userId: user.id, tokenHash, expiresAt: new Date(at.getTime() + PASSWORD_RESET_TTL_SECONDS * 1000), createdAt: at });
        const link = `${config.publicUrl}/reset-password#${token}`;
        sendLater(
          message(
            user.email,
            PASSWORD_RESET_MESSAGES.requestSubject,
            [
              `Olá, ${user.firstName}!`,
              '',
              `Recebemos um pedido para criar uma nova senha para a sua conta (${user.email}). Para escolher a nova senha, abra o link abaixo:`,
              link,
              '',
              'O link vale por 30 minutos e só pode ser usado uma vez. Se você não pediu uma nova senha, ignore esta mensagem: a sua senha continua a mesma.',
            ],
            link,
          ),
        );
      }
      return { message: PASSWORD_RESET_MESSAGES.requested };
    },

    /** The account a link is for (the page shows it), or 410. */
    async check(token: string): Promise<{ email: string }> {
      const link = await usableLink(token);
      if (!link) throw invalidResetLink();
      return { email: link.email };
    },

    /**
     * Sets the new password through a usable link: the link is spent (only one of two simultaneous uses wins), the
     * hash replaced, every sign-in of the account revoked and its other links spent, in one transaction; then the
     * user is told by e-mail.
     */
    async complete(token: string, newPassword: string): Promise<{ message: string }> {
      const link = await usableLink(token);
      if (!link) throw invalidResetLink();
      const passwordHash = await (deps.passwordWork ?? passwordWork).run(() => hashPassword(newPassword));
      const at = now();
      const done = await db.transaction(async (tx) => {
        const [spent] = await tx
          .update(passwordResets)
          .set({ usedAt: at })
          .where(and(eq(passwordResets.id, link.id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, at)))
          .returning({ id: passwordResets.id });
        if (!spent) return false;
        await tx.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, link.userId));
        await tx
          .update(oauthTokens)
          .set({ revokedAt: at })
          .where(and(eq(oauthTokens.userId, link.userId), isNull(oauthTokens.revokedAt)));
        await tx
          .update(passwordResets)
          .set({ usedAt: at })
          .where(and(eq(passwordResets.userId, link.userId), isNull(passwordResets.usedAt)));
        return true;
      });
      if (!done) throw invalidResetLink();
      // The owner got back in: the failed sign-ins and password checks counted against the account start again.
      await rateLimiter.reset(`signin:account:${sha256(normaliseEmail(link.email))}`).catch(() => {});
      await rateLimiter.reset(`password:user:${link.userId}`).catch(() => {});
      sendLater(
        message(link.email, PASSWORD_RESET_MESSAGES.changedSubject, [
          `Olá, ${link.firstName}!`,
          '',
          `A senha da sua conta (${link.email}) foi alterada em ${saoPauloTime.format(at)} (horário de Brasília), pelo link de "Esqueci minha senha". Todos os acessos abertos com a senha anterior foram encerrados.`,
          '',
          `Se não foi você, peça agora uma nova senha em ${config.publicUrl}/forgot-password e avise o responsável pelo consultório.`,
        ]),
      );
      return { message: PASSWORD_RESET_MESSAGES.changed };
    },
  };
}
