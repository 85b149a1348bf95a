import { describe, expect, it } from 'vitest';
import { billingProfileSchema, buildSurgeryTeamSchema } from '../../../../../machines/billing/billingSchemas';
import { BILLING_MESSAGES } from '../../../../../machines/billing/billingMessages';
import { listResolver } from '../../../../../src/lib/billing/listResolver';
import {
  cboOptionOf,
  emptyMember,
  fromUsualTeam,
  isoDate,
  maskedCnpj,
  memberBodyOf,
  memberValuesOf,
  profileBodyOf,
  profileValuesOf,
  searchCbo,
  teamTotals,
  typedDate,
  withPlan,
  type TeamValues,
} from '../../../../../src/lib/billing/teamForm';

const stored = {
  role: '06',
  name: 'Ana Anestesista',
  council: '06',
  council_number: '12345',
  council_uf: 'SP',
  cbo: '225151',
  cpf: '52998224725',
  fee_cents: 150_000,
  paid_on: '2026-03-04',
};

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('src/lib/billing/teamForm', () => {
  it('holds a stored member as the form shows it and sends it back unchanged', () => {
    const values = memberValuesOf(stored);
    expect(values).toMatchObject({ cpf: '529.982.247-25', fee_cents: 'R$ 1.500,00', paid_on: '04/03/2026' });
    expect(values.cbo?.code).toBe('225151');
    expect(memberBodyOf(values, true)).toEqual({ ...stored, cpf: '529.982.247-25' });
    expect(memberBodyOf(values, false)).not.toHaveProperty('paid_on');
  });

  it('sends blanks as null and a date that is not whole as typed (the schema words it)', () => {
    const body = memberBodyOf({ ...emptyMember(), role: '01', name: 'Beto', paid_on: '31/02/2026' }, true);
    expect(body).toMatchObject({ council: null, council_uf: null, cbo: null, cpf: null, fee_cents: null, paid_on: '31/02/2026' });
    expect(isoDate('')).toBeNull();
    expect(isoDate('05/01/2026')).toBe('2026-01-05');
    expect(typedDate(null)).toBe('');
  });

  it('copies the usual team without any repasse', () => {
    expect(fromUsualTeam([{ ...stored, paid_on: undefined }])[0]?.paid_on).toBe('');
  });

  it('sums the fees, the part passed on and the rest', () => {
    const totals = teamTotals([
      { fee_cents: 'R$ 1.000,00', paid_on: '01/02/2026' },
      { fee_cents: 'R$ 250,50', paid_on: '' },
      { fee_cents: '', paid_on: '' },
    ]);
    expect(totals).toEqual({ totalCents: 125_050, passedOnCents: 100_000, pendingCents: 25_050, passedOnCount: 1, withFeeCount: 2 });
  });

  it('finds a CBO by words of its name, accents aside, or by its code', () => {
    expect(searchCbo('anestesiol').some((option) => option.code === '225151')).toBe(true);
    expect(searchCbo('instrumentador cirurgico').map((option) => option.code)).toEqual(['322225']);
    expect(searchCbo('2251').every((option) => option.code.startsWith('2251') || option.name.includes('2251'))).toBe(true);
    expect(cboOptionOf('999999')).toEqual({ code: '999999', name: '' });
  });

  it('round-trips the billing profile and adds each plan once', () => {
    const values = profileValuesOf({
      council: '06',
      council_number: '123',
      council_uf: 'SP',
      cbo: null,
      cnes: null,
      company_cnpj: '11222333000181',
      company_name: 'Clínica',
      plans: [{ health_plan_id: 7, name: 'Plano', ans_registry: '123456', bills_as: 'cnpj', provider_code: null }],
    });
    expect(values.company_cnpj).toBe(maskedCnpj('11222333000181'));
    expect(values.company_cnpj).toBe('11.222.333/0001-81');
    expect(profileBodyOf(values).plans).toEqual([{ health_plan_id: 7, bills_as: 'cnpj', provider_code: null }]);
    expect(withPlan(values.plans, { id: 7, fantasy_name: 'Plano' })).toHaveLength(1);
    expect(withPlan(values.plans, { id: 8, fantasy_name: 'Outro' })[1]).toMatchObject({ health_plan_id: 8, bills_as: 'cpf' });
  });
});

describe('src/lib/billing/listResolver', () => {
  const teamChecks = listResolver<TeamValues>(async () => buildSurgeryTeamSchema('2026-06-01'), (values) => ({
    members: values.members.map((member) => memberBodyOf(member, true)),
  }));

  it("puts a member's messages on that member's fields, in the schema's words", async () => {
    const values: TeamValues = {
      members: [
        memberValuesOf(stored),
        { ...emptyMember(), role: '01', name: ' ', cpf: '111.111.111-11', paid_on: '02/06/2026' },
      ],
    };
    const { errors } = await teamChecks(values, undefined, options);
    const second = (errors.members as unknown as Record<string, Record<string, { message: string }>>)[1];
    expect(second?.name?.message).toBe(BILLING_MESSAGES.nameRequired);
    expect(second?.cpf?.message).toBe(BILLING_MESSAGES.invalidCpf);
    expect(second?.paid_on?.message).toBe('A data não pode ser depois de hoje!');
    expect((errors.members as unknown as unknown[])[0]).toBeUndefined();
  });

  it('passes a valid team', async () => {
    const { errors } = await teamChecks({ members: [memberValuesOf({ ...stored, paid_on: '2026-05-01' })] }, undefined, options);
    expect(errors).toEqual({});
  });

  it("puts a list's message on the list and the company's on its field", async () => {
    const checks = listResolver<ReturnType<typeof profileValuesOf>>(async () => billingProfileSchema, profileBodyOf);
    const plan = { health_plan_id: 3, name: 'P', ans_registry: null, bills_as: 'cnpj' as const, provider_code: '' };
    const values = { ...profileValuesOf({ council: '06', council_number: null, council_uf: null, cbo: null, cnes: null, company_cnpj: null, company_name: null, plans: [] }), plans: [plan, plan] };
    const { errors } = await checks(values, undefined, options);
    expect((errors.plans as unknown as { root?: { message: string } }).root?.message).toBe(BILLING_MESSAGES.repeatedPlan);
    const single = await checks({ ...values, plans: [plan] }, undefined, options);
    expect(single.errors.company_cnpj?.message).toBe(BILLING_MESSAGES.cnpjNeedsCompany);
  });
});
