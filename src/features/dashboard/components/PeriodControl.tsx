/**
 * /all-data's 'Período' (issue 14 item 4): a native select of the six periods; 'Personalizado' opens two days, 'De'
 * and 'Até', typed dd/mm/aaaa in the product's day field (components/ui/DateField, the mask of every other date: issue 33 item 20;
 * a native date input showed mm/dd/yyyy in some browsers), applied with 'Aplicar' once they pass the API's own schema
 * (machines/ledger/periodSchemas.ts, the same pt-BR messages under each field; a day that is not a real dd/mm/aaaa
 * says so in the form's own words). The chosen period lives in the URL (the page's `onChange` navigates), so reload
 * and a shared link keep it. Under it, the days the figures cover (from the answer), and 'Exportar CSV' of the period.
 */
import { useState, type FormEvent } from 'react';
import { styled } from 'goober';
import { DASHBOARD_PERIODS, DASHBOARD_PERIOD_LABELS, type DashboardPeriod } from '../../../../machines/ledger/constants';
import type { Dashboard } from '../../../api/dashboard';
import { exportDashboard } from '../../../api/dashboard';
import { Button } from '../../../components/ui/Button';
import { ExportCsvButton } from '../../../components/ui/ExportCsvButton';
import { DateField } from '../../../components/ui/DateField';
import { parseBrDate } from '../../../lib/format/date';
import { Select } from '../../../components/ui/Select';
import { brDate, dashboardQuery, loadPeriodCheck, type DashboardSearch } from '../../../lib/dashboard/period';
import { dashboardMoneyTexts as M } from '../../../lib/i18n/dashboardMoney';
import { fill } from '../../../lib/i18n/pt-BR';
import { colors, fontSizes, space } from '../../../lib/theme';
import { columnCss, raisedSurface } from '../../../components/ui/cssParts';

const T = M.period;

const StyledBar = styled('section')`
  ${columnCss(space.sm)}
  padding: ${space.lg};
  ${raisedSurface}
`;

const StyledControls = styled('div')`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${space.md};
  & > * { flex: 0 1 220px; min-width: 0; }
  & > form {
    flex: 1 1 420px;
    display: flex;
    flex-wrap: wrap;
    align-items: flex-start;
    gap: ${space.md};
  }
  & > form > div { flex: 1 1 160px; }
  & > form > button { margin-top: 26px; }
  & > :last-child { flex: 0 0 auto; margin-left: auto; }
`;

const StyledRange = styled('p')`
  margin: 0;
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

const OPTIONS = DASHBOARD_PERIODS.map((period) => ({ value: period, label: DASHBOARD_PERIOD_LABELS[period] }));

/** A typed day as the API's yyyy-MM-dd: '' stays '' (the schema says it is missing), a day that is not real is null. */
const isoOf = (typed: string): string | null => (typed.trim() === '' ? '' : parseBrDate(typed));

type PeriodControlProps = {
  search: DashboardSearch;
  onChange: (search: DashboardSearch) => void;
  /** The period of the last answer (its days), when there is one. */
  applied: Dashboard['period'] | null;
};

export function PeriodControl({ search, onChange, applied }: PeriodControlProps) {
  const current: DashboardPeriod = search.period ?? 'all';
  const [choice, setChoice] = useState<DashboardPeriod>(current);
  const [from, setFrom] = useState(search.from ? brDate(search.from) : '');
  const [to, setTo] = useState(search.to ? brDate(search.to) : '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  // The URL changed under the control (back, a link): follow it.
  const [seen, setSeen] = useState(search);
  if (seen.period !== search.period || seen.from !== search.from || seen.to !== search.to) {
    setSeen(search);
    setChoice(current);
    setFrom(search.from ? brDate(search.from) : '');
    setTo(search.to ? brDate(search.to) : '');
    setErrors({});
  }

  function choose(value: string) {
    const period = value as DashboardPeriod;
    setChoice(period);
    setErrors({});
    if (period !== 'custom') onChange(period === 'all' ? {} : { period });
    // The range's checks load while the dates are typed, so 'Aplicar' does not wait for them.
    else void loadPeriodCheck();
  }

  async function apply(event: FormEvent) {
    event.preventDefault();
    const { checkCustomRange } = await loadPeriodCheck();
    const [fromDay, toDay] = [isoOf(from), isoOf(to)];
    if (fromDay === null || toDay === null) {
      setErrors({ ...(fromDay === null ? { from: [T.invalidFrom] } : {}), ...(toDay === null ? { to: [T.invalidTo] } : {}) });
      return;
    }
    const checked = checkCustomRange(fromDay, toDay);
    if (!checked.ok) {
      setErrors(checked.problems.fields);
      return;
    }
    setErrors({});
    onChange(checked.search);
  }

  const range =
    applied === null ? null : applied.from && applied.to ? fill(T.range, { from: brDate(applied.from), to: brDate(applied.to) }) : T.allTime;
  return (
    <StyledBar aria-label={T.regionLabel}>
      <StyledControls>
        <Select label={T.label} name="period" value={choice} onChange={choose} options={OPTIONS} placeholder={T.label} />
        {choice === 'custom' ? (
          <form onSubmit={apply} noValidate>
            <DateField label={T.from} name="from" value={from} onChange={setFrom} placeholder={T.placeholder} error={errors.from?.[0]} />
            <DateField label={T.to} name="to" value={to} onChange={setTo} placeholder={T.placeholder} error={errors.to?.[0]} />
            <Button type="submit">{T.apply}</Button>
          </form>
        ) : null}
        <div>
          <ExportCsvButton call={() => exportDashboard(dashboardQuery(search))} fallbackName={M.exportName} />
        </div>
      </StyledControls>
      {range ? <StyledRange>{range}</StyledRange> : null}
      <StyledRange>{T.note}</StyledRange>
    </StyledBar>
  );
}
