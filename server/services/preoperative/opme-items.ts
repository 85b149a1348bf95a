import { asc, eq, inArray } from 'drizzle-orm';
import { centsOf } from '../../../machines/rules/money';
import { chosenTotalCents, opmeTotalCents } from '../../../machines/preoperative/opmeRules';
import type { Executor } from '../../db/client';
import { opmeItems, opmeQuotes } from '../../db/schema/index';

type OpmeQuote = { supplier: string; brand: string | null; position: number; unitPrice: string | null };

/**
 * A case's OPME materials in order, each with its quotes in order, its chosen quote and its chosen total (centavos),
 * and the case's total: the shared rule (machines/preoperative/opmeRules.ts `chosenTotalCents`: a 'parcial' item
 * counts its authorized quantity). Read by the OPME list and by the templates.
 */
export async function readOpmeItems(executor: Executor, surgeryId: number) {
  const items = await executor
    .select({
      id: opmeItems.id,
      description: opmeItems.description,
      quantity: opmeItems.quantity,
      chosen: opmeItems.chosenQuote,
      decision: opmeItems.decision,
      authorizedQuantity: opmeItems.authorizedQuantity,
    })
    .from(opmeItems)
    .where(eq(opmeItems.surgeryId, surgeryId))
    .orderBy(asc(opmeItems.position));
  const quotes = items.length
    ? await executor
        .select({
          itemId: opmeQuotes.itemId,
          position: opmeQuotes.position,
          supplier: opmeQuotes.supplier,
          brand: opmeQuotes.brand,
          unitPrice: opmeQuotes.unitPrice,
        })
        .from(opmeQuotes)
        .where(inArray(opmeQuotes.itemId, items.map((item) => item.id)))
        .orderBy(asc(opmeQuotes.itemId), asc(opmeQuotes.position))
    : [];
  const read = items.map((item) => {
    const suppliers: OpmeQuote[] = quotes.filter((quote) => quote.itemId === item.id);
    const chosenQuote = suppliers.find((quote) => quote.position === item.chosen);
    const totalCents = chosenTotalCents(
      { quantity: item.quantity, decision: item.decision, authorized_quantity: item.authorizedQuantity },
      chosenQuote?.unitPrice == null ? null : centsOf(Number(chosenQuote.unitPrice)),
    );
    return { ...item, suppliers, chosenQuote, totalCents };
  });
  return { items: read, totalCents: opmeTotalCents(read.map((item) => item.totalCents)) };
}
