import { ACCOUNT_FIELD_MESSAGES } from '../../../machines/account/fieldMessages';
import { isWellFormedEmail } from '../../../machines/rules/account';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { invites, medicSecretaries, users, type InviteRow } from '../../db/schema/index';
import { badRequest, gone, notFound } from '../../http/errors';
import type { Mailer } from '../mail/mailer';
import { escapeHtml } from '../mail/html';
import { generateOpaqueToken, hashToken } from './token-service';

/** Invites are valid for seven days (DECISIONS §2). */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const INVITE_MESSAGES = {
  notFound: 'Convite não encontrado.',
  used: 'Este convite já foi utilizado.',
  expired: 'Este convite expirou. Peça um novo convite ao médico.',
  /** The callers' schemas already refuse it; the service keeps its own guard. */
  invalidEmail: ACCOUNT_FIELD_MESSAGES.emailInvalid,
  medicEmail: 'Este e-mail pertence a uma conta de médico e não pode ser usado por uma secretária.',
  alreadyLinked: 'Esta secretária já está vinculada a você.',
  unknownMedic: 'Médico não encontrado.',
} as const;

/**
 * An invite e-mail that could not be sent. It carries only the transport's error code: an SMTP
 * server's reply quotes the recipient's address, and the error handler logs what it is given.
 */
export class InviteDeliveryError extends Error {
  readonly code: string | undefined;
  constructor(cause: unknown) {
    super('The invite e-mail could not be sent');
    this.name = 'InviteDeliveryError';
    const code = (cause as { code?: unknown } | null)?.code;
    this.code = typeof code === 'string' ? code : undefined;
  }
}

/** E-mails are compared and stored trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

type InviteServiceDeps = { db: Database; mailer: Mailer; config: Pick<Config, 'publicUrl'>; now: () => Date };

type NewInvite = { medicId: number; email: string; firstName?: string; lastName?: string };

type InviteInfo = {
  email: string;
  firstName: string;
  lastName: string;
  medic: { id: number; firstName: string; lastName: string };
  /** The invited e-mail already has a secretary account: accepting only asks for its password. */
  existingAccount: boolean;
};

function inviteMessage(to: string, firstName: string, medic: { firstName: string; lastName: string }, link: string) {
  const greeting = firstName ? `Olá, ${firstName}!` : 'Olá!';
  const medicName = `${medic.firstName} ${medic.lastName}`.trim();
  const lines = [
    greeting,
    '',
    `O(a) Dr(a). ${medicName} convidou você para acompanhar a agenda cirúrgica dele(a) como secretário(a).`,
    '',
    'Para aceitar o convite, abra o link abaixo e conclua o seu cadastro:',
    link,
    '',
    'O link vale por 7 dias e só pode ser usado uma vez. Se você não esperava este convite, ignore esta mensagem.',
  ];
  const html = lines
    .map((line) => (line === link ? `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>` : escapeHtml(line)))
    .map((line) => `<p>${line}</p>`)
    .join('');
  return {
    to,
    subject: `Convite para acessar a agenda cirúrgica do(a) Dr(a). ${medic.firstName}`,
    text: lines.join('\n'),
    html,
  };
}

/**
 * Secretary invites (DECISIONS §2): a random token (256 bits) e-mailed as a link to
 * `/signup-secretary/{token}`, stored only as its SHA-256, single-use, valid seven days.
 */
