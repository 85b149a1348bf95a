/**
 * A month calendar to pick one day: React Aria's Calendar wrapped once (STYLE §16), in pt-BR (month names, weekday
 * initials, Sunday first). Keyboard: arrows move between days, Page Up/Down between months, Enter picks. The value
 * is a `yyyy-MM-dd` string (or null), so callers never handle @internationalized/date objects. Used by the scheduling
 * step; the homes' 'Cirurgias do mês' has a lighter calendar of its own with the same look (MonthCalendarGrid.tsx,
 * calendarStyles.ts).
 *
 * @see https://react-spectrum.adobe.com/react-aria/Calendar.html
 */
import { useId } from 'react';
import { parseDate, type CalendarDate } from '@internationalized/date';
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
import { colors, radii, space } from '../../lib/theme';
import { calendarGridClass, calendarHeaderClass, calendarStateClasses } from './calendarStyles';
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

const { nav: navClass, cell: cellClass } = calendarStateClasses({ hovered: '[data-hovered]', focusVisible: '[data-focus-visible]' });

function toCalendarDate(value: string | null): CalendarDate | null {
  if (!value) return null;
  try {
    return parseDate(value);
  } catch {
    return null;
  }
}

type CalendarProps = {
  /** The calendar's name, shown above it. */
  label: string;
  /** yyyy-MM-dd, or null when no day is chosen. */
  value: string | null;
  onChange: (value: string) => void;
  previousLabel: string;
  nextLabel: string;
  error?: string;
  isDisabled?: boolean;
};

export function Calendar({ label, value, onChange, previousLabel, nextLabel, error, isDisabled = false }: CalendarProps) {
  const labelId = useId();
  const errorId = useId();

  return (
    <I18nProvider locale="pt-BR">
      <div>
        <span id={labelId} className={fieldLabelClassName}>
          {label}
        </span>
        <AriaCalendar
          className={rootClass}
          aria-labelledby={labelId}
          aria-describedby={error ? errorId : undefined}
          value={toCalendarDate(value)}
          onChange={(date) => onChange(date.toString())}
          isInvalid={Boolean(error)}
          isDisabled={isDisabled}
        >
          <header className={calendarHeaderClass}>
            <Button slot="previous" className={navClass} aria-label={previousLabel} style={{ ['--turn' as string]: '180deg' }}>
              <Icon name="chevronRight" size={18} />
            </Button>
            <Heading level={3} />
            <Button slot="next" className={navClass} aria-label={nextLabel}>
              <Icon name="chevronRight" size={18} />
            </Button>
          </header>
          <CalendarGrid className={calendarGridClass}>
            <CalendarGridHeader>{(day) => <CalendarHeaderCell>{day}</CalendarHeaderCell>}</CalendarGridHeader>
            <CalendarGridBody>{(date) => <CalendarCell date={date} className={cellClass} />}</CalendarGridBody>
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
