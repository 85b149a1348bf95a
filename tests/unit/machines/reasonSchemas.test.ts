import { describe, expect, it } from 'vitest';
import { LOSS_REASONS } from '../../../machines/preoperative/constants';
import { lossReasonFormSchema, lossReasonLabel } from '../../../machines/preoperative/reasonSchemas';
import { moveFromVersionSchema } from '../../../machines/surgeryCase/schemas';
import { check } from '../../../machines/validation/problems';

/** The loss reasons' two schemas (machines/preoperative/reasonSchemas.ts): the API's optional one, the dialogs' required one. */

const UNKNOWN = { error: ['Motivo inválido.'], fields: { reason: ['Motivo inválido.'] } };
const NOTE_REQUIRED = { error: ['Descreva o motivo.'], fields: { reason_note: ['Descreva o motivo.'] } };
const TOO_LONG = 'A descrição do motivo deve ter no máximo 500 caracteres.';

describe('archive/cancel body (moveFromVersionSchema with the reason)', () => {
  it('takes no reason at all (SPEC §7), and ignores other keys as before', () => {
    expect(check(moveFromVersionSchema, {})).toEqual({ ok: true, value: {} });
    expect(check(moveFromVersionSchema, { version: 4, new_status: 'x' })).toEqual({ ok: true, value: { version: 4, new_status: 'x' } });
  });

  it.each(LOSS_REASONS.filter((reason) => reason !== 'outro'))('takes %s alone', (reason) => {
    expect(check(moveFromVersionSchema, { reason })).toEqual({ ok: true, value: { reason } });
  });

  it('trims the note; a blank one is null', () => {
    expect(check(moveFromVersionSchema, { reason: 'outro', reason_note: '  Mudou de cidade. ' })).toEqual({
      ok: true,
      value: { reason: 'outro', reason_note: 'Mudou de cidade.' },
    });
    expect(check(moveFromVersionSchema, { reason: 'financeiro', reason_note: ' ' })).toEqual({
      ok: true,
      value: { reason: 'financeiro', reason_note: null },
    });
    expect(check(moveFromVersionSchema, { reason: 'financeiro', reason_note: null })).toEqual({
      ok: true,
      value: { reason: 'financeiro', reason_note: null },
    });
  });

  it.each([['desistiu'], [''], [3], [null], [['financeiro']]])('refuses the reason %j', (reason) => {
    expect(check(moveFromVersionSchema, { reason })).toEqual({ ok: false, problems: UNKNOWN });
  });

  it("'outro' needs its text, on reason_note", () => {
    expect(check(moveFromVersionSchema, { reason: 'outro' })).toEqual({ ok: false, problems: NOTE_REQUIRED });
    expect(check(moveFromVersionSchema, { reason: 'outro', reason_note: '   ' })).toEqual({ ok: false, problems: NOTE_REQUIRED });
    expect(check(moveFromVersionSchema, { reason: 'outro', reason_note: null })).toEqual({ ok: false, problems: NOTE_REQUIRED });
  });

  it('bounds the text at 500 characters as a person counts them', () => {
    expect(check(moveFromVersionSchema, { reason: 'outro', reason_note: '😀'.repeat(500) }).ok).toBe(true);
    expect(check(moveFromVersionSchema, { reason: 'outro', reason_note: 'a'.repeat(501) })).toEqual({
      ok: false,
      problems: { error: [TOO_LONG], fields: { reason_note: [TOO_LONG] } },
    });
  });

  it('a text needs a reason', () => {
    expect(check(moveFromVersionSchema, { reason_note: 'Sem motivo' })).toEqual({
      ok: false,
      problems: { error: ['Selecione o motivo da descrição.'], fields: { reason: ['Selecione o motivo da descrição.'] } },
    });
  });
});

describe('the dialogs’ form (lossReasonFormSchema)', () => {
  it('requires the reason', () => {
    expect(check(lossReasonFormSchema, { reason: '', reason_note: '' })).toEqual({
      ok: false,
      problems: { error: ['Selecione o motivo.'], fields: { reason: ['Selecione o motivo.'] } },
    });
  });

  it("requires the text with 'Outro motivo' only", () => {
    expect(check(lossReasonFormSchema, { reason: 'outro', reason_note: '' })).toEqual({ ok: false, problems: NOTE_REQUIRED });
    expect(check(lossReasonFormSchema, { reason: 'condicao_clinica', reason_note: '' })).toEqual({
      ok: true,
      value: { reason: 'condicao_clinica', reason_note: null },
    });
  });

  it('refuses a value outside the list', () => {
    expect(check(lossReasonFormSchema, { reason: 'x', reason_note: '' })).toEqual({ ok: false, problems: UNKNOWN });
  });
});

describe('lossReasonLabel', () => {
  it('names each reason in pt-BR, and no reason', () => {
    expect(lossReasonLabel('troca_medico_hospital')).toBe('Troca de médico ou hospital');
    expect(lossReasonLabel(null)).toBe('Sem motivo informado');
  });
});
