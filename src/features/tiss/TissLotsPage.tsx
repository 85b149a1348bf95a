/**
 * /tiss-lots, 'Lotes TISS' (both roles; issue 37, docs/TISS.md §8), in three sections:
 * - 'Guias fora de lote': the generated guides in no lot, grouped by plan (a lot is one plan's), each with its
 *   patient; checked ones become a lot with 'Montar lote' (POST tiss/lots/).
 * - 'Lotes': each lot's number, plan, guides with their patients, total and status ('Não enviado' / 'Enviado em
 *   dd/mm/aaaa · protocolo N'); 'Baixar XML' (through the API client: the bearer token travels in the header),
 *   'Registrar envio' and 'Desfazer lote' while unsent, 'Novo recurso' once sent.
 * - 'Demonstrativos do plano' (issue 38): 'Importar demonstrativo' (the plan's XML statement previewed, then posted;
 *   components/billing/StatementImport.tsx), 'Importar repasse (CSV)' (a hospital's or cooperative's CSV, the same
 *   way) and the statements and repasses imported, newest first.
 * - 'Recursos de glosa': the appeals, with their XML and 'Registrar envio'.
 * A secretary works for one medic at a time (the TISS calls take `medic`): the only one, or the one she picks.
 */
import { useState } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { styled } from 'goober';
import { useSecretaryMedics } from '../../lib/secretaryMedics';
import { messagesOf, type CallResult } from '../../api/call';
import {
  createAppeal,
  createLot,
  deleteLot,
  downloadAppeal,
  downloadLot,
  listAppeals,
  listLots,
  listStatements,
  listUnbatchedGuides,
  markAppealSent,
  markLotSent,
  type TissAppeal,
  type TissLot,
  type TissStatementSummary,
  type UnbatchedGuide,
} from '../../api/tiss';
import { LazyStatementImport } from '../../components/billing/LazyStatementImport';
import { Page } from '../../components/layout/Page';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { DataTable, type DataColumn } from '../../components/ui/DataTable';
import { Notice } from '../../components/ui/Notice';
import { ReadNotice } from '../../components/ui/ReadNotice';
import { Select } from '../../components/ui/Select';
import { boxedRowsCss, cardSurface, columnCss, plainListCss } from '../../components/ui/cssParts';
import { saveBlob } from '../../lib/download';
import { formatDate } from '../../lib/format/date';
import { formatBRL } from '../../lib/format/money';
import { fill } from '../../lib/i18n/pt-BR';
import { tissTexts } from '../../lib/i18n/tiss';
import { groupByPlan, sentStatusText } from '../../lib/tiss/guideValues';
import { dayOfMoment, detailLabel } from '../../lib/tiss/statementText';
import { toastError, toastSuccess } from '../../lib/toast';
import { colors, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { useRead } from '../../lib/useRead';
import { StatementDetailDialog } from '../../components/billing/StatementDetailDialog';
import { AppealDialog, SentDialog } from './TissDialogs';

const T = tissTexts.lots;
const routeApi = getRouteApi('/app/tiss-lots');
const money = (cents: number) => formatBRL(cents / 100);

const StyledIntro = styled('p')`
  margin-top: -${space.md};
  color: ${colors.textMuted};
  font-size: ${fontSizes.sm};
  max-width: 75ch;
`;

const StyledSection = styled('section')`
  ${cardSurface}
  ${columnCss(space.md)}
  & > h2 { font-size: ${fontSizes.lg}; font-weight: ${fontWeights.bold}; color: ${colors.text}; }
`;

const StyledGroup = styled('fieldset')`
  ${columnCss(space.sm)}
  min-width: 0;
  margin: 0;
  padding: ${space.md};
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  & > legend { padding: 0 ${space.xs}; font-weight: ${fontWeights.semibold}; color: ${colors.text}; overflow-wrap: anywhere; }
  & > ul { ${plainListCss(space.xs)} }
`;

const StyledFoot = styled('div')`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${space.sm};
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
`;

const StyledCards = styled('ul')`
  ${plainListCss(space.md)}
`;

const StyledCard = styled('li')`
  ${columnCss(space.sm)}
  padding: ${space.md} ${space.lg};
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  & h3 { font-size: ${fontSizes.md}; font-weight: ${fontWeights.bold}; color: ${colors.text}; overflow-wrap: anywhere; }
`;

const StyledStatus = styled('p')<{ $sent: boolean }>`
  align-self: flex-start;
  padding: ${space.xxs} ${space.md};
  border-radius: ${radii.pill};
  font-size: ${fontSizes.sm};
  font-weight: ${fontWeights.semibold};
  background: ${(p) => (p.$sent ? colors.successSoft : colors.warningSoft)};
  color: ${(p) => (p.$sent ? colors.success : colors.warning)};
`;

const StyledRows = styled('ul')`
  ${boxedRowsCss}
  font-size: ${fontSizes.sm};
  & > li { display: flex; flex-wrap: wrap; justify-content: space-between; gap: ${space.xs} ${space.md}; padding: ${space.sm} ${space.md}; }
  & > li > span:last-child { font-variant-numeric: tabular-nums; white-space: nowrap; }
`;

const StyledSectionIntro = styled('p')`
  margin-top: -${space.xs};
  color: ${colors.textMuted};
  font-size: ${fontSizes.sm};
  max-width: 75ch;
`;

const StyledActions = styled('div')`
  display: flex;
  flex-wrap: wrap;
  gap: ${space.sm};
`;

export function TissLotsPage() {
  const isSecretary = routeApi.useRouteContext({ select: (context) => context.profile.type === 'secretary' });
  const userId = routeApi.useRouteContext({ select: (context) => context.profile.user.id });
  const medics = useSecretaryMedics(isSecretary, userId);
  const options = medics.state.status === 'ready' ? medics.state.value : [];
  const [picked, setPicked] = useState<number | null>(null);
  const medic = isSecretary ? (picked ?? (options.length >= 1 ? options[0]!.id : null)) : null;
  const ready = !isSecretary || medic !== null;

  return (
    <Page title={T.title}>
      <StyledIntro>{T.intro}</StyledIntro>
      {isSecretary && (medics.count === null || medics.count > 1) ? (
        <Select
          label={T.medic}
          name="tiss_medic"
          value={medic === null ? '' : String(medic)}
          options={options.map((option) => ({ value: String(option.id), label: `${option.first_name} ${option.last_name}` }))}
          placeholder={T.medicPlaceholder}
          loading={medics.state.status === 'loading'}
          loadingText={T.medicsLoading}
          loadError={medics.state.status === 'error' ? T.medicsFailed : undefined}
          retryLabel={tissTexts.retry}
          onRetry={medics.retry}
          onChange={(value) => setPicked(value === '' ? null : Number(value))}
        />
      ) : null}
      {ready ? <MedicLots key={medic ?? 'own'} medic={medic} /> : medics.state.status === 'ready' ? <Notice kind="empty" title={T.pickMedic} /> : null}
    </Page>
  );
}

function MedicLots({ medic }: { medic: number | null }) {
  const guides = useRead((signal) => listUnbatchedGuides(medic, signal), [medic]);
  const lots = useRead((signal) => listLots(medic, signal), [medic]);
  const appeals = useRead((signal) => listAppeals(medic, signal), [medic]);
  const statements = useRead((signal) => listStatements(medic, signal), [medic]);

  function afterLotChange() {
    guides.reload();
    lots.reload();
  }

  return (
    <>
      <GuidesSection medic={medic} read={guides} onBuilt={afterLotChange} />
      <LotsSection medic={medic} read={lots} appeals={appeals.state.status === 'ready' ? appeals.state.value : []} onChanged={afterLotChange} onAppeal={appeals.reload} />
      <StatementsSection
        medic={medic}
        read={statements}
        onImported={() => {
          statements.reload();
          lots.reload();
        }}
      />
      <AppealsSection medic={medic} read={appeals} />
    </>
  );
}

type GuidesSectionProps = { medic: number | null; read: ReturnType<typeof useRead<UnbatchedGuide[]>>; onBuilt: () => void };

function GuidesSection({ medic, read, onBuilt }: GuidesSectionProps) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [building, setBuilding] = useState<number | null>(null);
  const guides = read.state.status === 'ready' ? read.state.value : null;

  function toggle(ids: number[], on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }

  async function build(plan: number, ids: number[]) {
    setBuilding(plan);
    const result = await createLot(medic, { health_plan_id: plan, guide_ids: ids });
    setBuilding(null);
    if (!result.ok) {
      for (const message of messagesOf(result)) toastError(message);
      return;
    }
    toastSuccess(fill(T.built, { number: result.data.number }));
    toggle(ids, false);
    onBuilt();
  }

  return (
    <StyledSection aria-labelledby="tiss-guides-heading" data-tiss-section="guides">
      <h2 id="tiss-guides-heading">{T.tabs.guides}</h2>
      {guides === null ? (
        <ReadNotice read={read} loading={T.guidesLoading} failed={T.guidesFailed} compact />
      ) : guides.length === 0 ? (
        <Notice kind="empty" title={T.guidesEmpty} text={T.guidesEmptyHint} icon="fileText" compact />
      ) : (
        groupByPlan(guides).map((group) => {
          const planName = group.guides[0]?.plan_name ?? fill(T.planUnknown, { id: group.plan });
          const ids = group.guides.map((guide) => guide.id);
          const chosen = ids.filter((id) => selected.has(id));
          const chosenTotal = group.guides.filter((guide) => selected.has(guide.id)).reduce((sum, guide) => sum + guide.total_cents, 0);
          return (
            <StyledGroup key={group.plan} data-plan-group={group.plan}>
              <legend>{fill(T.planGroup, { plan: planName, count: group.guides.length })}</legend>
              <Checkbox name={`all-${group.plan}`} checked={chosen.length === ids.length} onChange={(on) => toggle(ids, on)}>
                {fill(T.selectAll, { plan: planName })}
              </Checkbox>
              <ul>
                {group.guides.map((guide) => (
                  <li key={guide.id}>
                    <Checkbox name={`guide-${guide.id}`} checked={selected.has(guide.id)} onChange={(on) => toggle([guide.id], on)}>
                      {`${fill(T.guideRow, { number: guide.number, patient: guide.patient_name })} · ${money(guide.total_cents)} · ${fill(T.guideIssued, { date: formatDate(guide.issued_on) })}`}
                    </Checkbox>
                  </li>
                ))}
              </ul>
              <StyledFoot>
                <span aria-live="polite">{fill(T.selected, { count: chosen.length, total: money(chosenTotal) })}</span>
                <Button loading={building === group.plan} disabled={chosen.length === 0 || building !== null} onClick={() => void build(group.plan, chosen)}>
                  {building === group.plan ? T.building : T.build}
                </Button>
              </StyledFoot>
            </StyledGroup>
          );
        })
      )}
    </StyledSection>
  );
}

