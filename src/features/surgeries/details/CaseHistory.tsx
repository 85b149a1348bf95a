/**
 * 'Histórico' (issue 33 item 7), the last section of /surgery-details for both roles: the case's timeline, newest
 * first (GET surgery/{id}/history/, assembled by the server in one statement): each move with its stages (SPEC §3's
 * labels), the loss reason and the required documents a move went on without; each handover; the billing, receipts,
 * glosas and appeals, and their deletions; the documents attached and replaced. Each entry says who and when (São
 * Paulo time, dd/MM/yyyy às HH:mm). Read again whenever the case's version or stage changes, or the page's
 * `refreshKey` (a message sent to the patient), so an entry appears as soon as the page's own write lands. The ten
 * latest show first; the rest behind 'Mostrar todo o histórico'.
 */
import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { styled } from 'goober';
import { STATUS_LABELS, type CaseStatus } from '../../../../machines/constants';
import { APPEAL_OUTCOME_LABELS, type AppealOutcome } from '../../../../machines/ledger/constants';
import { LOSS_REASON_LABELS, type LossReason } from '../../../../machines/preoperative/constants';
import { getSurgeryHistory, type SurgeryHistoryEntry } from '../../../api/clocks';
import { Button } from '../../../components/ui/Button';
import { Notice } from '../../../components/ui/Notice';
import { ReadNotice } from '../../../components/ui/ReadNotice';
import { formatDate, formatTime } from '../../../lib/format/date';
import { formatBRL } from '../../../lib/format/money';
import { historyTexts as T } from '../../../lib/i18n/history';
import { fill } from '../../../lib/i18n/pt-BR';
import { colors, fontSizes, fontWeights, radii, space } from '../../../lib/theme';
import { useRead } from '../../../lib/useRead';
import { Card, CardTitle } from '../components/Card';
import type { CaseActor } from './caseActor';

const FIRST_ENTRIES = 10;

const StyledIntro = styled('p')`
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

const StyledList = styled('ol')`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
`;

const StyledEntry = styled('li')`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 2px;
  padding: 0 0 ${space.md} ${space.xl};
  border-left: 2px solid ${colors.border};
  margin-left: ${space.xs};
  &:last-child { border-left-color: transparent; padding-bottom: 0; }
  &::before {
    content: '';
    position: absolute;
    left: -7px;
    top: 4px;
    width: 12px;
    height: 12px;
    border-radius: ${radii.pill};
    background: ${colors.surface};
    border: 2px solid ${colors.primary};
  }
  & > strong { font-weight: ${fontWeights.semibold}; color: ${colors.text}; }
  & > span { font-size: ${fontSizes.sm}; color: ${colors.text}; overflow-wrap: anywhere; }
  & > small { font-size: ${fontSizes.xs}; color: ${colors.textMuted}; }
`;

const StyledMore = styled('div')`
  display: flex;
  justify-content: flex-start;
