import type { SettlementRangeQuery } from '@portal/contracts/settlement';
import { settlementReportEndpoint } from '@portal/contracts/settlement-endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { retryOnce } from '../../../lib/http/retry-once';
import { settlementKeys } from './settlement-keys';

/** `GET /api/settlement/deposits`: the deposits of a range with their sums and the program breakdown. */
async function fetchSettlementReport(range: SettlementRangeQuery, signal?: AbortSignal) {
  const { data } = await callEndpoint(settlementReportEndpoint, { query: { ...range }, signal });
  return data;
}

/** Nothing is asked while the range is not valid (`range` undefined): its message is beside the field. */
export function useSettlementReport(merchantId: string, range: SettlementRangeQuery | undefined) {
  return useQuery({
    queryKey: settlementKeys.report(merchantId, range?.from ?? '', range?.to ?? ''),
    queryFn: ({ signal }) => fetchSettlementReport(range ?? { from: '', to: '' }, signal),
    enabled: range !== undefined,
    placeholderData: keepPreviousData,
    retry: retryOnce,
  });
}
