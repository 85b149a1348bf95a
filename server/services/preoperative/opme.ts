import { caseChange, recordChange } from '../audit/audit-log';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { opmeItemWriteProblems } from '../../../machines/preoperative/opmeRules';
import type { OpmeItemInput } from '../../../machines/preoperative/opmeSchemas';
import type { Database, Executor, Transaction } from '../../db/client';
import { opmeItems, opmeQuotes, surgeries, type SurgeryRow } from '../../db/schema/index';
import { badRequest, conflict, notFound } from '../../http/errors';
import { conflictMessage } from '../../../machines/surgeryLifecycle/lifecycleRules';
import { isActiveStatus } from '../../../machines/constants';
import type { AuthUser } from '../../plugins/authenticate';
import { visibleSurgeryRow } from '../access/scope';
import { SURGERY_NOT_FOUND } from '../surgeries/surgery-service';
import { readOpmeItems } from './opme-items';

type OpmeItemResponse = components['schemas']['OpmeItem'];
type OpmeListResponse = components['schemas']['OpmeList'];
type User = Pick<AuthUser, 'id' | 'type'>;

export const OPME_SERVICE_MESSAGES = {
  /** The case was registered without OPME: it lists no materials. */
  caseWithoutOpme: 'Esta cirurgia não usa OPME: não há materiais a informar.',
  itemNotFound: 'Item de OPME não encontrado.',
} as const;

const M = OPME_SERVICE_MESSAGES;

/**
 * A case's OPME materials (DECISIONS §15 "OPME"; openapi listOpmeItems, createOpmeItem, updateOpmeItem,
 * deleteOpmeItem): each item with its quantity, the suppliers or brands asked and their quotes (opme_quotes, in the
 * order given), the chosen one and the item's authorization. Every write runs in one transaction that locks the
 * case's row (`SELECT … FOR UPDATE`), writes, bumps `surgeries.version` (a second tab's stale move is then 409) and
 * answers the list as it left it, read through the same transaction. A write that would leave an item undecided
 * while the case's OPME approval is 'aprovada' is refused (machines/preoperative/opmeRules.ts): the approval and the
 * items never disagree. Money is numeric(12,2) in the database; the chosen totals are computed in centavos by the shared
 * rule (the chosen quote × the quantity it counts) and answered as JSON numbers.
 */
