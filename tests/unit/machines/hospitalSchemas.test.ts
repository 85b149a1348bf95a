import { describe, expect, it } from 'vitest';
import { createHospitalSchema } from '../../../machines/lookups/hospitalSchemas';
import { isValidCnpj } from '../../../machines/rules/cnpj';
import { problemsIn } from '../../../machines/validation/problems';

describe('isValidCnpj', () => {
  it('accepts CNPJs whose check digits hold, masked or bare', () => {
    // Receita Federal's own example and two real hospital CNPJs' shapes.
    for (const cnpj of ['11.222.333/0001-81', '11222333000181', '60.765.823/0001-30', '61.590.410/0001-24']) {
      expect(isValidCnpj(cnpj), cnpj).toBe(true);
    }
  });

  it('refuses wrong check digits, other lengths and repeated digits', () => {
    for (const cnpj of ['11.222.333/0001-80', '11.222.333/0001-91', '1122233300018', '111222333000181', '00.000.000/0000-00', '11111111111111', '']) {
      expect(isValidCnpj(cnpj), cnpj).toBe(false);
    }
  });
});

describe('createHospitalSchema', () => {
  it('trims, single-spaces the names, upper-cases the UF and keeps only the digits of CNES and CNPJ', () => {
    const out = createHospitalSchema({
      fantasy_name: ' Hospital   Santa  Clara ',
      city: ' Uberlândia ',
      uf: 'mg',
      cnes: '2.146.355',
      cnpj: '11.222.333/0001-81',
      address: '  ',
    });
    expect(out).toEqual({
      fantasy_name: 'Hospital Santa Clara',
      city: 'Uberlândia',
      uf: 'MG',
      cnes: '2146355',
      cnpj: '11222333000181',
      address: null,
    });
  });

  it('words every problem in pt-BR', () => {
    const problems = problemsIn(createHospitalSchema, { fantasy_name: '', city: '', uf: 'ZZ', cnes: '12', cnpj: 'abc' });
    expect(problems?.fields).toEqual({
      fantasy_name: ['Informe o nome do hospital.'],
      city: ['Informe a cidade.'],
      uf: ['UF inválida.'],
      cnes: ['O CNES tem 7 dígitos.'],
      cnpj: ['CNPJ inválido.'],
    });
  });
});
