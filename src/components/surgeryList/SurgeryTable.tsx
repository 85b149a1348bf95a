/**
 * The surgery list as a table (cards on phones): patient, medic (a secretary's lists only), payment source, health
 * plan, hospital, procedures (the first one, then '+N'; all of them on phone cards and in the tooltip), stage label
 * ('Desconhecido' if unknown), the schedule as d/M or '-' in São Paulo time (SPEC §2 Surgery status and Secretary
 * home) and the last status change ('há 9 dias'). One line per case on a desktop (issue 11, item 6); the patient, the
 * schedule and the last change sort the list (server-side `ordering`). A row is a link to the case's address
 * (/surgery-details/<id>, issue 33 item 5); a plain click calls `onOpen`, which opens it with the list's address.
 * Shared by /surgery-status and the secretary home ('Alterações de status', with `rowTone`).
 *
 * `rowTone` colours a row (DataTable) and writes its meaning in the last-change column, with an icon whose shape
 * differs per tone, so the colour is never the only cue (WCAG 1.4.1).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { styled } from 'goober';
import { DataTable, type DataColumn, type DataSort, type RowTone } from '../ui/DataTable';
import { Icon, type IconName } from '../ui/Icon';
import { fill } from '../../lib/i18n/pt-BR';
import { surgeriesTexts } from '../../lib/i18n/surgeries';
import { clocksTexts } from '../../lib/i18n/clocks';
import { clockSentence } from '../../lib/surgeries/clockText';
import { colors, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import type { Surgery, SurgeryOrdering } from '../../api/surgeryList';
import { caseHref } from '../../lib/surgeries/caseLink';
import { StatusWithBadge } from './AuthorizationBadge';
import { changedAgoText, medicName, medicShortName, paymentSourceLabel, proceduresText, scheduleText, statusLabel } from '../../lib/surgeries/surgeryText';
import { visuallyHiddenCss } from '../ui/cssParts';

const T = surgeriesTexts.table;

/** A row's tone and the words that say what it means (e.g. 'Atenção · há 9 dias'). */
export type SurgeryRowTone = { tone: RowTone; label: string };

/** The icon of each tone: a different shape for each, not only a different colour. */
export const TONE_ICONS: Record<RowTone, IconName> = {
  success: 'check',
  warning: 'clock',
  danger: 'alert',
};

export const TONE_TEXT_COLORS: Record<RowTone, string> = {
  success: colors.success,
  warning: colors.warning,
  danger: colors.danger,
};

const StyledToneNote = styled('span')<{ $tone: RowTone }>`
  display: flex;
  align-items: center;
  gap: ${space.xs};
  overflow: hidden;
  text-overflow: ellipsis;
  font-size: ${fontSizes.xs};
  font-weight: ${fontWeights.semibold};
  color: ${(p) => TONE_TEXT_COLORS[p.$tone]};
  & > svg { flex: none; }
`;

/** The procedures in a table cell: the first one whole, then '+N' for the rest (all of them in the tooltip). */
function ProceduresCell({ surgery }: { surgery: Surgery }) {
  const [first, ...rest] = surgery.procedure;
  if (!first) return <>{T.none}</>;
  return (
    <StyledProcedures title={proceduresText(surgery.procedure)}>
      <span>{first.description}</span>
      {rest.length > 0 ? (
        <>
          <StyledMore aria-hidden="true">{fill(T.moreProcedures, { n: rest.length })}</StyledMore>
          <StyledHidden>, {rest.map((item) => item.description).join(', ')}</StyledHidden>
        </>
      ) : null}
    </StyledProcedures>
  );
}

/** The table's payer: the plan when there is one (its source is then Plano de Saúde), else the source's label. */
function payerText(surgery: Surgery): string {
  return surgery.health_plan?.fantasy_name ?? paymentSourceLabel(surgery.payment_fountains);
}

function payerTitle(surgery: Surgery): string {
  const source = paymentSourceLabel(surgery.payment_fountains);
  return surgery.health_plan ? `${source} · ${surgery.health_plan.fantasy_name}` : source;
}

const StyledProcedures = styled('span')`
  display: flex;
  align-items: center;
  gap: ${space.xs};
  min-width: 0;
  & > span:first-child { overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
`;

const StyledMore = styled('span')`
  flex: none;
  display: inline-block;
  padding: 0 ${space.xs};
  border-radius: ${radii.pill};
  background: ${colors.primarySoft};
  color: ${colors.primary};
  font-size: ${fontSizes.xs};
  font-weight: ${fontWeights.semibold};
  white-space: nowrap;
`;

