/**
 * An on/off switch: React Aria's Switch wrapped once (STYLE §16). Controlled only: the caller decides when the value
 * changes (the approvals flip only once the server agreed), so a click just calls `onToggle`.
 *
 * @see https://react-spectrum.adobe.com/react-aria/Switch.html
 */
import { Switch as AriaSwitch } from 'react-aria-components';
import { css, styled } from 'goober';
import { colors, durations, focusRing, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { Spinner } from './Spinner';

const switchClass = css`
  display: inline-flex;
  align-items: center;
  gap: ${space.sm};
  min-height: 44px;
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  color: ${colors.text};
  cursor: pointer;
  & .track {
    position: relative;
    flex: none;
    width: 44px;
    height: 26px;
    border-radius: ${radii.pill};
    background: ${colors.borderStrong};
    transition: background ${durations.base};
  }
  & .thumb {
    position: absolute;
    top: 3px;
    left: 3px;
    width: 20px;
    height: 20px;
    border-radius: 50%;
    background: ${colors.surface};
    box-shadow: 0 1px 3px rgba(0, 0, 0, 0.25);
    transition: transform ${durations.base};
  }
  &[data-selected] .track { background: ${colors.success}; }
  &[data-selected] .thumb { transform: translateX(18px); }
  &[data-focus-visible] .track { box-shadow: ${focusRing}; }
  &[data-disabled] { cursor: not-allowed; color: ${colors.textMuted}; }
  &[data-disabled] .track { opacity: 0.5; }
`;

const StyledSwitchLine = styled('span')`
  display: inline-flex;
  align-items: center;
  gap: ${space.sm};
  & > [role='status'] {
    display: inline-flex;
    align-items: center;
    gap: ${space.xs};
    font-size: ${fontSizes.sm};
    color: ${colors.textMuted};
  }
`;

type SwitchProps = {
  /** The visible text beside the switch. */
  label: string;
  /** The accessible name when the visible text needs its context (e.g. 'Aprovação do hospital: Aprovada'). */
  ariaLabel?: string;
  isSelected: boolean;
  onToggle: () => void;
  isDisabled?: boolean;
  /**
   * A request for this switch is under way: it waits (disabled, aria-busy) and says so beside it, with a spinner and
   * `busyLabel` (e.g. 'Salvando...'), so a click meanwhile is visibly not taken rather than silently dropped.
   */
  busy?: boolean;
  busyLabel?: string;
  /** Id of the text that explains the switch (e.g. why it does not apply). */
  describedBy?: string;
};

export function Switch({ label, ariaLabel, isSelected, onToggle, isDisabled = false, busy = false, busyLabel, describedBy }: SwitchProps) {
  return (
    <StyledSwitchLine aria-busy={busy || undefined}>
      <AriaSwitch
        className={switchClass}
        isSelected={isSelected}
        onChange={() => onToggle()}
        isDisabled={isDisabled || busy}
        aria-label={ariaLabel}
        aria-describedby={describedBy}
      >
        <span className="track" aria-hidden="true">
          <span className="thumb" />
        </span>
        {label}
      </AriaSwitch>
      {busy ? (
        <span role="status">
          <Spinner size={16} />
          {busyLabel}
        </span>
      ) : null}
    </StyledSwitchLine>
  );
}
