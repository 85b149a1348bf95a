/**
 * The ledger's dialogs (./LedgerSection.tsx): a receipt to add, a glosa to add or edit with its appeal. Each checks
 * its body with the API's schema (machines/ledger/ledgerSchemas.ts) before sending. In a module of their own, loaded
 * when one first opens: their checks (arktype) and React Aria's dialog stay out of the case page's first download
 * (issue 41, goal 6).
 */
import type { FormEvent, ReactNode } from 'react';
import { styled } from 'goober';
import { useController, useWatch, type Control } from 'react-hook-form';
import { APPEAL_OUTCOMES, APPEAL_OUTCOME_LABELS, RECEIPT_PAYERS, RECEIPT_PAYER_LABELS, type ReceiptPayer } from '../../../../machines/ledger/constants';
import { incomeKindOf, netCents, WITHHOLDING_FIELDS } from '../../../../machines/ledger/incomeRules';
import { glosaProblem } from '../../../../machines/ledger/ledgerRules';
import { glosaColumnsOf, glosaSchema, glosaUpdateSchema, receiptSchema } from '../../../../machines/ledger/ledgerSchemas';
import type { Glosa, Ledger, postReceipt, putGlosa } from '../../../api/ledger';
import { searchGlosaReasons, type GlosaReason } from '../../../api/lookups';
import { payloadResolver, putFieldErrors } from '../../../components/form/stepResolver';
import { useSchemaForm } from '../../../components/form/useSchemaForm';
import { Checkbox } from '../../../components/ui/Checkbox';
import { DateField } from '../../../components/ui/DateField';
import { Modal } from '../../../components/ui/Modal';
import { SearchSelect } from '../../../components/ui/SearchSelect';
import { ModalSubmitActions } from '../../../components/ui/modalParts';
import { Select } from '../../../components/ui/Select';
import { TextField } from '../../../components/ui/TextField';
import { formatDate, todayInSaoPaulo } from '../../../lib/format/date';
import { centsFromDigits, formatBRLInput } from '../../../lib/format/money';
import { ledgerTexts as T } from '../../../lib/i18n/ledger';
import { fill } from '../../../lib/i18n/pt-BR';
import { space } from '../../../lib/theme';
import { amountText, brl, dateValue } from './ledgerValues';

/** A dialog's fields, one under the other with the space every other dialog gives them. */
const StyledFields = styled('div')`
  display: flex;
  flex-direction: column;
  gap: ${space.lg};
`;

/** A receipt's or a glosa's dialog: its fields, one under the other, and Cancelar beside its save button. */
function LedgerModal({ title, saveLabel, busy, onCancel, onSubmit, children }: { title: string; saveLabel: string; busy: boolean; onCancel: () => void; onSubmit: (event: FormEvent) => void; children: ReactNode }) {
  return (
    <Modal
      isOpen
      onClose={onCancel}
      title={title}
      closeLabel={T.close}
      dismissable={!busy}
      onSubmit={onSubmit}
      busy={busy}
      footer={<ModalSubmitActions cancelLabel={T.cancel} onCancel={onCancel} submitLabel={saveLabel} sendingLabel={saveLabel} sending={busy} />}
    >
      <StyledFields>{children}</StyledFields>
    </Modal>
  );
}

export type SaveHandler<B> = (body: B, onFields: (fields: Record<string, string[]>) => void) => Promise<unknown>;

/** The receipt's fields, named as the API's keys (its field errors land on them); `withheld` is the form's own. */
type ReceiptValues = {
  received_on: string;
  amount_cents: string;
  payer: string;
  note: string;
  payer_document: string;
  payer_name: string;
  withheld: boolean;
  irrf_cents: string;
  iss_cents: string;
  pis_cofins_csll_cents: string;
};

/** A withholding typed as digits: blank → 0. */
const withholdingOf = (text: string) => centsFromDigits(text) ?? 0;

/** Whether the payer chosen is a company (issue 38 item 5: it may withhold taxes and has a CNPJ). */
const isCompany = (payer: string) => payer !== '' && RECEIPT_PAYERS.some((each) => each === payer) && incomeKindOf(payer as ReceiptPayer) === 'pj';

function receiptPayloadOf(values: ReceiptValues) {
  const cents = centsFromDigits(values.amount_cents);
  const company = isCompany(values.payer);
  const withheld = company && values.withheld;
  return {
    received_on: dateValue(values.received_on),
    ...(cents === null ? {} : { amount_cents: cents }),
    ...(values.payer ? { payer: values.payer } : {}),
    note: values.note,
    ...(company ? { payer_document: values.payer_document, payer_name: values.payer_name } : {}),
    irrf_cents: withheld ? withholdingOf(values.irrf_cents) : 0,
    iss_cents: withheld ? withholdingOf(values.iss_cents) : 0,
    pis_cofins_csll_cents: withheld ? withholdingOf(values.pis_cofins_csll_cents) : 0,
  };
}

