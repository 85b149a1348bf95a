/**
 * A read-only data table whose rows open something (the surgery lists of /surgery-status and the secretary home).
 *
 * - From md up: a real `<table>`; a row is focusable, and a click or Enter/Space on it calls `onRowActivate`.
 * - Below md (phones, SPEC §9): the same rows as cards (title = the `primary` column, then label/value lines). The
 *   card title is a button, so keyboard and screen-reader users reach each card once; a click anywhere on the card
 *   works too. Only one of the two layouts is displayed (the other is `display: none`, hidden from everyone).
 * - `loading` shows skeleton rows; `empty` is shown when there are no rows (the caller designs the empty and the
 *   failed states). An optional `rowTone` colours rows (secretary home, DECISIONS §6).
 * - Dense: a cell stays on one line and cuts a long text with an ellipsis, the whole text in its tooltip (`truncate`);
 *   phone cards always show everything.
 * - Linked (`rowHref`): the primary cell and the phone card's title are real links (`<a href>`), so a middle click,
 *   Ctrl/⌘-click and 'Abrir em nova aba' open the row's page in a new tab; a plain click (on the link or anywhere on
 *   the row) calls `onRowActivate`, and a middle click elsewhere on the row opens the link in a new tab. The link is
 *   then the row's one tab stop (the row itself is not focusable).
 * - Sortable: a column with `sortKey` has a header button; `sort` marks the sorted column (`aria-sort`) and
 *   `onSort(sortKey)` is called on a click (the caller decides the direction and reads the rows in that order).
 */
