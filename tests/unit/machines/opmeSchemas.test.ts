import { describe, expect, it } from 'vitest';
import {
  OPME_MESSAGES as M,
  opmeItemFormSchema,
  opmeItemInputOf,
  opmeItemPayload,
  opmeItemSchema,
  type OpmeItemFormValues,
} from '../../../machines/preoperative/opmeSchemas';
import {
  chosenQuantity,
  chosenTotalCents,
  OPME_RULE_MESSAGES,
  opmeApprovalProblems,
  opmeItemWriteProblems,
  opmeTotalCents,
} from '../../../machines/preoperative/opmeRules';
import { check } from '../../../machines/validation/problems';

const three = [
  { supplier: 'Ortomed', brand: 'Synthes', unit_price: 1200.5 },
  { supplier: 'Cirúrgica Sul', brand: null, unit_price: null },
  { supplier: 'MedPlus', unit_price: 980 },
];
const item = (overrides: Record<string, unknown> = {}) => ({ description: 'Placa de titânio', quantity: 4, suppliers: three, ...overrides });

/** The schema's output as the server stores it. */
function stored(input: unknown) {
  const result = check(opmeItemSchema, input);
  return result.ok ? { ok: true, value: opmeItemInputOf(result.value) } : result;
}

function problems(input: unknown, schema: typeof opmeItemSchema | typeof opmeItemFormSchema = opmeItemSchema) {
  const result = check(schema, input);
  return result.ok ? null : result.problems;
}

describe('opmeItemSchema', () => {
  it('takes an item with three suppliers and normalizes it', () => {
    const result = stored(item({ description: '  Placa de titânio ', suppliers: [...three.slice(0, 2), { ...three[2], brand: '  ' }] }));
    expect(result).toEqual({
      ok: true,
      value: {
        description: 'Placa de titânio',
        quantity: 4,
        suppliers: [
          { supplier: 'Ortomed', brand: 'Synthes', unit_price: 1200.5 },
          { supplier: 'Cirúrgica Sul', brand: null, unit_price: null },
          { supplier: 'MedPlus', brand: null, unit_price: 980 },
        ],
        chosen: null,
        decision: null,
        authorized_quantity: null,
      },
    });
  });

  it('asks for at least three suppliers or brands (CFM 1.956/2010) and at most ten', () => {
    expect(problems(item({ suppliers: three.slice(0, 2) }))).toEqual({ error: [M.suppliersRequired], fields: { suppliers: [M.suppliersRequired] } });
    expect(problems({ description: 'Placa', quantity: 1 })?.error).toEqual([M.suppliersRequired]);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ supplier: `Fornecedor ${i}` }));
    expect(problems(item({ suppliers: eleven }))?.error).toEqual([M.tooManySuppliers]);
  });

  it('refuses the same supplier and brand twice, case and accents aside', () => {
    const repeated = [three[0], three[1], { supplier: 'ORTOMED ', brand: 'synthes' }];
    expect(problems(item({ suppliers: repeated }))?.error).toEqual([M.repeatedSupplier]);
    // The same supplier with another brand is another option.
    expect(problems(item({ suppliers: [three[0], three[1], { supplier: 'Ortomed', brand: 'Stryker' }] }))).toBeNull();
  });

  it('says what is wrong with each field at once', () => {
    const found = problems({ description: ' ', quantity: 0, suppliers: [{ supplier: '', unit_price: 10.123 }, three[1], three[2]] });
    expect(found?.error).toEqual(expect.arrayContaining([M.descriptionRequired, M.invalidQuantity, M.supplierRequired, M.invalidPrice]));
    expect(problems(item({ quantity: 2.5 }))?.fields.quantity).toEqual([M.invalidQuantity]);
    expect(problems(item({ quantity: '3' }))?.fields.quantity).toEqual(['Dados inválidos.']);
    expect(problems({ suppliers: three })?.error).toEqual([M.descriptionRequired, M.quantityRequired]);
    expect(problems(item({ suppliers: [...three.slice(0, 2), { supplier: 'X', unit_price: -1 }] }))?.error).toEqual([M.invalidPrice]);
    expect(problems(item({ extra: 1 }))?.error).toEqual(['Campo não reconhecido: extra.']);
  });

  it('chooses only one of the listed suppliers, and only one that quoted', () => {
    expect(stored(item({ chosen: 0 }))).toMatchObject({ ok: true, value: { chosen: 0 } });
    expect(problems(item({ chosen: 1 }))?.fields.chosen).toEqual([M.chosenWithoutQuote]);
    expect(problems(item({ chosen: 3 }))?.fields.chosen).toEqual([M.invalidChosen]);
    expect(problems(item({ chosen: 0.5 }))?.fields.chosen).toEqual([M.invalidChosen]);
  });

  it('reads the authorization: autorizado is the whole quantity, negado none, parcial from 1 to quantity - 1', () => {
    expect(stored(item({ decision: 'autorizado' }))).toMatchObject({ value: { decision: 'autorizado', authorized_quantity: 4 } });
    expect(stored(item({ decision: 'negado', authorized_quantity: 0 }))).toMatchObject({ value: { authorized_quantity: 0 } });
    expect(stored(item({ decision: 'parcial', authorized_quantity: 3 }))).toMatchObject({ value: { authorized_quantity: 3 } });
    expect(problems(item({ decision: 'parcial' }))?.fields.authorized_quantity).toEqual([M.authorizedQuantityRequired]);
    expect(problems(item({ decision: 'parcial', authorized_quantity: null }))?.fields.authorized_quantity).toEqual([M.authorizedQuantityRequired]);
    expect(problems(item({ decision: 'parcial', authorized_quantity: 4 }))?.fields.authorized_quantity).toEqual([M.partialRange(4)]);
    expect(problems(item({ decision: 'parcial', authorized_quantity: 0 }))?.fields.authorized_quantity).toEqual([M.partialRange(4)]);
    expect(problems(item({ decision: 'parcial', authorized_quantity: -1 }))?.fields.authorized_quantity).toEqual([M.invalidQuantity]);
    expect(problems(item({ quantity: 1, decision: 'parcial', authorized_quantity: 1 }))?.fields.authorized_quantity).toEqual([M.partialNeedsMore]);
    expect(problems(item({ decision: 'autorizado', authorized_quantity: 2 }))?.fields.authorized_quantity).toEqual([M.authorizedQuantityOnlyPartial]);
    expect(problems(item({ authorized_quantity: 2 }))?.fields.authorized_quantity).toEqual([M.authorizedQuantityOnlyPartial]);
    expect(problems(item({ decision: 'talvez' }))?.fields.decision).toEqual([M.invalidDecision]);
  });
});

