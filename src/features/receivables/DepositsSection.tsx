/**
 * 'Depósitos recebidos' on 'A receber' (issue 38 item 3): the payment statements and repasses imported (GET
 * tiss/statements/, kind pagamento or repasse), each a deposit: its day, who paid (the plan, or the repasse's payer),
 * the cases it paid of its guides and the total received, newest first (the ten latest, then 'Mostrar todos'). A row
 * opens what it posted (components/billing/StatementDetailDialog.tsx: the deposit and the cases it paid, each linked).
 *
 * The page renders the section's heading and this list arrives in a chunk of its own after the first paint, and reads
 * then (ReceivablesPage.tsx). `owners`: whose deposits: 'self' (a medic's own) or a secretary's medics (the 'Médico'
 * filter's, else all of hers: one read each, a 'Médico' column when more than one).
 * `refresh`: a new number after an import reads the list again, keeping the rows shown meanwhile.
 */
import { useMemo, useState } from 'react';
import { styled } from 'goober';
import { plural } from '../../../machines/rules/plural';
import type { ReadResult } from '../../api/read';
import type { MedicOption } from '../../api/receivables';
import { listStatements, type TissStatementSummary } from '../../api/tiss';
import { Button } from '../../components/ui/Button';
import { DataTable, type DataColumn } from '../../components/ui/DataTable';
import { Notice } from '../../components/ui/Notice';
import { ReadNotice } from '../../components/ui/ReadNotice';
import { formatDate } from '../../lib/format/date';
import { formatBRL } from '../../lib/format/money';
import { fill } from '../../lib/i18n/pt-BR';
import { tissTexts } from '../../lib/i18n/tiss';
import { detailLabel } from '../../lib/tiss/statementText';
import { colors, fontSizes, space } from '../../lib/theme';
import { useRead } from '../../lib/useRead';
import { StatementDetailDialog } from '../../components/billing/StatementDetailDialog';

const S = tissTexts.statements;
const D = S.deposits;
const money = (cents: number) => formatBRL(cents / 100);
/** The deposits shown before 'Mostrar todos'. */
const LATEST = 10;

export type DepositsSectionProps = {
  owners: 'self' | readonly MedicOption[];
  refresh: number;
};

/** A deposit: an imported statement with the medic it was imported for (null: the signed-in medic). */
type Deposit = TissStatementSummary & { medic: number | null; medicName: string | null };

const StyledMuted = styled('span')`
  display: block;
  color: ${colors.textMuted};
  font-size: ${fontSizes.xs};
`;

const StyledMoney = styled('span')`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const StyledMore = styled('div')`
  display: flex;
  justify-content: flex-end;
  margin-top: -${space.sm};
`;

/** Each owner's statements read at once; the deposits among them, newest first. */
async function readDeposits(owners: readonly (MedicOption | null)[], signal: AbortSignal): Promise<ReadResult<Deposit[]>> {
  const answers = await Promise.all(owners.map((owner) => listStatements(owner?.id ?? null, signal)));
  const deposits: Deposit[] = [];
  for (const [index, answer] of answers.entries()) {
    if (answer.kind !== 'ok') return { kind: 'error' };
    const owner = owners[index] ?? null;
    for (const statement of answer.value) {
      if (statement.kind === 'analise') continue;
      deposits.push({ ...statement, medic: owner?.id ?? null, medicName: owner ? `${owner.first_name} ${owner.last_name}` : null });
    }
  }
  deposits.sort((a, b) => b.issued_on.localeCompare(a.issued_on) || b.imported_at.localeCompare(a.imported_at));
  return { kind: 'ok', value: deposits };
}

const kindText = (deposit: Deposit) => (deposit.kind === 'repasse' ? S.kind.repasse : `${S.kind.pagamento} nº ${deposit.number}`);

export function DepositsSection({ owners, refresh }: DepositsSectionProps) {
  const list = useMemo(() => (owners === 'self' ? [null] : owners), [owners]);
  const ownersKey = list.map((owner) => owner?.id ?? 'self').join(',');
  const read = useRead((signal) => readDeposits(list, signal), [ownersKey, refresh], { keepWhileReloading: true });
  const [all, setAll] = useState(false);
  const [open, setOpen] = useState<Deposit | null>(null);
  const deposits = read.state.status === 'ready' || read.state.status === 'loading' ? (read.state.value ?? null) : null;
  const showMedic = list.length > 1;

  const columns = useMemo<DataColumn<Deposit>[]>(() => {
    const columns: DataColumn<Deposit>[] = [
      { key: 'date', header: D.columns.date, cell: (row) => formatDate(row.issued_on), nowrap: true, width: '13%' },
      {
        key: 'payer',
        header: D.columns.payer,
        primary: true,
        cell: (row) => row.plan_name ?? row.payer_name,
        tableCell: (row) => (
          <>
            {row.plan_name ?? row.payer_name}
            <StyledMuted>{kindText(row)}</StyledMuted>
          </>
        ),
        width: showMedic ? '30%' : '42%',
      },
    ];
    if (showMedic) columns.push({ key: 'medic', header: D.columns.medic, cell: (row) => row.medicName ?? S.none, clampLines: 2, width: '20%' });
    columns.push(
      { key: 'kind', header: S.list.statement, cell: kindText, cardOnly: true },
      { key: 'paid', header: D.columns.paid, cell: (row) => fill(plural(row.guides, D.paid), { paid: row.receipts_count }), nowrap: true },
      { key: 'total', header: D.columns.total, cell: (row) => <StyledMoney>{money(row.receipts_cents)}</StyledMoney>, nowrap: true },
    );
    return columns;
  }, [showMedic]);

  if (deposits === null) return <ReadNotice read={read} loading={D.loading} failed={D.failed} compact />;
  const shown = all ? deposits : deposits.slice(0, LATEST);
  return (
    <>
      <DataTable
        label={D.label}
        columns={columns}
        rows={shown}
        rowKey={(row) => `${row.medic ?? 'self'}-${row.id}`}
        onRowActivate={setOpen}
        rowActionLabel={detailLabel}
        empty={<Notice kind="empty" title={D.empty} text={D.emptyHint} icon="wallet" compact />}
      />
      {deposits.length > LATEST ? (
        <StyledMore>
          <Button variant="secondary" onClick={() => setAll((current) => !current)}>
            {all ? D.fewer : fill(D.more, { count: deposits.length })}
          </Button>
        </StyledMore>
      ) : null}
      {open ? <StatementDetailDialog medic={open.medic} statement={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
