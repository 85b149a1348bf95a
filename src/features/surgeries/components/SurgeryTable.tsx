/**
 * The surgery list as a table (cards on phones): patient, medic, payment source, health plan, hospital,
 * procedures joined by ', ', stage label ('Desconhecido' if unknown) and the schedule as d/M or '-' in São Paulo
 * time (SPEC §2 Surgery status and Secretary home). A row opens the case; the caller decides where (navigation
 * state `{ id }`). Shared by /surgery-status and the secretary home ('Alterações de status', with `rowTone`).
 *
 * `rowTone` colours a row (DataTable) and writes its meaning under the stage, with an icon whose shape differs per
 * tone, so the colour is never the only cue (WCAG 1.4.1).
 */
import { useMemo, type ReactNode } from 'react';
import { styled } from 'goober';
import { DataTable, type DataColumn, type RowTone } from '../../../components/ui/DataTable';
import { Icon, type IconName } from '../../../components/ui/Icon';
import { fill } from '../../../lib/i18n/pt-BR';
import { surgeriesTexts } from '../../../lib/i18n/surgeries';
import { colors, fontSizes, fontWeights, space } from '../../../lib/theme';
import { medicName, paymentSourceLabel, proceduresText, scheduleText, statusLabel } from '../surgeryText';
import type { Surgery } from '../types';

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
  margin-top: ${space.xs};
  font-size: ${fontSizes.xs};
  font-weight: ${fontWeights.semibold};
  color: ${(p) => TONE_TEXT_COLORS[p.$tone]};
  & > svg { flex: none; }
`;

const BASE_COLUMNS: readonly DataColumn<Surgery>[] = [
  { key: 'patient', header: T.patient, cell: (s) => s.patient.nome_completo, primary: true, width: '15%' },
  { key: 'medic', header: T.medic, cell: (s) => medicName(s.medic), width: '12%' },
  { key: 'payment', header: T.paymentSource, cell: (s) => paymentSourceLabel(s.payment_fountains), width: '11%' },
  { key: 'plan', header: T.healthPlan, cell: (s) => s.health_plan?.fantasy_name ?? T.none, width: '11%' },
  { key: 'hospital', header: T.hospital, cell: (s) => s.hospital?.fantasy_name ?? T.none, width: '13%' },
  { key: 'procedures', header: T.procedures, cell: (s) => proceduresText(s.procedure), clampLines: 3 },
  { key: 'status', header: T.status, cell: (s) => statusLabel(s.status), width: '13%' },
  { key: 'schedule', header: T.schedule, cell: (s) => scheduleText(s.schedule), nowrap: true, width: '64px' },
];

function StageWithTone({ surgery, tone }: { surgery: Surgery; tone: SurgeryRowTone | undefined }) {
  return (
    <>
      {statusLabel(surgery.status)}
      {tone ? (
        <StyledToneNote $tone={tone.tone} data-tone={tone.tone}>
          <Icon name={TONE_ICONS[tone.tone]} size={14} />
          {tone.label}
        </StyledToneNote>
      ) : null}
    </>
  );
}

type SurgeryTableProps = {
  surgeries: readonly Surgery[];
  onOpen: (id: number) => void;
  loading?: boolean;
  /** What to show when there are no rows (empty or failed). */
  empty: ReactNode;
  label?: string;
  rowTone?: (surgery: Surgery) => SurgeryRowTone | undefined;
};

export function SurgeryTable({ surgeries, onOpen, loading = false, empty, label = T.caption, rowTone }: SurgeryTableProps) {
  const columns = useMemo<readonly DataColumn<Surgery>[]>(() => {
    if (!rowTone) return BASE_COLUMNS;
    return BASE_COLUMNS.map((column) =>
      column.key === 'status'
        ? { ...column, width: '16%', cell: (s: Surgery) => <StageWithTone surgery={s} tone={rowTone(s)} /> }
        : column,
    );
  }, [rowTone]);

  return (
    <DataTable<Surgery>
      label={label}
      columns={columns}
      rows={surgeries}
      rowKey={(s) => s.id}
      onRowActivate={(s) => onOpen(s.id)}
      rowActionLabel={(s) => fill(T.openCase, { name: s.patient.nome_completo })}
      rowTone={rowTone ? (s) => rowTone(s)?.tone : undefined}
      loading={loading}
      empty={empty}
    />
  );
}
