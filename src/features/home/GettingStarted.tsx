/**
 * 'Primeiros passos' (DECISIONS §13): on the home of a medic without a linked secretary, the three steps of a new
 * account (a patient, a case, an invited secretary), each done or with a link to do it. It is not shown while the
 * read runs or when it fails (the home is usable without it), nor once every step is done.
 *
 * The medic may hide it before that ('Ocultar'); a small 'Mostrar primeiros passos' button then stands in its place
 * and brings it back. The choice is remembered per user in this browser's localStorage
 * (`getting-started-hidden:<userId>`; not personal data, so it stays after signing out).
 */
import { useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { css, styled } from 'goober';
import type { components } from '../../../openapi/schema';
import { api } from '../../api/client';
import { read, type ReadResult } from '../../api/read';
import { Icon } from '../../components/ui/Icon';
import { homeTexts } from '../../lib/i18n/home';
import { fill } from '../../lib/i18n/pt-BR';
import { colors, focusRing, fontSizes, fontWeights, media, radii, space } from '../../lib/theme';
import { useRead } from '../../lib/useRead';
import { useSession } from '../../lib/session/session';
import { Button } from '../../components/ui/Button';
import { HomePanel } from './HomePanel';
import { columnCss, eyebrowCss } from '../../components/ui/cssParts';

type GettingStartedSteps = components['schemas']['GettingStarted'];

const T = homeTexts.gettingStarted;

/** GET getting_started/; any failure, a body of another shape too, is a failed read (the panel then stays hidden). */
async function getGettingStarted(signal: AbortSignal): Promise<ReadResult<GettingStartedSteps>> {
  const result = await read(() => api.GET('/project_auth/api/v1/getting_started/', { signal }));
  const value = result.kind === 'ok' ? (result.value as Partial<GettingStartedSteps> | null) : null;
  if (typeof value?.patient !== 'boolean' || typeof value.surgery !== 'boolean' || typeof value.secretary !== 'string') {
    return { kind: 'error' };
  }
  return { kind: 'ok', value: value as GettingStartedSteps };
}

/** Every step done: the panel goes away. A secretary linked meanwhile also ends it (she registers from now on). */
function isGettingStartedDone(steps: GettingStartedSteps): boolean {
  return steps.secretary === 'linked' || (steps.patient && steps.surgery && steps.secretary === 'invited');
}

const hiddenKey = (userId: number) => `getting-started-hidden:${userId}`;

/** Whether the user hid the panel (false when storage cannot be read: the panel shows). */
function readHidden(userId: number): boolean {
  try {
    return window.localStorage.getItem(hiddenKey(userId)) === '1';
  } catch {
    return false;
  }
}

function writeHidden(userId: number, hidden: boolean): void {
  try {
    if (hidden) window.localStorage.setItem(hiddenKey(userId), '1');
    else window.localStorage.removeItem(hiddenKey(userId));
  } catch {
    // Storage refused (private mode, quota): the choice lasts until the page reloads.
  }
}

/** The stand-in of the hidden panel, on the home's teal backdrop. */
const StyledShow = styled('button')`
  align-self: flex-start;
  display: inline-flex;
  align-items: center;
  gap: ${space.xs};
  min-height: 44px;
  padding: 0 ${space.md};
  border: 1px solid rgba(255, 255, 255, 0.6);
  border-radius: ${radii.md};
  background: transparent;
  color: ${colors.onPrimary};
  font: inherit;
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  cursor: pointer;
  &:hover { background: rgba(255, 255, 255, 0.12); }
  &:focus-visible { outline: none; box-shadow: ${focusRing}; }
`;

const StyledList = styled('ol')`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: ${space.md};
  ${media.md} { grid-template-columns: repeat(3, minmax(0, 1fr)); }
`;

const StyledStep = styled('li')<{ $done: boolean }>`
  ${columnCss(space.sm)}
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
  ${eyebrowCss}
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

type GettingStartedViewProps = { steps: GettingStartedSteps; onHide: () => void };

/** The panel for steps not all done (GettingStarted decides whether to show it). */
function GettingStartedView({ steps, onHide }: GettingStartedViewProps) {
  const hide = (
    <Button variant="secondary" onClick={onHide}>
      {T.hide}
    </Button>
  );
  return (
    <HomePanel title={T.title} subtitle={T.subtitle} action={hide}>
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
  const { profile } = useSession();
  const userId = profile?.user.id ?? null;
  const { state } = useRead(getGettingStarted, []);
  // The stored choice of the user read once per user (a different user signing in on this tab reads his own).
  const [hidden, setHidden] = useState<{ userId: number | null; value: boolean }>(() => ({
    userId,
    value: userId !== null && readHidden(userId),
  }));
  if (hidden.userId !== userId) setHidden({ userId, value: userId !== null && readHidden(userId) });
  const showRef = useRef<HTMLButtonElement>(null);

  function handleHidden(value: boolean) {
    if (userId !== null) writeHidden(userId, value);
    setHidden({ userId, value });
    // Hiding moves the focus to the button that brings the panel back (the panel's own button is gone).
    if (value) requestAnimationFrame(() => showRef.current?.focus());
  }

  if (state.status !== 'ready' || isGettingStartedDone(state.value)) return null;
  if (hidden.value) {
    return (
      <StyledShow ref={showRef} type="button" onClick={() => handleHidden(false)}>
        <Icon name="chevronRight" size={16} />
        {T.show}
      </StyledShow>
    );
  }
  return <GettingStartedView steps={state.value} onHide={() => handleHidden(true)} />;
}
