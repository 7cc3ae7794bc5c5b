import type { EnrollmentCreate, EnrollmentUpdate } from '@portal/contracts/payment-products';
import {
  createEnrollmentEndpoint,
  endEnrollmentEndpoint,
  updateEnrollmentEndpoint,
} from '@portal/contracts/payment-products-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { FORM_SHOWS_FIELD_ERRORS } from '../../../lib/forms/mutation-errors';
import { offeredPlansKey } from '../../../lib/query-keys/offered-plans';
import { paymentProductKeys } from './payment-product-keys';

/** After a change: the page's lists, and the placement preview's plans, which follow the enrollments. */
function useRefresh(merchantId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: paymentProductKeys.all(merchantId) }),
      queryClient.invalidateQueries({ queryKey: offeredPlansKey(merchantId) }),
    ]);
}

/** `POST /api/payment-product-enrollment`: enrolls the merchant in a product of a program. */
export function useCreateEnrollment(merchantId: string) {
  const refresh = useRefresh(merchantId);
  return useMutation({
    meta: FORM_SHOWS_FIELD_ERRORS,
    mutationFn: async (body: EnrollmentCreate) =>
      (await callEndpoint(createEnrollmentEndpoint, { body })).data,
    onSettled: refresh,
  });
}

/** `PATCH /api/payment-product-enrollment/:enrollmentID`: its dates or the merchant's own terms. */
export function useUpdateEnrollment(merchantId: string) {
  const refresh = useRefresh(merchantId);
  return useMutation({
    meta: FORM_SHOWS_FIELD_ERRORS,
    mutationFn: async ({ id, body }: { id: string; body: EnrollmentUpdate }) =>
      (await callEndpoint(updateEnrollmentEndpoint, { params: { enrollmentID: id }, body })).data,
    onSettled: refresh,
  });
}

/** `DELETE /api/payment-product-enrollment/:enrollmentID`: ends it now (one not started is removed). */
export function useEndEnrollment(merchantId: string) {
  const refresh = useRefresh(merchantId);
  return useMutation({
    mutationFn: async (id: string) => {
      await callEndpoint(endEnrollmentEndpoint, { params: { enrollmentID: id } });
    },
    onSettled: refresh,
  });
}
