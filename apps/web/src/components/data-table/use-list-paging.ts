import { useEffect } from 'react';
import { showErrorAlert } from '../../lib/alerts/alert-store';
import type { ListParams, ListState, PageTarget } from '../../lib/url-state/list-state';

/** The part of a list API's answer that paging reads. */
interface ListPage {
  readonly items: readonly unknown[];
  readonly pagination: { readonly offset: number; readonly total: number };
  readonly nextCursor?: string | null;
}

/** The part of a TanStack page query that paging reads. */
interface ListPageQuery {
  readonly data: ListPage | undefined;
  readonly error: unknown;
  readonly isPlaceholderData: boolean;
}

/** Where the page shown is, and where Previous and Next lead: the `Pager`'s props of one page. */
export interface ListPaging {
  readonly offset: number;
  readonly itemCount: number;
  readonly total: number;
  readonly previous: PageTarget | undefined;
  readonly next: PageTarget | undefined;
}

/**
 * What every list page does with its page query: a failed call shows the error alert (§8) beside the
 * error box (or goes to `onError`), and a page past the end (the list shrank, a stale link) goes back to
 * the first page. Undefined until a page has arrived.
 */
export function useListPaging<T extends ListParams>(
  list: ListState<T>,
  page: ListPageQuery,
  onError: (error: unknown) => void = showErrorAlert,
): ListPaging | undefined {
  const { resetPaging, pageTargets } = list;
  const { data, error, isPlaceholderData } = page;
  useEffect(() => {
    if (error !== null) onError(error);
  }, [error, onError]);
  const pastTheEnd =
    data !== undefined && !isPlaceholderData && data.items.length === 0 && data.pagination.offset > 0;
  useEffect(() => {
    if (pastTheEnd) resetPaging();
  }, [pastTheEnd, resetPaging]);

  if (data === undefined) return undefined;
  const { offset, total } = data.pagination;
  const itemCount = data.items.length;
  const { previous, next } = pageTargets({
    offset,
    total,
    itemCount,
    ...(data.nextCursor === undefined ? {} : { nextCursor: data.nextCursor }),
  });
  return { offset, itemCount, total, previous, next };
}
