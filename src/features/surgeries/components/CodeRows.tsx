/**
 * A repeatable list of search selects (procedures, CIDs) on a react-hook-form field array. SPEC §5: at most 5 rows;
 * 'add' is offered while there are at most 4, then it is disabled with a hint. A code already chosen in another row
 * is left out of a row's options, so the same code is never listed twice.
 */
import { Controller, useFieldArray, useWatch, type Control } from 'react-hook-form';
import { styled } from 'goober';
import { MAX_CASE_CODES } from '../../../../machines/constants';
import { canAddCode } from '../../../../machines/surgeryCase/creationRules';
import { fieldHintClassName } from '../../../components/ui/Field';
import { Icon } from '../../../components/ui/Icon';
import { SearchSelect } from '../../../components/ui/SearchSelect';
import { fill } from '../../../lib/i18n/pt-BR';
import { colors, focusRing, fontSizes, fontWeights, radii, space } from '../../../lib/theme';
import type { SurgeryFormValues } from '../rules';
import { fieldsetStackCss, iconBoxCss, inlineControlCss } from '../../../components/ui/cssParts';

const StyledFieldset = styled('fieldset')`
  ${fieldsetStackCss(space.md)}
`;

const StyledLegend = styled('legend')`
  padding: 0;
  margin-bottom: ${space.sm};
  font-size: ${fontSizes.md};
  font-weight: ${fontWeights.semibold};
  color: ${colors.text};
`;

/* A grid, not a flex row: React Aria puts a hidden <template> first in the combobox, so :first-child cannot be used. */
const StyledRow = styled('div')`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  grid-auto-flow: column;
  grid-auto-columns: auto;
  align-items: start;
  gap: ${space.sm};
`;

const StyledRemove = styled('button')`
  flex: none;
  ${iconBoxCss('44px')}
  /* label (sm, ~21px) + gap: lines the button up with the input */
  margin-top: 25px;
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  background: ${colors.surface};
  color: ${colors.textMuted};
  cursor: pointer;
  &:hover { color: ${colors.danger}; border-color: ${colors.danger}; }
  &:focus-visible { outline: none; box-shadow: ${focusRing}; }
`;

const StyledFooter = styled('div')`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space.md};
`;

const StyledAdd = styled('button')`
  ${inlineControlCss('40px', space.xs, space.md)}
  border: 1px dashed ${colors.primary};
  border-radius: ${radii.md};
  background: ${colors.primaryTint};
  color: ${colors.primary};
  cursor: pointer;
  &:hover:not(:disabled) { background: ${colors.primarySoft}; }
  &:focus-visible { outline: none; box-shadow: ${focusRing}; }
  &:disabled { cursor: not-allowed; border-color: ${colors.borderStrong}; color: ${colors.textSubtle}; background: ${colors.disabled}; }
`;

/** A plus sign drawn like the other icons (24×24 grid, currentColor); decorative. */
function PlusIcon() {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" aria-hidden="true" focusable="false">
      <path d="M12 5v14M5 12h14" />
    </svg>
  );
}

/** The texts of one list (procedures or CIDs); `{n}` is the row number, `{max}` the limit. */
type CodeRowsTexts = {
  legend: string;
  label: string;
  placeholder: string;
  add: string;
  remove: string;
  limit: string;
};

type CodeItem = { id: number };

type CodeRowsProps<T extends CodeItem> = {
  control: Control<SurgeryFormValues>;
  name: 'procedures' | 'cids';
  texts: CodeRowsTexts;
  search: (text: string, signal: AbortSignal) => Promise<T[]>;
  itemLabel: (item: T) => string;
  itemDetail?: (item: T) => string;
  disabled?: boolean;
};

export function CodeRows<T extends CodeItem>({
  control,
  name,
  texts,
  search,
  itemLabel,
  itemDetail,
  disabled = false,
}: CodeRowsProps<T>) {
  const { fields, append, remove } = useFieldArray({ control, name });
  const rows = useWatch({ control, name }) as { item: CodeItem | null }[] | undefined;
  const canAdd = canAddCode(fields.length);
  const hintId = `${name}-limit-hint`;

  function searchExcept(index: number) {
    const others = new Set(
      (rows ?? []).flatMap((row, rowIndex) => (rowIndex !== index && row.item ? [row.item.id] : [])),
    );
    return async (text: string, signal: AbortSignal) => (await search(text, signal)).filter((item) => !others.has(item.id));
  }

  function handleAdd() {
    if (canAdd) append({ item: null }, { shouldFocus: false });
  }

  return (
    <StyledFieldset>
      <StyledLegend>{texts.legend}</StyledLegend>
      {fields.map((row, index) => (
        <StyledRow key={row.id}>
          <Controller
            control={control}
            name={`${name}.${index}.item`}
            render={({ field, fieldState }) => (
              <SearchSelect<T>
                label={fill(texts.label, { n: index + 1 })}
                name={field.name}
                placeholder={texts.placeholder}
                value={field.value as T | null}
                onChange={field.onChange}
                onBlur={field.onBlur}
                search={searchExcept(index)}
                itemKey={(item) => item.id}
                itemLabel={itemLabel}
                itemDetail={itemDetail}
                error={fieldState.error?.message}
                disabled={disabled}
              />
            )}
          />
          {fields.length > 1 ? (
            <StyledRemove
              type="button"
              aria-label={fill(texts.remove, { n: index + 1 })}
              onClick={() => remove(index)}
              disabled={disabled}
            >
              <Icon name="close" size={18} />
            </StyledRemove>
          ) : null}
        </StyledRow>
      ))}
      <StyledFooter>
        <StyledAdd
          type="button"
          onClick={handleAdd}
          disabled={!canAdd || disabled}
          aria-describedby={canAdd ? undefined : hintId}
        >
          <PlusIcon />
          {texts.add}
        </StyledAdd>
        {canAdd ? null : (
          <p className={fieldHintClassName} id={hintId}>
            {fill(texts.limit, { max: MAX_CASE_CODES })}
          </p>
        )}
      </StyledFooter>
    </StyledFieldset>
  );
}
