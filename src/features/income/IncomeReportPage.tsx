/**
 * /income-report, 'Relatório para o contador' (issue 38 item 5; docs/LEDGER.md): the medic's receipts of a year (or
 * one month), per month, from persons (each patient's receipt with the CPF of his record: the carnê-leão) and from
 * companies (per company, with its CNPJ and the taxes withheld at source), with the totals per month and of the
 * period, every figure the API's (computed in SQL). 'Exportar CSV' downloads the same report for Excel; 'Baixar PDF'
 * the same sheet as a PDF the server writes (A4 portrait, for the accountant); 'Imprimir' prints the sheet alone (the
 * print style sheet hides the app's header, menu and controls).
 */
import type { ReactNode } from 'react';
import { getRouteApi } from '@tanstack/react-router';
import { styled } from 'goober';
import { INCOME_MAX_YEAR, INCOME_MIN_YEAR } from '../../../machines/ledger/incomeQuery';
import { incomeMonthTitle, incomeSheetTitle } from '../../../machines/ledger/incomeSheet';
import { formatCnpj } from '../../../machines/rules/cnpj';
import { formatCpf } from '../../../machines/rules/cpf';
import { exportIncomeReport, exportIncomeReportPdf, getIncomeReport, type IncomeReport, type IncomeTotals } from '../../api/income';
import { Page } from '../../components/layout/Page';
import { Button } from '../../components/ui/Button';
import { ExportCsvButton } from '../../components/ui/ExportCsvButton';
import { Notice } from '../../components/ui/Notice';
import { Select } from '../../components/ui/Select';
import { Spinner } from '../../components/ui/Spinner';
import { formatDate, todayInSaoPaulo } from '../../lib/format/date';
import { formatBRL } from '../../lib/format/money';
import { incomeTexts as T } from '../../lib/i18n/income';
import { colors, fontSizes, fontWeights, radii, space } from '../../lib/theme';
import { useRead } from '../../lib/useRead';
import { incomeQueryOfSearch } from './incomeSearch';

const routeApi = getRouteApi('/app/income-report');

const money = (cents: number) => formatBRL(cents / 100);

/** The years offered: from five before this one to this one (and the URL's, if older), newest first. */
function yearOptions(current: number, chosen: number) {
  const first = Math.max(INCOME_MIN_YEAR, Math.min(current - 5, chosen));
  const last = Math.min(INCOME_MAX_YEAR, Math.max(current, chosen));
  const years: number[] = [];
  for (let year = last; year >= first; year--) years.push(year);
  return years.map((year) => ({ value: String(year), label: String(year) }));
}

const MONTH_OPTIONS = [{ value: '', label: T.wholeYear }, ...T.months.map((label, index) => ({ value: String(index + 1), label }))];

/** yyyy-MM as 'Janeiro de 2026' (the server's PDF titles its months the same). */
const monthTitle = incomeMonthTitle;

/** The print style sheet: A4 portrait, only the report. A plain style element (goober has no `@page`). */
const PRINT_CSS = `
@media print {
  @page { size: A4 portrait; margin: 12mm; }
  body * { visibility: hidden !important; }
  [data-print-sheet], [data-print-sheet] * { visibility: visible !important; }
  [data-print-sheet] { position: absolute; left: 0; top: 0; width: 100%; box-shadow: none !important; margin: 0 !important; }
  [data-print-sheet] section { break-inside: avoid-page; }
  [data-no-print] { display: none !important; }
}`;

const StyledControls = styled('div')`
  display: flex;
  flex-wrap: wrap;
  gap: ${space.md};
  align-items: flex-end;
  & > div { min-width: 160px; }
`;

const StyledIntro = styled('p')`
  color: ${colors.textMuted};
  font-size: ${fontSizes.sm};
  max-width: 72ch;
`;