const StyledHidden = styled('span')`
  ${visuallyHiddenCss}
`;

type ColumnOptions = {
  showMedic: boolean;
  rowTone?: (surgery: Surgery) => SurgeryRowTone | undefined;
  now: Date;
};

/**
 * The columns (SPEC §2) plus the last status change. Dense: every cell but the procedures stays on one line; the
 * medic's column only where the list holds more than one medic's cases (a secretary's), never the medic's own name.
 * Widths (issue 33 item 12): at 1366 px (about 1,000 px of table) the short columns get what their values and
 * wrapped headers need ('PROCEDIMENTOS', a word that cannot wrap, 140 px), the text columns share the rest with
 * some room to spare for a browser's scroll bar; tests/e2e/table-widths.spec.ts measures that no header overflows.
 */
function surgeryColumns({ showMedic, rowTone, now }: ColumnOptions): DataColumn<Surgery>[] {
  const columns: (DataColumn<Surgery> | null)[] = [
    { key: 'patient', header: T.patient, cell: (s) => s.patient.nome_completo, primary: true, truncate: true, width: showMedic ? '15%' : '19%', sortKey: 'patient' },
    showMedic
      ? {
          key: 'medic',
          header: T.medic,
          cell: (s) => medicName(s.medic),
          tableCell: (s) => <span title={medicName(s.medic)}>{medicShortName(s.medic)}</span>,
          truncate: true,
          width: '10%',
        }
      : null,
    {
      key: 'payment',
      header: T.paymentSource,
      tableHeader: T.payer,
      cell: (s) => paymentSourceLabel(s.payment_fountains),
      tableCell: (s) => <span title={payerTitle(s)}>{payerText(s)}</span>,
      truncate: true,
      width: showMedic ? '9%' : '12%',
    },
    { key: 'plan', header: T.healthPlan, cell: (s) => s.health_plan?.fantasy_name ?? T.none, cardOnly: true },
    { key: 'hospital', header: T.hospital, cell: (s) => s.hospital?.fantasy_name ?? T.none, truncate: true, width: showMedic ? '13.5%' : '16%' },
    { key: 'procedures', header: T.procedures, cell: (s) => proceduresText(s.procedure), tableCell: (s) => <ProceduresCell surgery={s} />, width: '140px' },
    {
      key: 'status',
      header: T.status,
      cell: (s) => <StatusWithBadge text={statusLabel(s.status)} alerts={s.authorization_alerts} />,
      truncate: true,
      width: showMedic ? '13%' : '16%',
    },
    {
      key: 'clock',
      header: clocksTexts.list.column,
      cell: (s) => <StageClock surgery={s} long />,
      tableCell: (s) => <StageClock surgery={s} />,
      nowrap: true,
      width: '64px',
    },
    { key: 'schedule', header: T.schedule, cell: (s) => scheduleText(s.schedule), nowrap: true, width: '68px', sortKey: 'schedule' },
    {
      key: 'changed',
      header: T.changed,
      cell: (s) => (rowTone ? <ToneNote tone={rowTone(s)} fallback={changedAgoText(s.status_changed_at, now)} /> : changedAgoText(s.status_changed_at, now)),
      nowrap: true,
      width: rowTone ? '108px' : '100px',
      sortKey: 'status_changed_at',
    },
  ];
  return columns.filter((column): column is DataColumn<Surgery> => column !== null);
}

