import type { Insights, InsightsQuery } from '@portal/contracts/insights';
import { insightsEndpoint } from '@portal/contracts/insights-endpoints';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { retryOnce } from '../../../lib/http/retry-once';

/** Per merchant, so that a merchant switch never shows the last merchant's figures. */
const insightsKeys = {
  range: (merchantId: string, query: InsightsQuery) => ['insights', merchantId, query] as const,
};

/** `GET /api/insights`: figures, series, splits and funnel of a range of the merchant's days. */
async function fetchInsights(query: InsightsQuery, signal?: AbortSignal): Promise<Insights> {
  const { data } = await callEndpoint(insightsEndpoint, { query, signal });
  return data;
}

function insightsQueryOptions(merchantId: string, query: InsightsQuery) {
  return queryOptions({
    queryKey: insightsKeys.range(merchantId, query),
    queryFn: ({ signal }) => fetchInsights(query, signal),
    placeholderData: keepPreviousData,
    retry: retryOnce,
  });
}

/** Disabled while the range is not valid: the page says why beside the field instead. */
export function useInsights(merchantId: string, query: InsightsQuery | undefined) {
  return useQuery({
    ...insightsQueryOptions(merchantId, query ?? { from: '', to: '' }),
    enabled: query !== undefined,
  });
}
