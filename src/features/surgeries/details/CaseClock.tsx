/**
 * The case's clock and holder (issue 13 item 4; DECISIONS §15), under the step indicator of /surgery-details: 'X dias
 * nesta etapa' with the stage's target and an 'Atrasado' / 'No prazo' flag (words and an icon, not only a colour), and
 * 'Responsável: Nome' with a select that passes the case to its medic or one of his linked secretaries (GET
 * surgery/{id}/holders/, PUT surgery/{id}/holder/). The answer (the case with its new version) goes back into the
 * lifecycle actor ('case.updated'), so the next save is not refused as stale.
 */
import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { styled } from 'goober';
import { listHolders, reassignHolder, type HolderOption } from '../../../api/clocks';
import { Icon } from '../../../components/ui/Icon';
import { Select } from '../../../components/ui/Select';
import { clocksTexts } from '../../../lib/i18n/clocks';
import { fill } from '../../../lib/i18n/pt-BR';
import { medicName } from '../../../lib/surgeries/surgeryText';
import { colors, fontSizes, fontWeights, media, radii, space } from '../../../lib/theme';
import { toastError, toastSuccess, toastWarning } from '../../../lib/toast';
import { useRead } from '../../../lib/useRead';
import type { CaseActor } from './caseActor';
import { columnCss } from '../../../components/ui/cssParts';

const T = clocksTexts.clock;

const StyledClock = styled('section')`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space.md};
  padding-top: ${space.md};
  border-top: 1px solid ${colors.border};
  ${media.md} {
    grid-template-columns: minmax(0, 1fr) minmax(240px, 360px);
    align-items: end;
  }
`;

const StyledFacts = styled('div')`
  ${columnCss(space.xs)}
  font-size: ${fontSizes.sm};
  color: ${colors.text};
  & > p { margin: 0; display: flex; flex-wrap: wrap; align-items: center; gap: ${space.xs} ${space.sm}; }
  & strong { font-weight: ${fontWeights.semibold}; }
`;

const StyledFlag = styled('span')<{ $late: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${space.xxs};
  padding: 2px ${space.sm};
  border-radius: ${radii.pill};
  font-size: ${fontSizes.xs};
  font-weight: ${fontWeights.semibold};
  background: ${(p) => (p.$late ? colors.dangerSoft : colors.successSoft)};
  color: ${(p) => (p.$late ? colors.danger : colors.success)};
`;

function daysText(days: number): string {
  if (days === 0) return T.today;
  return days === 1 ? T.oneDay : fill(T.days, { n: days });
}

function optionLabel(option: HolderOption): string {
  const name = medicName(option);
  return option.role === 'medic' ? `${name} ${T.medicRole}` : name;
}

export function CaseClock({ actor }: { actor: CaseActor }) {
  const surgery = useSelector(actor, (snapshot) => snapshot.context.surgery);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('sending') || snapshot.hasTag('jumping'));
  const [saving, setSaving] = useState(false);
  const id = surgery?.id ?? 0;
  const { state: options, retry } = useRead((signal) => listHolders(id, signal), [id]);

  if (!surgery) return null;
  const { days_in_stage: days, stage_target_days: target, overdue, holder } = surgery;

  async function handleReassign(value: string) {
    const holderId = Number(value);
    if (!surgery || !Number.isInteger(holderId) || holderId === holder.id) return;
    setSaving(true);
    const result = await reassignHolder(surgery.id, holderId);
    setSaving(false);
    if (result.ok) {
      actor.send({ type: 'case.updated', surgery: result.data });
      toastSuccess(fill(T.reassigned, { name: medicName(result.data.holder) }));
    } else if (result.status === 400 && result.messages.length > 0) {
      for (const message of result.messages) toastWarning(message);
    } else {
      toastError(T.reassignFailed);
    }
  }

  return (
    <StyledClock aria-label={T.sectionLabel}>
      <StyledFacts>
        {days !== null ? (
          <p>
            <Icon name="clock" size={16} />
            <strong>{daysText(days)}</strong>
            {target !== null ? <span>· {fill(surgery.status === 'realizacao' ? T.targetAfterSurgery : T.target, { n: target })}</span> : null}
            <StyledFlag $late={overdue} data-overdue={overdue || undefined}>
              <Icon name={overdue ? 'alert' : 'check'} size={14} />
              {overdue ? T.overdue : T.onTime}
            </StyledFlag>
          </p>
        ) : null}
        <p>
          {T.holder}: <strong data-testid="case-holder">{medicName(holder)}</strong>
        </p>
      </StyledFacts>
      <Select
        label={T.holderLabel}
        name="holder"
        value={String(holder.id)}
        placeholder={T.holderPlaceholder}
        options={options.status === 'ready' ? options.value.map((option) => ({ value: String(option.id), label: optionLabel(option) })) : []}
        loading={options.status === 'loading' || saving || busy}
        loadingText={saving ? medicName(holder) : T.holderLoading}
        loadError={options.status === 'error' || options.status === 'empty' ? T.holderLoadFailed : undefined}
        retryLabel={T.retry}
        onRetry={retry}
        onChange={(value) => void handleReassign(value)}
      />
    </StyledClock>
  );
}
