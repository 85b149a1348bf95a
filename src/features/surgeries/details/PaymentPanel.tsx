/**
 * Step 7, Pagamento de honorário (SPEC §4, §5): the value received (BRL, typed as digits; 'Insira um valor
 * recebido!'), the payment date ('Data invalida!'; 'A data não pode ser depois de hoje!') and notes. Confirming moves the case to concluido, shows
 * 'Finalizado com sucesso!' and opens /surgery-status (./caseActor.ts). Cancelling sits in the footer.
 */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { centsOf } from '../../../../machines/rules/money';
import type { Settlement } from '../../../../machines/ledger/constants';
import { conclusionPlan, LEDGER_RULE_MESSAGES } from '../../../../machines/ledger/ledgerRules';
import { Button } from '../../../components/ui/Button';
import { LazyModal } from '../../../components/ui/LazyModal';
import { ledgerTexts } from '../../../lib/i18n/ledger';
import { LedgerSection } from './LedgerSection';
import { styled } from 'goober';
import { space } from '../../../lib/theme';

const StyledChoices = styled('div')`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${space.sm};
  width: 100%;
`;
import { FormMaskedField, MASKS } from '../../../components/form/FormMaskedField';
import { FormMoneyField } from '../../../components/form/FormMoneyField';
import { formatDate, todayInSaoPaulo } from '../../../lib/format/date';
import { formatBRL } from '../../../lib/format/money';
import { fill } from '../../../lib/i18n/pt-BR';
import { surgeriesTexts } from '../../../lib/i18n/surgeries';
import { futureDateFields, LIFECYCLE_MESSAGES } from '../../../../machines/surgeryLifecycle/lifecycleRules';
import { NotesField } from '../components/NotesField';
import { StyledRow } from './formLayout';
import { usePanel } from './PanelFrame';
import { FactsPanel, StepForm } from './StepForm';
import { useStepDraft } from './stepDraft';
import { brDateOf, isoDateOf, noteOf, ownFieldProblems } from './stepData';

const L = surgeriesTexts.lifecycle;
const T = L.payment;
const S = ledgerTexts.settle;

type PaymentValues = { payment_done: number | null; date_payment: string; payment_notes: string };
type Asking = { fields: { payment_done: number | null; date_payment: string | null }; notes: { payment_notes: string | null }; difference: number };

export function PaymentPanel() {
  const { surgery, lifecycle, editable } = usePanel();
  const form = useForm<PaymentValues>({
    defaultValues: {
      payment_done: surgery.payment_done,
      date_payment: brDateOf(surgery.date_payment),
      payment_notes: surgery.payment_notes ?? '',
    },
  });
  const { control, handleSubmit, setError, setValue } = form;
  const draft = useStepDraft(form);
  // Issue 14: a conclusion that leaves a difference asks whether it is a glosa or a loss.
  const [asking, setAsking] = useState<Asking | null>(null);

  async function conclude(request: Asking, settlement: Settlement | undefined) {
    const confirm = settlement ? { settlement } : {};
    if (await lifecycle.request({ type: 'case.advance', fields: request.fields, notes: request.notes, confirm })) draft.clear();
  }

  const onSubmit = handleSubmit(async (values) => {
    const fields = { payment_done: values.payment_done, date_payment: isoDateOf(values.date_payment) };
    const problems = ownFieldProblems('pagamento', fields);
    if (problems.includes(LIFECYCLE_MESSAGES.paymentRequired)) {
      setError('payment_done', { message: LIFECYCLE_MESSAGES.paymentRequired }, { shouldFocus: true });
    }
    if (problems.includes(LIFECYCLE_MESSAGES.invalidDate)) {
      setError('date_payment', { message: LIFECYCLE_MESSAGES.invalidDate }, { shouldFocus: problems.length === 1 });
    }
    if (futureDateFields(fields, todayInSaoPaulo()).length > 0) {
      problems.push(LIFECYCLE_MESSAGES.futureDate);
      setError('date_payment', { message: LIFECYCLE_MESSAGES.futureDate }, { shouldFocus: problems.length === 1 });
    }
    if (problems.length > 0) return;
    const notes = { payment_notes: noteOf(values.payment_notes) };
    // The receipts already recorded and the fee expected (the ledger's sums, read by LedgerSection into the actor).
    const facts = lifecycle.actor.getSnapshot().context.facts;
    const plan = conclusionPlan(facts, centsOf(values.payment_done ?? 0));
    if (!plan) {
      setError('payment_done', { message: LEDGER_RULE_MESSAGES.belowReceipts(facts.received_cents) }, { shouldFocus: true });
      return;
    }
    const request = { fields, notes, difference: plan.differenceCents };
    if (plan.differenceCents > 0) setAsking(request);
    else await conclude(request, undefined);
  });

  /** After a ledger write: the value received is the receipts' sum, dated by the latest (the form follows). */
  function followLedger(ledger: { received_cents: number; receipts: { received_on: string }[] }) {
    if (!editable) return;
    setValue('payment_done', ledger.received_cents > 0 ? ledger.received_cents / 100 : null);
    const last = ledger.receipts.map((receipt) => receipt.received_on).sort().at(-1);
    if (last) setValue('date_payment', brDateOf(last));
  }

  const expected = surgery.fees_payments === null ? undefined : fill(T.expected, { value: formatBRL(surgery.fees_payments) });

  if (!editable) {
    return (
      <FactsPanel
        items={[
          { term: T.value, value: surgery.payment_done === null ? null : formatBRL(surgery.payment_done) },
          { term: T.date, value: formatDate(surgery.date_payment) },
          { term: T.note, value: surgery.payment_notes, wide: true },
        ]}
      >
        <LedgerSection />
      </FactsPanel>
    );
  }

  return (
    <>
    <StepForm onSubmit={onSubmit} intro={T.intro} draft={draft} nextLabel={T.confirm}>
      <StyledRow>
        <FormMoneyField control={control} name="payment_done" label={T.value} placeholder={T.valuePlaceholder} hint={expected} />
        <FormMaskedField control={control} name="date_payment" label={T.date} mask={MASKS.date} placeholder={L.datePlaceholder} />
      </StyledRow>
      <NotesField control={control} name="payment_notes" label={T.note} placeholder={L.notePlaceholder} counter={L.noteCounter} />
    </StepForm>
    {/* Outside the step form: the ledger's forms are forms of their own. */}
    <LedgerSection onWritten={followLedger} />
    <LazyModal
      isOpen={asking !== null}
      onClose={() => setAsking(null)}
      title={S.title}
      closeLabel={ledgerTexts.close}
      role="alertdialog"
      fullScreenOnPhone={false}
      footer={
        <StyledChoices>
          <Button variant="secondary" onClick={() => setAsking(null)}>
            {ledgerTexts.cancel}
          </Button>
          <Button variant="secondary" onClick={() => { const request = asking; setAsking(null); if (request) void conclude(request, 'perda'); }}>
            {S.perda}
          </Button>
          <Button onClick={() => { const request = asking; setAsking(null); if (request) void conclude(request, 'glosa'); }}>
            {S.glosa}
          </Button>
        </StyledChoices>
      }
    >
      <p>{asking ? fill(S.text, { value: formatBRL(asking.difference / 100) }) : null}</p>
      <ul>
        <li>{`${S.glosa}: ${S.glosaHint}`}</li>
        <li>{`${S.perda}: ${S.perdaHint}`}</li>
      </ul>
    </LazyModal>
    </>
  );
}
