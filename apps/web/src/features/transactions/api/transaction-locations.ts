import { dataResponseSchema } from '@portal/contracts/api';
import {
  TRANSACTION_LOCATIONS_PATH,
  locationOptionSchema,
  type LocationOption,
} from '@portal/contracts/transactions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/http/http-client';
import { retryOnce } from '../../../lib/http/retry-once';
import { transactionKeys } from './transaction-keys';

const locationsAnswerSchema = dataResponseSchema(z.object({ items: z.array(locationOptionSchema) }));

/** `GET /api/transactions/locations`: the merchant's locations, for the location filter. */
async function fetchTransactionLocations(signal?: AbortSignal): Promise<LocationOption[]> {
  const { data } = await apiRequest(TRANSACTION_LOCATIONS_PATH, { schema: locationsAnswerSchema, signal });
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
