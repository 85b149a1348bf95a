import { describe, expect, it } from 'vitest';
import { showsTissGuide } from '../../../../src/features/surgeries/details/TissGuideSlot';
import {
  appealableGlosas,
  factorHundredthsOf,
  factorText,
  groupByPlan,
  guidePayloadOf,
  lineTotal,
  sentStatusText,
} from '../../../../src/lib/tiss/guideValues';

describe('factorText / factorHundredthsOf', () => {
  it('writes hundredths as the form shows them', () => {
    expect(factorText(100)).toBe('1,00');
    expect(factorText(70)).toBe('0,70');
    expect(factorText(5)).toBe('0,05');
    expect(factorText(150)).toBe('1,50');
  });

  it('reads what a secretary types, with comma or point, and refuses what is not a factor', () => {
    expect(factorHundredthsOf('1,00')).toBe(100);
    expect(factorHundredthsOf('0,7')).toBe(70);
    expect(factorHundredthsOf('1.5')).toBe(150);
    expect(factorHundredthsOf(' 1 ')).toBe(100);
    expect(factorHundredthsOf('0,30')).toBe(30);
    for (const bad of ['', 'um', '1,005', '-1', '1,2,3']) expect(factorHundredthsOf(bad), bad).toBeNull();
  });

  it('round-trips every factor the schema accepts', () => {
    for (let hundredths = 1; hundredths <= 999; hundredths += 1) expect(factorHundredthsOf(factorText(hundredths))).toBe(hundredths);
  });
});

describe('lineTotal', () => {
  it('multiplies quantity, unit and factor, rounding to the centavo as the server does', () => {
    expect(lineTotal('1', 250_000, '1,00')).toBe(250_000);
    expect(lineTotal('1', 100_000, '0,70')).toBe(70_000);
    expect(lineTotal('2', 333, '0,5')).toBe(333);
    expect(lineTotal('1', 1, '0,5')).toBe(1);
  });

  it('is unknown while a value is missing or not a number', () => {
    expect(lineTotal('1', null, '1,00')).toBeNull();
    expect(lineTotal('', 100, '1,00')).toBeNull();
    expect(lineTotal('1', 100, 'x')).toBeNull();
  });
});

describe('guidePayloadOf', () => {
  it('sends centavos, hundredths and nulls for blanks', () => {
    const payload = guidePayloadOf({
      lines: [
        { quantity: '1', unit: 2500, factor: '1,00', access_route: '1', technique: '' },
        { quantity: 'x', unit: null, factor: '??', access_route: '', technique: '3' },
      ],
      note: '  ',
      hospital_cnpj: '11.222.333/0001-81',
      hospital_cnes: '',
    });
    expect(payload).toEqual({
      lines: [
        { quantity: 1, unit_cents: 250_000, factor_hundredths: 100, access_route: '1', technique: null },
        { quantity: 0, unit_cents: null, factor_hundredths: 0, access_route: null, technique: '3' },
      ],
      note: null,
      hospital_cnpj: '11.222.333/0001-81',
      hospital_cnes: null,
    });
  });

  it('keeps reais with centavos exact (no floating point drift)', () => {
    const payload = guidePayloadOf({ lines: [{ quantity: '1', unit: 1234.56, factor: '1', access_route: '', technique: '' }], note: '', hospital_cnpj: '', hospital_cnes: '' });
    expect(payload.lines[0]!.unit_cents).toBe(123_456);
  });
});

describe('groupByPlan', () => {
  it('groups in the order plans are first met, keeping each group in order', () => {
    const groups = groupByPlan([
      { id: 1, plan: 7 },
      { id: 2, plan: 3 },
      { id: 3, plan: 7 },
    ]);
    expect(groups).toEqual([
      { plan: 7, guides: [{ id: 1, plan: 7 }, { id: 3, plan: 7 }] },
      { plan: 3, guides: [{ id: 2, plan: 3 }] },
    ]);
    expect(groupByPlan([])).toEqual([]);
  });
});

describe('sentStatusText', () => {
  it('says whether and when a lot was sent, with its protocol', () => {
    expect(sentStatusText({ sent_on: null, protocol: null })).toBe('Não enviado');
    expect(sentStatusText({ sent_on: '2026-03-12', protocol: '123456' })).toBe('Enviado em 12/03/2026 · protocolo 123456');
  });
});

describe('appealableGlosas', () => {
  it('keeps glosas with a TISS code, without an outcome and in no other appeal', () => {
    const glosas = [
      { id: 1, reason_code: '1801', appeal_outcome: null },
      { id: 2, reason_code: null, appeal_outcome: null },
      { id: 3, reason_code: '1801', appeal_outcome: 'revertida' },
      { id: 4, reason_code: '2001', appeal_outcome: null },
      { id: 5, reason_code: '', appeal_outcome: null },
    ];
    expect(appealableGlosas(glosas, new Set([4])).map((glosa) => glosa.id)).toEqual([1]);
  });
});

describe('showsTissGuide', () => {
  it('shows the guide for plan cases from Realização on, never for other payers or lost cases', () => {
    expect(showsTissGuide({ payment_fountains: 'plano_saude', status: 'realizacao' })).toBe(true);
    expect(showsTissGuide({ payment_fountains: 'plano_saude', status: 'pagamento' })).toBe(true);
    expect(showsTissGuide({ payment_fountains: 'plano_saude', status: 'concluido' })).toBe(true);
    expect(showsTissGuide({ payment_fountains: 'plano_saude', status: 'agendamento' })).toBe(false);
    expect(showsTissGuide({ payment_fountains: 'plano_saude', status: 'cancelado' })).toBe(false);
    expect(showsTissGuide({ payment_fountains: 'particular', status: 'pagamento' })).toBe(false);
  });
});
