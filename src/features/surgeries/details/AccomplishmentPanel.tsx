/**
 * Step 6, Realização de cirurgia (SPEC §4, §5): the date the surgery was carried out ('Data invalida!' unless it is
 * a real date; 'A data não pode ser depois de hoje!' after today) and a note. The date starts as the scheduled day
 * when that day has come; a surgery scheduled for later starts empty. A date before the scheduled day asks first
 * ('Realizada antes do dia agendado?', third week): possible (the surgery was brought forward), but usually a typo.
 */
import { useForm } from 'react-hook-form';
import { FormMaskedField, MASKS } from '../../../components/form/FormMaskedField';
import { formatDate, saoPauloDate, todayInSaoPaulo } from '../../../lib/format/date';
import { futureDateFields, LIFECYCLE_MESSAGES } from '../../../../machines/surgeryLifecycle/lifecycleRules';
import { surgeriesTexts } from '../../../lib/i18n/surgeries';
import { NotesField } from '../components/NotesField';
import { StyledRow } from './formLayout';
import { usePanel } from './PanelFrame';
import { StepForm } from './StepForm';
import { useStepDraft } from './stepDraft';
import { brDateOf, isoDateOf, noteOf, ownFieldProblems } from './stepData';
import { useConfirmFirst } from './ConfirmFirst';

const L = surgeriesTexts.lifecycle;
const T = L.accomplishment;

type AccomplishmentValues = { accomplishment: string; accomplishment_note: string };

/** The day the form starts with: the stored date, else the scheduled day unless it is still to come. */
function initialAccomplishment(accomplishment: string | null, schedule: string | null): string | null {
  if (accomplishment) return accomplishment;
  const scheduledDay = saoPauloDate(schedule);
  return scheduledDay && scheduledDay <= todayInSaoPaulo() ? scheduledDay : null;
}

export function AccomplishmentPanel() {
  const { surgery, lifecycle } = usePanel();
  const form = useForm<AccomplishmentValues>({
    defaultValues: {
      accomplishment: brDateOf(initialAccomplishment(surgery.accomplishment, surgery.schedule)),
      accomplishment_note: surgery.accomplishment_note ?? '',
    },
  });
  const { control, handleSubmit, setError } = form;
  const draft = useStepDraft(form);
  const early = useConfirmFirst(lifecycle.pending === 'advance');

  const onSubmit = handleSubmit(async (values) => {
    const fields = { accomplishment: isoDateOf(values.accomplishment) };
    const [problem] = [
      ...ownFieldProblems('realizacao', fields),
      ...futureDateFields(fields, todayInSaoPaulo()).map(() => LIFECYCLE_MESSAGES.futureDate),
    ];
    if (problem) {
      setError('accomplishment', { message: problem }, { shouldFocus: true });
      return;
    }
    const notes = { accomplishment_note: noteOf(values.accomplishment_note) };
    const send = async () => {
      if (await lifecycle.request({ type: 'case.advance', fields, notes })) draft.clear();
    };
    const scheduledDay = saoPauloDate(surgery.schedule);
    if (fields.accomplishment && scheduledDay && fields.accomplishment < scheduledDay) {
      early.ask(T.earlyConfirm, { date: formatDate(fields.accomplishment), scheduled: formatDate(scheduledDay) }, send);
      return;
    }
    await send();
  });

  return (
    <StepForm
      facts={[
        { term: T.date, value: formatDate(surgery.accomplishment) },
        { term: T.note, value: surgery.accomplishment_note, wide: true },
      ]}
      onSubmit={onSubmit}
      intro={T.intro}
      draft={draft}
      dialogs={early.dialog}
    >
      <StyledRow>
        <FormMaskedField control={control} name="accomplishment" label={T.date} mask={MASKS.date} placeholder={L.datePlaceholder} />
      </StyledRow>
      <NotesField
        control={control}
        name="accomplishment_note"
        label={T.note}
        placeholder={L.notePlaceholder}
        counter={L.noteCounter}
      />
    </StepForm>
  );
}
