/**
 * The CBO picker (issue 37): the searchable select over the occupations a surgical team has
 * (machines/billing/cbo.ts CBO_OPTIONS), by code or name, showing 'código — nome'.
 */
import { SearchSelect } from '../ui/SearchSelect';
import { searchCbo, type CboOption } from '../../lib/billing/teamForm';

type CboPickerProps = {
  label: string;
  name: string;
  placeholder: string;
  value: CboOption | null;
  onChange: (value: CboOption | null) => void;
  error?: string;
  hint?: string;
};

const search = (text: string) => Promise.resolve(searchCbo(text));

function cboLabel(option: CboOption): string {
  return option.name ? `${option.code} — ${option.name}` : option.code;
}

export function CboPicker({ label, name, placeholder, value, onChange, error, hint }: CboPickerProps) {
  return (
    <SearchSelect<CboOption>
      label={label}
      name={name}
      placeholder={placeholder}
      value={value}
      onChange={onChange}
      search={search}
      itemKey={(option) => option.code}
      itemLabel={cboLabel}
      error={error}
      hint={hint}
    />
  );
}
