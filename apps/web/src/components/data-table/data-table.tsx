import { Skeleton, Table, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type VisibilityState,
} from '@tanstack/react-table';
import { useEffect, useMemo, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortOrder } from '../../lib/url-state/list-state';
import { ErrorMessageBox } from '../error-message-box';
import type { ColumnPreferences } from './column-preferences';
import classes from './data-table.module.css';

export interface DataColumn<T> {
  readonly id: string;
  /** The header's text, also the column's name in the column chooser. */
  readonly header: string;
  readonly cell: (row: T) => ReactNode;
  /** The API sorts by this column's id. */
  readonly sortable?: boolean;
  /** Amounts line up on the right. */
  readonly align?: 'start' | 'end';
  /**
   * Shown only when chosen in the column chooser: the default columns of a list fit a 1280 px screen,
   * amounts and status included.
   */
  readonly optional?: boolean;
  /** The row's name (a program, a funnel step): its cells are row headers (`<th scope="row">`). */
  readonly rowHeader?: boolean;
}

/** A list's columns by id, in their default order; the header is the id's name. */
export type ColumnCells<T, Id extends string> = Readonly<Record<Id, Omit<DataColumn<T>, 'id' | 'header'>>>;

/** The columns of `cells` in their order, each headed by `header(id)` (e.g. `t(\`columns.${id}\`)`). */
export function columnsOf<T, Id extends string>(
  cells: ColumnCells<T, Id>,
  header: (id: Id) => string,
): DataColumn<T>[] {
  return (Object.keys(cells) as Id[]).map((id) => ({ id, header: header(id), ...cells[id] }));
}

/**
 * A page's rows are plain `tr`, `td` and `th` elements with the classes and attributes Mantine's
 * `Table.Tr`, `Table.Td` and `Table.Th` give them in this table (row borders and the highlight on hover
 * are on, column borders and stripes off): a page of rows is a few hundred cells, and the components'
 * props, theme styles and context per cell were most of the time a page of rows took to render
 * (docs/decisions/0027). The header, the totals and the loading rows, a handful of cells, keep them.
 */
const BODY_ROW_CLASS = `${Table.classes.tr} mantine-Table-tr`;
const BODY_CELL_CLASS = `${Table.classes.td} mantine-Table-td`;
const BODY_HEADER_CLASS = `${Table.classes.th} mantine-Table-th`;

type DataTableStatus = 'pending' | 'error' | 'success';

/**
 * The totals of the rows shown, below them: a `<tfoot>` row in the table, a card of its own on a phone.
 * The label names the row in the first column shown that has no total (e.g. "Total of 4 deposits").
 */
export interface DataTableTotals {
  readonly label: string;
  /** A total per column id; a column without one stays empty. */
  readonly cells: Readonly<Partial<Record<string, ReactNode>>>;
}

/** Rows that can still load or fail, with the way to ask for them again; or rows already at hand. */
type DataTableSource =
  | {
      /** `pending` shows skeleton rows; `error` the 'Oops...' box with Try Again. */
      readonly status: DataTableStatus;
      readonly error?: unknown;
      readonly onRetry: () => void;
    }
  | { readonly status: 'success'; readonly error?: undefined; readonly onRetry?: undefined };

export type DataTableProps<T> = DataTableBaseProps<T> & DataTableSource;

interface DataTableBaseProps<T> {
  /** Names the table for assistive technology. */
  readonly label: string;
  readonly columns: readonly DataColumn<T>[];
  /** The columns shown and their order; every column in its place when left out (no column chooser). */
  readonly preferences?: ColumnPreferences;
  readonly rows: readonly T[] | undefined;
  /** A newer page is loading while the rows shown stay. */
  readonly refreshing?: boolean;
  readonly getRowId: (row: T) => string;
  /** The API's sort; left out when the API sorts by nothing the user chooses (no header sorts). */
  readonly sort?: { readonly id: string; readonly order: SortOrder };
  readonly onSortChange?: (columnId: string) => void;
  /** Clicking a row, or Enter on it, opens it. */
  readonly onRowOpen?: (row: T) => void;
  /** The row whose detail is open: marked, and focused again when the detail closes. */
  readonly activeRowId?: string | undefined;
  /** Shown in place of the rows when there are none. */
  readonly empty: ReactNode;
  /** Below the rows, when there are some: their totals. */
  readonly totals?: DataTableTotals;
  /** As many skeleton rows as the page will have. */
  readonly skeletonRows: number;
  /** Wider than this, the table scrolls sideways inside its frame. */
  readonly minWidth?: number;
  /**
   * The frame takes the keyboard focus, so that a table without rows that open (nothing else to focus
   * inside) can still be scrolled from the keyboard.
   */
  readonly focusableFrame?: boolean;
}

