import { revokeLocationCodeEndpoint } from '@portal/contracts/location-verification-codes-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { locationCodeKeys } from './location-code-keys';

/** `POST …/:locationId/revoke`: the stores' check refuses the code from now on. */
export function useRevokeLocationCode(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (locationId: string) =>
      (await callEndpoint(revokeLocationCodeEndpoint, { params: { locationId } })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: locationCodeKeys.list(merchantId) }),
  });
}
