/**
 * A patient's card for a plan (issue 37 item 2; docs/TISS.md "The patient's card") as the patient's detail and the
 * case header show it: the número da carteira (never broken across lines), and below it the plan's product and the
 * validity, with a 'Carteira vencida' badge when that day has passed (São Paulo's today). Without a card: 'Não
 * informada'.
 */
import { styled } from 'goober';
import { isCardExpired } from '../../../machines/billing/planCardRules';
import { formatDate, todayInSaoPaulo } from '../../lib/format/date';
import { patientsTexts } from '../../lib/i18n/patients';
import { colors, fontSizes, fontWeights, radii, space } from '../../lib/theme';

const T = patientsTexts.detail;

type PlanCard = { card_number: string; valid_until: string | null; plan_name: string | null };

const StyledSummary = styled('span')`
  display: inline-flex;
  flex-direction: column;
  gap: ${space.xxs};
`;

/** The product, the validity and the badge: one line below the number, wrapping as the width asks. */
const StyledMeta = styled('span')`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space.xxs} ${space.sm};
  color: ${colors.textMuted};
  font-size: ${fontSizes.sm};
  &:empty { display: none; }
`;

/** The number is read as one piece: it never breaks across lines. */
const StyledNumber = styled('span')`
  white-space: nowrap;
  font-variant-numeric: tabular-nums;
`;


const StyledExpired = styled('span')`
  display: inline-flex;
  align-items: center;
  padding: 2px ${space.sm};
  border-radius: ${radii.pill};
  font-size: ${fontSizes.xs};
  font-weight: ${fontWeights.semibold};
  background: ${colors.dangerSoft};
  color: ${colors.danger};
`;

type PlanCardSummaryProps = {
  card: PlanCard | null;
  /** yyyy-MM-dd; São Paulo's today unless given (tests). */
  today?: string;
};

export function PlanCardSummary({ card, today = todayInSaoPaulo() }: PlanCardSummaryProps) {
  if (!card) return <>{T.noCard}</>;
  const expired = isCardExpired(card.valid_until, today);
  return (
    <StyledSummary>
      <StyledNumber>{card.card_number}</StyledNumber>
      <StyledMeta>
        {card.plan_name ? <span>{card.plan_name}</span> : null}
        {card.valid_until ? <span>{`${T.cardValidity} ${formatDate(card.valid_until)}`}</span> : null}
        {expired ? <StyledExpired>{T.cardExpired}</StyledExpired> : null}
      </StyledMeta>
    </StyledSummary>
  );
}
