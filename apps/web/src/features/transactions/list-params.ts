import { CHANNELS, PRODUCT_TYPES } from '@portal/contracts/enums';
import {
  DEFAULT_TRANSACTION_PAGE_SIZE,
  MAX_TRANSACTION_OFFSET,
  TRANSACTION_PAGE_SIZES,
  TRANSACTION_SORTS,
  TRANSACTION_STATUSES,
} from '@portal/contracts/transactions';
import { z } from 'zod';
import type { QueryParams } from '../../lib/http/query-string';
import { defineListUrl } from '../../lib/url-state/list-state';
import { urlDay, urlInteger, urlList, urlText } from '../../lib/url-state/url-params';

const idText = z.string().trim().min(1).max(100);

/**
 * The transaction list in the URL. Parameters have the API's names and units (amounts in minor units,
 * days in the merchant's time zone), so a link reads as the call it makes.
 */
export const transactionListUrl = defineListUrl(
  {
    search: urlText(200),
    status: urlList(z.enum(TRANSACTION_STATUSES)),
    from: urlDay(),
    to: urlDay(),
    programID: urlList(idText),
    locationID: idText.optional(),
    productType: z.enum(PRODUCT_TYPES).optional(),
    channel: z.enum(CHANNELS).optional(),
    minAmount: urlInteger(),
    maxAmount: urlInteger(),
  },
  {
    sorts: TRANSACTION_SORTS,
    defaultSort: 'createdAt',
    defaultOrder: 'desc',
    pageSizes: TRANSACTION_PAGE_SIZES,
    defaultPageSize: DEFAULT_TRANSACTION_PAGE_SIZE,
    maxOffset: MAX_TRANSACTION_OFFSET,
  },
  {
    ranges: [
      ['from', 'to'],
      ['minAmount', 'maxAmount'],
    ],
  },
);

export type TransactionListState = typeof transactionListUrl.defaults;

/**
 * The programs the list is limited to: those of the program filter that are in the header's program
 * selection (specification §3), or else the selection itself. Undefined: every program.
 */
export function effectivePrograms(
  filtered: readonly string[],
  selection: readonly string[] | undefined,
): string[] | undefined {
  if (selection === undefined) return filtered.length > 0 ? [...filtered] : undefined;
  const chosen = filtered.filter((id) => selection.includes(id));
  return chosen.length > 0 ? chosen : [...selection];
}

/** The filters shared by the list, the totals and the export, as the API's query. */
export function transactionFilterQuery(
  state: TransactionListState,
  programIds: readonly string[] | undefined,
): QueryParams {
  return {
    search: state.search,
    status: state.status.length > 0 ? state.status : undefined,
    from: state.from,
    to: state.to,
    programID: programIds,
    locationID: state.locationID,
    productType: state.productType,
    channel: state.channel,
    minAmount: state.minAmount,
    maxAmount: state.maxAmount,
  };
}

/** One page of the list: the filters, the sort, and the page by offset or (deep) by cursor. */
export function transactionPageQuery(
  state: TransactionListState,
  programIds: readonly string[] | undefined,
): QueryParams {
  return {
    ...transactionFilterQuery(state, programIds),
    sort: state.sort,
    order: state.order,
    limit: state.limit,
    offset: state.cursor === undefined && state.offset > 0 ? state.offset : undefined,
    cursor: state.cursor,
  };
}
