/**
 * /audit, 'Auditoria' (the medic only; issue 16 item 2; DECISIONS §17): who read, listed, changed, exported or deleted
 * the data of the medic's patients and cases, when (São Paulo time) and from which address, newest first
 * (GET audit/). The rows hold ids only; the server joins the names in.
 *
 * - Filters in the URL (auditSearch.ts, read with the server's schema): Paciente (a search by name, as the other
 *   patient pickers), Pessoa (the medic and her linked secretaries), Ação and the period (De / Até, São Paulo days).
 * - The table (cards on a phone): Data e hora, Pessoa, Ação (with the part of the record it touched), Registro (the
 *   case opens; a patient's name filters the audit to them) and Endereço.
 * - Pages of 50 ('Anterior' / 'Próxima'); 'Exportar CSV' downloads every row with the current filters.
 * - Filtered to one patient, the patient's data-subject archive and erasure request are one button away (a medic with
 *   a secretary has no patient screen of her own: DECISIONS §13).
 */
import { useCallback, useId, useMemo, useState } from 'react';
import { getRouteApi, Link, useLocation, useNavigate } from '@tanstack/react-router';
import { css, styled } from 'goober';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_ENTITY_LABELS, AUDIT_MESSAGES, auditDetailLabel, periodProblem } from '../../../machines/audit/constants';
import {
  exportAudit,
  listAudit,
  listAuditPeople,
  searchAuditPatients,
  type AuditEvent,
  type AuditList,
  type AuditPatient,
} from '../../api/audit';
import { Page } from '../../components/layout/Page';
import { PatientArchiveButton } from '../../components/privacy/PatientArchiveButton';
import type { PatientErasureProps } from '../../components/privacy/PatientErasure';
import { Button } from '../../components/ui/Button';
import { DataTable, type DataColumn } from '../../components/ui/DataTable';
import { ExportCsvButton } from '../../components/ui/ExportCsvButton';
import { StyledFilterCard, type FilterCardLayout } from '../../components/ui/FilterCard';
import { fieldErrorClassName, inputClassName } from '../../components/ui/Field';
import { ListPager } from '../../components/ui/ListPager';
import { Notice } from '../../components/ui/Notice';
import { LazySearchSelect } from '../../components/ui/LazySearchSelect';
import { Select } from '../../components/ui/Select';
import { formatDate, parseBrDate, saoPauloDateTime, todayInSaoPaulo } from '../../lib/format/date';
import { auditTexts } from '../../lib/i18n/audit';
import { plural } from '../../../machines/rules/plural';
import { fill } from '../../lib/i18n/pt-BR';
import { patchSearch } from '../../lib/routeSearch';
import { colors, focusRing, fontSizes, fontWeights, media, radii, space } from '../../lib/theme';
import { chunked } from '../../lib/chunked';
import { useRead } from '../../lib/useRead';
import { DayInput } from '../../components/ui/DayInput';
import { validateAuditSearch, type AuditSearch } from './auditSearch';
import { columnCss } from '../../components/ui/cssParts';

const T = auditTexts.page;
const routeApi = getRouteApi('/app/audit');
const ALL = 'all';

// Shown only on the audit filtered to one patient: its code (and its dialog's) loads then, not with the page.
const PatientErasure = chunked<PatientErasureProps>(() => import('../../components/privacy/PatientErasure').then((module) => module.PatientErasure));

const StyledIntro = styled('p')`
  margin-top: -${space.md};
  color: ${colors.textMuted};
  font-size: ${fontSizes.sm};
  max-width: 75ch;
`;

/** The filters' columns on a wide screen. */
const FILTERS_LAYOUT: FilterCardLayout = { align: 'start', wideFrom: 1100, wideColumns: 'minmax(0, 2fr) repeat(2, minmax(0, 1.5fr)) minmax(0, 2fr)' };

/** De and Até side by side, at every width. */
const StyledPeriod = styled('div')`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${space.md};
`;

const StyledDateField = styled('div')`
  ${columnCss(space.xs)}
  & > label { font-size: ${fontSizes.sm}; font-weight: ${fontWeights.semibold}; color: ${colors.text}; }
`;

const StyledActions = styled('div')`
  grid-column: 1 / -1;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${space.sm};
  & > * { flex: 1 1 auto; }
  ${media.md} { & > * { flex: none; } }
`;

