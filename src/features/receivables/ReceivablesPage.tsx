/**
 * /receivables, 'A receber' (both roles; issue 14 item 3; DECISIONS §16): every case carried out whose fee is still
 * open or has a glosa in dispute, most days past due first (GET receivables/).
 *
 * - At the top, the open amount per aging bucket ('0–30 dias' … 'Mais de 90 dias') and the totals, over every row the
 *   filters keep (all pages), computed by the server.
 * - Filters in the URL (receivablesSearch.ts, read with the server's schema): Pagador, Faixa, 'Só com recurso a
 *   vencer', Médico (a secretary with several medics), the patient search and 'Posição em', the reference day (default
 *   today): a past day lists the position on that day (the cases receivable then, the books as they stood), a later
 *   day today's balances with that day's lateness (docs/LEDGER.md "Posição em"; the server computes both).
 * - The table: Paciente, Pagador, Vencimento, Dias em atraso, Esperado, Recebido, Em aberto, Em recurso and Próximo
 *   prazo de recurso (a badge when 7 days away or fewer, or passed): the CSV's money columns too. A row opens the case (state `{ id, back }` as the status list).
 * - Pages of 50 ('Anterior' / 'Próxima'); 'Exportar CSV' downloads every row with the current filters.
 * - 'Prazos de pagamento' (issue 17): the payment terms the due dates follow, edited in a dialog (a secretary her
 *   medics', a medic his own; PaymentTermsDialog.tsx); a save reads the list again.
 * - 'Importar demonstrativo' and 'Importar repasse (CSV)' (issue 38): the plan's XML statement, or a hospital's or
 *   cooperative's CSV with who paid, previewed and posted in a dialog (components/billing/StatementImport.tsx, loaded
 *   after the first paint); an import reads the list and the deposits again. A secretary imports for the medic of the
 *   'Médico' filter, else her only medic, else she picks one in the dialog.
 * - 'Depósitos recebidos' (issue 38 item 3): the payment statements and repasses imported, each opening what it paid
 *   (DepositsSection.tsx, in a chunk of its own loaded and read after the first paint).
 */
import { useCallback, useId, useMemo, useState } from 'react';
import { getRouteApi, Link, useLocation, useNavigate } from '@tanstack/react-router';
import { css, styled } from 'goober';
import { AGING_BUCKET_OPTIONS, AGING_BUCKETS, daysPastDueText } from '../../../machines/ledger/constants';
import { exportReceivables, listReceivables, type Receivable, type ReceivableList } from '../../api/receivables';
import { useSecretaryMedics } from '../../lib/secretaryMedics';
import { ImportButtonLoading, LazyStatementImport } from '../../components/billing/LazyStatementImport';
import { Page } from '../../components/layout/Page';
import { SurgerySearchField } from '../../components/surgeryList/SurgeryListControls';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { DataTable, type DataColumn } from '../../components/ui/DataTable';
import { DayInput } from '../../components/ui/DayInput';
import { ExportCsvButton } from '../../components/ui/ExportCsvButton';
import { StyledFilterCard, type FilterCardLayout } from '../../components/ui/FilterCard';
import { fieldErrorClassName, inputClassName } from '../../components/ui/Field';
import { Icon } from '../../components/ui/Icon';
import { ListPager } from '../../components/ui/ListPager';
import { Notice } from '../../components/ui/Notice';
import { Select } from '../../components/ui/Select';
import { formatDate, parseBrDate, todayInSaoPaulo } from '../../lib/format/date';
import { formatBRL } from '../../lib/format/money';
import { receivablesTexts } from '../../lib/i18n/receivables';
import { fill } from '../../lib/i18n/pt-BR';
import { patchSearch } from '../../lib/routeSearch';
import { colors, fontSizes, fontWeights, media, radii, shadows, space } from '../../lib/theme';
import { useRead } from '../../lib/useRead';
import { chunked } from '../../lib/chunked';
import { chunkComponent } from '../../lib/chunkComponent';
import { useChunkWhenNear } from '../../lib/useChunkWhenNear';
import { ledgerTexts } from '../../lib/i18n/ledger';
import { incomeTexts } from '../../lib/i18n/income';
import { tissTexts } from '../../lib/i18n/tiss';
import type { DepositsSectionProps } from './DepositsSection';
import type { GlosaReasonFilterProps } from './GlosaReasonFilter';
import type { PaymentTermsDialogProps } from './PaymentTermsDialog';
import { queryOf, validateReceivablesSearch, type ReceivablesSearch } from './receivablesSearch';
import { caseHref, useOpenCase } from '../../lib/surgeries/caseLink';
import { columnCss, spreadRowCss } from '../../components/ui/cssParts';


