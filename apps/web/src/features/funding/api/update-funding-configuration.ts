import type { FundingConfiguration, FundingConfigurationUpdate } from '@portal/contracts/funding';
import { updateFundingConfigurationEndpoint } from '@portal/contracts/funding-endpoints';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { FORM_SHOWS_FIELD_ERRORS } from '../../../lib/forms/mutation-errors';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { fundingKeys } from './funding-keys';

/**
 * `PATCH /api/funding-configuration/{configurationID}`. A new schedule moves the deposit days: the
 * previews are read again, and so is what other features show of them (`dependents`, e.g. the
 * settlement report's next deposit, which this feature does not know).
 */
export function useUpdateFundingConfiguration(merchantId: string, dependents: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: FORM_SHOWS_FIELD_ERRORS,
    mutationFn: async ({
      configurationID,
      body,
    }: {
      configurationID: string;
      body: FundingConfigurationUpdate;
    }): Promise<FundingConfiguration> =>
      (await callEndpoint(updateFundingConfigurationEndpoint, { params: { configurationID }, body })).data,
    onSuccess: async (saved) => {
      queryClient.setQueryData(fundingKeys.configuration(merchantId), saved);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: fundingKeys.calendars(merchantId) }),
        ...dependents.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]);
    },
  });
}
