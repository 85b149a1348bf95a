/**
 * A month calendar to pick one day: React Aria's Calendar wrapped once (STYLE §16), in pt-BR (month names, weekday
 * initials, Sunday first). Keyboard: arrows move between days, Page Up/Down between months, Enter picks. The value
 * is a `yyyy-MM-dd` string (or null), so callers never handle @internationalized/date objects.
 *
 * Optional, for the homes' 'Cirurgias do mês' (SPEC §2): `marks` puts a dot under some days and adds the given words
 * to each one's accessible description (e.g. '2 cirurgias'), so a marked day is perceivable without colour and by
 * screen readers; `onVisibleMonthChange` tells the caller which month is shown (yyyy-MM), to load its marks.
 *
 * @see https://react-spectrum.adobe.com/react-aria/Calendar.html
 */
import { useCallback, useId, useRef } from 'react';
import { getLocalTimeZone, parseDate, today, type CalendarDate } from '@internationalized/date';
import {
  Button,
  Calendar as AriaCalendar,
  CalendarCell,
  CalendarGrid,
  CalendarGridBody,
  CalendarGridHeader,
  CalendarHeaderCell,
  Heading,
  I18nProvider,
} from 'react-aria-components';
import { css } from 'goober';
import { colors, durations, focusRing, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { fieldErrorClassName, fieldLabelClassName } from './Field';
import { Icon } from './Icon';

const rootClass = css`
  width: 100%;
  max-width: 360px;
  padding: ${space.md};
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  background: ${colors.surface};
  &[data-invalid] { border-color: ${colors.danger}; }
  &[data-disabled] { opacity: 0.7; }
`;

const headerClass = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${space.sm};
  margin-bottom: ${space.sm};
  & h3 {
    margin: 0;
    font-size: ${fontSizes.md};
    font-weight: ${fontWeights.semibold};
    color: ${colors.text};
  }
  & h3::first-letter { text-transform: uppercase; }
`;

const navClass = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 40px;
  height: 40px;
  border: 1px solid ${colors.border};
  border-radius: ${radii.sm};
  background: ${colors.surface};
  color: ${colors.primary};
  cursor: pointer;
  &[data-hovered] { background: ${colors.primaryTint}; }
  &[data-focus-visible] { outline: none; box-shadow: ${focusRing}; }
  &[data-disabled] { cursor: not-allowed; opacity: 0.5; }
  & > svg { transform: rotate(var(--turn, 0deg)); }
`;

const gridClass = css`
  width: 100%;
  border-collapse: collapse;
  & th {
    padding-bottom: ${space.xs};
    font-size: ${fontSizes.xs};
    font-weight: ${fontWeights.semibold};
    color: ${colors.textMuted};
    text-transform: uppercase;
  }
  & td { padding: 1px; text-align: center; }
`;

const cellClass = css`
  display: flex;
  align-items: center;
  justify-content: center;
  width: 100%;
  max-width: 44px;
  aspect-ratio: 1;
  margin: 0 auto;
  border-radius: 50%;
  font-size: ${fontSizes.sm};
  color: ${colors.text};
  cursor: pointer;
  outline: none;
  transition: background ${durations.fast};
  &[data-outside-month] { visibility: hidden; }
  &[data-hovered] { background: ${colors.primaryTint}; }
  &[data-today] { font-weight: ${fontWeights.bold}; color: ${colors.primary}; box-shadow: inset 0 0 0 1px ${colors.primary}; }
  &[data-selected] { background: ${colors.primary}; color: ${colors.onPrimary}; font-weight: ${fontWeights.semibold}; }
  &[data-focus-visible] { box-shadow: ${focusRing}; }
  &[data-disabled], &[data-unavailable] { color: ${colors.textSubtle}; cursor: not-allowed; }
  &[data-marked] { position: relative; font-weight: ${fontWeights.bold}; }
`;

/** The mark of a day with events: a dot under the number (a shape, not only a colour). */
const dotClass = css`
  position: absolute;
  left: 50%;
  bottom: 12%;
  width: 6px;
  height: 6px;
  margin-left: -3px;
  border-radius: 50%;
  background: ${colors.primary};
  [data-selected] > & { background: currentColor; }
`;

/** A panel calendar (homes): no frame of its own, as wide as its panel allows. */
const plainRootClass = css`
  width: 100%;
  max-width: 420px;
  margin: 0 auto;
`;

function toCalendarDate(value: string | null): CalendarDate | null {
  if (!value) return null;
  try {
    return parseDate(value);
  } catch {
    return null;
  }
}

type CalendarProps = {
  /** The calendar's name: shown above it, or only announced when `hideLabel` (a panel heading names it already). */
  label: string;
  hideLabel?: boolean;
  /** yyyy-MM-dd, or null when no day is chosen. */
  value: string | null;
  onChange: (value: string) => void;
  previousLabel: string;
  nextLabel: string;
  error?: string;
  isDisabled?: boolean;
  /** Days to mark (yyyy-MM-dd → the words added to the day's accessible description, e.g. '2 cirurgias'). */
  marks?: ReadonlyMap<string, string>;
  /** Called with yyyy-MM when another month is shown (the arrows, Page Up/Down, or the keyboard crossing a month). */
  onVisibleMonthChange?: (month: string) => void;
  /** 'field' (default): a framed box for forms; 'plain': no frame, for a panel that frames it. */
  appearance?: 'field' | 'plain';
};

export function Calendar({
  label,
  hideLabel = false,
  value,
  onChange,
  previousLabel,
  nextLabel,
  error,
  isDisabled = false,
  marks,
  onVisibleMonthChange,
  appearance = 'field',
}: CalendarProps) {
  const labelId = useId();
  const errorId = useId();
  const shownMonth = useRef<string | null>(null);

  function handleFocusChange(date: CalendarDate) {
    const month = date.toString().slice(0, 7);
    shownMonth.current ??= (value ?? today(getLocalTimeZone()).toString()).slice(0, 7);
    if (month === shownMonth.current) return;
    shownMonth.current = month;
    onVisibleMonthChange?.(month);
  }

  return (
    <I18nProvider locale="pt-BR">
      <div>
        {hideLabel ? null : (
          <span id={labelId} className={fieldLabelClassName}>
            {label}
          </span>
        )}
        <AriaCalendar
          className={appearance === 'plain' ? plainRootClass : rootClass}
          aria-labelledby={hideLabel ? undefined : labelId}
          aria-label={hideLabel ? label : undefined}
          aria-describedby={error ? errorId : undefined}
          value={toCalendarDate(value)}
          onChange={(date) => onChange(date.toString())}
          onFocusChange={handleFocusChange}
          isInvalid={Boolean(error)}
          isDisabled={isDisabled}
        >
          <header className={headerClass}>
            <Button slot="previous" className={navClass} aria-label={previousLabel} style={{ ['--turn' as string]: '180deg' }}>
              <Icon name="chevronRight" size={18} />
            </Button>
            <Heading level={3} />
            <Button slot="next" className={navClass} aria-label={nextLabel}>
              <Icon name="chevronRight" size={18} />
            </Button>
          </header>
          <CalendarGrid className={gridClass}>
            <CalendarGridHeader>{(day) => <CalendarHeaderCell>{day}</CalendarHeaderCell>}</CalendarGridHeader>
            <CalendarGridBody>{(date) => <DayCell date={date} mark={marks?.get(date.toString())} />}</CalendarGridBody>
          </CalendarGrid>
        </AriaCalendar>
        {error ? (
          <p id={errorId} className={fieldErrorClassName} role="alert">
            <Icon name="alert" size={14} />
            {error}
          </p>
        ) : null}
      </div>
    </I18nProvider>
  );
}

type DayCellProps = {
  date: CalendarDate;
  /** The words describing the day's mark, or undefined for an unmarked day. */
  mark: string | undefined;
};

/**
 * One day. React Aria names the day itself ('quinta-feira, 5 de março de 2026') and does not take an
 * `aria-describedby` on the cell, so the mark's words sit in a hidden element inside the day and the day's button
 * is pointed at them once mounted; React never sets that attribute here except for an invalid value, which this
 * merges with.
 */
function DayCell({ date, mark }: DayCellProps) {
  const descriptionId = useId();
  const attach = useCallback(
    (cell: HTMLTableCellElement | null) => {
      const button = cell?.firstElementChild;
      if (!button) return;
      const others = (button.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id && id !== descriptionId);
      const ids = mark ? [...others, descriptionId] : others;
      if (ids.length > 0) button.setAttribute('aria-describedby', ids.join(' '));
      else button.removeAttribute('aria-describedby');
    },
    [mark, descriptionId],
  );
  return (
    <CalendarCell ref={attach} date={date} className={cellClass} data-marked={mark ? 'true' : undefined}>
      {({ formattedDate }) => (
        <>
          {formattedDate}
          {mark ? (
            <>
              <span className={dotClass} aria-hidden="true" />
              <span id={descriptionId} hidden>
                {mark}
              </span>
            </>
          ) : null}
        </>
      )}
    </CalendarCell>
  );
}