export function createOpmeService({ db, now }: { db: Database; now: () => Date }) {
  /** The user's case, locked when `lock`; 404 when missing or another tenant's, 400 when it uses no OPME. */
  async function caseOf(tx: Executor, user: User, id: number, lock: boolean): Promise<SurgeryRow> {
    const row = await visibleSurgeryRow(tx, user, id, { lock });
    if (!row) throw notFound(SURGERY_NOT_FOUND);
    if (!row.opme) throw badRequest([M.caseWithoutOpme]);
    // A closed case's materials are history: writes answer 409 with its status, as the lifecycle's moves do.
    if (lock && !isActiveStatus(row.status)) throw conflict(conflictMessage(row.status), row.status);
    return row;
  }

  /**
   * The list answer: every item in order, its quotes, the chosen totals and the case's total (the shared rule,
   * machines/preoperative/opmeRules.ts `chosenTotalCents`: a 'parcial' item counts its authorized quantity), the case
   * version.
   */
  async function listOf(tx: Executor, row: Pick<SurgeryRow, 'id' | 'version'>): Promise<OpmeListResponse> {
    const { items, totalCents } = await readOpmeItems(tx, row.id);
    const results: OpmeItemResponse[] = items.map((item) => ({
      id: item.id,
      description: item.description,
      quantity: item.quantity,
      suppliers: item.suppliers.map((quote) => ({ supplier: quote.supplier, brand: quote.brand, unit_price: money(quote.unitPrice) })),
      chosen: item.chosen,
      decision: item.decision,
      authorized_quantity: item.authorizedQuantity,
      chosen_total: reaisOf(item.totalCents),
    }));
    return { results, chosen_total: reaisOf(totalCents), undecided: results.filter((item) => !item.decision).length, version: row.version };
  }

  /** Stores an item's quotes (the rows of a new item, or the new rows of a replaced one). */
  async function writeQuotes(tx: Transaction, itemId: number, item: OpmeItemInput): Promise<void> {
    await tx.insert(opmeQuotes).values(
      item.suppliers.map((row, position) => ({
        itemId,
        position,
        supplier: row.supplier,
        brand: row.brand,
        unitPrice: row.unit_price === null ? null : row.unit_price.toFixed(2),
      })),
    );
  }

  /** The columns of an item as stored. */
  function itemColumns(item: OpmeItemInput) {
    return { description: item.description, quantity: item.quantity, chosenQuote: item.chosen, decision: item.decision, authorizedQuantity: item.authorized_quantity };
  }

  /**
   * Runs `write` on the user's locked case, bumps the case version and answers the list. An item `written` without a
   * decision while the OPME approval is 'aprovada' is refused first (400, nothing written).
   */
  async function writeOnCase(
    user: User,
    id: number,
    written: OpmeItemInput | null,
    write: (tx: Transaction, row: SurgeryRow) => Promise<void>,
  ): Promise<OpmeListResponse> {
    return db.transaction(async (tx) => {
      const row = await caseOf(tx, user, id, true);
      const problems = opmeItemWriteProblems(row.opmeApprovals, written && written.decision === null ? 1 : 0);
      if (problems.length > 0) throw badRequest(problems, { decision: problems });
      await write(tx, row);
      const at = now();
      const [bumped] = await tx
        .update(surgeries)
        .set({ version: sql`${surgeries.version} + 1`, updatedAt: at })
        .where(eq(surgeries.id, row.id))
        .returning({ id: surgeries.id, version: surgeries.version });
      if (!bumped) throw new Error('opme: locked case vanished');
      await recordChange(tx, user, caseChange(row, 'opme'), at);
      return listOf(tx, bumped);
    });
  }

  /** The item `itemId` of case `surgeryId`, or 404 (another case's item included). */
  async function itemOf(tx: Transaction, surgeryId: number, itemId: number) {
    const [item] = await tx
      .select({ id: opmeItems.id, position: opmeItems.position })
      .from(opmeItems)
      .where(and(eq(opmeItems.id, itemId), eq(opmeItems.surgeryId, surgeryId)));
    if (!item) throw notFound(M.itemNotFound);
    return item;
  }

  return {
    /** The OPME items of the user's case `id` (404 not theirs, 400 a case without OPME). */
    async list(user: User, id: number): Promise<OpmeListResponse> {
      return db.transaction(async (tx) => listOf(tx, await caseOf(tx, user, id, false)));
    },

    /** Adds `item` after the case's last one. */
    async create(user: User, id: number, item: OpmeItemInput): Promise<OpmeListResponse> {
      return writeOnCase(user, id, item, async (tx, row) => {
        const [last] = await tx
          .select({ position: sql<number>`coalesce(max(${opmeItems.position}), -1)` })
          .from(opmeItems)
          .where(eq(opmeItems.surgeryId, row.id));
        const at = now();
        const [created] = await tx
          .insert(opmeItems)
          .values({ surgeryId: row.id, position: Number(last?.position ?? -1) + 1, ...itemColumns(item), createdAt: at, updatedAt: at })
          .returning({ id: opmeItems.id });
        await writeQuotes(tx, created!.id, item);
      });
    },

    /** Replaces item `itemId` of the case (its place in the list kept). */
    async replace(user: User, id: number, itemId: number, item: OpmeItemInput): Promise<OpmeListResponse> {
      return writeOnCase(user, id, item, async (tx, row) => {
        await itemOf(tx, row.id, itemId);
        await tx.update(opmeItems).set({ ...itemColumns(item), updatedAt: now() }).where(eq(opmeItems.id, itemId));
        await tx.delete(opmeQuotes).where(eq(opmeQuotes.itemId, itemId));
        await writeQuotes(tx, itemId, item);
      });
    },

    /** Removes item `itemId` of the case; the ones after it move up a place. */
    async remove(user: User, id: number, itemId: number): Promise<OpmeListResponse> {
      return writeOnCase(user, id, null, async (tx, row) => {
        const item = await itemOf(tx, row.id, itemId);
        await tx.delete(opmeItems).where(eq(opmeItems.id, itemId));
        await tx
          .update(opmeItems)
          .set({ position: sql`${opmeItems.position} - 1` })
          .where(and(eq(opmeItems.surgeryId, row.id), gt(opmeItems.position, item.position)));
      });
    },
  };
}

/** A numeric(12,2) as the API answers money: a JSON number (parsed from the database's decimal text). */
function money(value: string | null): number | null {
  return value === null ? null : Number(value);
}

/** Centavos as the API answers money (reais, a JSON number with at most two decimals). */
function reaisOf(cents: number | null): number | null {
  return cents === null ? null : cents / 100;
}
