/**
 * Where the case's 'Guia de honorários' (issue 37; ./TissGuidePanel.tsx) sits on /surgery-details: under the step
 * panels, for a case paid by a health plan from Realização on (the stages that generate a guide, and concluído, whose
 * guides stay printable). The panel is a chunk of its own, loaded only for those cases (issue 41, goals 6 and 7).
 */
import { styled } from 'goober';
import { Spinner } from '../../../components/ui/Spinner';
import { chunkComponent, useChunkComponent } from '../../../lib/chunkComponent';
import { space } from '../../../lib/theme';
import { Card } from '../components/Card';
import type { Surgery } from '../types';
import type { TissGuidePanelProps } from './TissGuidePanel';

const GUIDE_STAGES: ReadonlySet<string> = new Set(['realizacao', 'pagamento', 'concluido']);

const guidePanel = chunkComponent<TissGuidePanelProps>(() => import('./TissGuidePanel').then((module) => module.TissGuidePanel));

const StyledLoading = styled('div')`
  display: flex;
  justify-content: center;
  padding: ${space.xl} 0;
`;

/** Whether a case shows the guide panel: paid by a plan, at Realização or later (not lost). */
export function showsTissGuide(surgery: Pick<Surgery, 'payment_fountains' | 'status'>): boolean {
  return surgery.payment_fountains === 'plano_saude' && GUIDE_STAGES.has(surgery.status);
}

export function TissGuideSlot({ surgery }: { surgery: Surgery }) {
  if (!showsTissGuide(surgery)) return null;
  return (
    <Card as="section" $stack aria-labelledby="tiss-guide-title" data-tiss-guide>
      {/* A new stage reads the guide again (the surgery day is set on leaving Realização). */}
      <GuideChunk key={surgery.status} surgeryId={surgery.id} />
    </Card>
  );
}

function GuideChunk(props: TissGuidePanelProps) {
  const { Component, failure } = useChunkComponent(guidePanel);
  if (failure) throw failure.error;
  return Component ? (
    <Component {...props} />
  ) : (
    <StyledLoading aria-busy="true">
      <Spinner size={24} />
    </StyledLoading>
  );
}
