import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { medicSecretaries } from '../../db/schema/index';
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