const NO_ROWS: readonly unknown[] = [];

/** Focus moves row to row with the arrow keys, as in a grid; Enter opens the row. */
function onRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, open: () => void): void {
  if (event.target !== event.currentTarget) return;
  if (event.key === 'Enter') {
    event.preventDefault();
    open();
  } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    const sibling =
      event.key === 'ArrowDown'
        ? event.currentTarget.nextElementSibling
        : event.currentTarget.previousElementSibling;
    if (sibling instanceof HTMLElement) {
      event.preventDefault();
      sibling.focus();
    }
  }
}

function ariaSort(sorted: boolean, order: SortOrder): 'ascending' | 'descending' | undefined {
  if (!sorted) return undefined;
  return order === 'asc' ? 'ascending' : 'descending';
}

/** The totals below the rows, each under its column (and on a phone, under its column's name). */
function TotalsRow<T>({
  totals,
  columns,
}: {
  readonly totals: DataTableTotals;
  readonly columns: readonly DataColumn<T>[];
}) {
  const labelAt = Math.max(
    0,
    columns.findIndex((column) => totals.cells[column.id] === undefined),
  );
  return (
    <Table.Tfoot className={classes.totals}>
      <Table.Tr>
        {columns.map((column, index) => {
          const total = totals.cells[column.id];
          return index === labelAt ? (
            <Table.Th key={column.id} scope="row" data-align={column.align ?? 'start'}>
              {totals.label}
              {total !== undefined && <> {total}</>}
            </Table.Th>
          ) : (
            <Table.Td
              key={column.id}
              data-align={column.align ?? 'start'}
              data-label={total === undefined ? undefined : column.header}
            >
              {total}
            </Table.Td>
          );
        })}
      </Table.Tr>
    </Table.Tfoot>
  );
}

/**
 * The portal's list table: server-side sorting from the column headers, the columns and order the user
 * chose, skeleton rows while loading, an empty state, the error box, and rows that open with a click or
 * Enter. Data comes in through props: the table fetches nothing.
 */
