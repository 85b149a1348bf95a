/**
 * The surgery list as a table (cards on phones): patient, medic, payment source, health plan, hospital,
 * procedures joined by ', ', stage label ('Desconhecido' if unknown) and the schedule as d/M or '-' in São Paulo
 * time (SPEC §2 Surgery status and Secretary home). A row opens the case; the caller decides where (navigation
 * state `{ id }`). Shared by /surgery-status and the secretary home ('Alterações de status', with `rowTone`).
 */
import type { ReactNode } from 'react';
import { DataTable, type DataColumn, type RowTone } from '../../../components/ui/DataTable';
import { fill } from '../../../lib/i18n/pt-BR';
import { surgeriesTexts } from '../../../lib/i18n/surgeries';
import { medicName, paymentSourceLabel, proceduresText, scheduleText, statusLabel } from '../surgeryText';
import type { Surgery } from '../types';

const T = surgeriesTexts.table;

const COLUMNS: readonly DataColumn<Surgery>[] = [
  { key: 'patient', header: T.patient, cell: (s) => s.patient.nome_completo, primary: true, width: '15%' },
  { key: 'medic', header: T.medic, cell: (s) => medicName(s.medic), width: '12%' },
  { key: 'payment', header: T.paymentSource, cell: (s) => paymentSourceLabel(s.payment_fountains), width: '11%' },
  { key: 'plan', header: T.healthPlan, cell: (s) => s.health_plan?.fantasy_name ?? T.none, width: '11%' },
  { key: 'hospital', header: T.hospital, cell: (s) => s.hospital?.fantasy_name ?? T.none, width: '13%' },
  { key: 'procedures', header: T.procedures, cell: (s) => proceduresText(s.procedure), clampLines: 3 },
  { key: 'status', header: T.status, cell: (s) => statusLabel(s.status), width: '13%' },
  { key: 'schedule', header: T.schedule, cell: (s) => scheduleText(s.schedule), nowrap: true, width: '64px' },
];

type SurgeryTableProps = {
  surgeries: readonly Surgery[];
  onOpen: (id: number) => void;
  loading?: boolean;
  /** What to show when there are no rows (empty or failed). */
  empty: ReactNode;
  label?: string;
  rowTone?: (surgery: Surgery) => RowTone | undefined;
};

export function SurgeryTable({ surgeries, onOpen, loading = false, empty, label = T.caption, rowTone }: SurgeryTableProps) {
  return (
    <DataTable<Surgery>
      label={label}
      columns={COLUMNS}
      rows={surgeries}
      rowKey={(s) => s.id}
      onRowActivate={(s) => onOpen(s.id)}
      rowActionLabel={(s) => fill(T.openCase, { name: s.patient.nome_completo })}
      rowTone={rowTone}
      loading={loading}
      empty={empty}
    />
  );
}
