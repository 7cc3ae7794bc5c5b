import type { InjectOptions } from 'fastify';
import { SCOPES } from '@portal/contracts/scopes';
import type { Scope } from '@portal/contracts/scopes';
import { cartInput } from '../test/cart-fixtures.js';
import type { MerchantAObjects } from './attack-world.js';

/** How one route is called: path parameters, query, body, beside the route's own method and URL. */
export interface RouteCall {
  readonly params?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

export interface RouteEntry {
  /** `'public'`: no token needed; otherwise every scope a caller needs (route access plus handler checks). */
  readonly access: 'public' | readonly Scope[];
  /** The sample names an object of merchant A (in the path, query or body): merchant B is refused. */
  readonly object: boolean;
  /** A call that succeeds for a caller with the access, on merchant A's real objects. */
  readonly call: (a: MerchantAObjects) => RouteCall;
  /** Ends the caller's sign-in: the suites call it last, with a token of its own. */
  readonly endsSession?: true;
}

const S = SCOPES;
const PAYMENT_READ = [S.paymentProducts];
const PAYMENT_WRITE = [S.paymentProducts, S.merchantSettingsEdit];
const CART_UPDATE = [S.cartView, S.cartUpdate];
const LINK_TOKEN = 'x'.repeat(43);
const NO_CALL = (): RouteCall => ({});
const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/**
 * Every API route of the app, keyed by "METHOD /path" as registered. A route the app registers that is
 * missing here, or an entry for a route that no longer exists, fails the attack suites.
 */
export const ROUTE_TABLE: Readonly<Record<string, RouteEntry>> = {
  'GET /api/public-config': { access: 'public', object: false, call: NO_CALL },
  'GET /api/auth/jwks': { access: 'public', object: false, call: NO_CALL },
  'POST /api/auth/org/token/exchange': {
    access: 'public',
    object: false,
    call: (a) => ({ body: { appID: 'merchant-portal', merchantID: a.merchantId } }),
  },
  'GET /api/auth/interaction/:interactionId': {
    access: 'public',
    object: false,
    call: () => ({ params: { interactionId: 'unknown-interaction' } }),
  },
  'POST /api/merchant-portal-backend/log': {
    access: 'public',
    object: false,
    call: () => ({ body: { level: 'info', message: 'attack suite', context: { page: '/transactions' } } }),
  },
  'GET /api/passwords/activation/:token': {
    access: 'public',
    object: false,
    call: () => ({ params: { token: LINK_TOKEN } }),
  },
  'POST /api/passwords/activation/:token': {
    access: 'public',
    object: false,
    call: () => ({ params: { token: LINK_TOKEN }, body: { password: 'Attack-Suite-Password-1' } }),
  },
  'GET /api/passwords/reset/:token': {
    access: 'public',
    object: false,
    call: () => ({ params: { token: LINK_TOKEN } }),
  },
  'POST /api/passwords/reset/:token': {
    access: 'public',
    object: false,
    call: () => ({ params: { token: LINK_TOKEN }, body: { password: 'Attack-Suite-Password-1' } }),
  },
  'POST /api/passwords/forgot': {
    access: 'public',
    object: false,
    call: (a) => ({ body: { email: a.userEmail, locale: 'en' } }),
  },
  'GET /api/checkout/:checkoutToken': {
    access: 'public',
    object: false,
    call: (a) => ({ params: { checkoutToken: a.checkoutToken } }),
  },
  'POST /api/checkout/:checkoutToken/complete': {
    access: 'public',
    object: false,
    call: () => ({ params: { checkoutToken: LINK_TOKEN } }),
  },

  'POST /api/passwords/change': {
    access: [S.passwordChange],
    object: false,
    call: () => ({
      body: { currentPassword: 'Not-The-Password-1', newPassword: 'Attack-Suite-Password-2' },
    }),
  },
  'GET /api/merchants': { access: [], object: false, call: () => ({ query: { limit: '10' } }) },
  'GET /api/merchants/current': { access: [], object: false, call: NO_CALL },
  'GET /api/merchant-program-participation': {
    access: [],
    object: true,
    call: (a) => ({ query: { 'merchantID.eq': a.merchantId } }),
  },
  'GET /api/program/:id': { access: [], object: true, call: (a) => ({ params: { id: a.programId } }) },
  'GET /api/program/:id/payment-product': {
    access: PAYMENT_READ,
    object: false,
    call: (a) => ({ params: { id: a.programId }, query: { productType: 'INSTALLMENTS' } }),
  },
  'GET /api/program/:id/payment-product/aggregation': {
    access: PAYMENT_READ,
    object: false,
    call: (a) => ({ params: { id: a.programId } }),
  },
  'GET /api/program/:id/payment-product-configuration': {
    access: PAYMENT_READ,
    object: false,
    call: (a) => ({ params: { id: a.programId }, query: { key: 'RATE' } }),
  },
  'GET /api/payment-product-enrollment': {
    access: PAYMENT_READ,
    object: false,
    call: (a) => ({ query: { programID: a.programId } }),
  },
  'POST /api/payment-product-enrollment': {
    access: PAYMENT_WRITE,
    object: false,
    call: (a) => ({ body: { programID: a.programId, paymentProductID: a.paymentProductId } }),
  },
  'PATCH /api/payment-product-enrollment/:enrollmentID': {
    access: PAYMENT_WRITE,
    object: true,
    call: (a) => ({ params: { enrollmentID: a.enrollmentId }, body: { effectiveTo: future(400) } }),
  },
  'DELETE /api/payment-product-enrollment/:enrollmentID': {
    access: PAYMENT_WRITE,
    object: true,
    call: (a) => ({ params: { enrollmentID: a.enrollmentId } }),
  },
  'GET /api/program/:programID/merchant/:merchantID/values': {
    access: [S.internalSettingsView],
    object: true,
    call: (a) => ({ params: { programID: a.programId, merchantID: a.merchantId } }),
  },
  'PATCH /api/program/:programID/merchant/:merchantID/values': {
    access: [S.internalSettingsEdit],
    object: true,
    call: (a) => ({
      params: { programID: a.programId, merchantID: a.merchantId },
      body: { 'attack.suite': 'value' },
    }),
  },
  'GET /api/funding-configuration': {
    access: [S.fundingSettingsView],
    object: true,
    call: (a) => ({ query: { 'merchantID.eq': a.merchantId } }),
  },
  'PATCH /api/funding-configuration/:configurationID': {
    access: [S.fundingSettingsEdit],
    object: true,
    call: (a) => ({ params: { configurationID: a.fundingConfigurationId }, body: { settlementMode: 'NET' } }),
  },
  // Flags are the tenant's, and the bread merchants share one tenant: no object of merchant A alone.
  'POST /api/featureflag/evaluation/flag/:flagName': {
    access: [],
    object: false,
    call: (a) => ({ params: { flagName: 'isLocationPageEnabled' }, body: { tenantId: a.tenantId } }),
  },
  'POST /api/featureflag/evaluation/bulk': {
    access: [],
    object: false,
    call: (a) => ({ query: { tag: 'merchant-portal' }, body: { tenantId: a.tenantId } }),
  },
  'POST /api/analytics/events': {
    access: [],
    object: false,
    call: () => ({ body: { events: [{ name: 'filter_applied', page: '/transactions', properties: {} }] } }),
  },
  'GET /api/audit-entries': {
    access: [S.auditRead],
    object: false,
    call: () => ({ query: { order: 'asc' } }),
  },
  'GET /api/audit-entries/facets': { access: [S.auditRead], object: false, call: NO_CALL },
  'GET /api/audit-entries/export.csv': {
    access: [S.auditRead],
    object: false,
    call: () => ({ query: { locale: 'en' } }),
  },
  'GET /api/emails': {
    access: [S.internalSettingsView],
    object: false,
    call: () => ({ query: { limit: '25' } }),
  },
  'GET /api/emails/:emailId': {
    access: [S.internalSettingsView],
    object: true,
    call: (a) => ({ params: { emailId: a.emailId } }),
  },
  'GET /api/transactions': {
    access: [],
    object: false,
    call: () => ({ query: { status: 'AUTHORIZED', sort: 'total', limit: '25' } }),
  },
  'GET /api/transactions/totals': {
    access: [],
    object: false,
    call: () => ({ query: { channel: 'ECOMM' } }),
  },
  'GET /api/transactions/export.csv': {
    access: [],
    object: false,
    call: () => ({ query: { status: 'SETTLED', locale: 'fr-CA' } }),
  },
  'GET /api/transactions/locations': { access: [], object: false, call: NO_CALL },
  'GET /api/transactions/:id': {
    access: [],
    object: true,
    call: (a) => ({ params: { id: a.transactionId } }),
  },
  'POST /api/transactions/:id/settle': {
    access: [S.transactionsWrite],
    object: true,
    call: (a) => ({ params: { id: a.transactionId }, body: { amount: { currency: 'USD', value: 100 } } }),
  },
  'POST /api/transactions/:id/refund': {
    access: [S.transactionsWrite],
    object: true,
    call: (a) => ({ params: { id: a.transactionId }, body: { amount: { currency: 'USD', value: 50 } } }),
  },
  'POST /api/transactions/:id/cancel': {
    access: [S.transactionsWrite],
    object: true,
    call: (a) => ({ params: { id: a.transactionId }, body: { amount: { currency: 'USD', value: 100 } } }),
  },
  'GET /api/carts': { access: [S.cartView], object: false, call: () => ({ query: { status: 'ACTIVE' } }) },
  'POST /api/carts': {
    access: [S.cartView, S.cartCreate],
    object: false,
    call: () => ({ body: cartInput() }),
  },
  'GET /api/carts/:cartId': {
    access: [S.cartView],
    object: true,
    call: (a) => ({ params: { cartId: a.cartId } }),
  },
  'PUT /api/carts/:cartId': {
    access: CART_UPDATE,
    object: true,
    call: (a) => ({ params: { cartId: a.cartId }, body: cartInput({ name: 'Edited by the attack suite' }) }),
  },
  'POST /api/carts/:cartId/notify': {
    access: CART_UPDATE,
    object: true,
    call: (a) => ({ params: { cartId: a.cartId } }),
  },
  'POST /api/carts/:cartId/resend': {
    access: CART_UPDATE,
    object: true,
    call: (a) => ({ params: { cartId: a.cartId } }),
  },
  'POST /api/carts/:cartId/expire': {
    access: CART_UPDATE,
    object: true,
    call: (a) => ({ params: { cartId: a.cartId } }),
  },
  'GET /api/users': { access: [S.usersRead], object: false, call: () => ({ query: { limit: '25' } }) },
  'POST /api/users': {
    access: [S.usersWrite],
    object: false,
    call: () => ({
      body: {
        firstName: 'New',
        lastName: 'Person',
        email: `new.${Math.random().toString(36).slice(2, 10)}@merchant-a.test`,
        role: 'READ_ONLY',
      },
    }),
  },
  'POST /api/users/:id/invitation': {
    access: [S.usersWrite],
    object: true,
    call: (a) => ({ params: { id: a.userId }, body: { locale: 'fr-CA' } }),
  },
  'PUT /api/users/:id/role': {
    access: [S.usersWrite],
    object: true,
    call: (a) => ({ params: { id: a.userId }, body: { role: 'READ_ONLY' } }),
  },
  'DELETE /api/users/:id': {
    access: [S.usersWrite],
    object: true,
    call: (a) => ({ params: { id: a.userId } }),
  },
  'POST /api/auth/logout': { access: [], object: false, call: NO_CALL, endsSession: true },
};

/** The table's keys, the session-ending ones last, so that they end no token another call still uses. */
export const ROUTE_KEYS: readonly string[] = Object.keys(ROUTE_TABLE).sort(
  (x, y) => Number(ROUTE_TABLE[x]?.endsSession ?? false) - Number(ROUTE_TABLE[y]?.endsSession ?? false),
);

export function entryOf(key: string): RouteEntry {
  const entry = ROUTE_TABLE[key];
  if (entry === undefined) throw new Error(`${key} is not in the route table`);
  return entry;
}

/** The request of a route key and call, its parameter and query values percent-encoded. */
export function injectOptions(
  key: string,
  call: RouteCall,
  headers: Readonly<Record<string, string>>,
): InjectOptions & { url: string } {
  const [method = 'GET', path = '/'] = key.split(' ');
  const encode = encodeURIComponent;
  const url = path.replace(/:(\w+)/g, (_match, name: string) => encode(call.params?.[name] ?? 'missing'));
  const query = Object.entries(call.query ?? {})
    .map(([name, value]) => `${encode(name)}=${encode(value)}`)
    .join('&');
  return {
    method,
    url: query === '' ? url : `${url}?${query}`,
    headers: { ...headers, ...(call.body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(call.body === undefined ? {} : { payload: JSON.stringify(call.body) }),
  };
}