export function DataTable<T>({
  label,
  columns,
  preferences,
  rows,
  status,
  error,
  onRetry,
  refreshing = false,
  getRowId,
  sort,
  onSortChange,
  onRowOpen,
  activeRowId,
  empty,
  totals,
  skeletonRows,
  minWidth = 960,
  focusableFrame = false,
}: DataTableProps<T>) {
  const { t } = useTranslation('lists');
  const body = useRef<HTMLTableSectionElement>(null);
  const shown = useMemo(
    () => preferences ?? { order: columns.map((column) => column.id), hidden: new Set<string>() },
    [preferences, columns],
  );

  const definitions = useMemo(
    () =>
      columns.map((column): ColumnDef<T> => ({
        id: column.id,
        header: column.header,
        cell: ({ row }) => column.cell(row.original),
      })),
    [columns],
  );
  const byId = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);
  const columnVisibility = useMemo<VisibilityState>(
    () => Object.fromEntries([...shown.hidden].map((id) => [id, false])),
    [shown.hidden],
  );

  // Rendering only: sorting and paging are the API's (manual), so no row models beyond the core one.
  // eslint-disable-next-line react-hooks/incompatible-library -- the React Compiler is not used here.
  const table = useReactTable({
    data: (rows ?? (NO_ROWS as readonly T[])) as T[],
    columns: definitions,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    state: { columnVisibility, columnOrder: [...shown.order] },
  });
  const visibleCount = table.getVisibleLeafColumns().length;

  // When the detail closes, focus goes back to the row it was opened from, after the shell's own focus
  // move to the page (an effect of the same commit).
  const openedRowId = useRef(activeRowId);
  useEffect(() => {
    const closed = openedRowId.current;
    openedRowId.current = activeRowId;
    if (closed === undefined || activeRowId !== undefined) return;
    const timer = setTimeout(() => {
      const row = [...(body.current?.rows ?? [])].find((element) => element.dataset.rowId === closed);
      row?.focus();
    });
    return () => {
      clearTimeout(timer);
    };
  }, [activeRowId]);

  if (status === 'error') return <ErrorMessageBox error={error} onRetry={onRetry} />;

  const header = (
    <Table.Thead>
      {table.getHeaderGroups().map((group) => (
        <Table.Tr key={group.id}>
          {group.headers.map((cell) => {
            const column = byId.get(cell.column.id);
            const sortable = column?.sortable === true && sort !== undefined && onSortChange !== undefined;
            const sorted = sort?.id === cell.column.id;
            const order = sort?.order ?? 'desc';
            const title = flexRender(cell.column.columnDef.header, cell.getContext());
            const SortIcon = !sorted ? IconArrowsSort : order === 'asc' ? IconArrowUp : IconArrowDown;
            return (
              <Table.Th
                key={cell.id}
                scope="col"
                aria-sort={sortable ? ariaSort(sorted, order) : undefined}
                data-align={column?.align ?? 'start'}
                data-sortable={sortable || undefined}
                className={classes.headerCell}
              >
                {sortable ? (
                  <UnstyledButton
                    className={classes.sortButton}
                    data-sorted={sorted || undefined}
                    onClick={() => {
                      onSortChange(cell.column.id);
                    }}
                  >
                    {title}
                    <SortIcon size={14} aria-hidden="true" />
                  </UnstyledButton>
                ) : (
                  title
                )}
              </Table.Th>
            );
          })}
        </Table.Tr>
      ))}
    </Table.Thead>
  );

  let content: ReactNode;
  if (status === 'pending') {
    content = Array.from({ length: skeletonRows }, (_, index) => (
      <Table.Tr key={index}>
        {table.getVisibleLeafColumns().map((column) => (
          <Table.Td key={column.id}>
            <Skeleton height={12} radius="sm" />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  } else if (table.getRowModel().rows.length === 0) {
    content = (
      <Table.Tr>
        <Table.Td colSpan={visibleCount} className={classes.emptyCell}>
          {empty}
        </Table.Td>
      </Table.Tr>
    );
  } else {
    content = table.getRowModel().rows.map((row) => {
      const open = onRowOpen
        ? () => {
            onRowOpen(row.original);
          }
        : undefined;
      return (
        <tr
          key={row.id}
          className={open ? `${BODY_ROW_CLASS} ${classes.openableRow}` : BODY_ROW_CLASS}
          data-with-row-border
          data-hover
          data-row-id={row.id}
          data-active={row.id === activeRowId || undefined}
          tabIndex={open ? 0 : undefined}
          onClick={
            open
              ? (event) => {
                  // A link or button inside a cell does its own thing.
                  if (event.target instanceof Element && event.target.closest('a, button, input')) return;
                  open();
                }
              : undefined
          }
          onKeyDown={
            open
              ? (event) => {
                  onRowKeyDown(event, open);
                }
              : undefined
          }
        >
          {row.getVisibleCells().map((cell) => {
            const column = byId.get(cell.column.id);
            const Cell = column?.rowHeader ? 'th' : 'td';
            return (
              <Cell
                key={cell.id}
                className={column?.rowHeader ? BODY_HEADER_CLASS : BODY_CELL_CLASS}
                scope={column?.rowHeader ? 'row' : undefined}
                data-align={column?.align ?? 'start'}
                // A phone shows each row as a card, a value under its column's name.
                data-label={column?.header}
              >
                {flexRender(cell.column.columnDef.cell, cell.getContext())}
              </Cell>
            );
          })}
        </tr>
      );
    });
  }

  const busy = status === 'pending' || refreshing;
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      maxHeight="70vh"
      type="native"
      className={classes.frame}
      {...(focusableFrame ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
    >
      {busy && (
        <VisuallyHidden role="status" aria-live="polite">
          {t('table.loading')}
        </VisuallyHidden>
      )}
      <Table
        stickyHeader
        highlightOnHover
        aria-label={label}
        aria-busy={busy}
        data-refreshing={refreshing || undefined}
        className={classes.table}
      >
        {header}
        <Table.Tbody ref={body}>{content}</Table.Tbody>
        {totals && status === 'success' && table.getRowModel().rows.length > 0 && (
          <TotalsRow
            totals={totals}
            columns={table.getVisibleLeafColumns().flatMap((column) => byId.get(column.id) ?? [])}
          />
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
