import type { CartAction, CartInput } from '@portal/contracts/carts';
import {
  cartActionEndpoints,
  cartEndpoint,
  checkoutEndpoint,
  completeCheckoutEndpoint,
  createCartEndpoint,
  declineCheckoutEndpoint,
  listCartsEndpoint,
  updateCartEndpoint,
} from '@portal/contracts/carts-endpoints';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FORM_SHOWS_FIELD_ERRORS, type PortalMutationMeta } from '../../../lib/forms/mutation-errors';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import type { QueryParams } from '../../../lib/http/query-string';
import { cartKeys } from './cart-keys';
import type { CartDetailAnswer } from './cart-schemas';
import { retryOnce } from '../../../lib/http/retry-once';

/** `GET /api/carts`: one page of the filtered, sorted list. */
export function useCartPage(merchantId: string, query: QueryParams) {
  return useQuery({
    queryKey: cartKeys.list(merchantId, query),
    queryFn: async ({ signal }) => (await callEndpoint(listCartsEndpoint, { query, signal })).data,
    placeholderData: keepPreviousData,
    retry: retryOnce,
  });
}

/** `GET /api/carts/:cartId`: the cart with its history and notifications. */
/**
 * How often a cart whose e-mail is waiting to be sent is read again: the sender delivers (or keeps) it
 * within seconds, and the cart read right after "Send link" would otherwise say "Waiting to send" long
 * after it went.
 */
const WAITING_EMAIL_REFRESH_MS = 3_000;

export function useCart(merchantId: string, id: string) {
  return useQuery({
    queryKey: cartKeys.detail(merchantId, id),
    queryFn: async ({ signal }) =>
      (await callEndpoint(cartEndpoint, { params: { cartId: id }, signal })).data,
    retry: retryOnce,
    refetchInterval: ({ state }) =>
      state.data?.notifications.some((email) => email.status === 'PENDING') === true
        ? WAITING_EMAIL_REFRESH_MS
        : false,
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

/**
 * Creates a cart (no id; with an `Idempotency-Key`, so a retry cannot make two) or replaces one; the
 * form shows the refused fields.
 */
export function useSaveCart(merchantId: string) {
  return useCartChange(
    merchantId,
    async ({ id, input }: { id?: string; input: CartInput }) => {
      const { data } =
        id === undefined
          ? await callEndpoint(createCartEndpoint, { body: input })
          : await callEndpoint(updateCartEndpoint, { params: { cartId: id }, body: input });
      return data;
    },
    FORM_SHOWS_FIELD_ERRORS,
  );
}

/** Notify, resend or expire; the view shows the answer. */
export function useCartAction(merchantId: string) {
  return useCartChange(merchantId, async ({ id, action }: { id: string; action: CartAction }) => {
    const { data } = await callEndpoint(cartActionEndpoints[action], { params: { cartId: id } });
    return data;
  });
}

/** The shopper's view of a link; public, so no token is sent. */
export function useCheckoutCart(token: string) {
  return useQuery({
    queryKey: cartKeys.checkout(token),
    queryFn: async ({ signal }) =>
      (await callEndpoint(checkoutEndpoint, { params: { checkoutToken: token }, signal })).data,
    retry: retryOnce,
  });
}

export function useCompleteCheckout(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await callEndpoint(completeCheckoutEndpoint, { params: { checkoutToken: token } })).data,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: cartKeys.checkout(token) });
    },
  });
}

/** The shopper leaves without paying: the cart is DECLINED, and the page shows it so from the answer. */
export function useDeclineCheckout(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await callEndpoint(declineCheckoutEndpoint, { params: { checkoutToken: token } })).data,
    onSuccess: (cart) => {
      queryClient.setQueryData(cartKeys.checkout(token), cart);
    },
    // A refusal (completed or expired meanwhile): the page shows what the cart is now.
    onError: async () => {
      await queryClient.invalidateQueries({ queryKey: cartKeys.checkout(token) });
    },
  });
}
