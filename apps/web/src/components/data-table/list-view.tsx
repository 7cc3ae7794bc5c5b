import { Stack } from '@mantine/core';
import type { Locale } from '@portal/contracts/brands';
import { useMemo, type ReactNode } from 'react';
import type { ListParams, ListState } from '../../lib/url-state/list-state';
import { ColumnChooser } from './column-chooser';
import { useColumnPreferences } from './column-preferences';
import { DataTable, type DataColumn } from './data-table';
import { ExportButton } from './export-button';
import { ListFilterBar } from './filters/list-filter-bar';
import type { FilterDeclaration } from './filters/list-filters';
import { ListEmpty } from './list-empty';
import { Pager } from './pager';
import { useListPaging, type ListPageQuery } from './use-list-paging';

export interface ListViewProps<T extends ListParams, Row> {
  /**
   * The list's name: its column choice is remembered under `portal.columns.<name>`, and its filters
   * and exports are counted in analytics under it.
   */
  readonly name: string;
  /** The list's URL state (`useListState`). */
  readonly list: ListState<T>;
  /** The page query: the list API hook's result for `list.params`. */
  readonly page: ListPageQuery<Row>;
  readonly columns: readonly DataColumn<Row>[];
  readonly filters: FilterDeclaration<T>;
  readonly getRowId: (row: Row) => string;
  /** Names the table, e.g. "Transactions". */
  readonly label: string;
  /** Names the filters' search landmark, e.g. "Filter transactions". */
  readonly filterLabel: string;
  /** What shows in place of rows: when filters hide them, and when there are none at all. */
  readonly empty: { readonly filtered: string; readonly none: string };
  /** Offers "Export CSV" beside the column chooser: the whole filtered list, headed in `locale`. */
  readonly onExport?: (locale: Locale) => Promise<void>;
  /** Between the filters and the table: totals of the filtered list. */
  readonly summary?: ReactNode;
  /** Clicking a row, or Enter on it, opens it. */
  readonly onRowOpen?: (row: Row) => void;
  /** The row whose detail is open. */
  readonly activeRowId?: string | undefined;
  /** Wider than this, the table scrolls sideways inside its frame. */
  readonly minWidth?: number;
}

/**
 * The portal's list page below its title: the filter bar bound to the URL, the column chooser, the
 * table with its loading, empty and error states, and the pager. A page declares its columns and
 * filters and passes its page query; the rules of every list live here.
 */
export function ListView<T extends ListParams, Row>({
  name,
  list,
  page,
  columns,
  filters,
  getRowId,
  label,
  filterLabel,
  empty,
  onExport,
  summary,
  onRowOpen,
  activeRowId,
  minWidth,
}: ListViewProps<T, Row>) {
  const { params } = list;
  // The preferences hook wants ids that stay the same object while the columns stay the same.
  const idText = columns.map((column) => column.id).join('\n');
  const columnIds = useMemo(() => idText.split('\n'), [idText]);
  const optionalText = columns
    .filter((column) => column.optional)
    .map((column) => column.id)
    .join('\n');
  const optionalIds = useMemo(() => (optionalText === '' ? [] : optionalText.split('\n')), [optionalText]);
  const preferences = useColumnPreferences(name, columnIds, optionalIds, {
    columns: params.columns,
    setColumns: list.setColumns,
  });
  const paging = useListPaging(list, page);

  return (
    <Stack gap="md">
      <ListFilterBar
        name={name}
        label={filterLabel}
        list={list}
        declaration={filters}
        actions={
          <>
            <ColumnChooser columns={columns} preferences={preferences} />
            {onExport && <ExportButton name={name} onExport={onExport} />}
          </>
        }
      />
      {summary}
      <DataTable
        label={label}
        columns={columns}
        preferences={preferences}
        rows={page.data?.items}
        status={page.isError ? 'error' : page.data ? 'success' : 'pending'}
        error={page.error}
        onRetry={() => void page.refetch()}
        refreshing={page.isPlaceholderData}
        getRowId={getRowId}
        sort={{ id: params.sort, order: params.order }}
        onSortChange={list.toggleSort}
        onRowOpen={onRowOpen}
        activeRowId={activeRowId}
        skeletonRows={params.limit}
        minWidth={minWidth}
        empty={
          <ListEmpty filtered={list.hasFilters} onClearFilters={list.clearFilters}>
            {list.hasFilters ? empty.filtered : empty.none}
          </ListEmpty>
        }
      />
      {paging && (
        <Pager
          {...paging}
          pageSize={params.limit}
          pageSizes={list.pageSizes}
          onPageSizeChange={list.setPageSize}
          onGoTo={list.goTo}
        />
      )}
    </Stack>
  );
}
