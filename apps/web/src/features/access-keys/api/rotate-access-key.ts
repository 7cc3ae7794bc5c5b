import type { RotationOverlap } from '@portal/contracts/access-keys';
import { rotateAccessKeyEndpoint } from '@portal/contracts/access-keys-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { accessKeyKeys } from './access-key-keys';

/** `POST /api/access-keys/:keyId/rotate`: a new secret, shown this once; the old one lasts the overlap. */
export function useRotateAccessKey(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ keyId, overlap }: { keyId: string; overlap: RotationOverlap }) =>
      (await callEndpoint(rotateAccessKeyEndpoint, { params: { keyId }, body: { overlap } })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessKeyKeys.list(merchantId) }),
  });
}
