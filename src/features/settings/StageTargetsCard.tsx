/**
 * 'Prazos por etapa' (issue 13 item 4; DECISIONS §15): the medic's target days for each of the seven active stages,
 * read from GET stage_targets/ (defaults where never changed) and saved all together with PUT. The form keeps what was
 * typed (text) and checks it with the API's own schema (machines/preoperative/clockSchemas.ts) read as numbers, so
 * the card and the server word a mistake the same way. Its read has its own loading and failure states.
 */
import { useId, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { styled } from 'goober';
import { ACTIVE_STATUSES, STATUS_LABELS, type ActiveStatus } from '../../../machines/constants';
import { DEFAULT_STAGE_TARGET_DAYS } from '../../../machines/preoperative/constants';
import { getStageTargets, saveStageTargets, type StageTargets } from '../../api/clocks';
import { FormTextField } from '../../components/form/FormTextField';
import { lazyResolver } from '../../components/form/lazyResolver';
import { Button } from '../../components/ui/Button';
import { ReadNotice } from '../../components/ui/ReadNotice';
import { clocksTexts } from '../../lib/i18n/clocks';
import { fill } from '../../lib/i18n/pt-BR';
import { space } from '../../lib/theme';
import { toastError, toastSuccess, toastWarning } from '../../lib/toast';
import { useRead } from '../../lib/useRead';
import { StyledCard, StyledCardText, StyledCardTitle } from './ProfileCard';

const T = clocksTexts.targets;

type TargetValues = Record<ActiveStatus, string>;

const StyledForm = styled('form')`
  display: flex;
  flex-direction: column;
  gap: ${space.lg};
`;

const StyledGrid = styled('div')`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 190px), 1fr));
  gap: ${space.md} ${space.lg};
  /* Labels wrap to one or two lines: the inputs line up at the bottom. */
  align-items: end;
`;

const StyledActions = styled('div')`
  display: flex;
  justify-content: flex-end;
`;

/** The typed text as the number the schema checks ('' and anything not digits: NaN, which it refuses). */
function daysOf(text: string): number {
  return /^\s*\d{1,4}\s*$/.test(text) ? Number(text) : Number.NaN;
}

function targetsOf(values: TargetValues): StageTargets {
  return Object.fromEntries(ACTIVE_STATUSES.map((status) => [status, daysOf(values[status])])) as StageTargets;
}

/** The API's schema (arktype) loads when the form is first checked, not with the page (issue 41, goal 6). */
const { resolver: schemaResolver } = lazyResolver<StageTargets>(() =>
  Promise.all([import('../../components/form/stepResolver'), import('../../../machines/preoperative/clockSchemas')]).then(
    ([{ stepResolver }, { stageTargetsSchema }]) => stepResolver<StageTargets>(stageTargetsSchema),
  ),
);
/** The API's schema over the typed texts, read as numbers. */
const targetsResolver: Resolver<TargetValues> = (values, context, options) =>
  schemaResolver(targetsOf(values), context, options as never) as unknown as ReturnType<Resolver<TargetValues>>;

function textsOf(targets: StageTargets): TargetValues {
  return Object.fromEntries(ACTIVE_STATUSES.map((status) => [status, String(targets[status])])) as TargetValues;
}

function TargetsForm({ initial }: { initial: StageTargets }) {
  const { control, handleSubmit, reset } = useForm<TargetValues>({
    defaultValues: textsOf(initial),
    resolver: targetsResolver,
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
  const [saving, setSaving] = useState(false);

  const submit = handleSubmit(async (values) => {
    setSaving(true);
    const result = await saveStageTargets(targetsOf(values));
    setSaving(false);
    if (result.ok) {
      reset(textsOf(result.data));
      toastSuccess(T.saved);
    } else if (result.messages.length > 0 && result.status === 400) {
      for (const message of result.messages) toastWarning(message);
    } else {
      toastError(T.failed);
    }
  });

  return (
    <StyledForm noValidate aria-label={T.title} onSubmit={(event) => void submit(event)}>
      <StyledGrid>
        {ACTIVE_STATUSES.map((status) => (
          <FormTextField
            key={status}
            control={control}
            name={status}
            label={`${STATUS_LABELS[status]} (${T.unit})`}
            inputMode="numeric"
            hint={fill(T.defaults, { days: DEFAULT_STAGE_TARGET_DAYS[status] })}
          />
        ))}
      </StyledGrid>
      <StyledActions>
        <Button type="submit" loading={saving} disabled={saving}>
          {saving ? T.saving : T.save}
        </Button>
      </StyledActions>
    </StyledForm>
  );
}

export function StageTargetsCard() {
  const titleId = useId();
  const targets = useRead((signal) => getStageTargets(signal), []);
  const { state } = targets;
  return (
    <StyledCard aria-labelledby={titleId} aria-busy={state.status === 'loading' || undefined}>
      <StyledCardTitle id={titleId}>{T.title}</StyledCardTitle>
      <StyledCardText>{T.intro}</StyledCardText>
      {state.status !== 'ready' ? (
        <ReadNotice read={targets} loading={T.loading} failed={T.loadFailed} compact />
      ) : (
        <TargetsForm initial={state.value} />
      )}
    </StyledCard>
  );
}