/** 'Relatório para o contador', beside the page's own action. */
const incomeLinkClassName = css`
  display: inline-flex;
  align-items: center;
  gap: ${space.sm};
  min-height: 44px;
  padding: 0 ${space.md};
  border-radius: ${radii.md};
  color: ${colors.primary};
  font-weight: ${fontWeights.semibold};
  text-decoration: underline;
  text-underline-offset: 3px;
  &:focus-visible { outline: 3px solid ${colors.focus}; outline-offset: 2px; }
`;
const T = receivablesTexts.page;
const routeApi = getRouteApi('/app/receivables');
const ALL = 'all';

const money = (cents: number) => formatBRL(cents / 100);

const StyledIntro = styled('p')`
  margin-top: -${space.md};
  color: ${colors.textMuted};
  font-size: ${fontSizes.sm};
  max-width: 75ch;
`;

const StyledTotals = styled('section')`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${space.md};
  ${media.md} { grid-template-columns: repeat(4, minmax(0, 1fr)); gap: ${space.lg}; }
`;

const StyledCard = styled('div')<{ $tone: 'neutral' | 'warning' | 'danger' }>`
  ${columnCss(space.xxs)}
  padding: ${space.md} ${space.lg};
  border: 1px solid ${colors.border};
  border-top: 4px solid ${(p) => (p.$tone === 'danger' ? colors.danger : p.$tone === 'warning' ? colors.warning : colors.primary)};
  border-radius: ${radii.lg};
  background: ${colors.surface};
  box-shadow: ${shadows.raised};
  & > h2 { font-size: ${fontSizes.sm}; font-weight: ${fontWeights.semibold}; color: ${colors.textMuted}; margin: 0; }
  & > strong { font-size: ${fontSizes.lg}; font-weight: ${fontWeights.bold}; color: ${colors.text}; font-variant-numeric: tabular-nums; }
  ${media.md} { & > strong { font-size: ${fontSizes.xl}; } }
`;

const StyledSummary = styled('p')`
  display: flex;
  flex-wrap: wrap;
  gap: ${space.xs} ${space.xl};
  margin: -${space.sm} 0 0;
  font-size: ${fontSizes.sm};
  color: ${colors.textMuted};
  & strong { color: ${colors.text}; font-weight: ${fontWeights.semibold}; font-variant-numeric: tabular-nums; }
`;

/** The filters' columns on a wide screen. */
const FILTERS_LAYOUT: FilterCardLayout = { wideFrom: 1100, wideColumns: 'repeat(3, minmax(0, 1fr))' };

const StyledDateField = styled('div')`
  ${columnCss(space.xs)}
  & > label { font-size: ${fontSizes.sm}; font-weight: ${fontWeights.semibold}; color: ${colors.text}; }
  & > small { font-size: ${fontSizes.xs}; color: ${colors.textMuted}; }
`;

const StyledActions = styled('div')`
  ${spreadRowCss(space.md)}
  min-height: 44px;
`;

const StyledMoney = styled('span')`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const StyledBadge = styled('span')<{ $danger: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${space.xxs};
  margin-left: ${space.xs};
  padding: 0 ${space.sm};
  border-radius: ${radii.pill};
  font-size: ${fontSizes.xs};
  font-weight: ${fontWeights.semibold};
  white-space: nowrap;
  background: ${(p) => (p.$danger ? colors.dangerSoft : colors.warningSoft)};
  color: ${(p) => (p.$danger ? colors.danger : colors.warning)};
`;

