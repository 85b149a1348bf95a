/** The two faces of a step panel: its saved facts (read-only) and its form, framed by PanelFrame. */
import type { FormEvent, ReactNode } from 'react';
import type { FormDraft } from '../../../lib/drafts/useFormDraft';
import { StyledForm } from './formLayout';
import { FactList, NextButton, PanelFrame, usePanel } from './PanelFrame';

type FactsPanelProps = {
  items: Parameters<typeof FactList>[0]['items'];
  /** What the read-only panel shows under the facts. */
  children?: ReactNode;
};

/** A step that is not the editable one: its saved facts in the frame. */
export function FactsPanel({ items, children }: FactsPanelProps) {
  return (
    <PanelFrame>
      <FactList items={items} />
      {children}
    </PanelFrame>
  );
}

type StepFormProps = {
  /** The step's saved facts, shown instead of the form when the step is not the editable one. */
  facts?: FactsPanelProps['items'];
  /** What the read-only panel shows under the facts. */
  factsExtra?: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  intro: string;
  draft: FormDraft;
  /** The primary button's text, 'Próximo passo' unless given. */
  nextLabel?: string;
  children: ReactNode;
  /** What sits in the form after the frame (its confirm dialogs). */
  dialogs?: ReactNode;
};

/** The editable step: a form around the frame, its primary button sending it; given its facts, the read-only one too. */
export function StepForm({ facts, factsExtra, onSubmit, intro, draft, nextLabel, children, dialogs }: StepFormProps) {
  const { lifecycle, editable } = usePanel();
  if (facts && !editable) return <FactsPanel items={facts}>{factsExtra}</FactsPanel>;
  return (
    <StyledForm onSubmit={(event) => void onSubmit(event)} noValidate>
      <PanelFrame intro={intro} draft={draft} actions={<NextButton label={nextLabel} busy={lifecycle.pending === 'advance'} />}>
        {children}
      </PanelFrame>
      {dialogs}
    </StyledForm>
  );
}
