/**
 * The OPME material form (DECISIONS §15), in a modal: the description and quantity, the suppliers or brands asked
 * (at least three, CFM 1.956/2010) with their quotes, the chosen one (a radio, only among those that quoted) and the
 * item's authorization (autorizado, parcial with the authorized quantity, negado). Checked by the API's own schema
 * (machines/preoperative/opmeSchemas.ts `opmeItemFormSchema`, through arktypeResolver); what the server still refuses
 * (the OPME approval already 'aprovada' and the item undecided) shows at the top of the form.
 */
import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import { styled } from 'goober';
import { OPME_DECISIONS, MIN_OPME_SUPPLIERS } from '../../../../machines/preoperative/constants';
import { opmeItemFormSchema, opmeItemPayload, type OpmeItemFormValues } from '../../../../machines/preoperative/opmeSchemas';
import { FormMoneyField } from '../../../components/form/FormMoneyField';
import { FormTextField } from '../../../components/form/FormTextField';
import { stepResolver } from '../../../components/form/stepResolver';
import { Button } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/Icon';
import { Modal } from '../../../components/ui/Modal';
import { ModalMessages, ModalSubmitActions, ModalText } from '../../../components/ui/modalParts';
import { Select } from '../../../components/ui/Select';
import { opmeTexts } from '../../../lib/i18n/opme';
import { fill } from '../../../lib/i18n/pt-BR';
import { colors, fontSizes, fontWeights, media, radii, space } from '../../../lib/theme';
import { messagesOf, type CallResult } from '../../../api/call';
import type { OpmeItem, OpmeList } from './opmeApi';
import { FieldStack, FieldWideNarrow } from '../../../components/ui/fieldLayout';
import { fieldsetStackCss, iconBoxCss } from '../../../components/ui/cssParts';

const T = opmeTexts.modal;
const MAX_SUPPLIERS = 10;
const PENDING = 'pendente';

const resolver = stepResolver<OpmeItemFormValues>(opmeItemFormSchema);

const emptySupplier = () => ({ supplier: '', brand: '', unit_price: null });

/** The form's values for `item` (or a new one, with the three rows the rule asks for). */
function valuesOf(item: OpmeItem | null): OpmeItemFormValues {
  if (!item) {
    return {
      description: '',
      quantity: '1',
      suppliers: Array.from({ length: MIN_OPME_SUPPLIERS }, emptySupplier),
      chosen: null,
      decision: null,
      authorized_quantity: '',
    };
  }
  return {
    description: item.description,
    quantity: String(item.quantity),
    suppliers: item.suppliers.map((row) => ({ supplier: row.supplier, brand: row.brand ?? '', unit_price: row.unit_price })),
    chosen: item.chosen,
    decision: item.decision,
    authorized_quantity: item.decision === 'parcial' && item.authorized_quantity !== null ? String(item.authorized_quantity) : '',
  };
}

const StyledFieldset = styled('fieldset')`
  ${fieldsetStackCss(space.md)}
  & > legend {
    padding: 0;
    margin-bottom: ${space.xs};
    font-size: ${fontSizes.md};
    font-weight: ${fontWeights.semibold};
    color: ${colors.text};
  }
`;

const StyledSupplier = styled('div')<{ $chosen: boolean }>`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space.sm};
  padding: ${space.md};
  border: 1px solid ${(p) => (p.$chosen ? colors.primary : colors.border)};
  border-radius: ${radii.md};
  background: ${(p) => (p.$chosen ? colors.primaryTint : colors.surface)};
  ${media.md} {
    grid-template-columns: minmax(0, 1.6fr) minmax(0, 1.1fr) minmax(190px, 1.3fr) auto;
    align-items: start;
  }
`;

const StyledRowActions = styled('div')`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${space.sm};
  min-height: 44px;
  /* Beside the inputs, below their labels. */
  ${media.md} { margin-top: 22px; }
  & label {
    display: inline-flex;
    align-items: center;
    gap: ${space.xs};
    font-size: ${fontSizes.sm};
    color: ${colors.text};
    cursor: pointer;
    min-height: 44px;
  }
  & input[type='radio'] { width: 18px; height: 18px; accent-color: ${colors.primary}; }
  & input[type='radio']:disabled + span { color: ${colors.textMuted}; }
`;

const StyledIconButton = styled('button')`
  ${iconBoxCss('44px')}
  border: 1px solid ${colors.border};
  border-radius: ${radii.sm};
  background: ${colors.surface};
  color: ${colors.danger};
  cursor: pointer;
  &:disabled { color: ${colors.textMuted}; cursor: not-allowed; }
`;

const StyledError = styled('p')`
  font-size: ${fontSizes.sm};
  color: ${colors.danger};
`;

type SupplierRowProps = {
  control: Control<OpmeItemFormValues>;
  index: number;
  canRemove: boolean;
  onRemove: () => void;
};

