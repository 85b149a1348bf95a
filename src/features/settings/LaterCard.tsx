/**
 * The cards of /settings and /account below the first screen: each in a chunk of its own, loaded and rendered (with its
 * reads) only when the page is scrolled to it. With the page, their code (the forms library, the dialogs, the plan
 * picker) and their renders took the page's first seconds on a phone (issue 41, goal 7; docs/BENCHMARKS.md). Until
 * then the card's title and a loading line hold its place, at about a card's height so that the cards below stay out
 * of view too; the title keeps the card findable by heading, and the card replaces the placeholder for good.
 */
import { useId } from 'react';
import { styled } from 'goober';
import { Notice } from '../../components/ui/Notice';
import { chunkComponent, type ChunkComponent } from '../../lib/chunkComponent';
import { accountTexts } from '../../lib/i18n/account';
import { backupTexts } from '../../lib/i18n/backup';
import { billingTexts } from '../../lib/i18n/billing';
import { calendarFeedTexts } from '../../lib/i18n/calendarFeed';
import { clocksTexts } from '../../lib/i18n/clocks';
import { digestTexts } from '../../lib/i18n/digest';
import { ledgerTexts } from '../../lib/i18n/ledger';
import { patientMessagesTexts } from '../../lib/i18n/patientMessages';
import { ptBR } from '../../lib/i18n/pt-BR';
import { useChunkWhenNear } from '../../lib/useChunkWhenNear';
import { StyledCard, StyledCardTitle } from './ProfileCard';

type RoleProps = { role: 'medic' | 'secretary' };
type NoProps = Record<string, never>;

/** A later card: its title (shown by the placeholder), its chunk, and whether it spans the grid's whole row. */
type Later<P extends object> = { title: string; chunk: ChunkComponent<P>; wide?: boolean };

export const laterCards = {
  stageTargets: {
    title: clocksTexts.targets.title,
    chunk: chunkComponent<NoProps>(() => import('./StageTargetsCard').then((module) => module.StageTargetsCard)),
  },
  paymentTerms: {
    title: ledgerTexts.terms.title,
    chunk: chunkComponent<NoProps>(() => import('./PaymentTermsCard').then((module) => module.PaymentTermsCard)),
  },
  billing: {
    title: billingTexts.profile.title,
    chunk: chunkComponent<RoleProps>(() => import('./BillingCard').then((module) => module.BillingCard)),
    wide: true,
  },
  twoFactor: {
    title: accountTexts.twoFactor.title,
    chunk: chunkComponent<RoleProps>(() => import('./TwoFactorCard').then((module) => module.TwoFactorCard)),
  },
  devices: {
    title: accountTexts.devices.title,
    chunk: chunkComponent<NoProps>(() => import('./DevicesCard').then((module) => module.DevicesCard)),
  },
  calendarFeed: {
    title: calendarFeedTexts.title,
    chunk: chunkComponent<NoProps>(() => import('./CalendarFeedCard').then((module) => module.CalendarFeedCard)),
  },
  digest: {
    title: digestTexts.card.title,
    chunk: chunkComponent<NoProps>(() => import('./DigestCard').then((module) => module.DigestCard)),
  },
  backup: {
    title: backupTexts.card.title,
    chunk: chunkComponent<NoProps>(() => import('./BackupCard').then((module) => module.BackupCard)),
  },
  messageTemplates: {
    title: patientMessagesTexts.settings.title,
    chunk: chunkComponent<NoProps>(() => import('./MessageTemplatesCard').then((module) => module.MessageTemplatesCard)),
    wide: true,
  },
} satisfies Record<string, Later<NoProps> | Later<RoleProps>>;

/**
 * How close to the viewport a placeholder must come for its card to load: none, unlike the case page's 600 px. On a
 * phone (412 × 823) the first cards end just below the fold, and any margin ahead loaded the next two cards' chunks
 * with the page (the deadline forms: most of the blocking time left). Each card loads as it scrolls into view.
 */
const NEAR_MARGIN = '0px';

const StyledPlaceholder = styled(StyledCard)<{ $wide: boolean }>`
  min-height: 16rem;
  ${(p) => (p.$wide ? 'grid-column: 1 / -1;' : '')}
`;

type LaterCardProps<P extends object> = { card: Later<P>; props: NoInfer<P> };

export function LaterCard<P extends object>({ card, props }: LaterCardProps<P>) {
  const { placeholderRef, Component } = useChunkWhenNear(card.chunk, NEAR_MARGIN);
  const titleId = useId();
  if (Component) return <Component {...props} />;
  return (
    <StyledPlaceholder ref={placeholderRef} $wide={card.wide ?? false} aria-labelledby={titleId} aria-busy>
      <StyledCardTitle id={titleId}>{card.title}</StyledCardTitle>
      <Notice kind="loading" title={ptBR.app.loading} compact announce={false} />
    </StyledPlaceholder>
  );
}
