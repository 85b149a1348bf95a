/**
 * A card of /surgery-details below the step's panel ('Equipe cirúrgica', 'Guia de honorários', 'Mensagens ao
 * paciente'): a chunk of its own (its forms and their checks), loaded and rendered only when its place scrolls into
 * view (issue 41, goal 7). On a phone (412 × 823) the case's header, the steps and the clocks fill the first screen
 * and the panel starts below it; with the page, these cards' code and renders took the case's first seconds. Until
 * then the card's title and its loading line hold its place, at about a card's height so that the cards after it stay
 * out of view too; the card replaces the placeholder for good. No margin ahead: while the panel's own chunk loads, its
 * spinner is short, and the cards below it would come within any margin at once.
 */
import { useId } from 'react';
import { styled } from 'goober';
import { Notice } from '../../../components/ui/Notice';
import type { ChunkComponent } from '../../../lib/chunkComponent';
import { useChunkWhenNear } from '../../../lib/useChunkWhenNear';
import { Card, CardTitle } from '../components/Card';

const NEAR_MARGIN = '0px';

const StyledPlaceholder = styled(Card)`
  min-height: 16rem;
`;

type LaterCaseCardProps<P extends object> = { chunk: ChunkComponent<P>; title: string; loading: string; props: NoInfer<P> };

export function LaterCaseCard<P extends object>({ chunk, title, loading, props }: LaterCaseCardProps<P>) {
  const { placeholderRef, Component } = useChunkWhenNear<P, HTMLDivElement>(chunk, NEAR_MARGIN);
  const titleId = useId();
  if (Component) return <Component {...props} />;
  return (
    <StyledPlaceholder as="section" $stack aria-labelledby={titleId} aria-busy ref={placeholderRef}>
      <CardTitle id={titleId}>{title}</CardTitle>
      <Notice kind="loading" title={loading} compact announce={false} />
    </StyledPlaceholder>
  );
}
