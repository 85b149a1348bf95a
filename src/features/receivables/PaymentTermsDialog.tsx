/**
 * 'Prazos de pagamento' from 'A receber' (issue 17; docs/LEDGER.md §1): the payment terms the due dates and the aging
 * of this page follow, edited where they matter. A secretary (the one who knows each plan's term) edits her medic's:
 * the only one, or the one she picks; a medic his own (as in his settings). Saving reads the list again (its due
 * dates follow the new terms).
 */
import { useState } from 'react';
import type { MedicOption } from '../../api/receivables';
import { PaymentTermsEditor } from '../../components/paymentTerms/PaymentTermsEditor';
import { Modal } from '../../components/ui/Modal';
import { ModalText } from '../../components/ui/modalParts';
import { Select } from '../../components/ui/Select';
import { ledgerTexts } from '../../lib/i18n/ledger';
import { FieldStack } from '../../components/ui/fieldLayout';

const T = ledgerTexts.terms;

export type PaymentTermsDialogProps = {
  /** The secretary's medics; null for a medic (his own terms). */
  medics: readonly MedicOption[] | null;
  onClose: () => void;
  onSaved: () => void;
};

export function PaymentTermsDialog({ medics, onClose, onSaved }: PaymentTermsDialogProps) {
  const [chosen, setChosen] = useState<number | null>(medics?.length === 1 ? medics[0]!.id : null);
  const medic = medics === null ? null : chosen;
  return (
    <Modal isOpen onClose={onClose} title={T.title} closeLabel={ledgerTexts.close} maxWidth={720}>
      <FieldStack>
        <ModalText>{T.dialogIntro}</ModalText>
        {medics !== null && medics.length > 1 ? (
          <Select
            label={T.medic}
            name="terms_medic"
            value={chosen === null ? '' : String(chosen)}
            onChange={(value) => setChosen(value === '' ? null : Number(value))}
            placeholder={T.medicPlaceholder}
            options={medics.map((option) => ({ value: String(option.id), label: `${option.first_name} ${option.last_name}` }))}
          />
        ) : null}
        {medics === null || medic !== null ? <PaymentTermsEditor key={medic ?? 'own'} medic={medic} onSaved={onSaved} /> : null}
      </FieldStack>
    </Modal>
  );
}
