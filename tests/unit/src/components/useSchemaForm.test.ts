// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FieldValues, Resolver } from 'react-hook-form';
import { billingSchema } from '../../../../machines/ledger/ledgerSchemas';
import { payloadResolver, putFieldErrors } from '../../../../src/components/form/stepResolver';
import { lazyResolver } from '../../../../src/components/form/lazyResolver';
import { useSchemaForm } from '../../../../src/components/form/useSchemaForm';

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('the one form wiring', () => {
  it('checks the payload a form sends and puts each message on the field of that key', async () => {
    type Values = { billed_on: string; billing_reference: string };
    const resolver = payloadResolver<Values>(() => billingSchema('2026-01-10'), (values) => ({ ...values, billed_on: values.billed_on || null }));
    const refused = await resolver({ billed_on: 'amanhã', billing_reference: '' }, undefined, options);
    expect(Object.keys(refused.errors)).toEqual(['billed_on']);
    expect(await resolver({ billed_on: '', billing_reference: 'Lote 1' }, undefined, options)).toEqual({
      values: { billed_on: '', billing_reference: 'Lote 1' },
      errors: {},
    });
  });

  it('judges a payload the schema let through by its rule, on the field the rule names', async () => {
    type Values = { billed_on: string; billing_reference: string };
    const seen: unknown[] = [];
    const resolver = payloadResolver<Values, ReturnType<typeof billingSchema>>(
      () => billingSchema('2026-01-10'),
      (values) => ({ ...values, billed_on: values.billed_on || null }),
      (checked) => {
        seen.push(checked);
        return checked.billing_reference === 'Lote 2' ? { field: 'billing_reference', message: 'Lote já faturado.' } : null;
      },
    );
    // The rule reads the schema's output (trimmed), and only once the schema passed.
    expect((await resolver({ billed_on: '', billing_reference: '  Lote 2 ' }, undefined, options)).errors).toEqual({
      billing_reference: { type: 'rule', message: 'Lote já faturado.' },
    });
    expect(seen).toEqual([{ billed_on: null, billing_reference: 'Lote 2' }]);
    expect(Object.keys((await resolver({ billed_on: 'amanhã', billing_reference: 'Lote 2' }, undefined, options)).errors)).toEqual(['billed_on']);
    expect(seen).toHaveLength(1);
    expect(await resolver({ billed_on: '', billing_reference: 'Lote 1' }, undefined, options)).toEqual({
      values: { billed_on: '', billing_reference: 'Lote 1' },
      errors: {},
    });
  });

  it("puts the server's first message of each known field on the form", () => {
    const set: Array<[string, string | undefined]> = [];
    const form = { getValues: () => ({ email: '', password: '' }), setError: (name: string, error: { message?: string }) => void set.push([name, error.message]) };
    expect(putFieldErrors(form as never, { email: ['Já existe.', 'Outra.'], unknown: ['Nada.'] })).toBe(true);
    expect(set).toEqual([['email', 'Já existe.']]);
    expect(putFieldErrors(form as never, { unknown: ['Nada.'] })).toBe(false);
  });

  it('loads the checks once, and again after a failed download', async () => {
    let loads = 0;
    const checks: Resolver<FieldValues> = async (values) => ({ values, errors: {} });
    const { resolver, preload } = lazyResolver(() => (++loads === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(checks)));
    preload();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await resolver({ a: 1 }, undefined, options)).toEqual({ values: { a: 1 }, errors: {} });
    await resolver({ a: 2 }, undefined, options);
    expect(loads).toBe(2);
  });

  it('with clearErrorOnChange, checks on submit only and clears the error of the field the user changes', async () => {
    type Values = { name: string; days: string };
    let checks = 0;
    const resolver: Resolver<Values> = async () => {
      checks += 1;
      return { values: {}, errors: { name: { type: 'schema', message: 'Informe o nome.' }, days: { type: 'schema', message: 'Informe o prazo.' } } };
    };
    const { result } = renderHook(() => useSchemaForm(resolver, { name: '', days: '' }, { clearErrorOnChange: true }));
    const { register, handleSubmit, setValue, getFieldState } = result.current;
    await act(() => handleSubmit(() => undefined)());
    expect(getFieldState('name').error?.message).toBe('Informe o nome.');
    expect(checks).toBe(1);
    const field = register('name');
    await act(() => field.onChange({ target: { name: 'name', value: 'Ana' }, type: 'change' }));
    expect(getFieldState('name').error).toBeUndefined();
    expect(getFieldState('days').error?.message).toBe('Informe o prazo.');
    act(() => setValue('days', '30'));
    expect(getFieldState('days').error?.message).toBe('Informe o prazo.');
    expect(checks).toBe(1);
  });
});
