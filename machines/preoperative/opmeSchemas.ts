import { type, type ArkError, type Traversal } from 'arktype';
import { MIN_OPME_SUPPLIERS, OPME_DECISIONS, type OpmeDecision } from './constants';
import { isMoneyText } from '../rules/money';
import { orNull, text } from '../validation/fields';
import { VALIDATION_MESSAGES } from '../validation/problems';

/**
 * An OPME item of a case (DECISIONS §15 "OPME"; openapi OpmeItemInput): the material, its quantity, the suppliers or
 * brands asked (CFM Resolution 1.956/2010: at least three), each one's quote, the chosen one and the item's
 * authorization. One schema for the API (POST and PUT …/opme/) and, with the quantities typed as text, the page's
 * form (`opmeItemFormSchema`): the same pieces, the same pt-BR messages.
 *
 * What depends on another field (the chosen supplier on the list, the authorized quantity on the decision and the
 * quantity) reads the raw body (`ctx.root`) in a transform, so a form sees every field's problem at once
 * (docs/ARCHITECTURE.md, the arktype pitfalls).
 */

const INVALID = VALIDATION_MESSAGES.invalidData;

const MAX_OPME_SUPPLIERS = 10;
const MAX_OPME_QUANTITY = 9999;
const MAX_OPME_DESCRIPTION = 200;
const MAX_OPME_SUPPLIER_NAME = 120;

export const OPME_MESSAGES = {
  descriptionRequired: 'Informe a descrição do material.',
  descriptionTooLong: `A descrição deve ter no máximo ${MAX_OPME_DESCRIPTION} caracteres.`,
  quantityRequired: 'Informe a quantidade.',
  invalidQuantity: `Quantidade inválida: informe um número inteiro de 1 a ${MAX_OPME_QUANTITY}.`,
  suppliersRequired: 'Informe pelo menos três fornecedores ou marcas (Resolução CFM 1.956/2010).',
  tooManySuppliers: `Informe no máximo ${MAX_OPME_SUPPLIERS} fornecedores ou marcas.`,
  supplierRequired: 'Informe o fornecedor.',
  supplierTooLong: `O fornecedor deve ter no máximo ${MAX_OPME_SUPPLIER_NAME} caracteres.`,
  brandTooLong: `A marca deve ter no máximo ${MAX_OPME_SUPPLIER_NAME} caracteres.`,
  invalidPrice: 'Valor unitário inválido: informe um valor de zero ou mais, com no máximo duas casas decimais.',
  repeatedSupplier: 'Fornecedor e marca repetidos: informe fornecedores ou marcas diferentes.',
  invalidChosen: 'Escolha um dos fornecedores informados.',
  chosenWithoutQuote: 'Só é possível escolher um fornecedor que já enviou a cotação.',
  invalidDecision: 'Autorização inválida: os valores aceitos são autorizado, parcial e negado.',
  authorizedQuantityRequired: 'Informe a quantidade autorizada.',
  partialNeedsMore: 'Uma autorização parcial precisa de uma quantidade pedida maior que 1.',
  partialRange: (quantity: number) => `Na autorização parcial, a quantidade autorizada vai de 1 a ${quantity - 1}.`,
  authorizedQuantityOnlyPartial: 'A quantidade autorizada só se informa na autorização parcial.',
} as const;

const M = OPME_MESSAGES;

/** A whole number 1..MAX_OPME_QUANTITY from a JSON number or from digits typed in a form, else null. */
function quantityOf(value: unknown): number | null {
  const n = typeof value === 'string' && /^\s*\d{1,6}\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_OPME_QUANTITY ? n : null;
}

/** A unit price: reais ≥ 0 with at most two decimals within numeric(12,2) (decided on the decimal text, not floats). */
const unitPrice = orNull(type('number')).pipe((value, ctx) => {
  if (value === null) return null;
  return isMoneyText(String(value)) ? value : ctx.error({ message: M.invalidPrice });
});

const supplier = type({
  '+': 'reject',
  supplier: text({ required: M.supplierRequired, max: MAX_OPME_SUPPLIER_NAME, tooLong: M.supplierTooLong }),
  'brand?': orNull(text({ max: MAX_OPME_SUPPLIER_NAME, tooLong: M.brandTooLong })).pipe((brand) => brand || null),
  'unit_price?': unitPrice,
}).configure({ message: INVALID });

/** The key two suppliers repeat on: the supplier and the brand, case and accents aside. */
function supplierKey(row: { supplier: string; brand?: string | null }): string {
  const fold = (value: string | null | undefined) =>
    (value ?? '').normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
  return `${fold(row.supplier)}|${fold(row.brand)}`;
}

const suppliers = supplier
  .array()
  .narrow((rows, ctx) => {
    if (rows.length < MIN_OPME_SUPPLIERS) return ctx.reject({ message: M.suppliersRequired });
    if (rows.length > MAX_OPME_SUPPLIERS) return ctx.reject({ message: M.tooManySuppliers });
    const seen = new Set<string>();
    for (const [index, row] of rows.entries()) {
      const key = supplierKey(row);
      if (seen.has(key)) return ctx.reject({ path: ['suppliers', index, 'supplier'], message: M.repeatedSupplier });
      seen.add(key);
    }
    return true;
  })
  .configure({ message: INVALID, missing: M.suppliersRequired });

type Root = Record<string, unknown> | undefined;

/** The supplier rows as sent (before their own checks), for the chosen one's quote. */
function rowsIn(root: Root): unknown[] {
  return Array.isArray(root?.suppliers) ? root.suppliers : [];
}

