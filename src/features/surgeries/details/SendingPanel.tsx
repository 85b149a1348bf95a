/**
 * Step 3, Envio de documentação (SPEC §4, §5): the date the documents were sent (required, typed dd/mm/aaaa and sent
 * yyyy-MM-dd; 'A data não pode ser depois de hoje!' after today, as the sending record below says) and a note; the hospital's and the plan's templates can be downloaded at any time.
 */
import { useForm } from 'react-hook-form';
import { FormMaskedField, MASKS } from '../../../components/form/FormMaskedField';
import { formatDate, todayInSaoPaulo } from '../../../lib/format/date';
import { futureDateFields, LIFECYCLE_MESSAGES } from '../../../../machines/surgeryLifecycle/lifecycleRules';
import { surgeriesTexts } from '../../../lib/i18n/surgeries';
import { NotesField } from '../components/NotesField';
import { usePanel } from './PanelFrame';
import { StepForm } from './StepForm';
import { useStepDraft } from './stepDraft';
import { brDateOf, isoDateOf, noteOf, ownFieldProblems } from './stepData';
import { TemplateDownloads } from './TemplateDownloads';
import { DispatchRecords } from './DispatchRecords';
import { StyledRow } from './formLayout';

const L = surgeriesTexts.lifecycle;
const T = L.sending;

type SendingValues = { document_arrivals: string; document_note: string };

export function SendingPanel() {
  const { surgery, lifecycle } = usePanel();
  const form = useForm<SendingValues>({
    defaultValues: { document_arrivals: brDateOf(surgery.document_arrivals), document_note: surgery.document_note ?? '' },
  });
  const { control, handleSubmit, setError } = form;
  const draft = useStepDraft(form);

  const onSubmit = handleSubmit(async (values) => {
    const fields = { document_arrivals: isoDateOf(values.document_arrivals) };
    const [problem] = [
      ...ownFieldProblems('env_doc', fields),
      ...futureDateFields(fields, todayInSaoPaulo()).map(() => LIFECYCLE_MESSAGES.futureDate),
    ];
    if (problem) {
      setError('document_arrivals', { message: problem }, { shouldFocus: true });
      return;
    }
    const notes = { document_note: noteOf(values.document_note) };
    if (await lifecycle.request({ type: 'case.advance', fields, notes })) draft.clear();
  });

  return (
    <StepForm
      facts={[
        { term: T.date, value: formatDate(surgery.document_arrivals) },
        { term: T.note, value: surgery.document_note, wide: true },
      ]}
      factsExtra={
        <>
          <TemplateDownloads surgery={surgery} />
          <DispatchRecords surgery={surgery} editable={false} />
        </>
      }
      onSubmit={onSubmit}
      intro={T.intro}
      draft={draft}
    >
      <StyledRow>
        <FormMaskedField control={control} name="document_arrivals" label={T.date} mask={MASKS.date} placeholder={L.datePlaceholder} />
      </StyledRow>
      <NotesField control={control} name="document_note" label={T.note} placeholder={L.notePlaceholder} counter={L.noteCounter} />
      <TemplateDownloads surgery={surgery} />
      <DispatchRecords surgery={surgery} editable />
    </StepForm>
  );
}
