/**
 * What every step panel shares: the panel context (the case, the lifecycle, whether this panel is the editable
 * current step), the frame (title, intro, the read-only notice) and the footer with the back button, 'Arquivar ciclo'
 * or 'Cancelar cirurgia', and the step's own primary action.
 */
import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { styled } from 'goober';
import { STATUS_LABELS } from '../../../../machines/constants';
import { stageMoves } from '../../../../machines/surgeryLifecycle/lifecycleRules';
import { Button } from '../../../components/ui/Button';
import { DraftNotice } from '../../../components/ui/DraftNotice';
import { Icon } from '../../../components/ui/Icon';
import { fill } from '../../../lib/i18n/pt-BR';
import { surgeriesTexts } from '../../../lib/i18n/surgeries';
import type { FormDraft } from '../../../lib/drafts/useFormDraft';
import { OpmeSection } from './OpmeSection';
import { usePanel } from './panelContext';
import { colors, fontSizes, fontWeights, media, space } from '../../../lib/theme';
import { STEP_COUNT, stepIndexOf } from './stepData';
import { columnCss, eyebrowCss, pillCss } from '../../../components/ui/cssParts';

const T = surgeriesTexts.lifecycle;

export { usePanel } from './panelContext';

const StyledPanel = styled('section')`
  ${columnCss(space.lg)}
`;

const StyledHead = styled('header')`
  ${columnCss(space.xs)}
`;

const StyledEyebrow = styled('p')`
  ${eyebrowCss}
  color: ${colors.textMuted};
`;

const StyledTitleRow = styled('div')`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space.sm} ${space.md};
`;

const StyledTitle = styled('h2')`
  font-size: ${fontSizes.lg};
  font-weight: ${fontWeights.bold};
  color: ${colors.text};
  ${media.md} { font-size: ${fontSizes.xl}; }
`;

const StyledTag = styled('span')`
  display: inline-flex;
  align-items: center;
  gap: ${space.xs};
  ${pillCss}
  background: ${colors.disabled};
  color: ${colors.textMuted};
`;

const StyledIntro = styled('p')`
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
  max-width: 70ch;
`;

const StyledBody = styled('div')`
  ${columnCss(space.lg)}
`;

const StyledFooter = styled('div')`
  display: flex;
  flex-direction: column-reverse;
  gap: ${space.sm};
  padding-top: ${space.lg};
  border-top: 1px solid ${colors.border};
  & > div { display: flex; flex-direction: column-reverse; gap: ${space.sm}; }
  & button { width: 100%; }
  ${media.md} {
    flex-direction: row;
    justify-content: space-between;
    align-items: center;
    & > div { flex-direction: row; align-items: center; }
    & button { width: auto; }
  }
`;

const StyledDangerLink = styled('span')`
  & button { color: ${colors.danger}; }
`;

type PanelFrameProps = {
  intro?: string;
  children: ReactNode;
  /** The step's primary action(s), shown only while the panel is editable. */
  actions?: ReactNode;
  /** The step form's draft: a restored one is said under the intro, with its discard action. */
  draft?: FormDraft;
};

/** The panel's frame; its title is the stage label (SPEC §3) and its id names it for the step buttons. */
export function PanelFrame({ intro, children, actions, draft }: PanelFrameProps) {
  const { step, editable, goToCurrent } = usePanel();
  const index = stepIndexOf(step);
  const titleId = `panel-${step}`;
  return (
    <StyledPanel aria-labelledby={titleId} data-step={step}>
      <StyledHead>
        <StyledEyebrow>{fill(T.stepOf, { current: index + 1, total: STEP_COUNT })}</StyledEyebrow>
        <StyledTitleRow>
          <StyledTitle id={titleId}>{STATUS_LABELS[step]}</StyledTitle>
          {editable ? null : (
            <StyledTag>
              <Icon name="eye" size={14} />
              {T.readOnly}
            </StyledTag>
          )}
        </StyledTitleRow>
        {editable ? (intro ? <StyledIntro>{intro}</StyledIntro> : null) : <StyledIntro>{T.readOnlyHint}</StyledIntro>}
      </StyledHead>
      {editable && draft?.restored ? <DraftNotice onDiscard={draft.discard} /> : null}
      <StyledBody>
        {children}
        {/* The case's OPME materials on every step (issue 33 #4): quotes are gathered from the first one. */}
        <OpmeSection />
      </StyledBody>
      {editable ? (
        <PanelFooter actions={actions} />
      ) : goToCurrent ? (
        <StyledFooter>
          <div />
          <div>
            <Button variant="secondary" onClick={goToCurrent}>
              {T.goToCurrent}
            </Button>
          </div>
        </StyledFooter>
      ) : null}
    </StyledPanel>
  );
}

