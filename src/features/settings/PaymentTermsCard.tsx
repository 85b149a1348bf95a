/**
 * 'Prazos de pagamento' in the medic's settings (issue 14; DECISIONS §16): his own terms, edited with the shared
 * editor (components/paymentTerms/PaymentTermsEditor.tsx; the secretary edits her medics' from 'A receber').
 */
import { useId } from 'react';
import { styled } from 'goober';
import { PaymentTermsEditor } from '../../components/paymentTerms/PaymentTermsEditor';
import { ledgerTexts } from '../../lib/i18n/ledger';
import { colors, fontSizes } from '../../lib/theme';
import { StyledCard, StyledCardTitle } from './ProfileCard';

const T = ledgerTexts.terms;

const StyledIntro = styled('p')`
  margin: 0;
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

export function PaymentTermsCard() {
  const titleId = useId();
  return (
    <StyledCard aria-labelledby={titleId}>
      <StyledCardTitle id={titleId}>{T.title}</StyledCardTitle>
      <StyledIntro>{T.intro}</StyledIntro>
      <PaymentTermsEditor medic={null} />
    </StyledCard>
  );
}
