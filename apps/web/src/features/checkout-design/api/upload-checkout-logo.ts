import type { LogoUploadBody } from '@portal/contracts/checkout-design';
import { uploadCheckoutLogoEndpoint } from '@portal/contracts/checkout-design-endpoints';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';

/** `POST /api/checkout-design/logos`: a logo the draft can then name. The form shows a refusal itself. */
export function useUploadCheckoutLogo() {
  return useMutation({
    meta: { showsError: () => true },
    mutationFn: async (body: LogoUploadBody) =>
      (await callEndpoint(uploadCheckoutLogoEndpoint, { body })).data,
  });
}
