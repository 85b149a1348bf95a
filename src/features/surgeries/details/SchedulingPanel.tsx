/**
 * Step 5, Agendamento de cirurgia (SPEC §4, §5): the day picked on a calendar ('Selecione o dia no calendário!'),
 * the hour typed HH:mm ('Hora invalida!', hours 0–24 as SPEC §9 allows) and a note; sent as `schedule`
 * 'yyyy-MM-dd HH:mm:ss' in São Paulo time (lifecycleRules `composeSchedule`). A day that has passed is said beside
 * the hour before saving, as 24:mm is, and asked when sent ('Agendar numa data que já passou?', third week).
 */
import { useController, useForm, useWatch } from 'react-hook-form';
import { styled } from 'goober';
import { composeSchedule, LIFECYCLE_MESSAGES } from '../../../../machines/surgeryLifecycle/lifecycleRules';
import { FormMaskedField, MASKS } from '../../../components/form/FormMaskedField';
import { Calendar } from '../../../components/ui/Calendar';
import { formatDate, formatTime, saoPauloDate, todayInSaoPaulo } from '../../../lib/format/date';
import { fill } from '../../../lib/i18n/pt-BR';
import { surgeriesTexts } from '../../../lib/i18n/surgeries';
import { colors, fontSizes, media, space } from '../../../lib/theme';
import { NotesField } from '../components/NotesField';
import { usePanel } from './PanelFrame';
import { StepForm } from './StepForm';
import { useStepDraft } from './stepDraft';
import { useScheduleValidityConfirm } from './ScheduleValidityConfirm';
import { noteOf } from './stepData';
import { useConfirmFirst } from './ConfirmFirst';
import { columnCss } from '../../../components/ui/cssParts';

const L = surgeriesTexts.lifecycle;
const T = L.scheduling;

type SchedulingValues = { day: string | null; hour: string; schedule_note: string };

const StyledColumns = styled('div')`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space.xl};
  ${media.md} { grid-template-columns: minmax(0, 360px) minmax(0, 1fr); align-items: start; }
`;

const StyledSide = styled('div')`
  ${columnCss(space.lg)}
  & > p { font-size: ${fontSizes.sm}; color: ${colors.textMuted}; }
  ${media.md} { & > div:first-of-type { max-width: 200px; } }
`;

/** 'dd/MM/yyyy HH:mm' of a stored schedule, '' when none. */
export function scheduleText(schedule: string | null): string {
  if (!schedule) return '';
  return `${formatDate(schedule)} ${formatTime(schedule)}`.trim();
}

/** The sentence that says a 24:mm hour lands on the next day, with that day and time; null for any other hour. */
export function nextDayNoticeOf(day: string | null, hour: string): string | null {
  if (!hour.trim().startsWith('24:')) return null;
  const composed = composeSchedule(day, hour);
  if ('problems' in composed) return null;
  const [date = '', time = ''] = composed.schedule.split(' ');
  return fill(T.nextDay, { hour: hour.trim(), date: formatDate(date), time: time.slice(0, 5) });
}

/** The sentence that says the chosen day has passed (São Paulo), null for today or later or no day. */
export function pastDayNoticeOf(day: string | null, today: string): string | null {
  return day && day < today ? fill(T.pastDay, { date: formatDate(day) }) : null;
}

export function SchedulingPanel() {
  const { surgery, lifecycle } = usePanel();
  const form = useForm<SchedulingValues>({
    defaultValues: {
      day: saoPauloDate(surgery.schedule) || null,
      hour: formatTime(surgery.schedule),
      schedule_note: surgery.schedule_note ?? '',
    },
  });
  const { control, handleSubmit, setError, clearErrors } = form;
  const draft = useStepDraft(form);
  const { field: day, fieldState: dayState } = useController({ control, name: 'day' });
  const hour = useWatch({ control, name: 'hour' });
  const nextDayNotice = nextDayNoticeOf(day.value, hour);
  const validity = useScheduleValidityConfirm(surgery.id, lifecycle.pending === 'advance');
  const past = useConfirmFirst(lifecycle.pending === 'advance');
  const pastDayNotice = pastDayNoticeOf(day.value, todayInSaoPaulo());

  const onSubmit = handleSubmit(async (values) => {
    const composed = composeSchedule(values.day, values.hour);
    if ('problems' in composed) {
      if (composed.problems.includes(LIFECYCLE_MESSAGES.dayRequired)) setError('day', { message: LIFECYCLE_MESSAGES.dayRequired });
      if (composed.problems.includes(LIFECYCLE_MESSAGES.invalidHour)) {
        setError('hour', { message: LIFECYCLE_MESSAGES.invalidHour }, { shouldFocus: true });
      }
      return;
    }
    const notes = { schedule_note: noteOf(values.schedule_note) };
    const scheduledDay = composed.schedule.slice(0, 10);
    // Issue 13: a day after an authorization's validity asks first (./ScheduleValidityConfirm.tsx).
    const send = () =>
      validity.confirmFirst(scheduledDay, async () => {
        if (await lifecycle.request({ type: 'case.advance', fields: { schedule: composed.schedule }, notes })) draft.clear();
      });
    // Third week: so does a day that has passed (São Paulo), before the validity's question.
    if (scheduledDay < todayInSaoPaulo()) {
      past.ask(T.pastConfirm, { date: formatDate(scheduledDay) }, send);
      return;
    }
    await send();
  });

  return (
    <StepForm
      facts={[
        { term: T.scheduledFor, value: scheduleText(surgery.schedule) },
        { term: T.note, value: surgery.schedule_note, wide: true },
      ]}
      onSubmit={onSubmit}
      intro={T.intro}
      draft={draft}
      dialogs={
        <>
          {past.dialog}
          {validity.dialog}
        </>
      }
    >
      <StyledColumns>
        <Calendar
          label={T.calendar}
          value={day.value}
          onChange={(value) => {
            day.onChange(value);
            clearErrors('day');
          }}
          previousLabel={T.previousMonth}
          nextLabel={T.nextMonth}
          error={dayState.error?.message}
        />
        <StyledSide>
          <p aria-live="polite">{day.value ? fill(T.chosenDay, { date: formatDate(day.value) }) : T.noDay}</p>
          <FormMaskedField control={control} name="hour" label={T.hour} mask={MASKS.hour} placeholder={T.hourPlaceholder} />
          {nextDayNotice ? <p role="status">{nextDayNotice}</p> : null}
          {pastDayNotice ? <p role="status">{pastDayNotice}</p> : null}
          <NotesField control={control} name="schedule_note" label={T.note} placeholder={L.notePlaceholder} counter={L.noteCounter} />
        </StyledSide>
      </StyledColumns>
    </StepForm>
  );
}
