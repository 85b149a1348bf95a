import { useId, type ComponentType, type ReactElement } from 'react';
import { chunked } from '../../lib/chunked';
import { fieldClassName, fieldErrorClassName, fieldHintClassName, fieldLabelClassName, inputClassName } from './Field';
import { Icon } from './Icon';
import type { SearchSelectProps } from './SearchSelect';
import { searchSelectGroupClass, searchSelectTriggerClass } from './searchSelectParts';

/**
 * What LazySearchSelect shows until the search arrives: the same label, frame, value and messages, disabled, so the
 * swap moves nothing on the page.
 */
function SearchSelectPlaceholder({ label, name, placeholder, value, itemLabel, hint, error }: SearchSelectProps<unknown>) {
  const id = useId();
  return (
    <div className={fieldClassName}>
      <label className={fieldLabelClassName} htmlFor={id}>
        {label}
      </label>
      <div className={searchSelectGroupClass}>
        <input id={id} name={name} className={inputClassName} placeholder={placeholder} value={value === null ? '' : itemLabel(value)} disabled readOnly aria-busy />
        <span className={searchSelectTriggerClass} data-disabled aria-hidden>
          <Icon name="chevronDown" />
        </span>
      </div>
      {hint ? <span className={fieldHintClassName}>{hint}</span> : null}
      {error ? (
        <span className={fieldErrorClassName}>
          <Icon name="alert" size={14} />
          {error}
        </span>
      ) : null}
    </div>
  );
}

const ChunkedSearchSelect = chunked<SearchSelectProps<unknown>>(
  () => import('./SearchSelect').then((module) => module.SearchSelect as ComponentType<SearchSelectProps<unknown>>),
  SearchSelectPlaceholder,
);

/**
 * SearchSelect for a page that shows it on its first screen (issue 41, goal 7): React Aria's combobox (~65 kB with
 * its popover) is asked for once the page has painted, not before, and meanwhile a disabled field of the same look
 * holds its place.
 */
export const LazySearchSelect = ChunkedSearchSelect as <T>(props: SearchSelectProps<T>) => ReactElement;
