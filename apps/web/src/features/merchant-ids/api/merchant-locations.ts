import { transactionLocationsEndpoint } from '@portal/contracts/transactions-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { retryOnce } from '../../../lib/http/retry-once';

/** The merchant's open locations, which an id is registered for (the transaction filter's list). */
async function fetchOpenLocations(signal?: AbortSignal) {
  const { data } = await callEndpoint(transactionLocationsEndpoint, { signal });
  return data.items.filter((location) => location.status === 'ACTIVE');
}

export function useOpenLocations(merchantId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['merchantIds', merchantId, 'locations'] as const,
    queryFn: ({ signal }) => fetchOpenLocations(signal),
    retry: retryOnce,
    enabled,
  });
}
