import type {
  BankChangeBody,
  BankInformation,
  ConfirmBankChangeBody,
} from '@portal/contracts/bank-information';
import {
  cancelBankChangeEndpoint,
  confirmBankChangeEndpoint,
  requestBankChangeEndpoint,
} from '@portal/contracts/bank-information-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FORM_SHOWS_FIELD_ERRORS } from '../../../lib/forms/mutation-errors';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { bankInformationKeys } from './bank-information';

/** Each change answers the page's new state, which replaces the one shown. */
function useShowAnswer(merchantId: string) {
  const queryClient = useQueryClient();
  return (page: BankInformation) => {
    queryClient.setQueryData(bankInformationKeys.page(merchantId), page);
  };
}

/** `POST /api/bank-information/change-requests`: the form shows the server's field errors. */
export function useRequestBankChange(merchantId: string) {
  const show = useShowAnswer(merchantId);
  return useMutation({
    meta: FORM_SHOWS_FIELD_ERRORS,
    mutationFn: async (body: BankChangeBody) =>
      (await callEndpoint(requestBankChangeEndpoint, { body })).data,
    onSuccess: show,
  });
}

/** `POST /api/bank-information/change-requests/confirm`, as a second administrator or with the link. */
export function useConfirmBankChange(merchantId: string) {
  const show = useShowAnswer(merchantId);
  return useMutation({
    mutationFn: async (body: ConfirmBankChangeBody) =>
      (await callEndpoint(confirmBankChangeEndpoint, { body })).data,
    onSuccess: show,
  });
}

/** `POST /api/bank-information/change-requests/cancel`. */
export function useCancelBankChange(merchantId: string) {
  const show = useShowAnswer(merchantId);
  return useMutation({
    mutationFn: async (requestId: string) =>
      (await callEndpoint(cancelBankChangeEndpoint, { body: { requestId } })).data,
    onSuccess: show,
  });
}