/** A download through the API client, saved under the server's file name; a failure as toasts. */
async function download(call: () => Promise<CallResult<{ blob: Blob; filename: string }>>) {
  const result = await call();
  if (result.ok) saveBlob(result.data.blob, result.data.filename);
  else for (const message of messagesOf(result)) toastError(message);
}

type LotsSectionProps = {
  medic: number | null;
  read: ReturnType<typeof useRead<TissLot[]>>;
  appeals: readonly TissAppeal[];
  onChanged: () => void;
  onAppeal: () => void;
};

function LotsSection({ medic, read, appeals, onChanged, onAppeal }: LotsSectionProps) {
  const [sending, setSending] = useState<TissLot | null>(null);
  const [undoing, setUndoing] = useState<TissLot | null>(null);
  const [appealing, setAppealing] = useState<TissLot | null>(null);
  const [busy, setBusy] = useState(false);
  const lots = read.state.status === 'ready' ? read.state.value : null;
  const appealed = new Set(appeals.flatMap((appeal) => appeal.glosas.map((glosa) => glosa.id)));

  async function handleUndo(lot: TissLot) {
    setBusy(true);
    const result = await deleteLot(medic, lot.id);
    setBusy(false);
    setUndoing(null);
    if (!result.ok) {
      for (const message of messagesOf(result)) toastError(message);
      return;
    }
    toastSuccess(T.undone);
    onChanged();
  }

  return (
    <StyledSection aria-labelledby="tiss-lots-heading" data-tiss-section="lots">
      <h2 id="tiss-lots-heading">{T.tabs.lots}</h2>
      {lots === null ? (
        <ReadNotice read={read} loading={T.lotsLoading} failed={T.lotsFailed} compact />
      ) : lots.length === 0 ? (
        <Notice kind="empty" title={T.lotsEmpty} text={T.lotsEmptyHint} icon="send" compact />
      ) : (
        <StyledCards>
          {lots.map((lot) => (
            <StyledCard key={lot.id} data-lot={lot.number} aria-labelledby={`lot-${lot.id}`}>
              <h3 id={`lot-${lot.id}`}>{fill(T.lotTitle, { number: lot.number, plan: lot.plan_name })}</h3>
              <StyledStatus $sent={lot.sent_on !== null}>{sentStatusText(lot)}</StyledStatus>
              <StyledRows aria-label={fill(T.lotGuides, { number: lot.number })}>
                {lot.guides.map((guide) => (
                  <li key={guide.id}>
                    <span>{fill(T.guideRow, { number: guide.number, patient: guide.patient_name })}</span>
                    <span>{money(guide.total_cents)}</span>
                  </li>
                ))}
                <li>
                  <strong>{T.total}</strong>
                  <strong>{money(lot.total_cents)}</strong>
                </li>
              </StyledRows>
              <StyledActions>
                <Button variant="secondary" onClick={() => void download(() => downloadLot(medic, lot))}>
                  {T.download}
                </Button>
                {lot.sent_on === null ? (
                  <>
                    <Button onClick={() => setSending(lot)}>{T.recordSent}</Button>
                    <Button variant="secondary" onClick={() => setUndoing(lot)}>
                      {T.undo}
                    </Button>
                  </>
                ) : (
                  <Button onClick={() => setAppealing(lot)}>{T.newAppeal}</Button>
                )}
              </StyledActions>
            </StyledCard>
          ))}
        </StyledCards>
      )}
      {sending ? (
        <SentDialog
          title={fill(T.sentLotTitle, { number: sending.number })}
          onCancel={() => setSending(null)}
          onSave={async (body) => {
            const result = await markLotSent(medic, sending.id, body);
            if (result.ok) {
              toastSuccess(T.sentSaved);
              setSending(null);
              onChanged();
            }
            return result;
          }}
        />
      ) : null}
      {appealing ? (
        <AppealDialog
          lot={appealing}
          appealed={appealed}
          onCancel={() => setAppealing(null)}
          onSave={async (body) => {
            const result = await createAppeal(medic, body);
            if (result.ok) {
              toastSuccess(fill(T.appealCreated, { number: result.data.number }));
              setAppealing(null);
              onAppeal();
            }
            return result;
          }}
        />
      ) : null}
      <ConfirmDialog
        isOpen={undoing !== null}
        title={undoing ? fill(T.undoTitle, { number: undoing.number }) : ''}
        text={T.undoText}
        confirmLabel={T.undoYes}
        cancelLabel={tissTexts.cancel}
        closeLabel={tissTexts.close}
        busy={busy}
        onConfirm={() => (undoing ? void handleUndo(undoing) : undefined)}
        onCancel={() => setUndoing(null)}
      />
    </StyledSection>
  );
}

