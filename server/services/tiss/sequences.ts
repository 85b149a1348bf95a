import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { tissSequences } from '../../db/schema/index';

type SequenceKind = 'guia' | 'lote' | 'transacao' | 'recurso';

/**
 * The next running number of `kind` for `medicId` (lots: per plan, `scope` the plan's id). One statement: the row's
 * lock makes a second generation at the same time wait and then take the next number, so none is given twice. A
 * number taken by a transaction that rolls back is taken back with it.
 */
export async function nextTissNumber(db: Executor, medicId: number, kind: SequenceKind, scope = 0): Promise<number> {
  const [row] = await db
    .insert(tissSequences)
    .values({ medicId, kind, scope, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [tissSequences.medicId, tissSequences.kind, tissSequences.scope],
      set: { lastNumber: sql`${tissSequences.lastNumber} + 1` },
    })
    .returning({ number: tissSequences.lastNumber });
  return row!.number;
}