describe('opmeItemFormSchema', () => {
  const form = (overrides: Partial<OpmeItemFormValues> = {}): OpmeItemFormValues => ({
    description: 'Parafuso',
    quantity: '6',
    suppliers: three.map((row) => ({ supplier: row.supplier, brand: row.brand ?? '', unit_price: row.unit_price })),
    chosen: null,
    decision: null,
    authorized_quantity: '',
    ...overrides,
  });

  it('says the API’s messages for what is typed', () => {
    expect(problems(form({ quantity: '' }), opmeItemFormSchema)?.fields.quantity).toEqual([M.quantityRequired]);
    expect(problems(form({ quantity: '0' }), opmeItemFormSchema)?.fields.quantity).toEqual([M.invalidQuantity]);
    expect(problems(form({ decision: 'parcial' }), opmeItemFormSchema)?.fields.authorized_quantity).toEqual([M.authorizedQuantityRequired]);
    expect(problems(form({ decision: 'parcial', authorized_quantity: '6' }), opmeItemFormSchema)?.fields.authorized_quantity).toEqual([M.partialRange(6)]);
    expect(problems(form({ suppliers: form().suppliers.slice(0, 2) }), opmeItemFormSchema)?.error).toEqual([M.suppliersRequired]);
  });

  it('builds a body the API takes', () => {
    const values = form({ chosen: 0, decision: 'parcial', authorized_quantity: '2' });
    expect(problems(values, opmeItemFormSchema)).toBeNull();
    const body = opmeItemPayload(values);
    expect(stored(body)).toMatchObject({ ok: true, value: { quantity: 6, chosen: 0, decision: 'parcial', authorized_quantity: 2 } });
    expect(body.suppliers[1]).toEqual({ supplier: 'Cirúrgica Sul', brand: null, unit_price: null });
  });
});

describe('the OPME approval rule', () => {
  it('refuses aprovada while an item is undecided, and nothing else', () => {
    expect(opmeApprovalProblems('aprovada', 1)).toEqual([OPME_RULE_MESSAGES.itemsUndecided]);
    expect(opmeApprovalProblems('aprovada', 0)).toEqual([]);
    expect(opmeApprovalProblems('negada', 2)).toEqual([]);
    expect(opmeApprovalProblems(null, 2)).toEqual([]);
    expect(opmeItemWriteProblems('aprovada', 1)).toEqual([OPME_RULE_MESSAGES.approvedNeedsDecision]);
    expect(opmeItemWriteProblems(null, 1)).toEqual([]);
  });
});

describe('chosenTotalCents / opmeTotalCents: the total of the chosen quotes (third week, item 9)', () => {
  const item = (decision: 'autorizado' | 'parcial' | 'negado' | null, authorized_quantity: number | null = null) => ({
    quantity: 3,
    decision,
    authorized_quantity,
  });

  it('counts a partial item at its authorized quantity, not the quantity asked', () => {
    // 3 screws asked at R$ 1.250,50, the plan authorized 2: R$ 2.501,00, not R$ 3.751,50.
    expect(chosenTotalCents(item('parcial', 2), 125_050)).toBe(250_100);
    expect(chosenQuantity(item('parcial', 2))).toBe(2);
  });

  it('counts every other item at the quantity asked, and has no total without a priced chosen quote', () => {
    expect(chosenTotalCents(item('autorizado'), 125_050)).toBe(375_150);
    expect(chosenTotalCents(item(null), 125_050)).toBe(375_150);
    expect(chosenTotalCents(item('negado'), 125_050)).toBe(375_150);
    expect(chosenTotalCents(item('parcial', 2), null)).toBeNull();
  });

  it('adds the items that have a total; none: null', () => {
    expect(opmeTotalCents([250_100, null, 99])).toBe(250_199);
    expect(opmeTotalCents([null, null])).toBeNull();
    expect(opmeTotalCents([])).toBeNull();
  });
});