const S = tissTexts.statements;

const STATEMENT_COLUMNS: DataColumn<TissStatementSummary>[] = [
  { key: 'statement', header: S.list.statement, primary: true, cell: (row) => (row.kind === 'repasse' ? S.kind.repasse : fill(S.list.title, { kind: S.kind[row.kind], number: row.number })), width: '20%' },
  { key: 'plan', header: S.list.plan, cell: (row) => row.plan_name ?? row.payer_name, clampLines: 2, width: '18%' },
  { key: 'issued', header: S.list.issuedOn, cell: (row) => formatDate(row.issued_on), nowrap: true },
  { key: 'guides', header: S.list.guides, cell: (row) => fill(S.list.guidesValue, { guides: row.guides, unmatched: row.unmatched }) },
  { key: 'receipts', header: S.list.receipts, cell: (row) => money(row.receipts_cents), nowrap: true },
  { key: 'glosas', header: S.list.glosas, cell: (row) => money(row.glosas_cents), nowrap: true },
  { key: 'imported', header: S.list.importedAt, cell: (row) => dayOfMoment(row.imported_at), nowrap: true },
];

type StatementsSectionProps = { medic: number | null; read: ReturnType<typeof useRead<TissStatementSummary[]>>; onImported: () => void };

function StatementsSection({ medic, read, onImported }: StatementsSectionProps) {
  const statements = read.state.status === 'ready' ? read.state.value : null;
  const [open, setOpen] = useState<TissStatementSummary | null>(null);
  return (
    <StyledSection aria-labelledby="tiss-statements-heading" data-tiss-section="statements">
      <h2 id="tiss-statements-heading">{S.section}</h2>
      <StyledSectionIntro>{S.sectionIntro}</StyledSectionIntro>
      <StyledActions>
        <LazyStatementImport medic={medic} onImported={onImported} />
        <LazyStatementImport medic={medic} onImported={onImported} source="repasse" />
      </StyledActions>
      {statements === null ? (
        <ReadNotice read={read} loading={S.listLoading} failed={S.listFailed} compact />
      ) : (
        <DataTable
          label={S.listLabel}
          columns={STATEMENT_COLUMNS}
          rows={statements}
          rowKey={(row) => row.id}
          onRowActivate={setOpen}
          rowActionLabel={detailLabel}
          empty={<Notice kind="empty" title={S.listEmpty} text={S.listEmptyHint} icon="fileText" compact />}
        />
      )}
      {open ? <StatementDetailDialog medic={medic} statement={open} onClose={() => setOpen(null)} /> : null}
    </StyledSection>
  );
}

