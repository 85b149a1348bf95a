/**
 * The fee ledger of a case (issue 14; DECISIONS §16), on the payment step and on a concluded case: the balance
 * (Esperado, Recebido, Glosado, Em recurso, Em aberto, Perdido), the billing (date, guide or lot, due date), the
 * receipts (add, delete) and the glosas with their appeals (add, edit, delete). Written at realizacao, pagamento and
 * concluido (the server's rule). Each form checks its body with the API's schema (machines/ledger/ledgerSchemas.ts),
 * so it marks its fields with the API's messages before sending. What the ledger says enters the lifecycle actor
 * (`case.updated`): its sums, so the conclusion's guard sees the difference the server will, and the case version a
 * write moved on.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { css, styled } from 'goober';
import { APPEAL_OUTCOMES, APPEAL_OUTCOME_LABELS, RECEIPT_PAYERS, RECEIPT_PAYER_LABELS } from '../../../../machines/ledger/constants';
import { glosaProblem, ledgerWritable } from '../../../../machines/ledger/ledgerRules';
import { glosaColumnsOf, glosaSchema, glosaUpdateSchema, receiptSchema, billingSchema } from '../../../../machines/ledger/ledgerSchemas';
import { check } from '../../../../machines/validation/problems';
import { messagesOf, type CallResult } from '../../../api/call';
import { deleteGlosa, deleteReceipt, getLedger, postGlosa, postReceipt, putBilling, putGlosa, type Glosa, type Ledger, type Receipt } from '../../../api/ledger';
import { useController } from 'react-hook-form';
import { payloadResolver, putFieldErrors } from '../../../components/form/stepResolver';
import { useSchemaForm } from '../../../components/form/useSchemaForm';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { DateField } from '../../../components/ui/DateField';
import { Modal } from '../../../components/ui/Modal';
import { ModalSubmitActions } from '../../../components/ui/modalParts';
import { ReadNotice } from '../../../components/ui/ReadNotice';
import { Select } from '../../../components/ui/Select';
import { TextField } from '../../../components/ui/TextField';
import { formatDate, todayInSaoPaulo } from '../../../lib/format/date';
import { centsFromDigits, formatBRL, formatBRLInput } from '../../../lib/format/money';
import { ledgerTexts as T } from '../../../lib/i18n/ledger';
import { fill } from '../../../lib/i18n/pt-BR';
import { colors, fontSizes, fontWeights, media, radii, space } from '../../../lib/theme';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useRead } from '../../../lib/useRead';
import { sendWritten } from './caseActor';
import { usePanel } from './PanelFrame';
import { isoDateOf } from './stepData';

const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

const StyledSection = styled('section')`
  display: flex;
  flex-direction: column;
  gap: ${space.lg};
  padding-top: ${space.lg};
  border-top: 1px solid ${colors.border};
  & h3 { margin: 0; font-size: ${fontSizes.lg}; font-weight: ${fontWeights.semibold}; color: ${colors.text}; }
  & h4 { margin: 0; font-size: ${fontSizes.md}; font-weight: ${fontWeights.semibold}; color: ${colors.text}; }
  & p { margin: 0; font-size: ${fontSizes.sm}; color: ${colors.textMuted}; }
`;

const StyledBalance = styled('dl')`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${space.sm};
  margin: 0;
  ${media.md} { grid-template-columns: repeat(6, minmax(0, 1fr)); }
  & div { padding: ${space.sm}; border: 1px solid ${colors.border}; border-radius: ${radii.sm}; background: ${colors.surface}; }
  & dt { font-size: ${fontSizes.xs}; color: ${colors.textMuted}; }
  & dd { margin: 0; font-size: ${fontSizes.md}; font-weight: ${fontWeights.semibold}; color: ${colors.text}; }
`;

const StyledBlock = styled('div')`
  display: flex;
  flex-direction: column;
  gap: ${space.sm};
`;

const StyledForm = styled('form')`
  display: flex;
  flex-direction: column;
  gap: ${space.sm};
`;

const StyledRow = styled('div')`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space.md};
  align-items: end;
  ${media.md} { grid-template-columns: repeat(3, minmax(0, 1fr)); }
`;

const StyledHead = styled('div')`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${space.sm};
`;

const StyledList = styled('ul')`
  display: flex;
  flex-direction: column;
  gap: ${space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
  & li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${space.sm};
    padding: ${space.sm} ${space.md};
    border: 1px solid ${colors.border};
    border-radius: ${radii.sm};
    background: ${colors.surface};
    font-size: ${fontSizes.sm};
    color: ${colors.text};
    overflow-wrap: anywhere;
  }
  & small { display: block; color: ${colors.textMuted}; font-size: ${fontSizes.xs}; }
`;

const StyledActions = styled('div')`
  display: flex;
  gap: ${space.sm};
`;

/** A dialog's fields, one under the other with the space every other dialog gives them. */
const StyledFields = styled('div')`
  display: flex;
  flex-direction: column;
  gap: ${space.lg};
`;

