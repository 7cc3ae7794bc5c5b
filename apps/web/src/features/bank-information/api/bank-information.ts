import { bankInformationEndpoint } from '@portal/contracts/bank-information-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { retryOnce } from '../../../lib/http/retry-once';

/** Query keys of the bank information, per merchant (a merchant switch never shows the last one's). */
export const bankInformationKeys = {
  page: (merchantId: string) => ['bankInformation', merchantId] as const,
};

/** `GET /api/bank-information`: the account in use, a scheduled or pending change, the next deposit. */
export function useBankInformation(merchantId: string) {
  return useQuery({
    queryKey: bankInformationKeys.page(merchantId),
    queryFn: async ({ signal }) => (await callEndpoint(bankInformationEndpoint, { signal })).data,
    retry: retryOnce,
  });
}
