import type { LocationOption } from '@portal/contracts/transactions';
import { transactionLocationsEndpoint } from '@portal/contracts/transactions-endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { retryOnce } from '../../../lib/http/retry-once';
import { transactionKeys } from './transaction-keys';

/** `GET /api/transactions/locations`: the merchant's locations, for the location filter. */
async function fetchTransactionLocations(signal?: AbortSignal): Promise<LocationOption[]> {
  const { data } = await callEndpoint(transactionLocationsEndpoint, { signal });
  return data.items;
}

function transactionLocationsQueryOptions(merchantId: string) {
  return queryOptions({
    queryKey: transactionKeys.locations(merchantId),
    queryFn: ({ signal }) => fetchTransactionLocations(signal),
    retry: retryOnce,
    // Locations change rarely; the filter need not ask again on every visit.
    staleTime: 5 * 60_000,
  });
}

export function useTransactionLocations(merchantId: string) {
  return useQuery(transactionLocationsQueryOptions(merchantId));
}
