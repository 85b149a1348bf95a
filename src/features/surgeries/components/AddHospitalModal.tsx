/**
 * 'Cadastrar hospital' (issue 33 item 1): a hospital the shared list lacks, added to the medic's office from the case
 * registration and chosen at once. Checked by the API's own schema (machines/lookups/hospitalSchemas.ts); what only
 * the server knows (the same name in the same city) shows on the name field.
 */
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { styled } from 'goober';
import { createHospitalSchema, UFS } from '../../../../machines/lookups/hospitalSchemas';
import { FormMaskedField, MASKS } from '../../../components/form/FormMaskedField';
import { FormTextField } from '../../../components/form/FormTextField';
import { stepResolver } from '../../../components/form/stepResolver';
import { Modal } from '../../../components/ui/Modal';
import { ModalMessages, ModalSubmitActions, ModalText } from '../../../components/ui/modalParts';
import { Select } from '../../../components/ui/Select';
import { surgeriesTexts } from '../../../lib/i18n/surgeries';
import { media, space } from '../../../lib/theme';
import { messagesOf } from '../../../api/call';
import { createHospital, type CreatedHospital, type HospitalInput } from '../api';
import { FieldStack, FieldWideNarrow } from '../../../components/ui/fieldLayout';

const T = surgeriesTexts.addHospital;

type HospitalFormValues = { fantasy_name: string; city: string; uf: string; cnes: string; cnpj: string; address: string };
const FIELDS = ['fantasy_name', 'city', 'uf', 'cnes', 'cnpj', 'address'] as const;

const resolver = stepResolver<HospitalFormValues>(createHospitalSchema);
const UF_OPTIONS = UFS.map((uf) => ({ value: uf, label: uf }));

const StyledPair = styled('div')`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space.md};
  ${media.md} { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); }
`;

export type AddHospitalModalProps = {
  /** The medic of the case: the hospital joins his office. */
  medicId: number;
  /** What was typed in the search, as the name to start from. */
  initialName: string;
  onCancel: () => void;
  onCreated: (hospital: CreatedHospital) => void;
};

export function AddHospitalModal({ medicId, initialName, onCancel, onCreated }: AddHospitalModalProps) {
  const { control, handleSubmit, setError } = useForm<HospitalFormValues>({
    defaultValues: { fantasy_name: initialName, city: '', uf: '', cnes: '', cnpj: '', address: '' },
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const [sending, setSending] = useState(false);
  const [messages, setMessages] = useState<string[]>([]);

  const onSubmit = handleSubmit(async (values) => {
    setSending(true);
    setMessages([]);
    // The resolver checked the UF against the list.
    const result = await createHospital({ ...values, uf: values.uf as HospitalInput['uf'], medic: medicId });
    setSending(false);
    if (result.ok) {
      onCreated(result.data);
      return;
    }
    let onAField = false;
    for (const field of FIELDS) {
      const message = result.fields[field]?.[0];
      if (message) {
        setError(field, { type: 'server', message }, { shouldFocus: !onAField });
        onAField = true;
      }
    }
    if (!onAField) setMessages(messagesOf(result));
  });

  return (
    <Modal
      isOpen
      onClose={onCancel}
      title={T.title}
      closeLabel={T.close}
      maxWidth={640}
      dismissable={!sending}
      onSubmit={(event) => {
        // The modal is portalled, but React bubbles its submit up the component tree: the case form is there.
        event.stopPropagation();
        void onSubmit(event);
      }}
      busy={sending}
      footer={
        <ModalSubmitActions cancelLabel={T.cancel} onCancel={onCancel} submitLabel={T.save} sendingLabel={T.saving} sending={sending} />
      }
    >
      <FieldStack>
        <ModalText>{T.intro}</ModalText>
        <ModalMessages messages={messages} role="alert" />
        <FormTextField control={control} name="fantasy_name" label={T.name} placeholder={T.namePlaceholder} autoComplete="off" autoFocus />
        <FieldWideNarrow>
          <FormTextField control={control} name="city" label={T.city} autoComplete="address-level2" />
          <Controller
            control={control}
            name="uf"
            render={({ field, fieldState }) => (
              <Select
                label={T.uf}
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                options={UF_OPTIONS}
                placeholder={T.ufPlaceholder}
                error={fieldState.error?.message}
              />
            )}
          />
        </FieldWideNarrow>
        <StyledPair>
          <FormMaskedField control={control} name="cnes" label={T.cnes} mask={MASKS.cnes} inputMode="numeric" autoComplete="off" optional />
          <FormMaskedField control={control} name="cnpj" label={T.cnpj} mask={MASKS.cnpj} inputMode="numeric" autoComplete="off" optional />
        </StyledPair>
        <FormTextField control={control} name="address" label={T.address} placeholder={T.addressPlaceholder} autoComplete="street-address" optional />
      </FieldStack>
    </Modal>
  );
}