import type { Key, KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { css, keyframes } from 'goober';
import { colors, focusRing, fontSizes, fontWeights, media, radii, shadows, space } from '../../lib/theme';
import { columnCss, plainListCss } from './cssParts';

export type DataColumn<T> = {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The card title on phones (one column should be). */
  primary?: boolean;
  /** Keep the cell on one line (dates, short codes). */
  nowrap?: boolean;
  /** Share of the table width (CSS, e.g. '20%'); the rest is shared by the browser. */
  width?: string;
  /** Cut long text after this many lines in the table (the full text stays in a tooltip and on phone cards). */
  clampLines?: number;
  /** One line in the table, a long text cut with an ellipsis (the full text in its tooltip and on phone cards). */
  truncate?: boolean;
  /** The table cell, when it differs from the phone card's (`cell`). */
  tableCell?: (row: T) => ReactNode;
  /** Sortable by this key (the header becomes a button calling `onSort`). */
  sortKey?: string;
  /** The table's header, when it differs from the phone card's label (`header`). */
  tableHeader?: string;
  /** Only on phone cards (another column shows it in the table). */
  cardOnly?: boolean;
};

export type DataSort = { key: string; direction: 'ascending' | 'descending' };

export type RowTone = 'success' | 'warning' | 'danger';

type DataTableProps<T> = {
  label: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  onRowActivate?: (row: T) => void;
  /** The address a row opens (it is then a link, above). */
  rowHref?: (row: T) => string;
  /** Accessible name of a phone card's title button, e.g. 'Abrir a cirurgia de Maria'. */
  rowActionLabel?: (row: T) => string;
  rowTone?: (row: T) => RowTone | undefined;
  loading?: boolean;
  empty?: ReactNode;
  /** The sorted column and direction (marks its header). */
  sort?: DataSort;
  onSort?: (key: string) => void;
  /** Accessible name of a sort button, e.g. 'Ordenar por Paciente'. */
  sortLabel?: (header: string) => string;
};

const SKELETON_ROWS = 5;

const TONE_COLORS: Record<RowTone, { bar: string; soft: string }> = {
  success: { bar: colors.success, soft: colors.successSoft },
  warning: { bar: colors.warning, soft: colors.warningSoft },
  danger: { bar: colors.danger, soft: colors.dangerSoft },
};

const shimmer = keyframes`
  0% { background-position: -240px 0; }
  100% { background-position: 240px 0; }
`;

const frameClass = css`
  border: 1px solid ${colors.border};
  border-radius: ${radii.lg};
  background: ${colors.surface};
  box-shadow: ${shadows.raised};
  overflow: hidden;
  ${media.belowMd} { display: none; }
`;

const scrollClass = css`
  overflow-x: auto;
`;

const tableClass = css`
  width: 100%;
  border-collapse: collapse;
  font-size: ${fontSizes.sm};
  min-width: 880px;
  table-layout: fixed;
  & th {
    padding: ${space.sm} ${space.sm};
    /* A header longer than its column wraps between words (issue 33 item 12: 'ÚLTIMA MUDANÇA' was clipped at 1366 px). */
    white-space: normal;
    overflow-wrap: normal;
    overflow: hidden;
    background: ${colors.primaryTint};
    color: ${colors.textMuted};
    font-size: ${fontSizes.xs};
    font-weight: ${fontWeights.semibold};
    letter-spacing: 0.02em;
    text-transform: uppercase;
    text-align: left;
    vertical-align: bottom;
    border-bottom: 1px solid ${colors.border};
  }
  & th:first-child, & td:first-child { padding-left: ${space.lg}; }
  & td {
    padding: ${space.sm} ${space.sm};
    overflow-wrap: anywhere;
    color: ${colors.text};
    vertical-align: middle;
    border-bottom: 1px solid ${colors.border};
  }
  & tbody tr:last-child td { border-bottom: 0; }
`;

const rowClass = css`
  cursor: pointer;
  transition: background 120ms;
  &:hover { background: ${colors.primaryTint}; }
  &:focus-visible { outline: none; box-shadow: inset 0 0 0 2px ${colors.focus}; background: ${colors.primaryTint}; }
`;

const rowLinkClass = css`
  color: inherit;
  text-decoration: none;
  &:hover { text-decoration: underline; }
  &:focus-visible { outline: none; box-shadow: ${focusRing}; border-radius: ${radii.sm}; }
`;

/** A plain left click, which the app handles itself; any other click (a new tab, a new window) is the browser's. */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

const nowrapClass = css`
  white-space: nowrap;
`;

const truncateClass = css`
  display: block;
  overflow: hidden;
  white-space: nowrap;
  text-overflow: ellipsis;
`;

const sortButtonClass = css`
  display: inline-flex;
  align-items: center;
  gap: ${space.xs};
  max-width: 100%;
  min-height: 24px;
  padding: 0;
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  letter-spacing: inherit;
  text-transform: inherit;
  cursor: pointer;
  &:hover { color: ${colors.primary}; }
  &:focus-visible { outline: none; box-shadow: ${focusRing}; border-radius: ${radii.sm}; }
  & > svg { flex: none; }
`;

const clampClass = css`
  display: -webkit-box;
  -webkit-box-orient: vertical;
  overflow: hidden;
`;

const primaryCellClass = css`
  font-weight: ${fontWeights.semibold};
`;

const skeletonClass = css`
  display: block;
  height: 12px;
  border-radius: ${radii.pill};
  background: linear-gradient(90deg, ${colors.disabled} 0%, ${colors.primaryTint} 50%, ${colors.disabled} 100%);
  background-size: 480px 100%;
  animation: ${shimmer} 1.2s linear infinite;
`;

const cardsClass = css`
  ${plainListCss(space.md)}
  ${media.md} { display: none; }
`;

const cardClass = css`
  ${columnCss(space.sm)}
  padding: ${space.lg};
  border: 1px solid ${colors.border};
  border-radius: ${radii.lg};
  background: ${colors.surface};
  box-shadow: ${shadows.raised};
  cursor: pointer;
  &:focus-within { border-color: ${colors.primary}; }
`;

const cardTitleClass = css`
  padding: 0;
  border: 0;
  background: none;
  color: ${colors.primary};
  font-size: ${fontSizes.md};
  font-weight: ${fontWeights.semibold};
  text-align: left;
  cursor: pointer;
  overflow-wrap: anywhere;
  &:focus-visible { outline: none; box-shadow: ${focusRing}; border-radius: ${radii.sm}; }
`;

const cardListClass = css`
  display: grid;
  grid-template-columns: minmax(96px, auto) minmax(0, 1fr);
  gap: ${space.xs} ${space.md};
  margin: 0;
  font-size: ${fontSizes.sm};
  & > dt { color: ${colors.textMuted}; }
  & > dd { margin: 0; color: ${colors.text}; overflow-wrap: anywhere; }
`;

function toneStyle(tone: RowTone | undefined) {
  if (!tone) return undefined;
  const { bar, soft } = TONE_COLORS[tone];
  return { boxShadow: `inset 4px 0 0 ${bar}`, background: soft };
}

export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  onRowActivate,
  rowHref,
  rowActionLabel,
  rowTone,
  loading = false,
  empty,
  sort,
  onSort,
  sortLabel,
}: DataTableProps<T>) {
  const primary = columns.find((column) => column.primary) ?? columns[0];
  const others = columns.filter((column) => column !== primary);
  const tableColumns = columns.filter((column) => !column.cardOnly);

  function handleRowKeyDown(event: KeyboardEvent<HTMLElement>, row: T) {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onRowActivate?.(row);
    }
  }

  /** A click on a row link: a plain one stays in the app; another (middle, with a modifier) opens a new tab. */
  function handleLinkClick(event: MouseEvent<HTMLAnchorElement>, row: T) {
    event.stopPropagation();
    if (!isPlainClick(event) || !onRowActivate) return;
    event.preventDefault();
    onRowActivate(row);
  }

  /** A middle click on a linked row, outside its link: the row's page in a new tab, as on the link itself. */
  function handleRowAuxClick(event: MouseEvent<HTMLElement>, row: T) {
    if (event.button !== 1 || !rowHref || (event.target as HTMLElement).closest('a')) return;
    event.preventDefault();
    window.open(rowHref(row), '_blank', 'noopener');
  }

  function linked(row: T, content: ReactNode, className: string, label?: string) {
    return (
      <a href={rowHref!(row)} className={className} aria-label={label} onClick={(event) => handleLinkClick(event, row)}>
        {content}
      </a>
    );
  }

  if (!loading && rows.length === 0) return <>{empty}</>;

  return (
    <>
      <div className={frameClass}>
        <div className={scrollClass}>
          <table className={tableClass} aria-label={label} aria-busy={loading || undefined}>
            <thead>
              <tr>
                {tableColumns.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    style={column.width ? { width: column.width } : undefined}
                    aria-sort={column.sortKey && sort?.key === column.sortKey ? sort.direction : undefined}
                  >
                    {column.sortKey && onSort ? (
                      <button
                        type="button"
                        className={sortButtonClass}
                        aria-label={sortLabel ? sortLabel(column.tableHeader ?? column.header) : undefined}
                        onClick={() => onSort(column.sortKey!)}
                      >
                        {column.tableHeader ?? column.header}
                        <SortMark direction={sort?.key === column.sortKey ? sort.direction : undefined} />
                      </button>
                    ) : (
                      (column.tableHeader ?? column.header)
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {loading
                ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                    <tr key={`skeleton-${index}`} aria-hidden="true">
                      {tableColumns.map((column) => (
                        <td key={column.key}>
                          <span className={skeletonClass} style={{ width: `${50 + ((index * 17 + column.key.length * 7) % 45)}%` }} />
                        </td>
                      ))}
                    </tr>
                  ))
                : rows.map((row) => (
                    <tr
                      key={rowKey(row)}
                      className={onRowActivate ? rowClass : undefined}
                      style={toneStyle(rowTone?.(row))}
                      tabIndex={onRowActivate && !rowHref ? 0 : undefined}
                      onClick={onRowActivate ? () => onRowActivate(row) : undefined}
                      onAuxClick={rowHref ? (event) => handleRowAuxClick(event, row) : undefined}
                      onKeyDown={onRowActivate && !rowHref ? (event) => handleRowKeyDown(event, row) : undefined}
                    >
                      {tableColumns.map((column) => (
                        <td
                          key={column.key}
                          className={[column.nowrap ? nowrapClass : '', column === primary ? primaryCellClass : '']
                            .filter(Boolean)
                            .join(' ') || undefined}
                        >
                          {rowHref && column === primary ? (
                            linked(row, <Cell column={column} row={row} />, rowLinkClass)
                          ) : (
                            <Cell column={column} row={row} />
                          )}
                        </td>
                      ))}
                    </tr>
                  ))}
            </tbody>
          </table>
        </div>
      </div>

      <ul className={cardsClass} aria-label={label} aria-busy={loading || undefined}>
        {loading
          ? Array.from({ length: 3 }, (_, index) => (
              <li key={`skeleton-${index}`} className={cardClass} aria-hidden="true">
                <span className={skeletonClass} style={{ width: '60%', height: '16px' }} />
                <span className={skeletonClass} style={{ width: '85%' }} />
                <span className={skeletonClass} style={{ width: '70%' }} />
              </li>
            ))
          : rows.map((row) => (
              <li
                key={rowKey(row)}
                className={cardClass}
                style={toneStyle(rowTone?.(row))}
                onClick={onRowActivate ? () => onRowActivate(row) : undefined}
                onAuxClick={rowHref ? (event) => handleRowAuxClick(event, row) : undefined}
              >
                {primary ? (
                  rowHref ? (
                    linked(row, primary.cell(row), `${cardTitleClass} ${rowLinkClass}`, rowActionLabel?.(row))
                  ) : onRowActivate ? (
                    <button
                      type="button"
                      className={cardTitleClass}
                      aria-label={rowActionLabel?.(row)}
                      onClick={(event) => {
                        event.stopPropagation();
                        onRowActivate(row);
                      }}
                    >
                      {primary.cell(row)}
                    </button>
                  ) : (
                    <strong>{primary.cell(row)}</strong>
                  )
                ) : null}
                <dl className={cardListClass}>
                  {others.map((column) => (
                    <CardLine key={column.key} header={column.header}>
                      {column.cell(row)}
                    </CardLine>
                  ))}
                </dl>
              </li>
            ))}
      </ul>
    </>
  );
}

/** The sorted column's arrow (↑ ascending, ↓ descending); a faint ↕ on the others. */
function SortMark({ direction }: { direction: DataSort['direction'] | undefined }) {
  const d = direction === 'ascending' ? 'M12 19V5M6 11l6-6 6 6' : direction === 'descending' ? 'M12 5v14M6 13l6 6 6-6' : 'M8 9l4-4 4 4M8 15l4 4 4-4';
  return (
    <svg width={14} height={14} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" opacity={direction ? 1 : 0.55}>
      <path d={d} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function Cell<T>({ column, row }: { column: DataColumn<T>; row: T }) {
  const content = (column.tableCell ?? column.cell)(row);
  if (column.truncate) {
    return (
      <span className={truncateClass} title={typeof content === 'string' ? content : undefined}>
        {content}
      </span>
    );
  }
  if (!column.clampLines) return <>{content}</>;
  return (
    <span
      className={clampClass}
      style={{ WebkitLineClamp: column.clampLines }}
      title={typeof content === 'string' ? content : undefined}
    >
      {content}
    </span>
  );
}

function CardLine({ header, children }: { header: string; children: ReactNode }) {
  return (
    <>
      <dt>{header}</dt>
      <dd>{children}</dd>
    </>
  );
}