const StyledArchive = styled('section')`
  ${columnCss(space.md)}
  padding: ${space.lg};
  border: 1px solid ${colors.border};
  border-left: 4px solid ${colors.primary};
  border-radius: ${radii.lg};
  background: ${colors.surface};
  & > p { flex: 1; margin: 0; font-size: ${fontSizes.sm}; color: ${colors.textMuted}; max-width: 70ch; }
  ${media.md} {
    flex-direction: row;
    align-items: center;
    justify-content: space-between;
    padding: ${space.lg} ${space.xl};
  }
`;

const StyledTwoLines = styled('span')`
  ${columnCss(space.xxs)}
  min-width: 0;
  & > small { font-size: ${fontSizes.xs}; color: ${colors.textMuted}; }
`;

const StyledTime = styled('span')`
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;

const linkClassName = css`
  padding: 0;
  border: 0;
  border-radius: ${radii.sm};
  background: none;
  color: ${colors.primary};
  font: inherit;
  font-weight: ${fontWeights.semibold};
  text-align: left;
  text-decoration: underline;
  text-underline-offset: 3px;
  cursor: pointer;
  &:hover { color: ${colors.primaryPressed}; }
  &:focus-visible { outline: none; box-shadow: ${focusRing}; }
`;

/** `2026-03-10T14:30:05-03:00` → `10/03/2026 14:30:05`, São Paulo's wall clock (as the CSV writes it). */
function timeText(iso: string): string {
  const wall = saoPauloDateTime(iso);
  return wall ? `${formatDate(iso)} ${wall.slice(11)}` : formatDate(iso);
}

/** A São Paulo day typed as dd/mm/aaaa: written to the URL when complete and valid, removed when cleared. */
function DayField({ label, value, error, onChange }: { label: string; value: string | undefined; error?: string; onChange: (day: string | undefined) => void }) {
  const id = useId();
  const errorId = useId();
  const [text, setText] = useState(() => (value ? formatDate(value) : ''));
  const invalid = text !== '' && parseBrDate(text) === null;
  const message = invalid ? T.dateInvalid : error;

  function handleAccept(next: string) {
    if (next === text) return; // the mask reports its first value too
    setText(next);
    if (next === '') onChange(undefined);
    else {
      const day = parseBrDate(next);
      if (day) onChange(day);
    }
  }

  return (
    <StyledDateField>
      <label htmlFor={id}>{label}</label>
      <DayInput
        id={id}
        className={inputClassName}
        value={text}
        placeholder={T.datePlaceholder}
        disabled={false}
        invalid={Boolean(message)}
        describedBy={message ? errorId : undefined}
        onChange={handleAccept}
      />
      {message ? (
        <span id={errorId} className={fieldErrorClassName}>
          {message}
        </span>
      ) : null}
    </StyledDateField>
  );
}

/** Everyone who ever acted in the medic's audit, for 'Pessoa' (a removed secretary too). */
function usePeople() {
  return useRead((signal) => listAuditPeople(signal), []);
}

export function AuditPage() {
  const unchecked: AuditSearch = routeApi.useSearch();
  const search = useMemo(() => validateAuditSearch(unchecked), [unchecked]);
  const navigate = useNavigate();
  const href = useLocation({ select: (location) => location.href });
  const me = routeApi.useRouteContext({ select: (context) => context.profile.user });
  const people = usePeople();

  const queryKey = JSON.stringify(search);
  const { state, retry } = useRead((signal) => listAudit(search, signal), [queryKey]);
  const answer: AuditList | null = state.status === 'ready' ? state.value : null;
  const notFound = state.status === 'empty';
  const failed = state.status === 'error';

  // The filters are remounted (their typed texts emptied) when 'Limpar filtros' runs.
  const [filtersKey, setFiltersKey] = useState(0);
  const [chosenPatient, setChosenPatient] = useState<AuditPatient | null>(null);
  const [pendingTo, setPendingTo] = useState<string | null>(null);

  const setSearch = useCallback(
    (patch: Partial<AuditSearch>, keepPage = false) => {
      void navigate({
        to: '/audit',
        search: (previous: AuditSearch) => patchSearch(previous, patch, keepPage),
        replace: true,
      });
    },
    [navigate],
  );

  function clearFilters() {
    setChosenPatient(null);
    setPendingTo(null);
    setFiltersKey((key) => key + 1);
    void navigate({ to: '/audit', search: {}, replace: true });
  }

  /** The filtered patient as the select shows them: the one chosen, else named by a row, else by number. */
  const patientValue = useMemo<AuditPatient | null>(() => {
    if (!search.patient) return null;
    if (chosenPatient?.id === search.patient) return chosenPatient;
    const named = answer?.results.find((row) => row.patient?.id === search.patient)?.patient;
    return named ?? { id: search.patient, nome_completo: fill(T.patientNumber, { id: search.patient }) };
  }, [search.patient, chosenPatient, answer]);

  const personOptions = useMemo(() => {
    const others = people.state.status === 'ready' ? people.state.value.filter((person) => person.id !== me.id) : [];
    const options = [
      { value: ALL, label: T.allPeople },
      { value: String(me.id), label: fill(T.you, { name: `${me.first_name} ${me.last_name}`.trim() }) },
      ...others.map((person) => ({ value: String(person.id), label: person.name })),
    ];
    // Someone filtered by a link before the list is in keeps the name a row gives.
    if (search.actor && !options.some((option) => option.value === String(search.actor))) {
      const actor = answer?.results.find((row) => row.actor?.id === search.actor)?.actor;
      options.push({ value: String(search.actor), label: actor?.name ?? fill(T.recordNumber, { entity: T.person, id: search.actor }) });
    }
    return options;
  }, [me, people.state, search.actor, answer]);

  function handleFrom(day: string | undefined) {
    const to = pendingTo ?? search.to;
    const inverted = Boolean(day && to && periodProblem({ from: day, to }));
    setSearch({ from: day, to: inverted ? undefined : to });
    if (!inverted && pendingTo) setPendingTo(null);
    else if (inverted && to) setPendingTo(to);
  }

  function handleTo(day: string | undefined) {
    if (day && search.from && periodProblem({ from: search.from, to: day })) {
      setPendingTo(day);
      setSearch({ to: undefined });
      return;
    }
    setPendingTo(null);
    setSearch({ to: day });
  }

  const columns = useMemo<DataColumn<AuditEvent>[]>(() => {
    const filterBy = (patient: AuditPatient) =>
      patient.id === search.patient ? (
        <>{patient.nome_completo}</>
      ) : (
        <button
          type="button"
          className={linkClassName}
          aria-label={fill(T.filterByPatient, { name: patient.nome_completo })}
          onClick={() => {
            setChosenPatient(patient);
            setSearch({ patient: patient.id });
          }}
        >
          {patient.nome_completo}
        </button>
      );

    function recordCell(row: AuditEvent) {
      const entity = AUDIT_ENTITY_LABELS[row.entity];
      // A list page, or a CSV export that names the records it held (item 29).
      const listing = row.action === 'list' || (row.action === 'export' && row.shown_count > 0);
      let main;
      if (row.entity === 'audit') main = <>{entity}</>;
      else if (listing) main = <>{`${entity} · ${plural(row.shown_count, T.listed)}`}</>;
      else if (row.entity === 'patient') main = row.patient ? filterBy(row.patient) : <>{row.entity_id ? fill(T.recordNumber, { entity, id: row.entity_id }) : entity}</>;
      else if (row.entity === 'surgery' && row.entity_id !== null)
        main = (
          <Link to="/surgery-details/$id" params={{ id: String(row.entity_id) }} state={{ back: href }} className={linkClassName} aria-label={fill(T.openCase, { id: row.entity_id })}>
            {fill(T.caseNumber, { id: row.entity_id })}
          </Link>
        );
      else main = <>{row.entity_id ? fill(T.recordNumber, { entity, id: row.entity_id }) : entity}</>;
      // The patients concerned: beside a record of a case, an export or a read of the audit (a list page's count says it).
      const showPatients = row.entity === 'audit' || row.action === 'export' || (row.entity !== 'patient' && row.action !== 'list');
      const patientLine = !showPatients
        ? null
        : row.patient
          ? filterBy(row.patient)
          : row.patient_ids.length > 1
            ? plural(row.patient_ids.length, T.patients)
            : null;
      return (
        <StyledTwoLines>
          <span>{main}</span>
          {patientLine ? <small>{patientLine}</small> : null}
        </StyledTwoLines>
      );
    }

    return [
      { key: 'at', header: T.columns.at, primary: true, cell: (row) => <StyledTime>{timeText(row.at)}</StyledTime>, nowrap: true, width: '19%' },
      {
        key: 'actor',
        header: T.columns.actor,
        cell: (row) =>
          row.actor ? (
            <StyledTwoLines>
              <span>{row.actor.name}</span>
              <small>{T.roles[row.actor.type]}</small>
            </StyledTwoLines>
          ) : (
            T.system
          ),
        width: '18%',
      },
      {
        key: 'action',
        header: T.columns.action,
        cell: (row) => {
          const detail = auditDetailLabel(row.detail);
          return (
            <StyledTwoLines>
              <span>{AUDIT_ACTION_LABELS[row.action]}</span>
              {detail ? <small>{detail}</small> : null}
            </StyledTwoLines>
          );
        },
        width: '20%',
      },
      { key: 'record', header: T.columns.record, cell: recordCell },
      { key: 'address', header: T.columns.address, cell: (row) => row.address ?? T.none, nowrap: true, width: '12%' },
    ];
  }, [search.patient, setSearch, href]);

  const filtered = Boolean(search.patient || search.actor || search.action || search.from || search.to);
  const clearButton = (
    <Button variant="secondary" onClick={clearFilters}>
      {T.clearFilters}
    </Button>
  );
  const empty = notFound ? (
    <Notice kind="noResults" title={T.patientNotFound} action={clearButton} />
  ) : failed ? (
    <Notice kind="failed" title={T.failed} onRetry={retry} />
  ) : filtered ? (
    <Notice kind="noResults" title={search.from || search.to ? T.noResultsInPeriod : T.noResults} text={T.noResultsHint} action={clearButton} />
  ) : (
    <Notice kind="empty" title={T.empty} text={T.emptyHint} icon="shieldCheck" />
  );


  return (
    <Page title={T.title}>
      <StyledIntro>{T.intro}</StyledIntro>

      <StyledFilterCard $layout={FILTERS_LAYOUT} aria-label={T.filtersLabel} key={filtersKey}>
        <LazySearchSelect<AuditPatient>
          label={T.patient}
          name="patient"
          placeholder={T.patientPlaceholder}
          value={patientValue}
          onChange={(item) => {
            setChosenPatient(item);
            setSearch({ patient: item?.id });
          }}
          search={searchAuditPatients}
          itemKey={(item) => item.id}
          itemLabel={(item) => item.nome_completo}
          emptyText={T.patientEmpty}
        />
        <Select
          label={T.person}
          name="actor"
          value={search.actor ? String(search.actor) : ALL}
          options={personOptions}
          loading={people.state.status === 'loading'}
          loadingText={T.peopleLoading}
          loadError={people.state.status === 'error' ? T.peopleFailed : undefined}
          retryLabel={T.retry}
          onRetry={people.retry}
          onChange={(value) => setSearch({ actor: value === ALL ? undefined : Number(value) })}
        />
        <Select
          label={T.action}
          name="action"
          value={search.action ?? ALL}
          options={[{ value: ALL, label: T.allActions }, ...AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] }))]}
          onChange={(value) => setSearch({ action: AUDIT_ACTIONS.find((action) => action === value) })}
        />
        <StyledPeriod>
          <DayField label={T.from} value={search.from} onChange={handleFrom} />
          <DayField label={T.to} value={pendingTo ?? search.to} error={pendingTo ? AUDIT_MESSAGES.invertedPeriod : undefined} onChange={handleTo} />
        </StyledPeriod>
        <StyledActions>
          {filtered ? clearButton : null}
          <ExportCsvButton call={() => exportAudit(search)} fallbackName={`auditoria-${todayInSaoPaulo()}.csv`} />
        </StyledActions>
      </StyledFilterCard>

      {search.patient && patientValue && !notFound ? (
        <StyledArchive aria-label={auditTexts.privacy.label}>
          <p>{fill(T.archiveHint, { name: patientValue.nome_completo })}</p>
          <PatientArchiveButton patientId={search.patient} />
          <PatientErasure patient={{ id: search.patient, anonymized_at: null }} onErased={retry} onRefused={retry} />
        </StyledArchive>
      ) : null}

      <DataTable label={T.tableLabel} columns={columns} rows={answer?.results ?? []} rowKey={(row) => row.id} loading={state.status === 'loading'} empty={empty} />

      <ListPager answer={answer} texts={T} onPage={(page) => setSearch({ page }, true)} />
    </Page>
  );
}
