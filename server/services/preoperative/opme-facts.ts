import { and, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { opmeItems } from '../../db/schema/index';

/**
 * How many OPME items of case `surgeryId` have no authorization decided (DECISIONS §15: the OPME approval can be
 * 'aprovada' only while this is 0; a case with no item listed has none). Inside a move or a write, call it with the
 * transaction (`tx`) that locked the case: on PGlite a query on the database handle would wait for it forever.
 */
export async function undecidedOpmeItems(tx: Executor, surgeryId: number): Promise<number> {
  const [row] = await tx
    .select({ undecided: count() })
    .from(opmeItems)
    .where(and(eq(opmeItems.surgeryId, surgeryId), isNull(opmeItems.decision)));
  return row?.undecided ?? 0;
}