const StyledSheet = styled('article')`
  display: flex;
  flex-direction: column;
  gap: ${space.xl};
  padding: ${space.lg};
  background: #fff;
  color: #000;
  border: 1px solid ${colors.border};
  border-radius: ${radii.md};
  & h2 { font-size: ${fontSizes.lg}; font-weight: ${fontWeights.bold}; margin: 0; }
  & h3 { font-size: ${fontSizes.md}; font-weight: ${fontWeights.semibold}; margin: ${space.sm} 0; }
  & h4 { font-size: ${fontSizes.sm}; font-weight: ${fontWeights.semibold}; margin: ${space.sm} 0 ${space.xs}; }
  & table { width: 100%; border-collapse: collapse; font-size: ${fontSizes.sm}; }
  & th, & td { border-bottom: 1px solid #c8c8c8; padding: 4px 6px; text-align: left; vertical-align: top; }
  & th { font-weight: ${fontWeights.semibold}; }
  & td[data-n], & th[data-n] { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
  & tfoot td, & tfoot th { font-weight: ${fontWeights.bold}; border-top: 2px solid #000; }
  & p { margin: 0; font-size: ${fontSizes.sm}; }
  & table[data-money] { min-width: 720px; }
`;

const StyledScrollBox = styled('div')`
  overflow-x: auto;
  border-radius: ${radii.sm};
  &:focus-visible { outline: 3px solid ${colors.focus}; outline-offset: 2px; }
`;

/** A table that scrolls sideways on a phone: a named region the keyboard reaches (so it scrolls without a mouse). */
function StyledScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <StyledScrollBox tabIndex={0} role="region" aria-label={label}>
      {children}
    </StyledScrollBox>
  );
}

const StyledLoading = styled('div')`
  display: flex;
  justify-content: center;
  padding: ${space.xxl};
`;

/** The money cells of a total (Bruto, IRRF, ISS, PIS/COFINS/CSLL, Líquido). */
function TotalCells({ total }: { total: IncomeTotals }) {
  return (
    <>
      <td data-n>{money(total.gross_cents)}</td>
      <td data-n>{money(total.irrf_cents)}</td>
      <td data-n>{money(total.iss_cents)}</td>
      <td data-n>{money(total.pis_cofins_csll_cents)}</td>
      <td data-n>{money(total.net_cents)}</td>
    </>
  );
}

function MoneyHeads() {
  return (
    <>
      <th scope="col" data-n>{T.gross}</th>
      <th scope="col" data-n>{T.irrf}</th>
      <th scope="col" data-n>{T.iss}</th>
      <th scope="col" data-n>{T.pisCofinsCsll}</th>
      <th scope="col" data-n>{T.net}</th>
    </>
  );
}

/** The totals of a month or of the period: persons, companies and all, each with its count of receipts. */
function TotalsTable({ label, persons, companies, all, allLabel }: { label: string; persons: IncomeTotals; companies: IncomeTotals; all: IncomeTotals; allLabel: string }) {
  return (
    <StyledScroll label={label}>
      <table aria-label={label} data-money>
        <thead>
          <tr>
            <th scope="col">{T.kind}</th>
            <th scope="col" data-n>{T.receipts}</th>
            <MoneyHeads />
          </tr>
        </thead>
        <tbody>
          <tr data-total="persons">
            <th scope="row">{T.persons}</th>
            <td data-n>{persons.receipts}</td>
            <TotalCells total={persons} />
          </tr>
          <tr data-total="companies">
            <th scope="row">{T.companies}</th>
            <td data-n>{companies.receipts}</td>
            <TotalCells total={companies} />
          </tr>
        </tbody>
        <tfoot>
          <tr data-total={allLabel === T.monthTotal ? 'month' : 'all'}>
            <th scope="row">{allLabel}</th>
            <td data-n>{all.receipts}</td>
            <TotalCells total={all} />
          </tr>
        </tfoot>
      </table>
    </StyledScroll>
  );
}

