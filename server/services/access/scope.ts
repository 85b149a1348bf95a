import { and, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Executor, Transaction } from '../../db/client';
import { executeIn } from '../../db/prepared';
import { medicSecretaries, surgeries, users, type SurgeryRow } from '../../db/schema/index';
import type { AuthUser } from '../../plugins/authenticate';

/**
 * The medics whose patients and surgeries `user` may see and edit (DECISIONS §2): a medic only
 * themself; a secretary the medics she is linked to (possibly none). Every patient and surgery
 * query filters by this list; a record outside it answers 404, never 403.
 */
export async function visibleMedicIds(db: Executor, user: Pick<AuthUser, 'id' | 'type'>): Promise<number[]> {
  if (user.type === 'medic') return [user.id];
  const rows = await db
    .select({ medicId: medicSecretaries.medicId })
    .from(medicSecretaries)
    .where(eq(medicSecretaries.secretaryId, user.id));
  return rows.map((row) => row.medicId);
}

/**
 * Whether `userId` is a secretary linked to no medic (item 33.19: a removed secretary): her sign-in is over, and the
 * refresh of one of her revoked tokens says why.
 */
export async function isUnlinkedSecretary(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ type: users.type, links: sql<number>`(select count(*)::int from ${medicSecretaries} where ${medicSecretaries.secretaryId} = ${users.id})` })
    .from(users)
    .where(eq(users.id, userId));
  return row?.type === 'secretary' && Number(row.links) === 0;
}

/**
 * The scope of a user of `role` as a condition on a `medic_id` column, for reads that must be one statement: the
 * medic's own id, or a subquery of the secretary's links (no separate round trip). `userId` is a value or a prepared
 * statement's placeholder.
 */
export function medicScopeCondition(db: Executor, medicId: AnyPgColumn, role: AuthUser['type'], userId: number | Placeholder): SQL {
  if (role === 'medic') return eq(medicId, userId);
  const linked = db
    .select({ medicId: medicSecretaries.medicId })
    .from(medicSecretaries)
    .where(eq(medicSecretaries.secretaryId, userId));
  return inArray(medicId, linked);
}

/** The same scope as a condition on `surgeries.medic_id`. */
export function visibleSurgeriesCondition(db: Executor, user: Pick<AuthUser, 'id' | 'type'>): SQL {
  return medicScopeCondition(db, surgeries.medicId, user.type, user.id);
}

/**
 * The WHERE of "surgery `id`, if `user` may see it" (one of their medics' cases), or null when the user sees no medic
 * at all (nothing can match). Every read or write of one case starts from it.
 */
export async function visibleSurgery(db: Executor, user: Pick<AuthUser, 'id' | 'type'>, id: number): Promise<SQL | null> {
  const medicIds = await visibleMedicIds(db, user);
  return medicIds.length === 0 ? null : (and(eq(surgeries.id, id), inArray(surgeries.medicId, medicIds)) ?? null);
}

/**
 * The stored row of surgery `id` if `user` may see it, or null (missing, or another tenant's). With `lock`, inside a
 * transaction, the row stays locked (`SELECT … FOR UPDATE`) until it ends: every write on one case starts here, so
 * two writes on the same case are serialized.
 */
export async function visibleSurgeryRow(
  db: Executor,
  user: Pick<AuthUser, 'id' | 'type'>,
  id: number,
  { lock = false }: { lock?: boolean } = {},
): Promise<SurgeryRow | null> {
  const visible = await visibleSurgery(db, user, id);
  if (!visible) return null;
  const query = db.select().from(surgeries).where(visible);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * visibleSurgeryRow with `lock`, for `db`'s transactions: one statement per role (the scope written into it, as
 * medicScopeCondition does), prepared once per database handle and run on the transaction's connection (executeIn).
 * Every lifecycle move starts with this read.
 */
export function lockedSurgeryRowReader(db: Database) {
  const statement = (role: AuthUser['type']) =>
    db
      .select()
      .from(surgeries)
      .where(and(eq(surgeries.id, sql.placeholder('id')), medicScopeCondition(db, surgeries.medicId, role, sql.placeholder('userId'))))
      .for('update')
      .prepare(`surgery_locked_of_${role}`);
  const byRole = { medic: statement('medic'), secretary: statement('secretary') };
  return async (tx: Transaction, user: Pick<AuthUser, 'id' | 'type'>, id: number): Promise<SurgeryRow | null> => {
    const [row] = await executeIn(tx, byRole[user.type], { id, userId: user.id });
    return row ?? null;
  };
}
