/**
 * The name search of /patients: a labelled search input with a magnifier, a spinner while the (debounced) search
 * runs, a clear button once something is typed, and a polite live region that says what the list now shows.
 */
import { useId } from 'react';
import { styled } from 'goober';
import { Icon } from '../../components/ui/Icon';
import { Spinner } from '../../components/ui/Spinner';
import { patientsTexts as T } from '../../lib/i18n/patients';
import { colors, durations, focusRing, fontSizes, radii } from '../../lib/theme';
import { iconButtonCss, visuallyHiddenCss } from '../../components/ui/cssParts';
import { inputEndCss } from '../../components/ui/Field';

const StyledSearch = styled('div')`
  position: relative;
  & > input {
    display: block;
    width: 100%;
    min-height: 44px;
    padding: 0 44px 0 42px;
    border: 1px solid ${colors.borderStrong};
    border-radius: ${radii.pill};
    background: ${colors.background};
    font-size: ${fontSizes.md};
    color: ${colors.text};
    transition: border-color ${durations.fast}, box-shadow ${durations.fast}, background ${durations.fast};
  }
  & > input::placeholder { color: ${colors.textSubtle}; }
  & > input:hover { border-color: ${colors.primary}; }
  & > input:focus { outline: none; border-color: ${colors.primary}; background: ${colors.surface}; box-shadow: ${focusRing}; }
  & > input::-webkit-search-cancel-button { display: none; }
`;

const StyledSearchIcon = styled('span')`
  position: absolute;
  top: 50%;
  left: 14px;
  transform: translateY(-50%);
  display: inline-flex;
  color: ${colors.textMuted};
  pointer-events: none;
`;

const StyledSearchEnd = styled('span')`
  ${inputEndCss('36px')}
`;

const StyledClear = styled('button')`
  ${iconButtonCss('36px')}
  border-radius: 50%;
  color: ${colors.textMuted};
  &:hover { background: ${colors.primaryTint}; color: ${colors.primary}; }
`;

const StyledVisuallyHidden = styled('span')`
  ${visuallyHiddenCss}
`;

type PatientSearchBoxProps = {
  text: string;
  onTextChange: (text: string) => void;
  /** True from the first keystroke until the debounced search has answered. */
  searching: boolean;
  /** Read out politely when it changes (searching, no results, how many). */
  announcement: string;
};

export function PatientSearchBox({ text, onTextChange, searching, announcement }: PatientSearchBoxProps) {
  const id = useId();
  return (
    <>
      <StyledSearch role="search">
        <StyledVisuallyHidden>
          <label htmlFor={id}>{T.list.searchLabel}</label>
        </StyledVisuallyHidden>
        <StyledSearchIcon>
          <Icon name="search" size={20} />
        </StyledSearchIcon>
        <input
          id={id}
          type="search"
          value={text}
          placeholder={T.list.searchPlaceholder}
          autoComplete="off"
          aria-describedby={`${id}-status`}
          onChange={(event) => onTextChange(event.target.value)}
        />
        <StyledSearchEnd>
          {searching ? (
            <Spinner size={18} />
          ) : text.trim() !== '' ? (
            <StyledClear type="button" aria-label={T.list.clearSearch} onClick={() => onTextChange('')}>
              <Icon name="close" size={18} />
            </StyledClear>
          ) : null}
        </StyledSearchEnd>
      </StyledSearch>
      <StyledVisuallyHidden id={`${id}-status`} aria-live="polite">
        {announcement}
      </StyledVisuallyHidden>
    </>
  );
}