/** The index of the chosen supplier: one of the list's, and one that quoted; null when none is chosen. */
const chosen = orNull(type('number')).pipe((index, ctx) => {
  if (index === null) return null;
  const rows = rowsIn(ctx.root as Root);
  if (!Number.isInteger(index) || index < 0 || index >= rows.length) return ctx.error({ message: M.invalidChosen });
  const price = (rows[index] as { unit_price?: unknown } | null)?.unit_price;
  return typeof price === 'number' ? index : ctx.error({ message: M.chosenWithoutQuote });
});

const decision = type.enumerated(...OPME_DECISIONS, null).configure({ message: M.invalidDecision });

/**
 * The authorized quantity, normalized: autorizado is the whole quantity, negado 0, none null; parcial needs it, from 1
 * to the quantity less one. A value sent with another decision must be that decision's.
 */
function authorizedQuantity(read: (value: unknown) => number | null) {
  return (value: unknown, ctx: Traversal): number | null | ArkError => {
    const root = ctx.root as Root;
    const chosenDecision = (OPME_DECISIONS as readonly unknown[]).includes(root?.decision) ? (root?.decision as OpmeDecision) : null;
    const quantity = quantityOf(root?.quantity);
    const sent = value === null || value === undefined || value === '' ? null : read(value);
    if (value !== null && value !== undefined && value !== '' && sent === null) return ctx.error({ message: M.invalidQuantity });
    if (chosenDecision === 'parcial') {
      if (quantity !== null && quantity < 2) return ctx.error({ message: M.partialNeedsMore });
      if (sent === null) return ctx.error({ message: M.authorizedQuantityRequired });
      if (quantity !== null && (sent < 1 || sent >= quantity)) return ctx.error({ message: M.partialRange(quantity) });
      return sent;
    }
    const implied = chosenDecision === 'autorizado' ? quantity : chosenDecision === 'negado' ? 0 : null;
    if (sent !== null && sent !== implied) return ctx.error({ message: M.authorizedQuantityOnlyPartial });
    return implied;
  };
}

/** A quantity a body sends: a JSON integer. */
const quantityNumber = type('number')
  .pipe((value, ctx) => quantityOf(value) ?? ctx.error({ message: M.invalidQuantity }))
  .configure({ message: INVALID, missing: M.quantityRequired });

/** The authorized quantity a body sends: a JSON integer (0 for negado) or null. */
const authorizedNumber = orNull(type('number')).pipe((value, ctx) =>
  authorizedQuantity((raw) => (typeof raw === 'number' && Number.isInteger(raw) && raw >= 0 && raw <= MAX_OPME_QUANTITY ? raw : null))(value, ctx),
);

const description = text({ required: M.descriptionRequired, max: MAX_OPME_DESCRIPTION, tooLong: M.descriptionTooLong });

/** The body of POST …/opme/ and PUT …/opme/{itemId}/ (the whole item: PUT replaces it). */
export const opmeItemSchema = type({
  '+': 'reject',
  description,
  quantity: quantityNumber,
  suppliers,
  'chosen?': chosen,
  'decision?': decision,
  'authorized_quantity?': authorizedNumber,
  // No configure on the root: it would reach every node and overwrite their own messages.
}).narrow(
  (item, ctx) =>
    item.decision !== 'parcial' ||
    item.authorized_quantity !== undefined ||
    ctx.reject({ path: ['authorized_quantity'], message: M.authorizedQuantityRequired }),
);

type OpmeItemChecked = typeof opmeItemSchema.infer;

/** A checked body as stored: every optional field filled (absent with a decision: that decision's own quantity). */
export function opmeItemInputOf(item: OpmeItemChecked) {
  const decided = item.decision ?? null;
  const implied = decided === 'autorizado' ? item.quantity : decided === 'negado' ? 0 : null;
  return {
    description: item.description,
    quantity: item.quantity,
    suppliers: item.suppliers.map((row) => ({ supplier: row.supplier, brand: row.brand ?? null, unit_price: row.unit_price ?? null })),
    chosen: item.chosen ?? null,
    decision: decided,
    authorized_quantity: item.authorized_quantity ?? implied,
  };
}

export type OpmeItemInput = ReturnType<typeof opmeItemInputOf>;
type OpmeItemBody = typeof opmeItemSchema.inferIn;

/*
 * The page's form: the quantities are typed as text (digits); the supplier rows, the chosen index and the decision
 * are what the API takes. `opmeItemPayload` turns checked form values into the API's body.
 */

const digitsText = (message: string) =>
  type('string').pipe((value, ctx) => (value.trim() === '' ? ctx.error({ message }) : (quantityOf(value) ?? ctx.error({ message: M.invalidQuantity }))));

export const opmeItemFormSchema = type({
  description,
  quantity: digitsText(M.quantityRequired),
  suppliers,
  chosen,
  decision,
  authorized_quantity: type('string').pipe((value, ctx) =>
    authorizedQuantity((raw) => (typeof raw === 'string' && /^\s*\d{1,6}\s*$/.test(raw) ? Number(raw) : null))(value, ctx),
  ),
});

export type OpmeItemFormValues = typeof opmeItemFormSchema.inferIn;

/** The API body of checked form values. */
export function opmeItemPayload(values: OpmeItemFormValues): OpmeItemBody {
  const quantity = quantityOf(values.quantity) ?? 1;
  const authorized = values.decision === 'parcial' ? quantityOf(values.authorized_quantity) : null;
  return {
    description: values.description.trim(),
    quantity,
    suppliers: values.suppliers.map((row) => ({
      supplier: row.supplier.trim(),
      brand: row.brand?.trim() ? row.brand.trim() : null,
      unit_price: row.unit_price ?? null,
    })),
    chosen: values.chosen,
    decision: values.decision,
    ...(values.decision === 'parcial' ? { authorized_quantity: authorized } : {}),
  };
}