function SupplierRow({ control, index, canRemove, onRemove }: SupplierRowProps) {
  const number = index + 1;
  const price = useWatch({ control, name: `suppliers.${index}.unit_price` });
  return (
    <Controller
      control={control}
      name="chosen"
      render={({ field }) => (
        <StyledSupplier $chosen={field.value === index} data-supplier-row={index}>
          <FormTextField control={control} name={`suppliers.${index}.supplier`} label={fill(T.supplier, { number })} autoComplete="off" />
          <FormTextField control={control} name={`suppliers.${index}.brand`} label={T.brand} autoComplete="off" optional />
          <FormMoneyField control={control} name={`suppliers.${index}.unit_price`} label={T.price} placeholder={T.pricePlaceholder} optional />
          <StyledRowActions>
            <label>
              <input
                type="radio"
                name={field.name}
                checked={field.value === index}
                disabled={typeof price !== 'number'}
                onChange={() => field.onChange(index)}
                aria-label={fill(T.choose, { number })}
              />
              <span>{T.chosen}</span>
            </label>
            <StyledIconButton type="button" onClick={onRemove} disabled={!canRemove} aria-label={fill(T.removeSupplier, { number })}>
              <Icon name="trash" size={18} />
            </StyledIconButton>
          </StyledRowActions>
        </StyledSupplier>
      )}
    />
  );
}

export type OpmeItemModalProps = {
  /** The item edited, or null for a new one. */
  item: OpmeItem | null;
  onCancel: () => void;
  /** Sends the body; the modal closes when the answer is the list. */
  onSave: (body: ReturnType<typeof opmeItemPayload>) => Promise<CallResult<OpmeList>>;
  onSaved: (list: OpmeList) => void;
};

export function OpmeItemModal({ item, onCancel, onSave, onSaved }: OpmeItemModalProps) {
  const { control, handleSubmit, formState, setValue, getValues } = useForm<OpmeItemFormValues>({
    defaultValues: valuesOf(item),
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'suppliers' });
  const decision = useWatch({ control, name: 'decision' });
  const [sending, setSending] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);
  // The list's own problem (too few, too many, repeated): arktype reports it on the list, or on a repeated row's name.
  const listError = formState.errors.suppliers;
  const suppliersError = typeof listError?.message === 'string' ? listError.message : listError?.root?.message;

  function handleRemove(index: number) {
    const chosen = getValues('chosen');
    remove(index);
    if (chosen === index) setValue('chosen', null);
    else if (chosen !== null && chosen > index) setValue('chosen', chosen - 1);
  }

  const onSubmit = handleSubmit(async (values) => {
    setSending(true);
    setMessages([]);
    const result = await onSave(opmeItemPayload(values));
    setSending(false);
    if (result.ok) onSaved(result.data);
    else setMessages(messagesOf(result));
  });

  const chosenMessage: unknown = formState.errors.chosen?.message;
  const chosenError = typeof chosenMessage === 'string' ? chosenMessage : null;
  // 'Pendente' is an option of its own, so a decision can be taken back.
  const decisionOptions = [
    { value: PENDING, label: opmeTexts.decisions.pending },
    ...OPME_DECISIONS.map((value) => ({ value, label: opmeTexts.decisions[value] })),
  ];

  return (
    <Modal
      isOpen
      onClose={onCancel}
      title={item ? T.editTitle : T.addTitle}
      closeLabel={T.close}
      maxWidth={860}
      dismissable={!sending}
      onSubmit={(event) => {
        // The modal is portalled, but React bubbles its submit up the component tree: the step's own form is there.
        event.stopPropagation();
        void onSubmit(event);
      }}
      busy={sending}
      footer={
        <ModalSubmitActions cancelLabel={T.cancel} onCancel={onCancel} submitLabel={T.save} sendingLabel={T.saving} sending={sending} />
      }
    >
      <FieldStack>
        <ModalMessages messages={messages} role="alert" />
        <FieldWideNarrow>
          <FormTextField control={control} name="description" label={T.description} placeholder={T.descriptionPlaceholder} autoComplete="off" autoFocus />
          <FormTextField control={control} name="quantity" label={T.quantity} inputMode="numeric" autoComplete="off" />
        </FieldWideNarrow>
        <StyledFieldset>
          <legend>{T.suppliersTitle}</legend>
          <ModalText>{T.suppliersHint}</ModalText>
          {fields.map((field, index) => (
            <SupplierRow key={field.id} control={control} index={index} canRemove={fields.length > MIN_OPME_SUPPLIERS} onRemove={() => handleRemove(index)} />
          ))}
          {suppliersError ? <StyledError role="alert">{suppliersError}</StyledError> : null}
          {chosenError ? <StyledError role="alert">{chosenError}</StyledError> : null}
          <div>
            <Button variant="secondary" onClick={() => append(emptySupplier())} disabled={fields.length >= MAX_SUPPLIERS}>
              {T.addSupplier}
            </Button>
          </div>
        </StyledFieldset>
        <StyledFieldset>
          <legend>{T.authorizationTitle}</legend>
          <FieldWideNarrow>
            <Controller
              control={control}
              name="decision"
              render={({ field, fieldState }) => (
                <Select
                  label={T.decision}
                  name={field.name}
                  value={field.value ?? PENDING}
                  onChange={(value) => field.onChange(value === PENDING ? null : value)}
                  onBlur={field.onBlur}
                  options={decisionOptions}
                  placeholder={T.decisionPlaceholder}
                  error={fieldState.error?.message}
                />
              )}
            />
            {decision === 'parcial' ? (
              <FormTextField control={control} name="authorized_quantity" label={T.authorizedQuantity} inputMode="numeric" hint={T.authorizedHint} autoComplete="off" />
            ) : null}
          </FieldWideNarrow>
        </StyledFieldset>
      </FieldStack>
    </Modal>
  );
}
