/**
 * /surgery-details (both roles; SPEC §2 Surgery details): the case header (id, patient, medic, procedures, payment
 * source, plan, hospital, current stage), then the 7-step indicator and the step panels (details/SurgeryLifecycle).
 * The id is the address's (/surgery-details/<id>, issue 33 item 5; SPEC's /surgery-details with the id in navigation
 * state redirects here). A path id that is not a positive integer is treated as a case not found.
 *
 * - 404: 'Não foi possível encontrar essa cirurgia' and back to the list (SPEC §8).
 * - Escape: back to the list (SPEC §2), except from inside a form field, where it would throw away what was typed.
 *   With unsaved changes in the step form, Escape and 'Voltar' ask 'Descartar alterações?' first (docs/first-week/drafts.md).
 * "The list" is the one the case was opened from, with its filters (navigation state `back`, issue 11 item 6); without
 * it, /patients-surgery for a secretary (SPEC §2) and /surgery-status for a medic, who has no /patients-surgery
 * (SPEC §6 sends a medic there from the first step too).
 */
import { useCallback, useEffect, useRef, useState, type MutableRefObject, type ReactNode } from 'react';
import { getRouteApi, useLocation, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { styled } from 'goober';
import { isActiveStatus, type CaseStatus } from '../../../machines/constants';
import { stageOf } from '../../../machines/stages';
import { Avatar } from '../../components/ui/Avatar';
import { Button } from '../../components/ui/Button';
import { DiscardChangesDialog } from '../../components/ui/DiscardChangesDialog';
import { Icon } from '../../components/ui/Icon';
import { Notice } from '../../components/ui/Notice';
import { DeferredOnFirstPage } from '../../lib/DeferredOnFirstPage';
import type { FormDraft } from '../../lib/drafts/useFormDraft';
import { formatDate, formatTime } from '../../lib/format/date';
import { formatBRL } from '../../lib/format/money';
import { fill } from '../../lib/i18n/pt-BR';
import { surgeriesTexts } from '../../lib/i18n/surgeries';
import { colors, fontSizes, fontWeights, layout, media, radii, space } from '../../lib/theme';
import { toastError } from '../../lib/toast';
import { useRead } from '../../lib/useRead';
import type { ReadResult } from '../../api/read';
import { getPatientPlanCard } from './api';
import { caseReadKey, getSurgery, surgeryIdParam } from './caseRead';
import { takePrefetchedRead } from '../../lib/prefetchedRead';
import { PlanCardSummary } from '../../components/planCard/PlanCardSummary';
import { Card } from './components/Card';
import { SurgeryLifecycle } from './details/SurgeryLifecycle';
import { CaseHistory } from './details/CaseHistory';
import type { CaseTeamPanelProps } from './details/CaseTeamPanel';
import type { PatientMessagesCardProps } from './details/PatientMessagesCard';
import { chunkComponent } from '../../lib/chunkComponent';
import { billingTexts } from '../../lib/i18n/billing';
import { patientMessagesTexts } from '../../lib/i18n/patientMessages';
import { LaterCaseCard } from './details/LaterCaseCard';
import { TissGuideSlot } from './details/TissGuideSlot';
import { useCaseActor, type CaseActorOptions, type ListPath } from './details/caseActor';
import { medicName, paymentSourceLabel, proceduresText, statusLabel } from '../../lib/surgeries/surgeryText';
import type { Surgery } from './types';
import { columnCss, visuallyHiddenCss } from '../../components/ui/cssParts';

const T = surgeriesTexts.details;
const routeApi = getRouteApi('/app/surgery-details/$id');

/**
 * Whether a key press comes from a field the user is filling in: Escape there must not leave the page and throw away
 * what was typed. There Escape is ignored; anywhere else on the page it leaves.
 */
function isTypingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The lists a case is opened from; `back` must be one of them (never another origin or page). */
const BACK_PATHS = ['/', '/surgery-status', '/patients-surgery'];

/** The list address in navigation state `back`, when it is one of this app's lists; else null. */
export function backAddress(back: unknown): string | null {
  if (typeof back !== 'string' || !back.startsWith('/') || back.startsWith('//')) return null;
  const path = back.split(/[?#]/, 1)[0];
  return BACK_PATHS.includes(path ?? '') ? back : null;
}

const StyledBackdrop = styled('div')`
  flex: 1;
  background:
    linear-gradient(180deg, ${colors.primaryDeep} 0, ${colors.primary} 220px, ${colors.background} 220px);
  ${media.md} {
    background:
      radial-gradient(circle at 90% 0, ${colors.primaryHover} 0, transparent 420px) top / 100% 260px no-repeat,
      linear-gradient(180deg, ${colors.primaryDeep} 0, ${colors.primary} 260px, ${colors.background} 260px);
  }
`;

const StyledContent = styled('div')`
  width: 100%;
  max-width: ${layout.contentMaxWidth};
  margin: 0 auto;
  padding: ${space.xl} ${space.lg};
  ${columnCss(space.lg)}
  ${media.md} { padding: ${space.xxl}; gap: ${space.xl}; }
`;

const StyledTop = styled('div')`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${space.md};
  color: ${colors.onPrimary};
`;

const StyledTitle = styled('h1')`
  font-size: ${fontSizes.xl};
  font-weight: ${fontWeights.bold};
  color: ${colors.onPrimary};
  ${media.md} { font-size: ${fontSizes.xxl}; }
`;

const StyledTopEnd = styled('div')`
  display: flex;
  align-items: center;
  gap: ${space.md};
`;

const StyledHint = styled('p')`
  font-size: ${fontSizes.xs};
  color: ${colors.accent};
  ${media.belowMd} { display: none; }
`;

const StyledHead = styled('div')`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space.md};
`;

const StyledWho = styled('div')`
  flex: 1;
  min-width: 180px;
  ${columnCss(space.xxs)}
`;

const StyledCaseNumber = styled('p')`
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  color: ${colors.textMuted};
`;

const StyledPatient = styled('h2')`
  font-size: ${fontSizes.xl};
  font-weight: ${fontWeights.bold};
  color: ${colors.text};
  overflow-wrap: anywhere;
`;

const StyledBadge = styled('span')<{ $tone: 'active' | 'done' | 'closed' }>`
  display: inline-flex;
  align-items: center;
  gap: ${space.xs};
  padding: ${space.xs} ${space.md};
  border-radius: ${radii.pill};
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  background: ${(p) => (p.$tone === 'done' ? colors.successSoft : p.$tone === 'closed' ? colors.disabled : colors.primarySoft)};
  color: ${(p) => (p.$tone === 'done' ? colors.success : p.$tone === 'closed' ? colors.textMuted : colors.primary)};
`;

/**
 * Words only a screen reader reads: the badge's 'Etapa atual: ' (an aria-label on a span without a role is not read
 * by every screen reader, and ARIA prohibits it on a generic element).
 */
const StyledHiddenText = styled('span')`
  ${visuallyHiddenCss}
`;

const StyledFacts = styled('dl')`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${space.md};
  margin: 0;
  ${media.belowMd} { & > [data-wide] { grid-column: 1 / -1; } }
  ${media.md} { grid-template-columns: repeat(3, minmax(0, 1fr)); gap: ${space.lg} ${space.xl}; }
  & > div { display: flex; flex-direction: column; gap: ${space.xxs}; min-width: 0; }
  & dt { font-size: ${fontSizes.xs}; font-weight: ${fontWeights.semibold}; color: ${colors.textMuted}; text-transform: uppercase; letter-spacing: 0.02em; }
  & dd { margin: 0; color: ${colors.text}; overflow-wrap: anywhere; }
`;

const StyledSkeleton = styled('span')<{ $width: string; $height?: string }>`
  display: block;
  width: ${(p) => p.$width};
  height: ${(p) => p.$height ?? '14px'};
  border-radius: ${radii.pill};
  background: ${colors.disabled};
`;

function badgeTone(status: CaseStatus): 'active' | 'done' | 'closed' {
  if (isActiveStatus(status)) return 'active';
  return stageOf(status).group === 'lost' ? 'closed' : 'done';
}

function scheduleText(schedule: string | null): string {
  if (!schedule) return T.none;
  const time = formatTime(schedule);
  return time ? `${formatDate(schedule)} ${time}` : formatDate(schedule);
}

export function SurgeryDetailsPage() {
  const id = surgeryIdParam(routeApi.useParams({ select: (params) => params.id }));
  const back = backAddress(useLocation({ select: (location) => location.state.back }));
  const { profile } = routeApi.useRouteContext();
  const navigate = useNavigate();
  const stepDraft = useRef<FormDraft | null>(null);
  const [askingDiscard, setAskingDiscard] = useState(false);
  const exitTo: ListPath = profile.type === 'secretary' ? '/patients-surgery' : '/surgery-status';
  // Another case (or exit) is read anew, loading from this render on; an id that cannot be a case is not read. The
  // first read of an opened case is usually the one its route's loader started (routes/surgery-details.tsx).
  const read = useRead(
    (signal): Promise<ReadResult<Surgery>> =>
      id === null ? Promise.resolve({ kind: 'notFound' }) : (takePrefetchedRead<Surgery>(caseReadKey(id)) ?? getSurgery(id, signal)),
    [id, exitTo],
  );
  const missing = read.state.status === 'empty';

  const leave = useCallback<CaseActorOptions['leave']>(
    (to, options) => void navigate(options?.replace ? { to, replace: true } : { to }),
    [navigate],
  );

  useEffect(() => {
    if (!missing) return;
    toastError(T.notFound);
    void navigate({ to: exitTo, replace: true });
  }, [missing, exitTo, navigate]);

  useEffect(() => {
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented || askingDiscard || isTypingIn(event.target)) return;
      handleBack();
    }
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  });

  /** 'Voltar' and Escape: the list the case came from, as it was left (filters in its address). */
  function handleBack() {
    if (stepDraft.current?.hasChanges()) setAskingDiscard(true);
    else goBack();
  }

  function handleDiscard() {
    stepDraft.current?.clear();
    setAskingDiscard(false);
    goBack();
  }

  function goBack() {
    if (back) void navigate({ href: back });
    else leave(exitTo);
  }

  return (
    <StyledBackdrop>
      <StyledContent>
        <StyledTop>
          <StyledTitle>{T.title}</StyledTitle>
          <StyledTopEnd>
            <StyledHint>{T.escapeHint}</StyledHint>
            <Button variant="secondary" onClick={handleBack}>
              {T.back}
            </Button>
          </StyledTopEnd>
        </StyledTop>
        {read.state.status === 'ready' ? (
          <LoadedCase key={read.state.value.id} initial={read.state.value} listPath={exitTo} leave={leave} draftRef={stepDraft} isSecretary={profile.type === 'secretary'} />
        ) : read.state.status === 'error' ? (
          <Card as="section" $stack>
            <Notice kind="failed" title={T.failed} onRetry={read.retry} />
          </Card>
        ) : (
          <HeaderSkeleton />
        )}
      </StyledContent>
      <DiscardChangesDialog isOpen={askingDiscard} onDiscard={handleDiscard} onKeepEditing={() => setAskingDiscard(false)} />
    </StyledBackdrop>
  );
}

/**
 * 'Equipe cirúrgica' (issue 37) and 'Mensagens ao paciente' (issue 39 item 2), at every stage, below the step's panel:
 * each a chunk of its own, loaded when scrolled into view (./details/LaterCaseCard.tsx).
 */
const caseTeamChunk = chunkComponent<CaseTeamPanelProps>(() => import('./details/CaseTeamPanel').then((module) => module.CaseTeamPanel));
const patientMessagesChunk = chunkComponent<PatientMessagesCardProps>(() =>
  import('./details/PatientMessagesCard').then((module) => module.PatientMessagesCard),
);

type LoadedCaseProps = CaseActorOptions & { initial: Surgery; draftRef: MutableRefObject<FormDraft | null>; isSecretary: boolean };

/** The case once read: its lifecycle actor holds it from here on; the header shows the case as the actor has it. */
function LoadedCase({ initial, listPath, leave, draftRef, isSecretary }: LoadedCaseProps) {
  const actor = useCaseActor(initial, { listPath, leave });
  const surgery = useSelector(actor, (snapshot) => snapshot.context.surgery) ?? initial;
  // A message to the patient is on the history but changes neither the case's version nor its stage, which the
  // history reads again on: each message sent counts here, and the history reads again on the count too.
  const [messagesSent, setMessagesSent] = useState(0);
  const handleMessageSent = useCallback(() => setMessagesSent((count) => count + 1), []);
  return (
    <>
      <SurgeryHeader surgery={surgery} />
      <DeferredOnFirstPage>
        <SurgeryLifecycle actor={actor} listPath={listPath} leave={leave} draftRef={draftRef} />
        <LaterCaseCard
          chunk={caseTeamChunk}
          title={billingTexts.caseTeam.title}
          loading={billingTexts.caseTeam.loading}
          props={{ surgery, usualTeamMedic: isSecretary ? surgery.medic.id : null }}
        />
        <TissGuideSlot surgery={surgery} />
        <LaterCaseCard
          chunk={patientMessagesChunk}
          title={patientMessagesTexts.card.title}
          loading={patientMessagesTexts.card.loading}
          props={{ surgeryId: surgery.id, onSent: handleMessageSent }}
        />
        <CaseHistory actor={actor} refreshKey={messagesSent} />
      </DeferredOnFirstPage>
    </>
  );
}

function SurgeryHeader({ surgery }: { surgery: Surgery }) {
  const label = statusLabel(surgery.status);
  return (
    <Card as="section" $stack aria-labelledby="surgery-patient">
        <StyledHead>
          <Avatar src={surgery.patient.foto} name={surgery.patient.nome_completo} size={56} />
          <StyledWho>
            <StyledCaseNumber>{fill(T.caseNumber, { id: surgery.id })}</StyledCaseNumber>
            <StyledPatient id="surgery-patient">{surgery.patient.nome_completo}</StyledPatient>
          </StyledWho>
          <StyledBadge $tone={badgeTone(surgery.status)}>
            {surgery.status === 'concluido' ? <Icon name="check" size={16} /> : null}
            <StyledHiddenText>{`${T.status}: `}</StyledHiddenText>
            {label}
          </StyledBadge>
        </StyledHead>
        <StyledFacts>
          <Fact term={T.medic} wide>{medicName(surgery.medic)}</Fact>
          <Fact term={T.procedures} wide>{proceduresText(surgery.procedure)}</Fact>
          <Fact term={T.cids}>{surgery.cid.length > 0 ? surgery.cid.map((cid) => cid.code).join(', ') : T.none}</Fact>
          <Fact term={T.paymentSource}>{paymentSourceLabel(surgery.payment_fountains)}</Fact>
          <Fact term={T.healthPlan}>{surgery.health_plan?.fantasy_name ?? T.none}</Fact>
          {surgery.health_plan ? (
            <Fact term={T.planCard}>
              <CaseCard patientId={surgery.patient.id} planId={surgery.health_plan.id} />
            </Fact>
          ) : null}
          <Fact term={T.hospital}>{surgery.hospital?.fantasy_name ?? T.none}</Fact>
          <Fact term={T.expectedValue}>{surgery.fees_payments === null ? T.none : formatBRL(surgery.fees_payments)}</Fact>
          {surgery.accomplishment ? (
            <Fact term={T.accomplished}>{formatDate(surgery.accomplishment)}</Fact>
          ) : (
            <Fact term={T.schedule}>{scheduleText(surgery.schedule)}</Fact>
          )}
          <Fact term={T.status}>{label}</Fact>
        </StyledFacts>
    </Card>
  );
}

/**
 * The patient's card of the case's plan (issue 37), read from the patient (the Surgery carries none). The patient's
 * answer holds the card of their current plan only: when the case's plan is another, its card (kept per plan, the one
 * the guide uses) is not known here, and '-' says so rather than 'Não informada'.
 */
function CaseCard({ patientId, planId }: { patientId: number; planId: number }) {
  const read = useRead((signal) => getPatientPlanCard(patientId, signal), [patientId]);
  if (read.state.status === 'loading') return <span aria-busy="true">{T.planCardLoading}</span>;
  if (read.state.status !== 'ready') return <>{T.none}</>;
  const { planId: patientPlan, card } = read.state.value;
  return patientPlan === planId ? <PlanCardSummary card={card} /> : <>{T.none}</>;
}

function Fact({ term, children, wide = false }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div data-wide={wide || undefined}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function HeaderSkeleton() {
  return (
    <Card as="section" $stack aria-busy="true" aria-label={T.loading}>
      <StyledHead>
        <StyledSkeleton $width="56px" $height="56px" />
        <StyledWho>
          <StyledSkeleton $width="90px" />
          <StyledSkeleton $width="60%" $height="22px" />
        </StyledWho>
      </StyledHead>
      <StyledFacts>
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index}>
            <StyledSkeleton $width="40%" $height="10px" />
            <StyledSkeleton $width="80%" />
          </div>
        ))}
      </StyledFacts>
      <span role="status" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {T.loading}
      </span>
    </Card>
  );
}
