import {
  DEFAULT_TARGETING_HISTORY_PAGE_SIZE,
  TARGETING_HISTORY_PAGE_SIZES,
  TARGETING_HISTORY_SORTS,
} from '@portal/contracts/targeting';
import { z } from 'zod';
import type { QueryParams } from '../../lib/http/query-string';
import { defineListUrl } from '../../lib/url-state/list-state';
import { urlDay } from '../../lib/url-state/url-params';

/**
 * The export history in the URL, with the API's names behind the prefix `history.` (the page's form
 * has its own `from` and `to`): the user who exported and the days it was taken on, the merchant's.
 */
export const historyListUrl = defineListUrl(
  {
    userId: z.string().trim().min(1).max(100).optional(),
    from: urlDay(),
    to: urlDay(),
  },
  {
    sorts: TARGETING_HISTORY_SORTS,
    defaultSort: 'createdAt',
    defaultOrder: 'desc',
    pageSizes: TARGETING_HISTORY_PAGE_SIZES,
    defaultPageSize: DEFAULT_TARGETING_HISTORY_PAGE_SIZE,
  },
  { ranges: [['from', 'to']], prefix: 'history' },
);

export type HistoryListState = typeof historyListUrl.defaults;

/** The filters and order shared by the list and its file. */
export function historyFilterQuery(state: HistoryListState): QueryParams {
  return { userId: state.userId, from: state.from, to: state.to, sort: state.sort, order: state.order };
}

export function historyPageQuery(state: HistoryListState): QueryParams {
  return {
    ...historyFilterQuery(state),
    limit: state.limit,
    offset: state.offset > 0 ? state.offset : undefined,
  };
}
