import { cartEndpoint, listCartsEndpoint } from '@portal/contracts/carts-endpoints';
import { http, HttpResponse } from 'msw';

/** The cart calls answered empty, for tests that only pass through the cart pages. */
export function emptyCartHandlers() {
  return [
    http.get(listCartsEndpoint.path, () =>
      HttpResponse.json({ data: { items: [], pagination: { offset: 0, limit: 25, total: 0 } } }),
    ),
    http.get(cartEndpoint.path.replace(':cartId', ':id'), () =>
      HttpResponse.json(
        { error: { code: 'FORBIDDEN', message: 'You do not have access to this cart' } },
        { status: 403 },
      ),
    ),
  ];
}
