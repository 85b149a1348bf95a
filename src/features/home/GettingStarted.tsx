/**
 * 'Primeiros passos' (DECISIONS §13): on the home of a medic without a linked secretary, the three steps of a new
 * account (a patient, a case, an invited secretary), each done or with a link to do it. It is not shown while the
 * read runs or when it fails (the home is usable without it), nor once every step is done.
 */
import { Link } from '@tanstack/react-router';
import { css, styled } from 'goober';
import type { components } from '../../../openapi/schema';
import { api } from '../../api/client';
import { read } from '../../api/read';
import { Icon } from '../../components/ui/Icon';
import { homeTexts } from '../../lib/i18n/home';
import { fill } from '../../lib/i18n/pt-BR';
import { colors, focusRing, fontSizes, fontWeights, media, radii, space } from '../../lib/theme';
import { useRetryableRead } from '../../lib/useRetryableRead';
import { HomePanel } from './HomePanel';

type GettingStartedSteps = components['schemas']['GettingStarted'];

const T = homeTexts.gettingStarted;

/** GET getting_started/; rejects on any failure (the panel then stays hidden). */
async function getGettingStarted(signal: AbortSignal): Promise<GettingStartedSteps> {
  const result = await read(() => api.GET('/project_auth/api/v1/getting_started/', { signal }));
  const value = result.kind === 'ok' ? (result.value as Partial<GettingStartedSteps> | null) : null;
  if (typeof value?.patient !== 'boolean' || typeof value.surgery !== 'boolean' || typeof value.secretary !== 'string') {
    throw new Error('getting started could not be read');
  }
  return value as GettingStartedSteps;
}

/** Every step done: the panel goes away. A secretary linked meanwhile also ends it (she registers from now on). */
function isGettingStartedDone(steps: GettingStartedSteps): boolean {
  return steps.secretary === 'linked' || (steps.patient && steps.surgery && steps.secretary === 'invited');
}

const StyledList = styled('ol')`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: ${space.md};
  ${media.md} { grid-template-columns: repeat(3, minmax(0, 1fr)); }
`;

const StyledStep = styled('li')<{ $done: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${space.sm};
  min-width: 0;
  padding: ${space.lg};
  border-radius: ${radii.md};
  border: 1px solid ${(p) => (p.$done ? colors.successSoft : colors.border)};
  background: ${(p) => (p.$done ? colors.successSoft : colors.primaryTint)};
  & > h3 { font-size: ${fontSizes.md}; font-weight: ${fontWeights.bold}; color: ${colors.text}; }
  & > p { font-size: ${fontSizes.sm}; color: ${colors.textMuted}; }
`;

const StyledNumber = styled('span')<{ $done: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${space.xs};
  font-size: ${fontSizes.xs};
  font-weight: ${fontWeights.semibold};
  letter-spacing: 0.04em;
  text-transform: uppercase;
  color: ${(p) => (p.$done ? colors.success : colors.primary)};
`;

const actionClassName = css`
  align-self: flex-start;
  margin-top: auto;
  display: inline-flex;
  align-items: center;
  gap: ${space.xs};
  min-height: 44px;
  padding: 0 ${space.lg};
  border-radius: ${radii.md};
  background: ${colors.primary};
  color: ${colors.onPrimary};
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  text-decoration: none;
  &:hover { background: ${colors.primaryHover}; }
  &:focus-visible { outline: none; box-shadow: ${focusRing}; }
`;

type StepProps = {
  n: number;
  title: string;
  text: string;
  /** Null when done; else the link that does it. */
  action: { label: string; to: '/patients' | '/patients-surgery' | '/settings'; invite?: boolean } | null;
  doneLabel?: string;
};

function Step({ n, title, text, action, doneLabel = T.done }: StepProps) {
  const done = action === null;
  return (
    <StyledStep $done={done}>
      <StyledNumber $done={done}>
        {done ? <Icon name="check" size={16} /> : null}
        {done ? doneLabel : fill(T.stepLabel, { n: String(n) })}
      </StyledNumber>
      <h3>{title}</h3>
      <p>{text}</p>
      {action ? (
        <Link to={action.to} state={action.invite ? { invite: true } : undefined} className={actionClassName}>
          {action.label}
          <Icon name="chevronRight" size={16} />
        </Link>
      ) : null}
    </StyledStep>
  );
}

type GettingStartedViewProps = { steps: GettingStartedSteps };

/** The panel for steps not all done (GettingStarted decides whether to show it). */
function GettingStartedView({ steps }: GettingStartedViewProps) {
  return (
    <HomePanel title={T.title} subtitle={T.subtitle}>
      <StyledList aria-label={T.listLabel}>
        <Step
          n={1}
          title={T.patient.title}
          text={T.patient.text}
          action={steps.patient ? null : { label: T.patient.action, to: '/patients' }}
        />
        <Step
          n={2}
          title={T.surgery.title}
          text={T.surgery.text}
          action={steps.surgery ? null : { label: T.surgery.action, to: '/patients-surgery' }}
        />
        <Step
          n={3}
          title={T.secretary.title}
          text={T.secretary.text}
          doneLabel={T.secretary.invited}
          action={steps.secretary === 'none' ? { label: T.secretary.action, to: '/settings', invite: true } : null}
        />
      </StyledList>
    </HomePanel>
  );
}

export function GettingStarted() {
  const { state } = useRetryableRead(getGettingStarted, []);
  if (state.status !== 'ready' || isGettingStartedDone(state.value)) return null;
  return <GettingStartedView steps={state.value} />;
}