/** The appeal deadline with its badge: 'Recurso a vencer' (≤ 7 days) or 'Prazo vencido' (before the reference day). */
function AppealCell({ row, asOf }: { row: Receivable; asOf: string }) {
  if (!row.next_appeal_deadline) return <>{T.none}</>;
  const passed = row.next_appeal_deadline < asOf;
  return (
    <>
      {formatDate(row.next_appeal_deadline)}
      {row.appeal_warning ? (
        <StyledBadge $danger={passed} data-appeal-warning={passed ? 'passed' : 'soon'}>
          <Icon name="alert" size={12} />
          {passed ? T.appealPassed : T.appealSoon}
        </StyledBadge>
      ) : null}
    </>
  );
}

// Loaded when first opened: the terms editor (its checks load arktype) and React Aria's dialog stay out of the page's
// first download (issue 41).
const PaymentTermsDialog = chunked<PaymentTermsDialogProps>(() => import('./PaymentTermsDialog').then((module) => module.PaymentTermsDialog));

const glosaReasonChunk = chunkComponent<GlosaReasonFilterProps>(() => import('./GlosaReasonFilter').then((module) => module.GlosaReasonFilter));

/**
 * The TISS reason filter's search (React Aria's combobox, ~70 kB) loads when its place scrolls into view: at once on a
 * desktop, where the filters are on the first screen; on a phone, below it, not with the page (issue 41 goal 7: what
 * a phone downloads before the page's largest paint). Meanwhile a disabled select of the same size holds its place.
 */
function GlosaReasonFilter(props: GlosaReasonFilterProps) {
  const { placeholderRef, Component } = useChunkWhenNear<GlosaReasonFilterProps, HTMLDivElement>(glosaReasonChunk, '0px');
  if (Component) return <Component {...props} />;
  return (
    <div ref={placeholderRef}>
      <Select label={T.reason} name="reason" value="" options={[]} placeholder={T.reasonPlaceholder} loading loadingText={T.reasonPlaceholder} onChange={() => {}} />
    </div>
  );
}

// 'Depósitos recebidos' arrives (and reads) after the first paint; meanwhile its loading state holds its place.
function DepositsLoading() {
  return <Notice kind="loading" title={tissTexts.statements.deposits.loading} compact />;
}

const DepositsSection = chunked<DepositsSectionProps>(() => import('./DepositsSection').then((module) => module.DepositsSection), DepositsLoading);

const StyledDeposits = styled('section')`
  ${columnCss(space.md)}
  margin-top: ${space.lg};
  & > h2 { font-size: ${fontSizes.lg}; font-weight: ${fontWeights.bold}; color: ${colors.text}; }
  & > p { margin-top: -${space.xs}; color: ${colors.textMuted}; font-size: ${fontSizes.sm}; max-width: 75ch; }
`;

