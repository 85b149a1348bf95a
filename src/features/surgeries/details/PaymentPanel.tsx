/**
 * Step 7, Pagamento de honorário (SPEC §4, §5): the value received (BRL, typed as digits; 'Insira um valor
 * recebido!'), the payment date ('Data invalida!'; 'A data não pode ser depois de hoje!') and notes. Confirming moves the case to concluido, shows
 * 'Finalizado com sucesso!' and opens /surgery-status (./caseActor.ts). Cancelling sits in the footer.
 */
import { useForm } from 'react-hook-form';
import { FormMaskedField, MASKS } from '../../../components/form/FormMaskedField';
import { FormMoneyField } from '../../../components/form/FormMoneyField';
import { formatDate, todayInSaoPaulo } from '../../../lib/format/date';
import { formatBRL } from '../../../lib/format/money';
import { fill } from '../../../lib/i18n/pt-BR';
import { surgeriesTexts } from '../../../lib/i18n/surgeries';
import { futureDateFields, LIFECYCLE_MESSAGES } from '../../../../machines/surgeryLifecycle/lifecycleRules';
import { NotesField } from '../components/NotesField';
import { StyledForm, StyledRow } from './formLayout';
import { FactList, NextButton, PanelFrame, usePanel } from './PanelFrame';
import { useStepDraft } from './stepDraft';
import { brDateOf, isoDateOf, noteOf, ownFieldProblems } from './stepData';

const L = surgeriesTexts.lifecycle;
const T = L.payment;

type PaymentValues = { payment_done: number | null; date_payment: string; payment_notes: string };

export function PaymentPanel() {
  const { surgery, lifecycle, editable } = usePanel();
  const form = useForm<PaymentValues>({
    defaultValues: {
      payment_done: surgery.payment_done,
      date_payment: brDateOf(surgery.date_payment),
      payment_notes: surgery.payment_notes ?? '',
    },
  });
  const { control, handleSubmit, setError } = form;
  const draft = useStepDraft(form);

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
    if (await lifecycle.request({ type: 'case.advance', fields, notes })) draft.clear();
  });

  const expected = surgery.fees_payments === null ? undefined : fill(T.expected, { value: formatBRL(surgery.fees_payments) });

  if (!editable) {
    return (
      <PanelFrame>
        <FactList
          items={[
            { term: T.value, value: surgery.payment_done === null ? null : formatBRL(surgery.payment_done) },
            { term: T.date, value: formatDate(surgery.date_payment) },
            { term: T.note, value: surgery.payment_notes, wide: true },
          ]}
        />
      </PanelFrame>
    );
  }

  return (
    <StyledForm onSubmit={(event) => void onSubmit(event)} noValidate>
      <PanelFrame intro={T.intro} draft={draft} actions={<NextButton label={T.confirm} busy={lifecycle.pending === 'advance'} />}>
        <StyledRow>
          <FormMoneyField control={control} name="payment_done" label={T.value} placeholder={T.valuePlaceholder} hint={expected} />
          <FormMaskedField control={control} name="date_payment" label={T.date} mask={MASKS.date} placeholder={L.datePlaceholder} />
        </StyledRow>
        <NotesField control={control} name="payment_notes" label={T.note} placeholder={L.notePlaceholder} counter={L.noteCounter} />
      </PanelFrame>
    </StyledForm>
  );
}
