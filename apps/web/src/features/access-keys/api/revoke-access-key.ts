import { revokeAccessKeyEndpoint } from '@portal/contracts/access-keys-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { accessKeyKeys } from './access-key-keys';

/** `POST /api/access-keys/:keyId/revoke`: the merchant API refuses the key from its next request. */
export function useRevokeAccessKey(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (keyId: string) =>
      (await callEndpoint(revokeAccessKeyEndpoint, { params: { keyId } })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessKeyKeys.list(merchantId) }),
  });
}