const StyledClock = styled('span')<{ $late: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 2px;
  ${(p) =>
    p.$late
      ? `padding: 0 ${space.xs}; border-radius: ${radii.pill}; background: ${colors.dangerSoft}; color: ${colors.danger}; font-weight: ${fontWeights.semibold};`
      : ''}
`;

const StyledClockLine = styled('span')`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${space.xs} ${space.sm};
`;

/**
 * Days in the current stage (issue 13; DECISIONS §15); past the stage's target, an 'Atrasado' badge: a red pill with an
 * alert icon (its shape, not only its colour) and the word for screen readers and the tooltip; '-' for a closed case.
 * The table says '9 d', a phone card the whole sentence and 'Atrasado'; at realizacao the sentence counts from the
 * surgery, as the target does ('Cirurgia há 3 dias (prazo: 2 dias após a cirurgia)').
 */
function StageClock({ surgery, long = false }: { surgery: Surgery; long?: boolean }) {
  const C = clocksTexts.list;
  const days = surgery.days_in_stage;
  if (days === null) return <>{C.closed}</>;
  const sentence = clockSentence({ ...surgery, days_in_stage: days });
  const late = surgery.overdue;
  if (long) {
    // A phone card: the sentence, then the badge.
    return (
      <StyledClockLine data-overdue={late || undefined}>
        <span>{sentence}</span>
        {late ? (
          <StyledClock $late>
            <Icon name="alert" size={12} />
            {C.overdueBadge}
          </StyledClock>
        ) : null}
      </StyledClockLine>
    );
  }
  return (
    <StyledClock $late={late} title={late ? `${C.overdueBadge} · ${sentence}` : sentence} data-overdue={late || undefined}>
      {late ? <Icon name="alert" size={12} /> : null}
      <span aria-hidden="true">{fill(C.days, { n: days })}</span>
      <StyledHidden>{late ? `${C.overdueBadge}: ${sentence}` : sentence}</StyledHidden>
    </StyledClock>
  );
}

/** A row's tone in words, with an icon whose shape differs per tone (the colour is never the only cue). */
function ToneNote({ tone, fallback }: { tone: SurgeryRowTone | undefined; fallback: string }) {
  if (!tone) return <>{fallback}</>;
  // 'Atenção · há 9 dias': the tone word is read out and shown in the tooltip; the icon's shape and the legend
  // show it on screen, so the cell stays short.
  const [word, rest] = splitToneLabel(tone.label);
  return (
    <StyledToneNote $tone={tone.tone} data-tone={tone.tone} title={tone.label}>
      <Icon name={TONE_ICONS[tone.tone]} size={14} />
      {word ? <StyledHidden>{word}</StyledHidden> : null}
      {rest}
    </StyledToneNote>
  );
}

/** 'Atenção · há 9 dias' → ['Atenção · ', 'há 9 dias']. */
function splitToneLabel(label: string): [string, string] {
  const at = label.indexOf(' · ');
  return at < 0 ? ['', label] : [label.slice(0, at + 3), label.slice(at + 3)];
}

/** The list order as the table's sorted column (the server's `ordering`: a key, '-' for descending). */
function tableSort(ordering: SurgeryOrdering): DataSort {
  return ordering.startsWith('-')
    ? { key: ordering.slice(1), direction: 'descending' }
    : { key: ordering, direction: 'ascending' };
}

/** The order after a click on a sortable header: the other direction of the same column, or the column's natural one. */
function nextOrdering(current: SurgeryOrdering, key: string): SurgeryOrdering {
  const sort = tableSort(current);
  if (sort.key === key) return (sort.direction === 'ascending' ? `-${key}` : key) as SurgeryOrdering;
  return (key === 'status_changed_at' ? '-status_changed_at' : key) as SurgeryOrdering;
}

type SurgeryTableProps = {
  surgeries: readonly Surgery[];
  onOpen: (id: number) => void;
  loading?: boolean;
  /** What to show when there are no rows (empty or failed). */
  empty: ReactNode;
  label?: string;
  /** Show the 'Médico(a)' column (a secretary's lists; a medic sees only his own cases). */
  showMedic: boolean;
  rowTone?: (surgery: Surgery) => SurgeryRowTone | undefined;
  /** The list's order, and what a click on a sortable header asks for. */
  ordering: SurgeryOrdering;
  onOrderingChange: (ordering: SurgeryOrdering) => void;
};

export function SurgeryTable({
  surgeries,
  onOpen,
  loading = false,
  empty,
  label = T.caption,
  showMedic,
  rowTone,
  ordering,
  onOrderingChange,
}: SurgeryTableProps) {
  // "Now" is read once per set of rows, so every row of one answer is judged against the same day.
  const [now, setNow] = useState(() => new Date());
  const [judgedRows, setJudgedRows] = useState(surgeries);
  if (judgedRows !== surgeries) {
    setJudgedRows(surgeries);
    setNow(new Date());
  }
  const columns = useMemo(() => surgeryColumns({ showMedic, rowTone, now }), [showMedic, rowTone, now]);

  return (
    <DataTable<Surgery>
      label={label}
      columns={columns}
      rows={surgeries}
      rowKey={(s) => s.id}
      onRowActivate={(s) => onOpen(s.id)}
      rowHref={(s) => caseHref(s.id)}
      rowActionLabel={(s) => fill(T.openCase, { name: s.patient.nome_completo })}
      rowTone={rowTone ? (s) => rowTone(s)?.tone : undefined}
      loading={loading}
      empty={empty}
      sort={tableSort(ordering)}
      onSort={(key) => onOrderingChange(nextOrdering(ordering, key))}
      sortLabel={(header) => fill(surgeriesTexts.listControls.sortBy, { column: header })}
    />
  );
}
