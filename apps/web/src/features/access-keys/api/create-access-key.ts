import type { CreateAccessKeyBody } from '@portal/contracts/access-keys';
import { createAccessKeyEndpoint } from '@portal/contracts/access-keys-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { FORM_SHOWS_FIELD_ERRORS } from '../../../lib/forms/mutation-errors';
import { accessKeyKeys } from './access-key-keys';

/** `POST /api/access-keys`: a new key, with its secret this once. */
export function useCreateAccessKey(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: FORM_SHOWS_FIELD_ERRORS,
    mutationFn: async (body: CreateAccessKeyBody) =>
      (await callEndpoint(createAccessKeyEndpoint, { body })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessKeyKeys.list(merchantId) }),
  });
}
