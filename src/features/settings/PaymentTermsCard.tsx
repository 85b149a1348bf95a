/**
 * 'Prazos de pagamento' in the medic's settings (issue 14; DECISIONS §16): his own terms, edited with the shared
 * editor (components/paymentTerms/PaymentTermsEditor.tsx; the secretary edits her medics' from 'A receber').
 */
import { useId } from 'react';
import { PaymentTermsEditor } from '../../components/paymentTerms/PaymentTermsEditor';
import { ledgerTexts } from '../../lib/i18n/ledger';
import { StyledCard, StyledCardText, StyledCardTitle } from './ProfileCard';

const T = ledgerTexts.terms;

export function PaymentTermsCard() {
  const titleId = useId();
  return (
    <StyledCard aria-labelledby={titleId}>
      <StyledCardTitle id={titleId}>{T.title}</StyledCardTitle>
      <StyledCardText>{T.intro}</StyledCardText>
      <PaymentTermsEditor medic={null} />
    </StyledCard>
  );
}
