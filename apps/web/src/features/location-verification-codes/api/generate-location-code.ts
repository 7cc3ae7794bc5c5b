import { generateLocationCodeEndpoint } from '@portal/contracts/location-verification-codes-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { track } from '../../../lib/analytics/analytics';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { locationCodeKeys } from './location-code-keys';

/** `POST …/:locationId/generate`: a new code, its digits in this answer only. */
export function useGenerateLocationCode(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ locationId }: { locationId: string; regenerate: boolean }) =>
      (await callEndpoint(generateLocationCodeEndpoint, { params: { locationId } })).data,
    onSuccess: (_data, { regenerate }) => {
      track('location_verification_code_generated', { regenerate });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: locationCodeKeys.list(merchantId) }),
  });
}
