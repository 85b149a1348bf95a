import { describe, expect, it } from 'vitest';
import { NAME_MAX_LENGTH } from '../../../../machines/account/fields';
import { settingsNicknameSchema } from '../../../../machines/account/settingsSchemas';
import { OPME_MESSAGES, opmeItemFormSchema } from '../../../../machines/preoperative/opmeSchemas';
import { stepResolver } from '../../../../src/components/form/stepResolver';

const options = { fields: {}, shouldUseNativeValidation: false } as const;

/**
 * The forms' resolver, with arktype jitless as the SPA runs it under its CSP (the unit project's setup): a value that
 * fails a union (`text().or(null)`) shows its own branch's message, as the API answers it, not the union's.
 */
describe('stepResolver', () => {
  it('runs where arktype is jitless, as in the browser', () => {
    expect((globalThis as { $ark?: { resolvedConfig?: { jitless?: boolean } } }).$ark?.resolvedConfig?.jitless).toBe(true);
  });

  it('says a nickname is too long, not that the data is invalid', async () => {
    const resolver = stepResolver<{ nickname: string }>(settingsNicknameSchema);
    const refused = await resolver({ nickname: 'x'.repeat(NAME_MAX_LENGTH + 1) }, undefined, options);
    expect(refused.errors).toEqual({ nickname: expect.objectContaining({ message: 'Use no máximo 150 caracteres.' }) });
    expect(await resolver({ nickname: '' }, undefined, options)).toEqual({ values: { nickname: '' }, errors: {} });
  });

  it('puts a supplier’s brand too long on that brand, in pt-BR', async () => {
    const resolver = stepResolver<Record<string, unknown>>(opmeItemFormSchema);
    const suppliers = [
      { supplier: 'Fornecedor A', brand: 'x'.repeat(121), unit_price: '' },
      { supplier: 'Fornecedor B', brand: '', unit_price: '' },
      { supplier: 'Fornecedor C', brand: '', unit_price: '' },
    ];
    const refused = await resolver(
      { description: 'Placa de titânio', quantity: '1', suppliers, chosen: '', decision: '', authorized_quantity: '' },
      undefined,
      options,
    );
    const errors = refused.errors as { suppliers?: Array<{ brand?: { message?: string } } | undefined> };
    expect(errors.suppliers?.[0]?.brand?.message).toBe(OPME_MESSAGES.brandTooLong);
    expect(errors.suppliers?.[1]?.brand).toBeUndefined();
  });
});