export function createInviteService({ db, mailer, config, now }: InviteServiceDeps) {
  async function insertAndSend(executor: Executor, input: NewInvite): Promise<{ id: number; token: string; expiresAt: Date }> {
    const email = normaliseEmail(input.email);
    const firstName = (input.firstName ?? '').trim();
    const lastName = (input.lastName ?? '').trim();
    if (!isWellFormedEmail(email)) throw badRequest([INVITE_MESSAGES.invalidEmail]);

    const [medic] = await executor
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(and(eq(users.id, input.medicId), eq(users.type, 'medic')));
    if (!medic) throw notFound(INVITE_MESSAGES.unknownMedic);

    const [invitee] = await executor.select({ id: users.id, type: users.type }).from(users).where(eq(users.email, email));
    if (invitee?.type === 'medic') throw badRequest([INVITE_MESSAGES.medicEmail]);
    if (invitee) {
      const [link] = await executor
        .select({ medicId: medicSecretaries.medicId })
        .from(medicSecretaries)
        .where(and(eq(medicSecretaries.medicId, input.medicId), eq(medicSecretaries.secretaryId, invitee.id)));
      if (link) throw badRequest([INVITE_MESSAGES.alreadyLinked]);
    }

    // A new invite to the same address replaces the medic's pending one: its link stops working (issue 11).
    await executor
      .delete(invites)
      .where(and(eq(invites.medicId, input.medicId), eq(invites.email, email), isNull(invites.acceptedAt)));
    const token = generateOpaqueToken();
    const at = now();
    const expiresAt = new Date(at.getTime() + INVITE_TTL_MS);
    const [row] = await executor
      .insert(invites)
      .values({ medicId: input.medicId, email, firstName, lastName, tokenHash: hashToken(token), expiresAt, createdAt: at })
      .returning({ id: invites.id });
    await send(email, firstName, medic, token);
    return { id: row!.id, token, expiresAt };
  }

  /** E-mails the link of `token`. Called before the transaction commits: a failed send rolls the invite back. */
  async function send(email: string, firstName: string, medic: { firstName: string; lastName: string }, token: string) {
    const link = `${config.publicUrl}/signup-secretary/${encodeURIComponent(token)}`;
    await mailer.send(inviteMessage(email, firstName, medic, link)).catch((error: unknown) => {
      throw new InviteDeliveryError(error);
    });
  }

  /**
   * Gives the medic's pending invite `id` a new token and validity and e-mails the new link; the old link stops
   * working. Null when the invite is not this medic's or was already accepted.
   */
  async function resendInTransaction(executor: Executor, medicId: number, id: number): Promise<{ email: string } | null> {
    const [medic] = await executor
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(and(eq(users.id, medicId), eq(users.type, 'medic')));
    if (!medic) return null;
    const token = generateOpaqueToken();
    const at = now();
    const [row] = await executor
      .update(invites)
      .set({ tokenHash: hashToken(token), expiresAt: new Date(at.getTime() + INVITE_TTL_MS), createdAt: at })
      .where(and(eq(invites.id, id), eq(invites.medicId, medicId), isNull(invites.acceptedAt)))
      .returning({ email: invites.email, firstName: invites.firstName });
    if (!row) return null;
    await send(row.email, row.firstName, medic, token);
    return { email: row.email };
  }

  /** The invite a token names, or 404 / 410 (used, then expired) with the pt-BR messages. */
  async function findUsableInvite(executor: Executor, token: string): Promise<InviteRow> {
    if (!token) throw notFound(INVITE_MESSAGES.notFound);
    const [invite] = await executor.select().from(invites).where(eq(invites.tokenHash, hashToken(token)));
    if (!invite) throw notFound(INVITE_MESSAGES.notFound);
    if (invite.acceptedAt) throw gone(INVITE_MESSAGES.used);
    if (invite.expiresAt.getTime() <= now().getTime()) throw gone(INVITE_MESSAGES.expired);
    return invite;
  }

  return {
    /**
     * Stores an invite and e-mails its link. Runs inside `executor` when given (the doctor signup's
     * transaction), else in its own transaction. 400 for a malformed e-mail, an e-mail of a medic, or
     * a secretary already linked to this medic; 404 when `medicId` is not a medic.
     */
    async createInvite(input: NewInvite, executor?: Executor): Promise<{ id: number; token: string; expiresAt: Date }> {
      if (executor) return insertAndSend(executor, input);
      return db.transaction((tx) => insertAndSend(tx, input));
    },

    findUsableInvite,

    /** See resendInTransaction; runs in its own transaction. */
    async resendInvite(medicId: number, id: number): Promise<{ email: string } | null> {
      return db.transaction((tx) => resendInTransaction(tx, medicId, id));
    },

    /** The medic's pending (not accepted) invite `id`, or null (another medic's, accepted, unknown). */
    async pendingInvite(medicId: number, id: number): Promise<{ email: string } | null> {
      const [row] = await db
        .select({ email: invites.email })
        .from(invites)
        .where(and(eq(invites.id, id), eq(invites.medicId, medicId), isNull(invites.acceptedAt)));
      return row ?? null;
    },

    /** Deletes the medic's pending invite `id` (its link then answers 404); false when there is none. */
    async cancelInvite(medicId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(invites)
        .where(and(eq(invites.id, id), eq(invites.medicId, medicId), isNull(invites.acceptedAt)))
        .returning({ id: invites.id });
      return rows.length > 0;
    },

    /** What the invite page shows before the signup (404 unknown, 410 used or expired). */
    async getInvite(token: string): Promise<InviteInfo> {
      const invite = await findUsableInvite(db, token);
      const [medic] = await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, invite.medicId));
      if (!medic) throw notFound(INVITE_MESSAGES.notFound);
      const [account] = await db.select({ type: users.type }).from(users).where(eq(users.email, invite.email));
      return {
        email: invite.email,
        firstName: invite.firstName,
        lastName: invite.lastName,
        medic,
        existingAccount: account?.type === 'secretary',
      };
    },

    /**
     * Accepts an invite inside the caller's transaction: a conditional UPDATE marks it accepted first,
     * so of two concurrent signups with one token exactly one goes on (the other gets 410); then
     * `resolveUserId` creates or finds the secretary account, which is recorded and linked to the
     * medic. A later error in the transaction rolls the acceptance back with everything else.
     */
    async acceptInvite(executor: Executor, invite: InviteRow, resolveUserId: () => Promise<number>): Promise<number> {
      const at = now();
      const [claimed] = await executor
        .update(invites)
        .set({ acceptedAt: at })
        .where(and(eq(invites.id, invite.id), isNull(invites.acceptedAt), gt(invites.expiresAt, at)))
        .returning({ id: invites.id });
      if (!claimed) {
        throw gone(invite.expiresAt.getTime() <= at.getTime() ? INVITE_MESSAGES.expired : INVITE_MESSAGES.used);
      }
      const userId = await resolveUserId();
      await executor.update(invites).set({ acceptedBy: userId }).where(eq(invites.id, invite.id));
      // Any other pending invite of this medic to the same address is settled too.
      await executor
        .delete(invites)
        .where(
          and(
            eq(invites.medicId, invite.medicId),
            eq(invites.email, invite.email),
            isNull(invites.acceptedAt),
            ne(invites.id, invite.id),
          ),
        );
      await executor
        .insert(medicSecretaries)
        .values({ medicId: invite.medicId, secretaryId: userId, createdAt: at })
        .onConflictDoNothing();
      return userId;
    },
  };
}
