/**
 * A month calendar to pick one day: React Aria's Calendar wrapped once (STYLE §16), in pt-BR (month names, weekday
 * initials, Sunday first). Keyboard: arrows move between days, Page Up/Down between months, Enter picks. The value
 * is a `yyyy-MM-dd` string (or null), so callers never handle @internationalized/date objects.
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
