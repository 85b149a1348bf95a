import { describe, expect, it } from 'vitest';
import { attachmentName } from '../../../../../src/lib/download';
import { moveResultOf } from '../../../../../src/features/surgeries/details/lifecycleApi';
import {
  canOpenStep,
  defaultStepIndex,
  factsOf,
  isoDateOf,
  ownFieldProblems,
  stepIndexOf,
} from '../../../../../src/features/surgeries/details/stepData';
import { surgeryAt } from './surgeryFixture';

describe('step helpers', () => {
  it('opens the steps up to the current one, and every step of a closed case', () => {
    const open = (status: Parameters<typeof canOpenStep>[0]) => [0, 1, 2, 3, 4, 5, 6].filter((i) => canOpenStep(status, i));
    expect(open('ind_paciente')).toEqual([0]);
    expect(open('autorizacao')).toEqual([0, 1, 2, 3]);
    expect(open('pagamento')).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(open('concluido')).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(open('cancelado')).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(open('arquiv')).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(canOpenStep('concluido', 7)).toBe(false);
  });

  it('shows the current step first, the payment step of a finished or cancelled case, the first of an archived one', () => {
    expect(defaultStepIndex('env_doc')).toBe(2);
    expect(defaultStepIndex('concluido')).toBe(6);
    expect(defaultStepIndex('cancelado')).toBe(6);
    expect(defaultStepIndex('arquiv')).toBe(0);
    expect(stepIndexOf('concluido')).toBe(7);
    expect(stepIndexOf('arquiv')).toBe(-1);
  });

  it('reads a case as the machine facts, the schedule as São Paulo wall-clock time', () => {
    const facts = factsOf(surgeryAt('realizacao', { schedule: '2026-03-10T17:30:00Z', payment_fountains: 'coop', opme: true }), {
      hospital_approvals: 'aprovada',
      plan_approvals: null,
      opme_approvals: 'negada',
      opme: true,
      health_plan_approval: false,
    });
    expect(facts).toMatchObject({
      schedule: '2026-03-10 14:30:00',
      payment_fountains: 'coop',
      opme: true,
      hospital_approvals: 'aprovada',
      opme_approvals: 'negada',
    });
  });

  it('takes dd/mm/aaaa dates as yyyy-MM-dd and checks them with the lifecycle rules', () => {
    expect(isoDateOf('05/03/2026')).toBe('2026-03-05');
    expect(isoDateOf('31/02/2026')).toBeNull();
    expect(isoDateOf('05/03/20')).toBeNull();
    expect(ownFieldProblems('env_doc', { document_arrivals: null })).toEqual(['Preencha a data de envio da documentação!']);
    expect(ownFieldProblems('realizacao', { accomplishment: '2026-03-05' })).toEqual([]);
    expect(ownFieldProblems('pagamento', { payment_done: 0, date_payment: null })).toEqual([
      'Insira um valor recebido!',
      'Data invalida!',
    ]);
  });
});

describe('lifecycle answers', () => {
  it('reads a 409 as the conflict with the actual stage, other errors as their messages', () => {
    expect(moveResultOf(409, { message: 'Não permitido', status: { actual_status: 'agendamento' } })).toEqual({
      kind: 'conflict',
      message: 'Não permitido',
      actual: 'agendamento',
    });
    expect(moveResultOf(400, { error: ['Hora invalida!'] })).toEqual({ kind: 'rejected', status: 400, messages: ['Hora invalida!'] });
    expect(moveResultOf(409, { message: 'x', status: { actual_status: 'nada' } })).toMatchObject({ kind: 'rejected' });
    expect(moveResultOf(200, surgeryAt('env_doc'))).toMatchObject({ kind: 'ok' });
  });

  it('names the downloaded template from Content-Disposition', () => {
    expect(attachmentName('attachment; filename="modelo-hospital-41.docx"', 'x.docx')).toBe('modelo-hospital-41.docx');
    expect(attachmentName("attachment; filename*=UTF-8''guia%20conv%C3%AAnio.docx", 'x.docx')).toBe('guia convênio.docx');
    expect(attachmentName(null, 'x.docx')).toBe('x.docx');
  });
});

describe('the scheduling hour 24:mm (issue 11, item 17)', () => {
  it('is said to land on the next day, with that day and time, before saving', async () => {
    const { nextDayNoticeOf } = await import('../../../../../src/features/surgeries/details/SchedulingPanel');
    expect(nextDayNoticeOf('2026-12-31', '24:30')).toBe(
      '24:30 é meia-noite passada: a cirurgia ficará agendada para 01/01/2027 às 00:30.',
    );
    expect(nextDayNoticeOf('2026-12-31', '23:30')).toBeNull();
    expect(nextDayNoticeOf(null, '24:30')).toBeNull();
  });
});

describe('a scheduling day that has passed (third week, item 8)', () => {
  it('is said before saving, as 24:mm is; today or later says nothing', async () => {
    const { pastDayNoticeOf } = await import('../../../../../src/features/surgeries/details/SchedulingPanel');
    expect(pastDayNoticeOf('2026-11-30', '2026-12-01')).toBe('30/11/2026 já passou: a cirurgia ficará agendada para uma data passada.');
    expect(pastDayNoticeOf('2026-12-01', '2026-12-01')).toBeNull();
    expect(pastDayNoticeOf(null, '2026-12-01')).toBeNull();
  });
});
