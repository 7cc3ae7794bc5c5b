import { Fragment, useMemo, type ReactNode } from 'react';
import { listFilterEvents } from '../../../lib/analytics/list-filter-events';
import type { ListParams, ListState } from '../../../lib/url-state/list-state';
import { FilterBar } from './filter-bar';
import { activeFilterCount, type FilterBinding, type FilterDeclaration } from './list-filters';

export interface ListFilterBarProps<T extends ListParams> {
  /** The list's name in analytics. */
  readonly name: string;
  /** Names the search landmark, e.g. "Filter transactions". */
  readonly label: string;
  readonly list: ListState<T>;
  readonly declaration: FilterDeclaration<T>;
  readonly actions?: ReactNode;
}

/**
 * A list's filter declaration bound to its URL state: every change goes through `setFilters` (back to
 * the first page) and is counted in analytics by the filter's name, never its value.
 */
export function ListFilterBar<T extends ListParams>({
  name,
  label,
  list,
  declaration,
  actions,
}: ListFilterBarProps<T>) {
  const { params, defaults, setFilters } = list;
  const events = useMemo(() => listFilterEvents(name), [name]);
  const bind = (filterName: string | null): FilterBinding<T> => ({
    params,
    set: (patch) => {
      setFilters(patch);
      if (filterName !== null) events.applied(filterName);
      else if (declaration.search) events.searched(patch[declaration.search.key] as string | undefined);
    },
  });

  return (
    <FilterBar
      label={label}
      activeCount={activeFilterCount(declaration.filters, params, defaults)}
      hasFilters={list.hasFilters}
      onClear={list.clearFilters}
      actions={actions}
      search={declaration.search?.render(bind(null)) ?? null}
    >
      {declaration.filters.map((filter) => (
        <Fragment key={filter.name}>{filter.render(bind(filter.name))}</Fragment>
      ))}
    </FilterBar>
  );
}