function MonthSection({ entry }: { entry: IncomeReport['months'][number] }) {
  const title = monthTitle(entry.month);
  return (
    <section aria-label={title} data-month={entry.month}>
      <h3>{title}</h3>
      <h4>{T.persons}</h4>
      {entry.persons.receipts.length === 0 ? (
        <p>{T.personsEmpty}</p>
      ) : (
        <StyledScroll label={`${T.persons} · ${title}`}>
          <table aria-label={`${T.persons} · ${title}`}>
            <thead>
              <tr>
                <th scope="col">{T.date}</th>
                <th scope="col">{T.patient}</th>
                <th scope="col">{T.cpf}</th>
                <th scope="col" data-n>{T.amount}</th>
              </tr>
            </thead>
            <tbody>
              {entry.persons.receipts.map((receipt) => (
                <tr key={receipt.id}>
                  <td>{formatDate(receipt.received_on)}</td>
                  <td>{receipt.patient_name}</td>
                  <td>{receipt.cpf ? formatCpf(receipt.cpf) : T.noDocument}</td>
                  <td data-n>{money(receipt.gross_cents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>{T.personsTotal}</th>
                <td data-n data-total="persons">{money(entry.persons.total.gross_cents)}</td>
              </tr>
            </tfoot>
          </table>
        </StyledScroll>
      )}
      <h4>{T.companies}</h4>
      {entry.companies.payers.length === 0 ? (
        <p>{T.companiesEmpty}</p>
      ) : (
        <StyledScroll label={`${T.companies} · ${title}`}>
          <table aria-label={`${T.companies} · ${title}`} data-money>
            <thead>
              <tr>
                <th scope="col">{T.cnpj}</th>
                <th scope="col">{T.company}</th>
                <MoneyHeads />
              </tr>
            </thead>
            <tbody>
              {entry.companies.payers.map((payer) => (
                <tr key={`${payer.cnpj}|${payer.name}`}>
                  <td>{payer.cnpj ? formatCnpj(payer.cnpj) : T.noDocument}</td>
                  <td>{payer.name}</td>
                  <TotalCells total={payer} />
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>{T.companiesTotal}</th>
                <TotalCells total={entry.companies.total} />
              </tr>
            </tfoot>
          </table>
        </StyledScroll>
      )}
      <TotalsTable label={`${T.monthTotal} · ${title}`} persons={entry.persons.total} companies={entry.companies.total} all={entry.total} allLabel={T.monthTotal} />
    </section>
  );
}

function ReportSheet({ report }: { report: IncomeReport }) {
  const sheetTitle = incomeSheetTitle(report);
  return (
    <StyledSheet data-print-sheet aria-label={sheetTitle}>
      <h2>{sheetTitle}</h2>
      {report.months.length === 0 ? <p>{T.empty}</p> : report.months.map((entry) => <MonthSection key={entry.month} entry={entry} />)}
      {/* A year's report ends with the year's totals (a month's section already holds its month's). */}
      {report.month === null ? (
        <section aria-label={T.yearTotals}>
          <h3>{T.yearTotals}</h3>
          <TotalsTable label={T.yearTotals} persons={report.totals.persons} companies={report.totals.companies} all={report.totals.all} allLabel={T.total} />
        </section>
      ) : null}
    </StyledSheet>
  );
}

export function IncomeReportPage() {
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const today = todayInSaoPaulo();
  const query = incomeQueryOfSearch(search, today);
  const read = useRead((signal) => getIncomeReport(query, signal), [query.year, query.month]);
  const report = read.state.status === 'ready' ? read.state.value : null;
  const setQuery = (year: number, month: number | null) =>
    void navigate({ search: { year, ...(month === null ? {} : { month }) }, replace: true });
  const fileName = `relatorio-contador-${query.year}${query.month === null ? '' : `-${String(query.month).padStart(2, '0')}`}`;

  return (
    <Page
      title={T.title}
      actions={
        <StyledControls data-no-print>
          <ExportCsvButton call={() => exportIncomeReport(query)} fallbackName={`${fileName}.csv`} />
          <ExportCsvButton call={() => exportIncomeReportPdf(query)} fallbackName={`${fileName}.pdf`} label={T.pdf} />
          <Button variant="secondary" onClick={() => window.print()} disabled={!report}>
            {T.print}
          </Button>
        </StyledControls>
      }
    >
      <style>{PRINT_CSS}</style>
      <StyledIntro data-no-print>{T.intro}</StyledIntro>
      <StyledControls data-no-print>
        <Select
          label={T.year}
          name="year"
          value={String(query.year)}
          onChange={(value) => setQuery(Number(value), query.month)}
          options={yearOptions(Number(today.slice(0, 4)), query.year)}
        />
        <Select
          label={T.month}
          name="month"
          value={query.month === null ? '' : String(query.month)}
          onChange={(value) => setQuery(query.year, value === '' ? null : Number(value))}
          options={MONTH_OPTIONS}
        />
      </StyledControls>
      {read.state.status === 'loading' ? (
        <StyledLoading aria-busy="true" aria-label={T.loading}>
          <Spinner size={28} />
        </StyledLoading>
      ) : read.state.status === 'error' || read.state.status === 'empty' ? (
        <Notice kind="failed" title={T.failed} onRetry={read.retry} />
      ) : report ? (
        <ReportSheet report={report} />
      ) : null}
    </Page>
  );
}
