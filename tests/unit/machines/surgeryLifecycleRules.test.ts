import { describe, expect, it } from 'vitest';
import {
  advanceProblems,
  allApproved,
  applyFields,
  BACK_MOVES,
  composeSchedule,
  conflictMessage,
  EMPTY_FACTS,
  futureDateFields,
  isValidHour,
  LIFECYCLE_MESSAGES as M,
  nextStatus,
  planApprovalApplies,
  saveProblems,
  scheduleProblem,
  type LifecycleFacts,
} from '../../../machines/surgeryLifecycle/lifecycleRules';
import { isValidIsoDate } from '../../../machines/rules/dates';

const facts = (overrides: Partial<LifecycleFacts> = {}): LifecycleFacts => ({ ...EMPTY_FACTS, ...overrides });

describe('lifecycle rules', () => {
  it('orders the stages and ends at concluido', () => {
    expect(nextStatus('ind_paciente')).toBe('prep_doc');
    expect(nextStatus('realizacao')).toBe('pagamento');
    expect(nextStatus('pagamento')).toBe('concluido');
    for (const terminal of ['concluido', 'cancelado', 'arquiv'] as const) expect(nextStatus(terminal)).toBeNull();
  });

  it('has exactly the six back moves of SPEC §4, each one step back', () => {
    expect(BACK_MOVES).toEqual({
      prep_doc: 'ind_paciente',
      env_doc: 'prep_doc',
      autorizacao: 'env_doc',
      agendamento: 'autorizacao',
      realizacao: 'agendamento',
      pagamento: 'realizacao',
    });
  });

  it('accepts only real calendar dates written yyyy-MM-dd', () => {
    expect(isValidIsoDate('2024-02-29')).toBe(true);
    expect(isValidIsoDate('2025-02-29')).toBe(false);
    expect(isValidIsoDate('2025-13-01')).toBe(false);
    expect(isValidIsoDate('10/03/2025')).toBe(false);
    expect(isValidIsoDate('')).toBe(false);
    expect(isValidIsoDate(null)).toBe(false);
  });

  it('takes the hour as HH:mm, optionally :ss, hours 0 to 24 (SPEC §5, §9)', () => {
    for (const hour of ['07:30', '7:30', '23:59', '24:59', '08:15:30']) expect(isValidHour(hour)).toBe(true);
    for (const hour of ['25:00', '12:60', '12', '12:5', 'ab:cd', '']) expect(isValidHour(hour)).toBe(false);
  });

  it('composes the schedule from the calendar day and the hour, or says what is missing', () => {
    expect(composeSchedule('2026-03-10', '14:30')).toEqual({ schedule: '2026-03-10 14:30:00' });
    expect(composeSchedule('2026-03-10', '7:05:09')).toEqual({ schedule: '2026-03-10 07:05:09' });
    expect(composeSchedule('2026-12-31', '24:15')).toEqual({ schedule: '2027-01-01 00:15:00' });
    expect(composeSchedule(null, '14:30')).toEqual({ problems: [M.dayRequired] });
    expect(composeSchedule('2026-03-10', '25:00')).toEqual({ problems: [M.invalidHour] });
    expect(composeSchedule(null, '')).toEqual({ problems: [M.dayRequired, M.invalidHour] });
  });

  it('checks a stored schedule: a real day and a real time of day', () => {
    expect(scheduleProblem('2026-03-10 14:30:00')).toBeNull();
    expect(scheduleProblem('2026-02-30 14:30:00')).toBe(M.dayRequired);
    expect(scheduleProblem('2026-03-10 24:30:00')).toBe(M.invalidHour);
    expect(scheduleProblem('2026-03-10')).toBe(M.invalidHour);
    expect(scheduleProblem('2026-03-10 7:30')).toBe(M.invalidHour);
    expect(scheduleProblem('10/03/2026 14:30:00')).toBe(M.dayRequired);
    expect(scheduleProblem(null)).toBe(M.dayRequired);
  });

  it('asks for the plan approval only for plano_saude, and the OPME one only with OPME', () => {
    expect(planApprovalApplies({ payment_fountains: 'plano_saude' })).toBe(true);
    expect(planApprovalApplies({ payment_fountains: 'particular' })).toBe(false);
    expect(allApproved(facts({ hospital_approvals: 'aprovada' }))).toBe(true);
    expect(allApproved(facts({ hospital_approvals: 'negada' }))).toBe(false);
    expect(allApproved(facts({ payment_fountains: 'plano_saude', hospital_approvals: 'aprovada' }))).toBe(false);
    expect(
      allApproved(facts({ payment_fountains: 'plano_saude', hospital_approvals: 'aprovada', plan_approvals: 'aprovada' })),
    ).toBe(true);
    expect(allApproved(facts({ opme: true, hospital_approvals: 'aprovada', opme_approvals: 'negada' }))).toBe(false);
    expect(allApproved(facts({ opme: true, hospital_approvals: 'aprovada', opme_approvals: 'aprovada' }))).toBe(true);
  });

  it('lists what each forward move still needs, with the messages of SPEC §5', () => {
    expect(advanceProblems('ind_paciente', facts())).toEqual([]);
    expect(advanceProblems('prep_doc', facts())).toEqual([]);
    // Issue 13: required documents missing hold prep_doc back unless the request confirms them.
    const missing = facts({ missing_documents: ['Laudo médico', 'Risco cirúrgico'] });
    expect(advanceProblems('prep_doc', missing)).toEqual([
      'Faltam documentos exigidos: Laudo médico, Risco cirúrgico. Confirme para avançar mesmo assim.',
    ]);
    // One missing document is said in the singular.
    expect(advanceProblems('prep_doc', facts({ missing_documents: ['Laudo médico'] }))).toEqual([
      'Falta o documento exigido: Laudo médico. Confirme para avançar mesmo assim.',
    ]);
    expect(advanceProblems('prep_doc', missing, { missing_documents: false })).toHaveLength(1);
    expect(advanceProblems('prep_doc', missing, { missing_documents: true })).toEqual([]);
    expect(advanceProblems('env_doc', missing, { missing_documents: true })).toEqual(['Preencha a data de envio da documentação!']);
    expect(advanceProblems('env_doc', facts())).toEqual(['Preencha a data de envio da documentação!']);
    expect(advanceProblems('env_doc', facts({ document_arrivals: '2026-03-10' }))).toEqual([]);
    expect(advanceProblems('autorizacao', facts())).toEqual(['Todos os status tem que está aprovado!']);
    expect(advanceProblems('agendamento', facts())).toEqual(['Selecione o dia no calendário!']);
    expect(advanceProblems('agendamento', facts({ schedule: '2026-03-10 14:30:00' }))).toEqual([]);
    expect(advanceProblems('realizacao', facts({ accomplishment: '2026-02-30' }))).toEqual(['Data invalida!']);
    expect(advanceProblems('pagamento', facts())).toEqual(['Insira um valor recebido!', 'Data invalida!']);
    expect(advanceProblems('pagamento', facts({ payment_done: 0, date_payment: '2026-03-10' }))).toEqual([
      'Insira um valor recebido!',
    ]);
    expect(advanceProblems('pagamento', facts({ payment_done: 1500.5, date_payment: '2026-03-10' }))).toEqual([]);
  });

  it('applies only the fields a step sent', () => {
    const before = facts({ document_arrivals: '2026-03-01', schedule: '2026-03-10 14:30:00' });
    expect(applyFields(before, { document_arrivals: '2026-03-02', schedule: undefined })).toEqual({
      ...before,
      document_arrivals: '2026-03-02',
    });
    expect(applyFields(before, { hospital_approvals: null })).toEqual({ ...before, hospital_approvals: null });
    expect(applyFields(before, undefined)).toBe(before);
  });

  it('names the actual stage in the conflict warning', () => {
    expect(conflictMessage('autorizacao')).toContain('"Autorização"');
  });
});