function AppealsSection({ medic, read }: { medic: number | null; read: ReturnType<typeof useRead<TissAppeal[]>> }) {
  const [sending, setSending] = useState<TissAppeal | null>(null);
  const appeals = read.state.status === 'ready' ? read.state.value : null;
  return (
    <StyledSection aria-labelledby="tiss-appeals-heading" data-tiss-section="appeals">
      <h2 id="tiss-appeals-heading">{T.tabs.appeals}</h2>
      {appeals === null ? (
        <ReadNotice read={read} loading={T.appealsLoading} failed={T.appealsFailed} compact />
      ) : appeals.length === 0 ? (
        <Notice kind="empty" title={T.appealsEmpty} text={T.appealsEmptyHint} icon="clipboard" compact />
      ) : (
        <StyledCards>
          {appeals.map((appeal) => (
            <StyledCard key={appeal.id} data-appeal={appeal.number} aria-labelledby={`appeal-${appeal.id}`}>
              <h3 id={`appeal-${appeal.id}`}>{fill(T.appealTitle, { number: appeal.number, lot: appeal.lot_number })}</h3>
              <StyledStatus $sent={appeal.sent_on !== null}>{sentStatusText(appeal)}</StyledStatus>
              <p>{`${fill(T.appealGlosas, { count: appeal.glosas.length })} · ${money(appeal.total_cents)}`}</p>
              <StyledActions>
                <Button variant="secondary" onClick={() => void download(() => downloadAppeal(medic, appeal))}>
                  {T.download}
                </Button>
                {appeal.sent_on === null ? <Button onClick={() => setSending(appeal)}>{T.recordSent}</Button> : null}
              </StyledActions>
            </StyledCard>
          ))}
        </StyledCards>
      )}
      {sending ? (
        <SentDialog
          title={fill(T.sentAppealTitle, { number: sending.number })}
          onCancel={() => setSending(null)}
          onSave={async (body) => {
            const result = await markAppealSent(medic, sending.id, body);
            if (result.ok) {
              toastSuccess(T.sentSaved);
              setSending(null);
              read.reload();
            }
            return result;
          }}
        />
      ) : null}
    </StyledSection>
  );
}