const brl = (cents: number) => formatBRL(cents / 100);
/** A typed date as the schema reads it: blank → null, a real dd/mm/aaaa → yyyy-MM-dd, anything else as typed. */
const dateValue = (text: string) => (text.trim() === '' ? null : (isoDateOf(text) ?? text));
const amountText = (text: string) => {
  const cents = centsFromDigits(text);
  return cents === null ? '' : formatBRLInput(cents);
};
const firstErrors = (fields: Record<string, string[]>) => Object.fromEntries(Object.entries(fields).map(([key, list]) => [key, list[0] ?? '']));

type Errors = Record<string, string>;

export function LedgerSection({ onWritten }: { onWritten?: (ledger: Ledger) => void }) {
  const { surgery, lifecycle, locked } = usePanel();
  const { actor } = lifecycle;
  const [adding, setAdding] = useState<'receipt' | { glosa: Glosa | null } | null>(null);
  const [removing, setRemoving] = useState<{ receipt: Receipt } | { glosa: Glosa } | null>(null);
  const [busy, setBusy] = useState(false);
  const [billing, setBilling] = useState<{ billed: string; reference: string; errors: Errors } | null>(null);

  /** The ledger's sums, as the lifecycle's conclusion reads them. */
  function ledgerFields(ledger: Ledger) {
    return { expected_cents: ledger.expected_cents, received_cents: ledger.received_cents, deducted_cents: ledger.glosa_net_cents + ledger.written_off_cents };
  }

  const read = useRead(async (signal) => {
    const result = await getLedger(surgery.id, signal);
    if (result.kind === 'ok' && !signal.aborted) actor.send({ type: 'case.updated', fields: ledgerFields(result.value) });
    return result;
  }, [surgery.id]);

  const canEdit = ledgerWritable(surgery.status) && !locked;

  /** A write's answer: the ledger as it left it; the version moves on only from the one this page had. */
  function applyWrite(ledger: Ledger) {
    read.replace(() => ledger);
    sendWritten(actor, ledgerFields(ledger), ledger.version);
    onWritten?.(ledger);
  }

  async function send(call: Promise<CallResult<Ledger>>, done: string, onFields?: (fields: Record<string, string[]>) => void): Promise<boolean> {
    setBusy(true);
    const result = await call;
    setBusy(false);
    if (!result.ok) {
      if (onFields && Object.keys(result.fields).length > 0) onFields(result.fields);
      for (const message of messagesOf(result)) toastError(message);
      return false;
    }
    applyWrite(result.data);
    toastSuccess(done);
    return true;
  }

  async function saveBilling(event: FormEvent) {
    event.preventDefault();
    if (!billing || read.state.status !== 'ready') return;
    const body = { billed_on: dateValue(billing.billed), billing_reference: billing.reference };
    const checked = check(billingSchema(todayInSaoPaulo()), body);
    if (!checked.ok) {
      setBilling({ ...billing, errors: firstErrors(checked.problems.fields) });
      return;
    }
    await send(putBilling(surgery.id, checked.value), T.billing.saved, (fields) => setBilling({ ...billing, errors: firstErrors(fields) }));
  }

  async function handleRemove() {
    if (!removing) return;
    const call = 'receipt' in removing ? deleteReceipt(surgery.id, removing.receipt.id) : deleteGlosa(surgery.id, removing.glosa.id);
    await send(call, 'receipt' in removing ? T.receipts.removed : T.glosas.removed);
    setRemoving(null);
  }

  if (read.state.status !== 'ready') {
    return (
      <StyledSection aria-label={T.title}>
        <ReadNotice read={read} loading={T.loading} failed={T.failed} compact />
      </StyledSection>
    );
  }
  const ledger = read.state.value;
  const form = billing ?? { billed: formatDate(ledger.billed_on), reference: ledger.billing_reference ?? '', errors: {} };
  // Days late only while money is open: a paid-off fee is not late, whatever its due date.
  const due = ledger.due_date
    ? fill((ledger.days_past_due ?? 0) > 0 && ledger.open_cents > 0 ? T.billing.dueLate : T.billing.due, { date: formatDate(ledger.due_date), days: ledger.payment_term_days, late: ledger.days_past_due ?? 0 })
    : null;

  return (
    <StyledSection aria-labelledby={`ledger-title-${surgery.id}`} data-ledger-section>
      <div>
        <h3 id={`ledger-title-${surgery.id}`}>{T.title}</h3>
        <p>{T.intro}</p>
      </div>

      <StyledBalance aria-label={T.balance.title}>
        {(
          [
            [T.balance.expected, ledger.expected_cents],
            [T.balance.received, ledger.received_cents],
            [T.balance.glosa, ledger.glosa_net_cents],
            [T.balance.disputed, ledger.disputed_cents],
            [T.balance.open, ledger.open_cents],
            [T.balance.lost, ledger.lost_cents],
          ] as const
        ).map(([term, cents]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{brl(cents)}</dd>
          </div>
        ))}
      </StyledBalance>

      <StyledForm onSubmit={(event: FormEvent) => void saveBilling(event)} noValidate aria-labelledby={`ledger-billing-${surgery.id}`}>
        <h4 id={`ledger-billing-${surgery.id}`}>{T.billing.title}</h4>
        <StyledRow>
          <DateField
            label={T.billing.billedOn}
            name="billed_on"
            value={form.billed}
            onChange={(billed) => setBilling({ ...form, billed, errors: { ...form.errors, billed_on: '' } })}
            placeholder={T.datePlaceholder}
            error={form.errors.billed_on || undefined}
            readOnly={!canEdit}
          />
          <TextField
            label={T.billing.reference}
            name="billing_reference"
            value={form.reference}
            onChange={(reference) => setBilling({ ...form, reference, errors: { ...form.errors, billing_reference: '' } })}
            placeholder={T.billing.referencePlaceholder}
            error={form.errors.billing_reference || undefined}
            readOnly={!canEdit}
          />
          {canEdit ? (
            <Button type="submit" variant="secondary" loading={busy && billing !== null}>
              {T.billing.save}
            </Button>
          ) : null}
        </StyledRow>
        {ledger.billed_on ? null : <p>{T.billing.notBilled}</p>}
        {due ? <p data-ledger-due>{due}</p> : null}
      </StyledForm>

      <StyledBlock>
        <StyledHead>
          <h4>{T.receipts.title}</h4>
          {canEdit ? (
            <Button variant="secondary" onClick={() => setAdding('receipt')}>
              {T.receipts.add}
            </Button>
          ) : null}
        </StyledHead>
        {ledger.receipts.length === 0 ? (
          <p>{T.receipts.empty}</p>
        ) : (
          <StyledList aria-label={T.receipts.title}>
            {ledger.receipts.map((receipt) => (
              <li key={receipt.id} data-receipt={receipt.id}>
                <span>
                  {fill(T.receipts.item, { date: formatDate(receipt.received_on), value: brl(receipt.amount_cents), payer: receipt.payer_label })}
                  {receipt.note ? <small>{receipt.note}</small> : null}
                </span>
                {canEdit ? (
                  <Button variant="secondary" onClick={() => setRemoving({ receipt })}>
                    <span aria-hidden="true">{T.receipts.remove}</span>
                    <span className={visuallyHidden}>
                      {fill(T.receipts.removeLabel, { value: brl(receipt.amount_cents), date: formatDate(receipt.received_on) })}
                    </span>
                  </Button>
                ) : null}
              </li>
            ))}
          </StyledList>
        )}
      </StyledBlock>

      <StyledBlock>
        <StyledHead>
          <h4>{T.glosas.title}</h4>
          {canEdit ? (
            <Button variant="secondary" onClick={() => setAdding({ glosa: null })}>
              {T.glosas.add}
            </Button>
          ) : null}
        </StyledHead>
        {ledger.glosas.length === 0 ? (
          <p>{T.glosas.empty}</p>
        ) : (
          <StyledList aria-label={T.glosas.title}>
            {ledger.glosas.map((glosa) => (
              <li key={glosa.id} data-glosa={glosa.id}>
                <span>
                  {`${formatDate(glosa.glosa_on)} · ${brl(glosa.amount_cents)} · ${glosa.reason}`}
                  <small>
                    {[
                      glosa.appeal_deadline ? fill(T.glosas.deadlineOf, { date: formatDate(glosa.appeal_deadline) }) : null,
                      glosa.appeal_filed_on ? fill(T.glosas.filedOf, { date: formatDate(glosa.appeal_filed_on) }) : T.glosas.notFiled,
                      glosa.appeal_outcome_label ?? (glosa.appeal_filed_on ? T.glosas.waiting : null),
                      glosa.recovered_cents ? fill(T.glosas.recoveredOf, { value: brl(glosa.recovered_cents) }) : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </small>
                </span>
                {canEdit ? (
                  <StyledActions>
                    <Button variant="secondary" onClick={() => setAdding({ glosa })}>
                      <span aria-hidden="true">{T.glosas.edit}</span>
                      <span className={visuallyHidden}>{fill(T.glosas.editLabel, { value: brl(glosa.amount_cents), reason: glosa.reason })}</span>
                    </Button>
                    <Button variant="secondary" onClick={() => setRemoving({ glosa })}>
                      <span aria-hidden="true">{T.glosas.remove}</span>
                      <span className={visuallyHidden}>{fill(T.glosas.removeLabel, { value: brl(glosa.amount_cents), reason: glosa.reason })}</span>
                    </Button>
                  </StyledActions>
                ) : null}
              </li>
            ))}
          </StyledList>
        )}
      </StyledBlock>

      {adding === 'receipt' ? (
        <ReceiptModal busy={busy} onCancel={() => setAdding(null)} onSave={(body, onFields) => send(postReceipt(surgery.id, body), T.receipts.saved, onFields).then((ok) => ok && setAdding(null))} />
      ) : null}
      {adding !== null && adding !== 'receipt' ? (
        <GlosaModal
          glosa={adding.glosa}
          ledger={ledger}
          busy={busy}
          onCancel={() => setAdding(null)}
          onSave={(body, onFields) =>
            send(adding.glosa ? putGlosa(surgery.id, adding.glosa.id, body) : postGlosa(surgery.id, body), T.glosas.saved, onFields).then((ok) => ok && setAdding(null))
          }
        />
      ) : null}
      <ConfirmDialog
        isOpen={removing !== null}
        title={removing && 'receipt' in removing ? T.receipts.removeTitle : T.glosas.removeTitle}
        text={
          removing === null
            ? undefined
            : 'receipt' in removing
              ? fill(T.receipts.removeText, { value: brl(removing.receipt.amount_cents), date: formatDate(removing.receipt.received_on) })
              : fill(T.glosas.removeText, { value: brl(removing.glosa.amount_cents), reason: removing.glosa.reason })
        }
        confirmLabel={T.receipts.removeConfirm}
        cancelLabel={T.cancel}
        closeLabel={T.close}
        onConfirm={() => void handleRemove()}
        onCancel={() => setRemoving(null)}
        busy={busy}
        busyLabel={T.saving}
      />
    </StyledSection>
  );
}

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

type SaveHandler<B> = (body: B, onFields: (fields: Record<string, string[]>) => void) => Promise<unknown>;

/** The receipt's fields, named as the API's keys (its field errors land on them). */
type ReceiptValues = { received_on: string; amount_cents: string; payer: string; note: string };

function receiptPayloadOf(values: ReceiptValues) {
  const cents = centsFromDigits(values.amount_cents);
  return { received_on: dateValue(values.received_on), ...(cents === null ? {} : { amount_cents: cents }), ...(values.payer ? { payer: values.payer } : {}), note: values.note };
}

function ReceiptModal({ busy, onCancel, onSave }: { busy: boolean; onCancel: () => void; onSave: SaveHandler<Parameters<typeof postReceipt>[1]> }) {
  const form = useSchemaForm(
    payloadResolver<ReceiptValues>(() => receiptSchema(todayInSaoPaulo()), receiptPayloadOf),
    { received_on: '', amount_cents: '', payer: '', note: '' },
    { clearErrorOnChange: true, focusError: false },
  );
  const { control } = form;
  const { field: date, fieldState: dateState } = useController({ control, name: 'received_on' });
  const { field: amount, fieldState: amountState } = useController({ control, name: 'amount_cents' });
  const { field: payer, fieldState: payerState } = useController({ control, name: 'payer' });
  const { field: note, fieldState: noteState } = useController({ control, name: 'note' });

  const submit = form.handleSubmit((values) => {
    void onSave(receiptPayloadOf(values) as Parameters<typeof postReceipt>[1], (fields) => putFieldErrors(form, fields));
  });

  return (
    <LedgerModal title={T.receipts.modalTitle} saveLabel={T.receipts.save} busy={busy} onCancel={onCancel} onSubmit={(event) => void submit(event)}>
      <DateField label={T.receipts.date} name="received_on" value={date.value} onChange={date.onChange} placeholder={T.datePlaceholder} error={dateState.error?.message || undefined} required />
      <TextField label={T.receipts.amount} name="amount_cents" value={amount.value} onChange={(v) => amount.onChange(amountText(v))} placeholder={T.amountPlaceholder} inputMode="numeric" error={amountState.error?.message || undefined} required />
      <Select
        label={T.receipts.payer}
        name="payer"
        value={payer.value}
        onChange={payer.onChange}
        placeholder={T.receipts.payerPlaceholder}
        options={RECEIPT_PAYERS.map((each) => ({ value: each, label: RECEIPT_PAYER_LABELS[each] }))}
        error={payerState.error?.message || undefined}
      />
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

function GlosaModal({
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
  const [values, setValues] = useState({
    date: formatDate(glosa?.glosa_on ?? null),
    amount: glosa ? formatBRLInput(glosa.amount_cents) : '',
    reason: glosa?.reason ?? '',
    deadline: formatDate(glosa?.appeal_deadline ?? null),
    filed: formatDate(glosa?.appeal_filed_on ?? null),
    outcome: glosa?.appeal_outcome ?? '',
    recovered: glosa?.recovered_cents ? formatBRLInput(glosa.recovered_cents) : '',
    note: glosa?.note ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const FIELD = { date: 'glosa_on', amount: 'amount_cents', reason: 'reason', deadline: 'appeal_deadline', filed: 'appeal_filed_on', outcome: 'appeal_outcome', recovered: 'recovered_cents', note: 'note' } as const;
  const set = (key: keyof typeof values, value: string) => {
    setValues({ ...values, [key]: value });
    setErrors({ ...errors, [FIELD[key]]: '' });
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const amount = centsFromDigits(values.amount);
    const recovered = centsFromDigits(values.recovered);
    const base = {
      glosa_on: dateValue(values.date),
      ...(amount === null ? {} : { amount_cents: amount }),
      reason: values.reason,
      appeal_deadline: dateValue(values.deadline),
      note: values.note,
    };
    const body = glosa
      ? {
          ...base,
          appeal_filed_on: dateValue(values.filed),
          appeal_outcome: values.outcome === '' ? null : values.outcome,
          recovered_cents: values.outcome === '' || values.outcome === 'mantida' ? null : recovered,
        }
      : base;
    const checked = check(glosa ? glosaUpdateSchema(todayInSaoPaulo()) : glosaSchema(todayInSaoPaulo()), body);
    if (!checked.ok) {
      setErrors(firstErrors(checked.problems.fields));
      return;
    }
    const stored = glosaColumnsOf(checked.value);
    const facts = { expected_cents: ledger.expected_cents, received_cents: ledger.received_cents, deducted_cents: ledger.glosa_net_cents + ledger.written_off_cents };
    const problem = glosaProblem(facts, { amount_cents: stored.amountCents, recovered_cents: stored.recoveredCents }, glosa);
    if (problem) {
      setErrors({ amount_cents: problem });
      return;
    }
    void onSave(body as Parameters<typeof putGlosa>[2], (fields) => setErrors(firstErrors(fields)));
  }

  return (
    <LedgerModal title={glosa ? T.glosas.modalTitleEdit : T.glosas.modalTitleNew} saveLabel={T.glosas.save} busy={busy} onCancel={onCancel} onSubmit={submit}>
      <DateField label={T.glosas.date} name="glosa_on" value={values.date} onChange={(v) => set('date', v)} placeholder={T.datePlaceholder} error={errors.glosa_on || undefined} required />
      <TextField label={T.glosas.amount} name="amount_cents" value={values.amount} onChange={(v) => set('amount', amountText(v))} placeholder={T.amountPlaceholder} inputMode="numeric" error={errors.amount_cents || undefined} required />
      <TextField label={T.glosas.reason} name="reason" value={values.reason} onChange={(v) => set('reason', v)} error={errors.reason || undefined} required />
      <DateField label={T.glosas.deadline} name="appeal_deadline" value={values.deadline} onChange={(v) => set('deadline', v)} placeholder={T.datePlaceholder} hint={T.glosas.deadlineHint} error={errors.appeal_deadline || undefined} optional />
      {glosa ? (
        <>
          <DateField label={T.glosas.filedOn} name="appeal_filed_on" value={values.filed} onChange={(v) => set('filed', v)} placeholder={T.datePlaceholder} error={errors.appeal_filed_on || undefined} optional />
          <Select
            label={T.glosas.outcome}
            name="appeal_outcome"
            value={values.outcome}
            onChange={(v) => set('outcome', v)}
            placeholder={T.glosas.outcomeNone}
            options={APPEAL_OUTCOMES.map((outcome) => ({ value: outcome, label: APPEAL_OUTCOME_LABELS[outcome] }))}
            error={errors.appeal_outcome || undefined}
          />
          {values.outcome === 'parcial' || values.outcome === 'revertida' ? (
            <TextField
              label={T.glosas.recovered}
              name="recovered_cents"
              value={values.recovered}
              onChange={(v) => set('recovered', amountText(v))}
              inputMode="numeric"
              hint={recoveredHint(values.outcome, centsFromDigits(values.amount))}
              error={errors.recovered_cents || undefined}
              optional={values.outcome === 'revertida'}
            />
          ) : null}
        </>
      ) : null}
      <TextField label={T.glosas.note} name="note" value={values.note} onChange={(v) => set('note', v)} error={errors.note || undefined} optional />
    </LedgerModal>
  );
}