const WITHHOLDING_TEXTS = { irrf_cents: T.receipts.irrf, iss_cents: T.receipts.iss, pis_cofins_csll_cents: T.receipts.pisCofinsCsll } as const;

/** One withholding's money field. */
function WithholdingField({ control, name }: { control: Control<ReceiptValues>; name: (typeof WITHHOLDING_FIELDS)[number] }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      label={WITHHOLDING_TEXTS[name]}
      name={name}
      value={field.value}
      onChange={(v) => field.onChange(amountText(v))}
      placeholder={T.amountPlaceholder}
      inputMode="numeric"
      error={fieldState.error?.message || undefined}
      optional
    />
  );
}

const StyledNet = styled('p')`
  font-weight: 600;
`;

export function ReceiptModal({ busy, onCancel, onSave }: { busy: boolean; onCancel: () => void; onSave: SaveHandler<Parameters<typeof postReceipt>[1]> }) {
  const form = useSchemaForm(
    payloadResolver<ReceiptValues>(() => receiptSchema(todayInSaoPaulo()), receiptPayloadOf),
    { received_on: '', amount_cents: '', payer: '', note: '', payer_document: '', payer_name: '', withheld: false, irrf_cents: '', iss_cents: '', pis_cofins_csll_cents: '' },
    { clearErrorOnChange: true, focusError: false },
  );
  const { control } = form;
  const { field: date, fieldState: dateState } = useController({ control, name: 'received_on' });
  const { field: amount, fieldState: amountState } = useController({ control, name: 'amount_cents' });
  const { field: payer, fieldState: payerState } = useController({ control, name: 'payer' });
  const { field: note, fieldState: noteState } = useController({ control, name: 'note' });
  const { field: document, fieldState: documentState } = useController({ control, name: 'payer_document' });
  const { field: payerName, fieldState: payerNameState } = useController({ control, name: 'payer_name' });
  const { field: withheld } = useController({ control, name: 'withheld' });
  const [irrf, iss, pisCofinsCsll] = useWatch({ control, name: ['irrf_cents', 'iss_cents', 'pis_cofins_csll_cents'] });
  const company = isCompany(payer.value);
  const gross = centsFromDigits(amount.value);
  const net =
    gross === null ? null : netCents(gross, { irrf_cents: withholdingOf(irrf), iss_cents: withholdingOf(iss), pis_cofins_csll_cents: withholdingOf(pisCofinsCsll) });

  const submit = form.handleSubmit((values) => {
    void onSave(receiptPayloadOf(values) as Parameters<typeof postReceipt>[1], (fields) => putFieldErrors(form, fields));
  });

  return (
    <LedgerModal title={T.receipts.modalTitle} saveLabel={T.receipts.save} busy={busy} onCancel={onCancel} onSubmit={(event) => void submit(event)}>
      <DateField label={T.receipts.date} name="received_on" value={date.value} onChange={date.onChange} placeholder={T.datePlaceholder} error={dateState.error?.message || undefined} required />
      <TextField label={T.receipts.amount} name="amount_cents" value={amount.value} onChange={(v) => amount.onChange(amountText(v))} placeholder={T.amountPlaceholder} inputMode="numeric" hint={T.receipts.amountHint} error={amountState.error?.message || undefined} required />
      <Select
        label={T.receipts.payer}
        name="payer"
        value={payer.value}
        onChange={payer.onChange}
        placeholder={T.receipts.payerPlaceholder}
        options={RECEIPT_PAYERS.map((each) => ({ value: each, label: RECEIPT_PAYER_LABELS[each] }))}
        error={payerState.error?.message || undefined}
      />
      {payer.value === 'particular' ? <small>{T.receipts.personHint}</small> : null}
      {company ? (
        <>
          <TextField
            label={T.receipts.payerDocument}
            name="payer_document"
            value={document.value}
            onChange={document.onChange}
            inputMode="numeric"
            hint={payer.value === 'hospital' ? T.receipts.payerDocumentHospitalHint : T.receipts.payerDocumentHint}
            error={documentState.error?.message || undefined}
            optional
          />
          <TextField
            label={T.receipts.payerName}
            name="payer_name"
            value={payerName.value}
            onChange={payerName.onChange}
            hint={T.receipts.payerNameHint}
            error={payerNameState.error?.message || undefined}
            optional
          />
          <Checkbox name="withheld" checked={withheld.value} onChange={withheld.onChange}>
            {T.receipts.withheld}
          </Checkbox>
          {withheld.value ? (
            <>
              {WITHHOLDING_FIELDS.map((name) => (
                <WithholdingField key={name} control={control} name={name} />
              ))}
              {net !== null ? <StyledNet aria-live="polite">{fill(T.receipts.net, { value: brl(net) })}</StyledNet> : null}
            </>
          ) : null}
        </>
      ) : null}
      <TextField label={T.receipts.note} name="note" value={note.value} onChange={note.onChange} error={noteState.error?.message || undefined} optional />
    </LedgerModal>
  );
}

