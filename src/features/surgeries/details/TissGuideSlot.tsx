/**
 * Where the case's 'Guia de honorários' (issue 37; ./TissGuidePanel.tsx) sits on /surgery-details: under the step
 * panels, for a case paid by a health plan from Realização on (the stages that generate a guide, and concluído, whose
 * guides stay printable). The panel is a chunk of its own, loaded only for those cases, when scrolled into view
 * (./LaterCaseCard.tsx; issue 41, goals 6 and 7).
 */
import { chunkComponent } from '../../../lib/chunkComponent';
import { tissTexts } from '../../../lib/i18n/tiss';
import type { Surgery } from '../types';
import { LaterCaseCard } from './LaterCaseCard';
import type { TissGuidePanelProps } from './TissGuidePanel';

const GUIDE_STAGES: ReadonlySet<string> = new Set(['realizacao', 'pagamento', 'concluido']);

const guidePanel = chunkComponent<TissGuidePanelProps>(() => import('./TissGuidePanel').then((module) => module.TissGuidePanel));

/** Whether a case shows the guide panel: paid by a plan, at Realização or later (not lost). */
export function showsTissGuide(surgery: Pick<Surgery, 'payment_fountains' | 'status'>): boolean {
  return surgery.payment_fountains === 'plano_saude' && GUIDE_STAGES.has(surgery.status);
}

export function TissGuideSlot({ surgery }: { surgery: Surgery }) {
  if (!showsTissGuide(surgery)) return null;
  return (
    <LaterCaseCard
      // A new stage reads the guide again (the surgery day is set on leaving Realização).
      key={surgery.status}
      chunk={guidePanel}
      title={tissTexts.guide.title}
      loading={tissTexts.guide.loading}
      props={{ surgeryId: surgery.id }}
    />
  );
}