describe('saveProblems and the OPME items (DECISIONS §15)', () => {
  const message = 'Decida a autorização de todos os itens de OPME (autorizado, parcial ou negado) antes de aprovar a OPME.';
  it('refuses only an OPME approval set to aprovada at autorizacao while an item is undecided', () => {
    const undecided = facts({ opme: true, opme_items_undecided: 1 });
    expect(saveProblems('autorizacao', undecided, { opme_approvals: 'aprovada' })).toEqual([message]);
    expect(saveProblems('autorizacao', undecided, { opme_approvals: 'negada' })).toEqual([]);
    expect(saveProblems('autorizacao', undecided, { hospital_approvals: 'aprovada' })).toEqual([]);
    expect(saveProblems('autorizacao', facts({ opme: true }), { opme_approvals: 'aprovada' })).toEqual([]);
    expect(saveProblems('env_doc', undecided, { document_arrivals: '2026-03-01' })).toEqual([]);
    expect(EMPTY_FACTS.opme_items_undecided).toBe(0);
  });

  it('adds the undecided items to the advance from autorizacao once every approval is there', () => {
    const approved = { hospital_approvals: 'aprovada', opme_approvals: 'aprovada' } as const;
    expect(advanceProblems('autorizacao', facts({ opme: true, ...approved, opme_items_undecided: 1 }))).toEqual([message]);
    expect(advanceProblems('autorizacao', facts({ opme: true, ...approved }))).toEqual([]);
    expect(advanceProblems('autorizacao', facts({ opme: true, opme_items_undecided: 1 }))).toEqual(['Todos os status tem que está aprovado!']);
  });
});

describe('futureDateFields: what already happened is not dated after today (São Paulo)', () => {
  it('names the sending date, the surgery date and the payment date after today, never today or before', () => {
    const today = '2026-12-01';
    expect(futureDateFields({ document_arrivals: '2026-12-10' }, today)).toEqual(['document_arrivals']);
    expect(futureDateFields({ document_arrivals: '2026-12-01' }, today)).toEqual([]);
    expect(futureDateFields({ document_arrivals: '2026-11-30', accomplishment: '2026-12-02', date_payment: '2027-01-01' }, today)).toEqual([
      'accomplishment',
      'date_payment',
    ]);
    // A date that is no real date is advanceProblems' to report ('Data invalida!'), not this rule's.
    expect(futureDateFields({ document_arrivals: '2026-13-40' }, today)).toEqual([]);
  });
});
