import { restoreCheckoutDesignEndpoint } from '@portal/contracts/checkout-design-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { checkoutDesignKeys } from './checkout-design-keys';

/** `POST /api/checkout-design/versions/:version/restore`: a published version becomes the draft. */
export function useRestoreDesignVersion(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (version: number) =>
      (await callEndpoint(restoreCheckoutDesignEndpoint, { params: { version: String(version) } })).data,
    onSuccess: (state) => {
      queryClient.setQueryData(checkoutDesignKeys.state(merchantId), state);
    },
  });
}
