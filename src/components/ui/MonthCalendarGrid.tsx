/**
 * The homes' month calendar ('Cirurgias do mês', SPEC §2), written without React Aria (issue 15: React Aria's
 * Calendar with @internationalized/date was 23 kB of gzip plus React Aria's shared core on each home's first screen).
 * It keeps what the React Aria calendar (components/ui/Calendar.tsx, still used by the scheduling step) gave the
 * homes: the same markup and names (an `application` named '<label>, <month year>', a hidden h2 with that name, a
 * `grid` of `gridcell`s, each day a `button` named 'sexta-feira, 27 de novembro de 2026', 'Hoje, …' for today and
 * '… selecionado' for the picked day, days outside the month disabled), the same keyboard (arrows, Page Up/Down by
 * month, Shift+Page Up/Down by year, Home/End to the month's first and last day, Enter/Space to pick; one day in the
 * tab order) and the same look (calendarStyles.ts). Marks put a dot under some days and add their words to each one's
 * accessible description; `onVisibleMonthChange` tells the caller which month is shown (yyyy-MM), to load its marks.
 * Dates are `yyyy-MM-dd` strings, computed in UTC so no time zone moves a day; 'today' is the browser's, as React
 * Aria's `today(getLocalTimeZone())`.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { css } from 'goober';
import { fill } from '../../lib/i18n/pt-BR';
import { calendarDotClass, calendarGridClass, calendarHeaderClass, calendarStateClasses } from './calendarStyles';
import { Icon } from './Icon';

const rootClass = css`
  width: 100%;
  max-width: 420px;
  margin: 0 auto;
`;

const hiddenClass = css`
  border: 0;
  clip: rect(0 0 0 0);
  clip-path: inset(50%);
  height: 1px;
  margin: -1px;
  overflow: hidden;
  padding: 0;
  position: absolute;
  width: 1px;
  white-space: nowrap;
`;

const { nav: navClass, cell: cellClass } = calendarStateClasses({ hovered: ':hover', focusVisible: ':focus-visible' });

const monthFormat = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayFormat = new Intl.DateTimeFormat('pt-BR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const weekdayFormat = new Intl.DateTimeFormat('pt-BR', { weekday: 'narrow', timeZone: 'UTC' });
/** Sunday first (pt-BR): 2023-01-01 was a Sunday. */
const WEEKDAYS = Array.from({ length: 7 }, (_, index) => weekdayFormat.format(Date.UTC(2023, 0, 1 + index)));
const DAY_MS = 86_400_000;

const toUtc = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
const fromUtc = (time: number) => new Date(time).toISOString().slice(0, 10);
const addDays = (date: string, days: number) => fromUtc(toUtc(date) + days * DAY_MS);
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The same day `months` months away, clamped to that month's last day (31 March − 1 month = 28/29 February). */
function addMonths(date: string, months: number): string {
  const index = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function localToday(): string {
  const now = new Date();
  return fromUtc(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()));
}

/** The weeks shown for `month` (yyyy-MM): Sunday to Saturday, from the week of its first day to that of its last. */
function weeksOf(month: string): string[][] {
  const first = `${month}-01`;
  const start = addDays(first, -new Date(toUtc(first)).getUTCDay());
  const length = daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)));
  const count = Math.ceil((new Date(toUtc(first)).getUTCDay() + length) / 7);
  return Array.from({ length: count }, (_, week) => Array.from({ length: 7 }, (_, day) => addDays(start, week * 7 + day)));
}

type MonthCalendarGridProps = {
  /** The calendar's name, announced with the month (a panel heading shows it already). */
  label: string;
  /** yyyy-MM-dd. */
  value: string;
  onChange: (value: string) => void;
  previousLabel: string;
  nextLabel: string;
  /** A day's spoken name when it is today and when it is the picked one: '{day}' is the day's name. */
  todayLabel: string;
  selectedLabel: string;
  /** Days to mark (yyyy-MM-dd → the words added to the day's accessible description, e.g. '2 cirurgias'). */
  marks?: ReadonlyMap<string, string>;
  /** Called with yyyy-MM when another month is shown (the arrows, Page Up/Down, or the keyboard crossing a month). */
  onVisibleMonthChange?: (month: string) => void;
};