export function ReceivablesPage() {
  const unchecked: ReceivablesSearch = routeApi.useSearch();
  const search = useMemo(() => validateReceivablesSearch(unchecked), [unchecked]);
  const navigate = useNavigate();
  const openCase = useOpenCase();
  const href = useLocation({ select: (location) => location.href });
  const profileType = routeApi.useRouteContext({ select: (context) => context.profile.type });
  const isSecretary = profileType === 'secretary';
  const userId = routeApi.useRouteContext({ select: (context) => context.profile.user.id });
  const medics = useSecretaryMedics(isSecretary, userId);
  const medicOptions = medics.state.status === 'ready' ? medics.state.value : [];
  const showMedic = isSecretary && medicOptions.length > 1;
  const [termsOpen, setTermsOpen] = useState(false);

  const query = useMemo(() => queryOf(search), [search]);
  const queryKey = JSON.stringify(query);
  const { state, retry } = useRead((signal) => listReceivables(query, signal), [queryKey]);
  const [last, setLast] = useState<ReceivableList | null>(null);
  const answer = state.status === 'ready' ? state.value : null;
  const failed = state.status === 'error' || state.status === 'empty';
  if (answer && answer !== last) setLast(answer);
  // The totals keep the last answer while the next one loads (no flash of empty cards).
  const shown = answer ?? (state.status === 'loading' ? last : null);

  const today = todayInSaoPaulo();
  const asOf = search.as_of ?? answer?.as_of ?? today;
  const dateId = useId();
  const dateErrorId = useId();
  const dateHintId = useId();
  const depositsHeadingId = useId();
  const [dateText, setDateText] = useState(() => formatDate(asOf));
  const dateInvalid = parseBrDate(dateText) === null;

  const setSearch = useCallback(
    (patch: Partial<ReceivablesSearch>, keepPage = false) => {
      void navigate({
        to: '/receivables',
        search: (previous: ReceivablesSearch) => patchSearch(previous, patch, keepPage),
        replace: true,
      });
    },
    [navigate],
  );

  function handleDateText(value: string) {
    if (value === dateText) return; // the mask reports its first value too
    setDateText(value);
    const day = parseBrDate(value);
    if (day) setSearch({ as_of: day === today ? undefined : day });
  }

  const handleQuery = useCallback((q: string) => setSearch({ q: q === '' ? undefined : q }), [setSearch]);

  const payerOptions = useMemo(() => {
    const names = new Set(shown?.payers ?? []);
    if (search.payer) names.add(search.payer);
    return [{ value: ALL, label: T.allPayers }, ...[...names].map((name) => ({ value: name, label: name }))];
  }, [shown?.payers, search.payer]);

  const columns = useMemo<DataColumn<Receivable>[]>(() => {
    // Names wrap to a second line rather than being cut while the row has room (1366 px); money stays on one line.
    // Widths (%, with and without the medic's column) leave each header whole at 1366 px.
    const w = (alone: number, withMedic: number) => `${showMedic ? withMedic : alone}%`;
    const money$ = (cents: (row: Receivable) => number) => (row: Receivable) => <StyledMoney>{money(cents(row))}</StyledMoney>;
    const list: DataColumn<Receivable>[] = [
      { key: 'patient', header: T.columns.patient, primary: true, cell: (row) => row.patient.nome_completo, clampLines: 2, width: w(15, 12) },
    ];
    if (showMedic) list.push({ key: 'medic', header: T.columns.medic, cell: (row) => `${row.medic.first_name} ${row.medic.last_name}`, clampLines: 2, width: '11%' });
    list.push(
      { key: 'payer', header: T.columns.payer, cell: (row) => row.payer, clampLines: 2, width: w(11, 9) },
      { key: 'due', header: T.columns.dueDate, cell: (row) => (row.due_date ? formatDate(row.due_date) : T.none), nowrap: true, width: w(11, 10) },
      { key: 'days', header: T.columns.daysPastDue, tableHeader: T.columns.daysPastDueShort, cell: (row) => daysPastDueText(row.days_past_due), nowrap: true, width: w(7, 7) },
      { key: 'expected', header: T.columns.expected, cell: money$((row) => row.expected_cents), nowrap: true, width: w(10, 9.5) },
      { key: 'received', header: T.columns.received, cell: money$((row) => row.received_cents), nowrap: true, width: w(10, 9.5) },
      { key: 'open', header: T.columns.open, cell: money$((row) => row.open_cents), nowrap: true, width: w(10, 9.5) },
      { key: 'disputed', header: T.columns.disputed, cell: money$((row) => row.disputed_cents), nowrap: true, width: w(11, 10) },
      { key: 'appeal', header: T.columns.nextAppeal, tableHeader: T.columns.nextAppealShort, cell: (row) => <AppealCell row={row} asOf={asOf} /> },
    );
    return list;
  }, [showMedic, asOf]);

  const filtered = Boolean(search.payer || search.bucket || search.appeals || search.q || search.medic || search.reason);
  const empty = failed ? (
    <Notice kind="failed" title={T.failed} onRetry={retry} />
  ) : filtered ? (
    <Notice
      kind="noResults"
      title={T.noResults}
      text={T.noResultsHint}
      action={
        <Button variant="secondary" onClick={() => setSearch({ payer: undefined, bucket: undefined, appeals: undefined, q: undefined, medic: undefined, reason: undefined })}>
          {T.clearFilters}
        </Button>
      }
    />
  ) : (
    <Notice kind="empty" title={T.empty} text={T.emptyHint} icon="wallet" />
  );

  const totals = shown?.totals;
  // The statement's medic: a medic's own (null); a secretary's filter, else her only medic, else picked in the dialog.
  const statementMedic = isSecretary ? (search.medic ?? (medicOptions.length === 1 ? medicOptions[0]!.id : null)) : null;
  const canImport = !isSecretary || (medics.state.status === 'ready' && medicOptions.length > 0);
  // The deposits: a medic's own; a secretary's for the 'Médico' filter, else all her medics' (once they are known).
  const depositOwners = !isSecretary
    ? ('self' as const)
    : medics.state.status === 'ready'
      ? search.medic
        ? medicOptions.filter((option) => option.id === search.medic)
        : medicOptions
      : null;
  const [depositsRead, setDepositsRead] = useState(0);
  const afterImport = useCallback(() => {
    retry();
    setDepositsRead((count) => count + 1);
  }, [retry]);

  return (
    <Page
      title={T.title}
      actions={
        <>
          {/* The medic's income for the accountant (issue 38 item 5): his own page. */}
          {!isSecretary ? (
            <Link to="/income-report" className={incomeLinkClassName}>
              <Icon name="fileText" size={18} />
              {incomeTexts.link}
            </Link>
          ) : null}
          {isSecretary && medics.state.status === 'loading' ? (
            // Her medics say whom an import is for and whose terms she edits: until they are known the buttons hold
            // their places, disabled, so the page does not jump when they arrive (a phone's first screen).
            <>
              <ImportButtonLoading />
              <ImportButtonLoading source="repasse" />
              <Button variant="secondary" disabled>
                {ledgerTexts.terms.open}
              </Button>
            </>
          ) : (
            <>
              {canImport ? (
                <>
                  <LazyStatementImport medic={statementMedic} pickFrom={isSecretary && statementMedic === null ? medicOptions : null} onImported={afterImport} />
                  <LazyStatementImport
                    medic={statementMedic}
                    pickFrom={isSecretary && statementMedic === null ? medicOptions : null}
                    onImported={afterImport}
                    source="repasse"
                  />
                </>
              ) : null}
              {/* A secretary's terms are her medics' (a failed read of them leaves the button out); a medic edits his own. */}
              {!isSecretary || medics.state.status === 'ready' ? (
                <Button variant="secondary" onClick={() => setTermsOpen(true)}>
                  {ledgerTexts.terms.open}
                </Button>
              ) : null}
            </>
          )}
        </>
      }
    >
      <StyledIntro>{T.intro}</StyledIntro>
      {termsOpen ? <PaymentTermsDialog medics={isSecretary ? medicOptions : null} onClose={() => setTermsOpen(false)} onSaved={retry} /> : null}

      <StyledTotals aria-label={T.totalsLabel} aria-busy={state.status === 'loading'}>
        {AGING_BUCKETS.map((bucket, index) => (
          <StyledCard key={bucket} $tone={index === 0 ? 'neutral' : index === 3 ? 'danger' : 'warning'} data-bucket={bucket}>
            <h2>{T.buckets[bucket]}</h2>
            <strong>{totals ? money(totals.by_bucket[bucket]) : T.none}</strong>
          </StyledCard>
        ))}
      </StyledTotals>
      {/* Always there ('—' until the totals arrive), as the cards above: nothing below moves when they do. */}
      <StyledSummary>
        <span>
          {T.openTotal}: <strong>{totals ? money(totals.open_cents) : T.none}</strong>
        </span>
        <span>
          {T.disputedTotal}: <strong>{totals ? money(totals.disputed_cents) : T.none}</strong>
        </span>
      </StyledSummary>

      <StyledFilterCard $layout={FILTERS_LAYOUT} aria-label={T.filtersLabel}>
        <Select
          label={T.payer}
          name="payer"
          value={search.payer ?? ALL}
          options={payerOptions}
          placeholder={T.allPayers}
          onChange={(value) => setSearch({ payer: value === ALL ? undefined : value })}
        />
        <Select
          label={T.bucket}
          name="bucket"
          value={search.bucket ?? ALL}
          options={[{ value: ALL, label: T.allBuckets }, ...AGING_BUCKET_OPTIONS]}
          placeholder={T.allBuckets}
          onChange={(value) => setSearch({ bucket: AGING_BUCKETS.find((bucket) => bucket === value) })}
        />
        {isSecretary && (medics.count === null || medics.count > 1) ? (
          <Select
            label={T.medic}
            name="medic"
            value={search.medic ? String(search.medic) : ALL}
            options={[{ value: ALL, label: T.allMedics }, ...medicOptions.map((medic) => ({ value: String(medic.id), label: `${medic.first_name} ${medic.last_name}` }))]}
            placeholder={T.allMedics}
            loading={medics.state.status === 'loading'}
            loadingText={T.medicsLoading}
            loadError={medics.state.status === 'error' ? T.medicsFailed : undefined}
            retryLabel={T.retry}
            onRetry={medics.retry}
            onChange={(value) => setSearch({ medic: value === ALL ? undefined : Number(value) })}
          />
        ) : null}
        <GlosaReasonFilter code={search.reason ?? null} onChange={(reason) => setSearch({ reason })} />
        <SurgerySearchField value={search.q ?? ''} onChange={handleQuery} />
        <StyledDateField>
          <label htmlFor={dateId}>{T.asOf}</label>
          <DayInput
            id={dateId}
            className={inputClassName}
            value={dateText}
            placeholder={T.datePlaceholder}
            disabled={false}
            invalid={dateInvalid}
            describedBy={dateInvalid ? `${dateHintId} ${dateErrorId}` : dateHintId}
            onChange={handleDateText}
          />
          <small id={dateHintId}>{T.asOfHint}</small>
          {dateInvalid ? (
            <span id={dateErrorId} className={fieldErrorClassName}>
              {T.asOfInvalid}
            </span>
          ) : null}
        </StyledDateField>
        <StyledActions>
          <Checkbox name="appeals-only" checked={search.appeals === 1} onChange={(on) => setSearch({ appeals: on ? 1 : undefined })}>
            {T.appeals}
          </Checkbox>
          <ExportCsvButton call={() => exportReceivables(query)} fallbackName={`a-receber-${asOf}.csv`} />
        </StyledActions>
      </StyledFilterCard>

      <DataTable
        label={T.tableLabel}
        columns={columns}
        rows={answer?.results ?? []}
        rowKey={(row) => row.surgery}
        loading={state.status === 'loading'}
        empty={empty}
        onRowActivate={(row) => openCase(row.surgery, href)}
        rowHref={(row) => caseHref(row.surgery)}
        rowActionLabel={(row) => fill(T.open, { name: row.patient.nome_completo })}
        rowTone={(row) => (row.bucket === 'd90_plus' ? 'danger' : row.appeal_warning ? 'warning' : undefined)}
      />

      <ListPager answer={answer} texts={T} onPage={(page) => setSearch({ page }, true)} />

      <StyledDeposits aria-labelledby={depositsHeadingId} data-receivables-deposits>
        <h2 id={depositsHeadingId}>{tissTexts.statements.deposits.title}</h2>
        <p>{tissTexts.statements.deposits.intro}</p>
        {depositOwners !== null ? (
          <DepositsSection owners={depositOwners} refresh={depositsRead} />
        ) : medics.state.status === 'loading' ? (
          <Notice kind="loading" title={tissTexts.statements.deposits.loading} compact />
        ) : (
          <Notice kind="failed" title={tissTexts.statements.deposits.failed} onRetry={medics.retry} compact />
        )}
      </StyledDeposits>
    </Page>
  );
}
