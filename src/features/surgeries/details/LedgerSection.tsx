/**
 * The fee ledger of a case (issue 14; DECISIONS §16), on the payment step and on a concluded case: the balance
 * (Esperado, Recebido, Glosado, Em recurso, Em aberto, Perdido), the billing (date, guide or lot, due date), the
 * receipts (add, delete) and the glosas with their appeals (add, edit, delete). Written at realizacao, pagamento and
 * concluido (the server's rule). Each form checks its body with the API's schema (machines/ledger/ledgerSchemas.ts),
 * so it marks its fields with the API's messages before sending; the schemas load at the first check and the dialogs
 * (./LedgerModals.tsx) when one first opens, not with the page (issue 41, goal 6). What the ledger says enters the lifecycle actor
 * (`case.updated`): its sums, so the conclusion's guard sees the difference the server will, and the case version a
 * write moved on.
 */
import { useState, type FormEvent } from 'react';
import { css, styled } from 'goober';
import { ledgerWritable } from '../../../../machines/ledger/ledgerRules';
import { messagesOf, type CallResult } from '../../../api/call';
import { deleteGlosa, deleteReceipt, getLedger, postGlosa, postReceipt, putBilling, putGlosa, type Glosa, type Ledger, type Receipt } from '../../../api/ledger';
import { useController } from 'react-hook-form';
import { useSchemaForm } from '../../../components/form/useSchemaForm';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { DateField } from '../../../components/ui/DateField';
import { ReadNotice } from '../../../components/ui/ReadNotice';
import { TextField } from '../../../components/ui/TextField';
import { formatDate, todayInSaoPaulo } from '../../../lib/format/date';
import { ledgerTexts as T } from '../../../lib/i18n/ledger';
import { fill } from '../../../lib/i18n/pt-BR';
import { colors, fontSizes, fontWeights, media, radii, space } from '../../../lib/theme';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useRead } from '../../../lib/useRead';
import { chunked } from '../../../lib/chunked';
import { sendWritten } from './caseActor';
import { checkedOnFirstUse, putFieldErrors } from './lazyChecks';
import type { GlosaModalProps, ReceiptModalProps } from './LedgerModals';
import { brl, dateValue, glosaReasonText } from './ledgerValues';
import { usePanel } from './PanelFrame';

/** The receipt's and the glosa's dialogs, loaded when one first opens (./LedgerModals.tsx says why). */
const ledgerModals = () => import('./LedgerModals');
const ReceiptModal = chunked<ReceiptModalProps>(() => ledgerModals().then((module) => module.ReceiptModal));
const GlosaModal = chunked<GlosaModalProps>(() => ledgerModals().then((module) => module.GlosaModal));

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
  /* The section's own notes, not a field's hint or error (a field's frame styles those). */
  & > div > p, & > form > p { margin: 0; font-size: ${fontSizes.sm}; color: ${colors.textMuted}; }
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

/**
 * The billing's two fields and its button, side by side from md. Aligned at the top, so an error under one field
 * moves neither the other field nor the button; the button sits level with the inputs, under a label's height.
 */
