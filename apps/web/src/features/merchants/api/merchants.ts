import type { MerchantSummary } from '@portal/contracts/merchants';
import { merchantsEndpoint } from '@portal/contracts/merchants-endpoints';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';

export interface MerchantsPage {
  readonly items: readonly MerchantSummary[];
  readonly total: number;
  /** The search these are the matches of, as the chooser keeps them on screen during the next load. */
  readonly search: string;
}

/** The chooser shows the best matches; a longer list is narrowed by searching, not by scrolling. */
const MERCHANT_SEARCH_LIMIT = 20;

/** `GET /api/merchants?search=…`: the merchants provider staff may choose, matching the text. */
async function searchMerchants(search: string, signal?: AbortSignal): Promise<MerchantsPage> {
  const text = search.trim();
  const { data } = await callEndpoint(merchantsEndpoint, {
    query: { search: text || undefined, limit: MERCHANT_SEARCH_LIMIT, offset: 0 },
    signal,
  });
  return { items: data.items, total: data.pagination.total, search: text };
}

export const merchantKeys = {
  search: (search: string) => ['merchants', 'search', search.trim()] as const,
  current: (merchantId: string) => ['merchants', 'current', merchantId] as const,
  settings: (merchantId: string) => ['merchants', 'settings', merchantId] as const,
};

function merchantSearchQueryOptions(search: string) {
  return queryOptions({
    queryKey: merchantKeys.search(search),
    queryFn: ({ signal }) => searchMerchants(search, signal),
    // The previous matches stay while the next ones load, so the list does not flicker while typing.
    placeholderData: keepPreviousData,
  });
}

export function useMerchantSearch(search: string) {
  return useQuery(merchantSearchQueryOptions(search));
}