/** The footer's moves: offered as the move table has them for the step, enabled as the machine can take them now. */
function PanelFooter({ actions }: { actions: ReactNode }) {
  const { step, lifecycle, locked, askArchive, askCancel } = usePanel();
  const atFirst = step === 'ind_paciente';
  const going = lifecycle.pending === 'back';
  const moves = stageMoves(step);
  const canBack = useSelector(lifecycle.actor, (snapshot) => snapshot.can({ type: 'case.back' }));
  const canArchive = useSelector(lifecycle.actor, (snapshot) => snapshot.can({ type: 'case.archive' }));
  const canCancel = useSelector(lifecycle.actor, (snapshot) => snapshot.can({ type: 'case.cancel' }));
  return (
    <StyledFooter>
      <div>
        <Button
          variant="secondary"
          onClick={() => (atFirst ? lifecycle.leaveToList() : void lifecycle.request({ type: 'case.back' }))}
          disabled={atFirst ? locked : !canBack}
          loading={going}
        >
          {going ? T.goingBack : atFirst ? T.backToList : T.backStep}
        </Button>
        {moves?.archive ? (
          <Button variant="ghost" onClick={askArchive} disabled={!canArchive}>
            {T.archive.button}
          </Button>
        ) : null}
        {moves?.cancel ? (
          <StyledDangerLink>
            <Button variant="ghost" onClick={askCancel} disabled={!canCancel}>
              {T.cancel.button}
            </Button>
          </StyledDangerLink>
        ) : null}
      </div>
      <div>{actions}</div>
    </StyledFooter>
  );
}

const StyledFacts = styled('dl')`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: ${space.md};
  margin: 0;
  ${media.md} { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: ${space.lg} ${space.xl}; }
  & > div { display: flex; flex-direction: column; gap: ${space.xxs}; min-width: 0; }
  & > div[data-wide] { grid-column: 1 / -1; }
  & dt { font-size: ${fontSizes.xs}; font-weight: ${fontWeights.semibold}; color: ${colors.textMuted}; text-transform: uppercase; letter-spacing: 0.02em; }
  & dd { margin: 0; color: ${colors.text}; overflow-wrap: anywhere; white-space: pre-line; }
`;

type FactItem = { term: string; value: ReactNode; wide?: boolean };

/** Saved data shown read-only (a definition list; '-' when empty). */
export function FactList({ items }: { items: readonly FactItem[] }) {
  return (
    <StyledFacts>
      {items.map((item) => (
        <div key={item.term} data-wide={item.wide || undefined}>
          <dt>{item.term}</dt>
          <dd>{item.value === null || item.value === undefined || item.value === '' ? T.none : item.value}</dd>
        </div>
      ))}
    </StyledFacts>
  );
}

/** The primary button of a step: 'Próximo passo', 'Enviando...' while its request runs. */
export function NextButton({ label = T.next, onClick, busy }: { label?: string; onClick?: () => void; busy: boolean }) {
  const { locked } = usePanel();
  return (
    <Button type={onClick ? 'button' : 'submit'} onClick={onClick} loading={busy} disabled={locked && !busy}>
      {busy ? T.busy : label}
    </Button>
  );
}
