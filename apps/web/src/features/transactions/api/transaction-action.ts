import type { Money } from '@portal/contracts/money';
import type { TransactionAction } from '@portal/contracts/transactions';
import { transactionActionEndpoints } from '@portal/contracts/transactions-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/http/api-error';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { transactionKeys } from './transaction-keys';
import type { TransactionDetailAnswer } from './transaction-schemas';

interface TransactionActionRequest {
  readonly id: string;
  readonly action: TransactionAction;
  /**
   * Always sent, also for "all that is left": the user confirmed this amount, so if the rest changed
   * meanwhile the server refuses (409) rather than moving a different amount.
   */
  readonly amount: Money;
  /** One per confirmation: a retry of the same confirmation cannot act twice. */
  readonly idempotencyKey: string;
}

/** `POST /api/transactions/{id}/settle|cancel|refund`. */
async function performTransactionAction({
  id,
  action,
  amount,
  idempotencyKey,
}: TransactionActionRequest): Promise<TransactionDetailAnswer> {
  const { data } = await callEndpoint(transactionActionEndpoints[action], {
    params: { id },
    body: { amount },
    idempotencyKey,
  });
  return data;
}

/** The server refused the amount (409, 422): the dialog shows why, next to the amount. */
export function isAmountRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    (error.status === 409 || error.status === 422) &&
    error.details.some((detail) => detail.path.startsWith('body.amount'))
  );
}

/** Settles, cancels or refunds; the detail shows the answer and the list and totals load again. */
export function useTransactionAction(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { showsError: isAmountRefusal },
    mutationFn: performTransactionAction,
    onSuccess: async (detail) => {
      queryClient.setQueryData(transactionKeys.detail(merchantId, detail.id), detail);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: transactionKeys.lists(merchantId) }),
        queryClient.invalidateQueries({ queryKey: transactionKeys.totals(merchantId) }),
      ]);
    },
    // A refusal often means the transaction changed meanwhile: show it as it is now.
    onError: async (_error, request) => {
      await queryClient.invalidateQueries({ queryKey: transactionKeys.detail(merchantId, request.id) });
    },
  });
}