const StyledRow = styled('div')`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space.md};
  align-items: start;
  ${media.md} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
    & > button { margin-top: calc(${fontSizes.sm} * 1.5 + ${space.xs}); }
  }
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

export function LedgerSection({ onWritten }: { onWritten?: (ledger: Ledger) => void }) {
  const { surgery, lifecycle, locked } = usePanel();
  const { actor } = lifecycle;
  const [adding, setAdding] = useState<'receipt' | { glosa: Glosa | null } | null>(null);
  const [removing, setRemoving] = useState<{ receipt: Receipt } | { glosa: Glosa } | null>(null);
  const [busy, setBusy] = useState(false);

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

  /** A write, its toast and its answer applied: the ledger it left, or null when refused. */
  async function send(call: Promise<CallResult<Ledger>>, done: string, onFields?: (fields: Record<string, string[]>) => void): Promise<Ledger | null> {
    setBusy(true);
    const result = await call;
    setBusy(false);
    if (!result.ok) {
      if (onFields && Object.keys(result.fields).length > 0) onFields(result.fields);
      for (const message of messagesOf(result)) toastError(message);
      return null;
    }
    applyWrite(result.data);
    toastSuccess(done);
    return result.data;
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

      <BillingForm surgeryId={surgery.id} ledger={ledger} canEdit={canEdit} busy={busy} onSave={(body, onFields) => send(putBilling(surgery.id, body), T.billing.saved, onFields)} />

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
                  {receipt.net_cents !== receipt.amount_cents ? (
                    <small>{fill(T.receipts.withholdingsItem, { withheld: brl(receipt.amount_cents - receipt.net_cents), net: brl(receipt.net_cents) })}</small>
                  ) : null}
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
                  {`${formatDate(glosa.glosa_on)} · ${brl(glosa.amount_cents)} · ${glosaReasonText(glosa)}`}
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

/** The billing's fields, named as the API's keys (its field errors land on them). */
type BillingValues = { billed_on: string; billing_reference: string };

const billingValuesOf = (ledger: Ledger): BillingValues => ({ billed_on: formatDate(ledger.billed_on), billing_reference: ledger.billing_reference ?? '' });

/** The billing as its schema gives it back (the body this form sends): the reference trimmed, blank → null. */
function billingPayloadOf(values: BillingValues) {
  const reference = values.billing_reference.trim();
  return { billed_on: dateValue(values.billed_on), billing_reference: reference === '' ? null : reference };
}

/**
 * The billing (date, guide or lot) with the due date it sets. It shows the ledger's values until the user edits
 * them: an unedited form sends nothing, and its button spins only for its edits. A save makes the ledger's new
 * values the unedited ones.
 */
function BillingForm({
  surgeryId,
  ledger,
  canEdit,
  busy,
  onSave,
}: {
  surgeryId: number;
  ledger: Ledger;
  canEdit: boolean;
  busy: boolean;
  onSave: (body: Parameters<typeof putBilling>[1], onFields: (fields: Record<string, string[]>) => void) => Promise<Ledger | null>;
}) {
  const form = useSchemaForm(
    checkedOnFirstUse(
      () => import('../../../../machines/ledger/ledgerSchemas'),
      ({ payloadResolver }, { billingSchema }) => payloadResolver<BillingValues>(() => billingSchema(todayInSaoPaulo()), billingPayloadOf),
    ),
    billingValuesOf(ledger),
    { clearErrorOnChange: true, focusError: false },
  );
  const { control } = form;
  const edited = form.formState.isDirty;
  const { field: billed, fieldState: billedState } = useController({ control, name: 'billed_on' });
  const { field: reference, fieldState: referenceState } = useController({ control, name: 'billing_reference' });

  const submit = form.handleSubmit(async (values) => {
    const saved = await onSave(billingPayloadOf(values), (fields) => void putFieldErrors(form, fields));
    if (saved) form.reset(billingValuesOf(saved));
  });
  function handleSubmit(event: FormEvent) {
    if (edited) void submit(event);
    else event.preventDefault();
  }

  // Days late only while money is open: a paid-off fee is not late, whatever its due date.
  const due = ledger.due_date
    ? fill((ledger.days_past_due ?? 0) > 0 && ledger.open_cents > 0 ? T.billing.dueLate : T.billing.due, { date: formatDate(ledger.due_date), days: ledger.payment_term_days, late: ledger.days_past_due ?? 0 })
    : null;

  return (
    <StyledForm onSubmit={handleSubmit} noValidate aria-labelledby={`ledger-billing-${surgeryId}`}>
      <h4 id={`ledger-billing-${surgeryId}`}>{T.billing.title}</h4>
      <StyledRow>
        <DateField
          label={T.billing.billedOn}
          name="billed_on"
          value={billed.value}
          onChange={billed.onChange}
          placeholder={T.datePlaceholder}
          error={billedState.error?.message || undefined}
          readOnly={!canEdit}
        />
        <TextField
          label={T.billing.reference}
          name="billing_reference"
          value={reference.value}
          onChange={reference.onChange}
          placeholder={T.billing.referencePlaceholder}
          error={referenceState.error?.message || undefined}
          readOnly={!canEdit}
        />
        {canEdit ? (
          <Button type="submit" variant="secondary" loading={busy && edited}>
            {T.billing.save}
          </Button>
        ) : null}
      </StyledRow>
      {ledger.billed_on ? null : <p>{T.billing.notBilled}</p>}
      {due ? <p data-ledger-due>{due}</p> : null}
    </StyledForm>
  );
}