/**
 * The hint under 'Valor recuperado': in a revertida, blank means the whole glosa (the server's rule); in a parcial,
 * the range it must fall in. No placeholder: 'R$ 0,00' there read as the value a blank field would send.
 */
function recoveredHint(outcome: string, amount: number | null): string {
  if (outcome === 'revertida') return amount === null ? T.glosas.recoveredHint : fill(T.glosas.recoveredHintOf, { value: brl(amount) });
  return amount === null || amount < 2 ? T.glosas.recoveredPartialHint : fill(T.glosas.recoveredPartialHintOf, { max: brl(amount - 1) });
}

/** 'código — descrição', as the reason picker shows a TISS reason (only the code for one stored before this form read it). */
function reasonOptionLabel(item: GlosaReason): string {
  return item.label ? fill(T.glosas.reasonCodeOption, { code: item.code, label: item.label }) : item.code;
}

/** A stored glosa's code as the picker's value: the glosa answers the code only. */
function storedReason(code: string): GlosaReason {
  return { code, group: null, description: null, label: '' };
}

/** The glosa's fields, named as the API's keys (its field errors land on them); the appeal's only when editing. */
type GlosaValues = {
  glosa_on: string;
  amount_cents: string;
  reason: string;
  /** The TISS reason chosen (dm_tipoGlosa), or none. */
  reason_code: GlosaReason | null;
  appeal_deadline: string;
  appeal_filed_on: string;
  appeal_outcome: string;
  recovered_cents: string;
  note: string;
};

/** A new glosa's body, or with `appeal` an edited one's (its appeal: filed, outcome, recovered as the outcome wants). */
function glosaPayloadOf(values: GlosaValues, appeal: boolean) {
  const amount = centsFromDigits(values.amount_cents);
  const base = {
    glosa_on: dateValue(values.glosa_on),
    ...(amount === null ? {} : { amount_cents: amount }),
    reason: values.reason,
    reason_code: values.reason_code?.code ?? null,
    appeal_deadline: dateValue(values.appeal_deadline),
    note: values.note,
  };
  if (!appeal) return base;
  const outcome = values.appeal_outcome;
  return {
    ...base,
    appeal_filed_on: dateValue(values.appeal_filed_on),
    appeal_outcome: outcome === '' ? null : outcome,
    recovered_cents: outcome === '' || outcome === 'mantida' ? null : centsFromDigits(values.recovered_cents),
  };
}

