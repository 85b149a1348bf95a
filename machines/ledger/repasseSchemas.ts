import { type } from 'arktype';
import { REPASSE_FIELD_READERS, REPASSE_FORM_MESSAGES, REPASSE_PAYERS, type RepassePayer } from './repasseCsv';

type FieldRead = { ok: true; value: string } | { ok: false; message: string };

/** A text part read by `read`, its pt-BR message when it is wrong, `missing` when it is absent. */
function field(read: (text: string) => FieldRead, missing: string) {
  return type('string')
    .pipe((text, ctx) => {
      const answer = read(text);
      return answer.ok ? answer.value : ctx.error({ message: answer.message });
    })
    .configure({ missing });
}

/**
 * The repasse form's text parts (openapi RepasseForm; issue 38 item 3): who paid and the deposit's day, each read by
 * REPASSE_FIELD_READERS (./repasseCsv.ts), every wrong field named at once. `today`: America/Sao_Paulo's.
 */
export function buildRepasseFieldsSchema(today: string) {
  const M = REPASSE_FORM_MESSAGES;
  const R = REPASSE_FIELD_READERS;
  return type({
    '+': 'reject',
    payer: field(R.payer, M.payer).to(type.enumerated(...REPASSE_PAYERS)),
    payer_name: field(R.payerName, M.payerName),
    payer_document: field(R.payerDocument, M.payerDocument),
    received_on: field((text) => R.receivedOn(text, today), M.receivedOn),
  });
}

/** The checked form as the import takes it. */
export function repassePayerOf(fields: ReturnType<typeof buildRepasseFieldsSchema>['infer']): RepassePayer {
  return { payer: fields.payer, payerName: fields.payer_name, payerDocument: fields.payer_document, receivedOn: fields.received_on };
}