`;

const brl = (cents: number | null) => (cents === null ? '' : formatBRL(cents / 100));
const stage = (status: CaseStatus | null) => (status ? STATUS_LABELS[status] ?? status : '');
const personName = (person: SurgeryHistoryEntry['actor']) =>
  person ? `${person.first_name} ${person.last_name}`.trim() : T.unknownPerson;
const documentName = (kind: string | null) => (kind ? T.documentKinds[kind] ?? kind : '');

/** The lines under an entry's title: what changed, in words. */
function entryLines(entry: SurgeryHistoryEntry): string[] {
  const day = formatDate(entry.on);
  switch (entry.kind) {
    case 'created':
      return [fill(T.createdAt, { to: stage(entry.to_status) })];
    case 'moved': {
      const lines = [fill(T.stages, { from: stage(entry.from_status), to: stage(entry.to_status) })];
      if (entry.reason) {
        const reason = LOSS_REASON_LABELS[entry.reason as LossReason] ?? entry.reason;
        lines.push(entry.reason_note ? fill(T.reasonWithNote, { reason, note: entry.reason_note }) : fill(T.reason, { reason }));
      }
      if (entry.missing_documents.length > 0) lines.push(fill(T.missingDocuments, { names: entry.missing_documents.join(', ') }));
      return lines;
    }
    case 'holder':
      return [fill(T.holders, { from: personName(entry.from_holder), to: personName(entry.to_holder) })];
    case 'billing':
      return [fill(T.billing, { date: day }), ...(entry.text ? [fill(T.billingReference, { reference: entry.text })] : [])];
    case 'receipt':
      return [fill(T.receipt, { value: brl(entry.amount_cents), date: day })];
    case 'receipt_removed':
    case 'glosa_removed':
      return [fill(T.removedEntry, { value: brl(entry.amount_cents), date: day })];
    case 'glosa':
      return [fill(T.glosa, { value: brl(entry.amount_cents), date: day }), ...(entry.text ? [fill(T.glosaReason, { reason: entry.text })] : [])];
    case 'glosa_appeal': {
      const lines = day ? [fill(T.appealFiled, { date: day })] : [];
      if (entry.text) {
        const outcome = APPEAL_OUTCOME_LABELS[entry.text as AppealOutcome] ?? entry.text;
        lines.push(entry.amount_cents ? fill(T.appealRecovered, { outcome, value: brl(entry.amount_cents) }) : fill(T.appealOutcome, { outcome }));
      }
      return lines;
    }
    case 'document_attached':
      return [entry.text ? `${documentName(entry.document)} · ${entry.text}` : documentName(entry.document)];
    case 'document_removed':
      return [documentName(entry.document)];
    case 'message':
      return [
        fill(T.message, {
          template: T.messageTemplates[entry.document ?? ''] ?? entry.document ?? '',
          channel: T.messageChannels[entry.text ?? ''] ?? entry.text ?? '',
        }),
      ];
    default:
      return [];
  }
}

/** 'Juliana Souza · 02/12/2026 às 14:35' (São Paulo); without a known author, the time alone. */
function whoAndWhen(entry: SurgeryHistoryEntry): string {
  const date = formatDate(entry.at);
  const time = formatTime(entry.at);
  return entry.actor ? fill(T.byAt, { name: personName(entry.actor), date, time }) : fill(T.at, { date, time });
}

/** `refreshKey`: a change reads the history again (a message to the patient, which leaves the case's version alone). */
export function CaseHistory({ actor, refreshKey = 0 }: { actor: CaseActor; refreshKey?: number }) {
  const surgery = useSelector(actor, (snapshot) => snapshot.context.surgery);
  const id = surgery?.id ?? 0;
  const version = surgery?.version ?? 0;
  const status = surgery?.status ?? null;
  const history = useRead((signal) => getSurgeryHistory(id, signal), [id, version, status, refreshKey]);
  const { state } = history;
  const [showAll, setShowAll] = useState(false);
  // The last answer stays on screen while the next one is read (a save must not blank the timeline).
  const [shown, setShown] = useState<SurgeryHistoryEntry[] | null>(null);
  if (state.status === 'ready' && state.value !== shown) setShown(state.value);

  let body;
  if (shown === null && state.status !== 'ready') body = <ReadNotice read={history} loading={T.loading} failed={T.failed} compact />;
  else if (!shown || shown.length === 0) body = <Notice kind="empty" title={T.empty} compact />;
  else {
    const entries = showAll ? shown : shown.slice(0, FIRST_ENTRIES);
    body = (
      <>
        <StyledList aria-labelledby="case-history-title">
          {entries.map((entry, index) => (
            <StyledEntry key={`${entry.kind}-${entry.at}-${index}`} data-kind={entry.kind}>
              <strong>{T.titles[entry.kind]}</strong>
              {entryLines(entry).map((line, n) => (
                <span key={n}>{line}</span>
              ))}
              <small>
                <time dateTime={entry.at}>{whoAndWhen(entry)}</time>
              </small>
            </StyledEntry>
          ))}
        </StyledList>
        {shown.length > FIRST_ENTRIES ? (
          <StyledMore>
            <Button variant="secondary" onClick={() => setShowAll((all) => !all)}>
              {showAll ? T.showLess : fill(T.showAll, { n: shown.length })}
            </Button>
          </StyledMore>
        ) : null}
      </>
    );
  }

  if (!surgery) return null;
  return (
    <Card as="section" $stack aria-labelledby="case-history-title">
      <CardTitle id="case-history-title">{T.title}</CardTitle>
      <StyledIntro>{T.intro}</StyledIntro>
      {body}
    </Card>
  );
}
