import {
  CARTS_PATH,
  cartActionPath,
  cartPath,
  checkoutPath,
  type CartAction,
  type CartInput,
} from '@portal/contracts/carts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FORM_SHOWS_FIELD_ERRORS, type PortalMutationMeta } from '../../../lib/forms/mutation-errors';
import { apiRequest } from '../../../lib/http/http-client';
import type { QueryParams } from '../../../lib/http/query-string';
import { cartKeys } from './cart-keys';
import {
  cartDetailAnswer,
  cartPageAnswer,
  checkoutCartAnswer,
  checkoutCompletionAnswer,
  type CartDetailAnswer,
} from './cart-schemas';
import { retryOnce } from '../../../lib/http/retry-once';

/** `GET /api/carts`: one page of the filtered, sorted list. */
export function useCartPage(merchantId: string, query: QueryParams) {
  return useQuery({
    queryKey: cartKeys.list(merchantId, query),
    queryFn: async ({ signal }) =>
      (await apiRequest(CARTS_PATH, { query, schema: cartPageAnswer, signal })).data,
    placeholderData: keepPreviousData,
    retry: retryOnce,
  });
}

/** `GET /api/carts/:cartId`: the cart with its history and notifications. */
export function useCart(merchantId: string, id: string) {
  return useQuery({
    queryKey: cartKeys.detail(merchantId, id),
    queryFn: async ({ signal }) =>
      (await apiRequest(cartPath(id), { schema: cartDetailAnswer, signal })).data,
    retry: retryOnce,
  });
}

function useCartChange<Request>(
  merchantId: string,
  send: (request: Request) => Promise<CartDetailAnswer>,
  meta?: PortalMutationMeta,
) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn: send,
    onSuccess: async (cart) => {
      queryClient.setQueryData(cartKeys.detail(merchantId, cart.id), cart);
      await queryClient.invalidateQueries({ queryKey: cartKeys.lists(merchantId) });
    },
  });
}

/** `POST /api/carts` (no id) or `PUT /api/carts/:cartId`; the form shows the refused fields. */
export function useSaveCart(merchantId: string) {
  return useCartChange(
    merchantId,
    async ({ id, input }: { id?: string; input: CartInput }) => {
      const { data } = await apiRequest(id === undefined ? CARTS_PATH : cartPath(id), {
        method: id === undefined ? 'POST' : 'PUT',
        body: input,
        schema: cartDetailAnswer,
      });
      return data;
    },
    FORM_SHOWS_FIELD_ERRORS,
  );
}

/** Notify, resend or expire; the view shows the answer. */
export function useCartAction(merchantId: string) {
  return useCartChange(merchantId, async ({ id, action }: { id: string; action: CartAction }) => {
    const { data } = await apiRequest(cartActionPath(id, action), {
      method: 'POST',
      schema: cartDetailAnswer,
    });
    return data;
  });
}

/** The shopper's view of a link; public, so no token is sent. */
export function useCheckoutCart(token: string) {
  return useQuery({
    queryKey: cartKeys.checkout(token),
    queryFn: async ({ signal }) =>
      (await apiRequest(checkoutPath(token), { schema: checkoutCartAnswer, authenticated: false, signal }))
        .data,
    retry: retryOnce,
  });
}

export function useCompleteCheckout(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await apiRequest(`${checkoutPath(token)}/complete`, {
          method: 'POST',
          authenticated: false,
          schema: checkoutCompletionAnswer,
        })
      ).data,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: cartKeys.checkout(token) });
    },
  });
}