export function GlosaModal({
  glosa,
  ledger,
  busy,
  onCancel,
  onSave,
}: {
  glosa: Glosa | null;
  /** The ledger as shown: the glosa's room (what is open) is judged against it before sending. */
  ledger: Ledger;
  busy: boolean;
  onCancel: () => void;
  onSave: SaveHandler<Parameters<typeof putGlosa>[2]>;
}) {
  const editing = glosa !== null;
  const payloadOf = (values: GlosaValues) => glosaPayloadOf(values, editing);
  const form = useSchemaForm(
    payloadResolver<GlosaValues, ReturnType<typeof glosaSchema> | ReturnType<typeof glosaUpdateSchema>>(
      () => (editing ? glosaUpdateSchema(todayInSaoPaulo()) : glosaSchema(todayInSaoPaulo())),
      payloadOf,
      (checked) => {
        const stored = glosaColumnsOf(checked);
        const facts = { expected_cents: ledger.expected_cents, received_cents: ledger.received_cents, deducted_cents: ledger.glosa_net_cents + ledger.written_off_cents };
        const problem = glosaProblem(facts, { amount_cents: stored.amountCents, recovered_cents: stored.recoveredCents }, glosa);
        return problem ? { field: 'amount_cents', message: problem } : null;
      },
    ),
    {
      glosa_on: formatDate(glosa?.glosa_on ?? null),
      amount_cents: glosa ? formatBRLInput(glosa.amount_cents) : '',
      reason: glosa?.reason ?? '',
      reason_code: glosa?.reason_code ? storedReason(glosa.reason_code) : null,
      appeal_deadline: formatDate(glosa?.appeal_deadline ?? null),
      appeal_filed_on: formatDate(glosa?.appeal_filed_on ?? null),
      appeal_outcome: glosa?.appeal_outcome ?? '',
      recovered_cents: glosa?.recovered_cents ? formatBRLInput(glosa.recovered_cents) : '',
      note: glosa?.note ?? '',
    },
    { clearErrorOnChange: true, focusError: false },
  );
  const { control } = form;
  const { field: date, fieldState: dateState } = useController({ control, name: 'glosa_on' });
  const { field: amount, fieldState: amountState } = useController({ control, name: 'amount_cents' });
  const { field: reason, fieldState: reasonState } = useController({ control, name: 'reason' });
  const { field: reasonCode, fieldState: reasonCodeState } = useController({ control, name: 'reason_code' });
  const { field: deadline, fieldState: deadlineState } = useController({ control, name: 'appeal_deadline' });
  const { field: filed, fieldState: filedState } = useController({ control, name: 'appeal_filed_on' });
  const { field: outcome, fieldState: outcomeState } = useController({ control, name: 'appeal_outcome' });
  const { field: recovered, fieldState: recoveredState } = useController({ control, name: 'recovered_cents' });
  const { field: note, fieldState: noteState } = useController({ control, name: 'note' });

  const submit = form.handleSubmit((values) => {
    void onSave(payloadOf(values) as Parameters<typeof putGlosa>[2], (fields) => putFieldErrors(form, fields));
  });

  return (
    <LedgerModal title={glosa ? T.glosas.modalTitleEdit : T.glosas.modalTitleNew} saveLabel={T.glosas.save} busy={busy} onCancel={onCancel} onSubmit={(event) => void submit(event)}>
      <DateField label={T.glosas.date} name="glosa_on" value={date.value} onChange={date.onChange} placeholder={T.datePlaceholder} error={dateState.error?.message || undefined} required />
      <TextField label={T.glosas.amount} name="amount_cents" value={amount.value} onChange={(v) => amount.onChange(amountText(v))} placeholder={T.amountPlaceholder} inputMode="numeric" error={amountState.error?.message || undefined} required />
      <SearchSelect<GlosaReason>
        label={T.glosas.reasonCode}
        name="reason_code"
        placeholder={T.glosas.reasonCodePlaceholder}
        value={reasonCode.value}
        onChange={(item) => {
          reasonCode.onChange(item);
          // The TISS description fills an empty 'Motivo'; a reason already written is the user's and stays.
          if (item && reason.value.trim() === '') form.setValue('reason', item.label, { shouldDirty: true });
        }}
        search={searchGlosaReasons}
        itemKey={(item) => item.code}
        itemLabel={reasonOptionLabel}
        hint={T.glosas.reasonCodeHint}
        error={reasonCodeState.error?.message || undefined}
      />
      <TextField label={T.glosas.reason} name="reason" value={reason.value} onChange={reason.onChange} error={reasonState.error?.message || undefined} required />
      <DateField label={T.glosas.deadline} name="appeal_deadline" value={deadline.value} onChange={deadline.onChange} placeholder={T.datePlaceholder} hint={T.glosas.deadlineHint} error={deadlineState.error?.message || undefined} optional />
      {glosa ? (
        <>
          <DateField label={T.glosas.filedOn} name="appeal_filed_on" value={filed.value} onChange={filed.onChange} placeholder={T.datePlaceholder} error={filedState.error?.message || undefined} optional />
          <Select
            label={T.glosas.outcome}
            name="appeal_outcome"
            value={outcome.value}
            onChange={outcome.onChange}
            placeholder={T.glosas.outcomeNone}
            options={APPEAL_OUTCOMES.map((each) => ({ value: each, label: APPEAL_OUTCOME_LABELS[each] }))}
            error={outcomeState.error?.message || undefined}
          />
          {outcome.value === 'parcial' || outcome.value === 'revertida' ? (
            <TextField
              label={T.glosas.recovered}
              name="recovered_cents"
              value={recovered.value}
              onChange={(v) => recovered.onChange(amountText(v))}
              inputMode="numeric"
              hint={recoveredHint(outcome.value, centsFromDigits(amount.value))}
              error={recoveredState.error?.message || undefined}
              optional={outcome.value === 'revertida'}
            />
          ) : null}
        </>
      ) : null}
      <TextField label={T.glosas.note} name="note" value={note.value} onChange={note.onChange} error={noteState.error?.message || undefined} optional />
    </LedgerModal>
  );
}

export type ReceiptModalProps = Parameters<typeof ReceiptModal>[0];
export type GlosaModalProps = Parameters<typeof GlosaModal>[0];
