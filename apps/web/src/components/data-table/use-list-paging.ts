import { useEffect } from 'react';
import { showErrorAlert } from '../../lib/alerts/alert-store';
import { ApiError } from '../../lib/http/api-error';
import type { ListParams, ListState, PageTarget } from '../../lib/url-state/list-state';

/** The part of a list API's answer that the list view reads. */
export interface ListPage<Row> {
  readonly items: readonly Row[];
  readonly pagination: { readonly offset: number; readonly total: number; readonly totalIsCapped?: boolean };
  readonly nextCursor?: string | null;
}

/** The part of a TanStack page query (a list API hook's result) that the list view reads. */
export interface ListPageQuery<Row> {
  readonly data: ListPage<Row> | undefined;
  readonly error: unknown;
  readonly isError: boolean;
  /** The rows shown are the previous page's while the next one loads (`keepPreviousData`). */
  readonly isPlaceholderData: boolean;
  readonly refetch: () => Promise<unknown>;
}

/** Where the page shown is, and where First, Previous, Next and Last lead: the `Pager`'s props of one page. */
interface ListPaging {
  readonly offset: number;
  readonly itemCount: number;
  readonly total: number;
  readonly totalIsCapped: boolean;
  readonly first: PageTarget | undefined;
  readonly previous: PageTarget | undefined;
  readonly next: PageTarget | undefined;
  readonly last: PageTarget | undefined;
}

/** A cursor the API no longer takes (other filters, or an old link). */
function isRefusedCursor(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 400 &&
    error.details.some((detail) => detail.path === 'query.cursor')
  );
}

/**
 * What every list does with its page query: a failed call shows the error alert (§8) beside the error
 * box; a cursor the API refused, or a page past the end (the list shrank, a stale link), goes back to
 * the first page. Undefined until a page has arrived.
 */
export function useListPaging<T extends ListParams>(
  list: ListState<T>,
  page: ListPageQuery<unknown>,
): ListPaging | undefined {
  const { resetPaging, pageTargets } = list;
  const { data, error, isPlaceholderData } = page;
  useEffect(() => {
    if (error === null) return;
    if (isRefusedCursor(error)) resetPaging();
    else showErrorAlert(error);
  }, [error, resetPaging]);
  const pastTheEnd =
    data !== undefined && !isPlaceholderData && data.items.length === 0 && data.pagination.offset > 0;
  useEffect(() => {
    if (pastTheEnd) resetPaging();
  }, [pastTheEnd, resetPaging]);

  if (data === undefined) return undefined;
  const { offset, total, totalIsCapped = false } = data.pagination;
  const itemCount = data.items.length;
  const { first, previous, next, last } = pageTargets({
    offset,
    total,
    totalIsCapped,
    itemCount,
    ...(data.nextCursor === undefined ? {} : { nextCursor: data.nextCursor }),
  });
  return { offset, itemCount, total, totalIsCapped, first, previous, next, last };
}