export function MonthCalendarGrid({
  label,
  value,
  onChange,
  previousLabel,
  nextLabel,
  todayLabel,
  selectedLabel,
  marks,
  onVisibleMonthChange,
}: MonthCalendarGridProps) {
  const [focused, setFocused] = useState(value);
  // A value changed from outside (the URL, a pick) brings its month into view, as React Aria's calendar does.
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    setFocused(value);
  }
  const grid = useRef<HTMLTableElement>(null);
  const idPrefix = useId();
  const month = focused.slice(0, 7);
  const shownMonth = useRef(month);
  const today = localToday();
  const name = `${label}, ${monthFormat.format(toUtc(`${month}-01`))}`;

  useEffect(() => {
    if (month === shownMonth.current) return;
    shownMonth.current = month;
    onVisibleMonthChange?.(month);
  }, [month, onVisibleMonthChange]);

  /** Moves the focused day (and the shown month with it); `moveFocus` when the keyboard moved it inside the grid. */
  function focusDay(next: string, moveFocus: boolean) {
    setFocused(next);
    if (moveFocus) requestAnimationFrame(() => grid.current?.querySelector<HTMLElement>(`[data-date="${next}"]`)?.focus());
  }

  function handlePick(date: string) {
    setFocused(date);
    onChange(date);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      PageUp: () => addMonths(focused, event.shiftKey ? -12 : -1),
      PageDown: () => addMonths(focused, event.shiftKey ? 12 : 1),
      Home: () => `${month}-01`,
      End: () => `${month}-${String(daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7)))).padStart(2, '0')}`,
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      focusDay(move(), true);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onChange(focused);
    }
  }

  return (
    <div className={rootClass} role="application" aria-label={name}>
      <div className={hiddenClass}>
        <h2>{name}</h2>
      </div>
      <header className={calendarHeaderClass}>
        <button
          type="button"
          className={navClass}
          aria-label={previousLabel}
          style={{ ['--turn' as string]: '180deg' }}
          onClick={() => focusDay(addMonths(focused, -1), false)}
        >
          <Icon name="chevronRight" size={18} />
        </button>
        <h3 aria-hidden="true">{monthFormat.format(toUtc(`${month}-01`))}</h3>
        <button type="button" className={navClass} aria-label={nextLabel} onClick={() => focusDay(addMonths(focused, 1), false)}>
          <Icon name="chevronRight" size={18} />
        </button>
      </header>
      <table ref={grid} className={calendarGridClass} role="grid" aria-label={name} cellPadding={0} onKeyDown={handleKeyDown}>
        <thead aria-hidden="true">
          <tr>
            {WEEKDAYS.map((day, index) => (
              <th key={index}>{day}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(month).map((week) => (
            <tr key={week[0]}>
              {week.map((date) => {
                const outside = !date.startsWith(month);
                const selected = date === value && !outside;
                const mark = outside ? undefined : marks?.get(date);
                const descriptionId = `${idPrefix}-${date}`;
                const dayName = dayFormat.format(toUtc(date));
                const named = date === today ? fill(todayLabel, { day: dayName }) : dayName;
                const spoken = selected ? fill(selectedLabel, { day: named }) : named;
                return (
                  <td key={date} role="gridcell" aria-selected={selected ? true : undefined} aria-disabled={outside ? true : undefined}>
                    <div
                      role="button"
                      className={cellClass}
                      tabIndex={outside ? undefined : date === focused ? 0 : -1}
                      aria-label={spoken}
                      aria-disabled={outside ? true : undefined}
                      aria-describedby={mark ? descriptionId : undefined}
                      data-date={date}
                      data-selected={selected ? true : undefined}
                      data-today={date === today ? true : undefined}
                      data-outside-month={outside ? true : undefined}
                      data-disabled={outside ? true : undefined}
                      data-marked={mark ? 'true' : undefined}
                      onClick={outside ? undefined : () => handlePick(date)}
                    >
                      {Number(date.slice(8, 10))}
                      {mark ? (
                        <>
                          <span className={calendarDotClass} aria-hidden="true" />
                          <span id={descriptionId} hidden>
                            {mark}
                          </span>
                        </>
                      ) : null}
                    </div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
