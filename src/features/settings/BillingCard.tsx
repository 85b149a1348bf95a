/**
 * 'Faturamento TISS' in the medic's /settings and the secretary's /account (issue 37): the card's title and intro at
 * once, its forms (./BillingForms.tsx: the plan and CBO pickers, the masks, the team editor) in a chunk of their own,
 * loaded after the page's first paint, a spinner until they arrive (issue 41, goal 6).
 */
import { useId } from 'react';
import { styled } from 'goober';
import { Notice } from '../../components/ui/Notice';
import { chunked } from '../../lib/chunked';
import { billingTexts } from '../../lib/i18n/billing';
import { StyledCard, StyledCardText, StyledCardTitle } from './ProfileCard';

const T = billingTexts.profile;

type BillingFormsProps = { role: 'medic' | 'secretary' };

/** The card spans the settings grid: a team's rows need the width. */
const StyledWideCard = styled(StyledCard)`
  grid-column: 1 / -1;
`;

function FormsLoading() {
  return <Notice kind="loading" title={T.loading} compact />;
}

const Forms = chunked<BillingFormsProps>(() => import('./BillingForms').then((module) => module.BillingForms), FormsLoading);

export function BillingCard({ role }: BillingFormsProps) {
  const titleId = useId();
  return (
    <StyledWideCard aria-labelledby={titleId} data-billing-card>
      <StyledCardTitle id={titleId}>{T.title}</StyledCardTitle>
      <StyledCardText>{T.intro}</StyledCardText>
      <Forms role={role} />
    </StyledWideCard>
  );
}
