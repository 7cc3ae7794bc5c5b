import type { InjectOptions } from 'fastify';
import { DAY_MS } from '@portal/contracts/constants';
import { scopesOf, type AnyEndpoint } from '@portal/contracts/endpoint';
import { ENDPOINTS, type EndpointName } from '@portal/contracts/endpoints';
import type { Scope } from '@portal/contracts/scopes';
import { cartInput } from '../test/cart-fixtures.js';
import type { MerchantAObjects } from './attack-world.js';

/** How one route is called: path parameters, query, body, beside the route's own method and URL. */
export interface RouteCall {
  readonly params?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

/** What the suites know of an endpoint beyond its declaration: a call that works, on merchant A. */
interface Sample {
  /** The sample names an object of merchant A (in the path, query or body): merchant B is refused. */
  readonly object: boolean;
  /** A call that succeeds for a caller with the access, on merchant A's real objects. */
  readonly call: (a: MerchantAObjects) => RouteCall;
  /** Ends the caller's sign-in: the suites call it last, with a token of its own. */
  readonly endsSession?: true;
}

export interface RouteEntry extends Sample {
  readonly endpoint: AnyEndpoint;
  /** `'public'`: no token needed; otherwise every scope a caller needs, from the declaration. */
  readonly access: 'public' | readonly Scope[];
}

/** The endpoints under /api: the probes outside it are not the API's, and need no token by nature. */
type ApiEndpointName = {
  [K in EndpointName]: (typeof ENDPOINTS)[K]['path'] extends `/api/${string}` ? K : never;
}[EndpointName];

const LINK_TOKEN = 'x'.repeat(43);
const NO_CALL = (): RouteCall => ({});
const future = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();
const sample = (call: Sample['call'] = NO_CALL): Sample => ({ object: false, call });
const onObject = (call: Sample['call']): Sample => ({ object: true, call });
const setPassword = sample(() => ({
  params: { token: LINK_TOKEN },
  body: { password: 'Attack-Suite-Password-1' },
}));
const action = (value: number) =>
  onObject((a) => ({ params: { id: a.transactionId }, body: { amount: { currency: 'USD', value } } }));
const onCart = onObject((a) => ({ params: { cartId: a.cartId } }));

/**
 * A sample call for every declared API endpoint (the type misses none): the suites attack each one,
 * with the access its declaration gives.
 */
const SAMPLES: Readonly<Record<ApiEndpointName, Sample>> = {
  publicConfig: sample(),
  portalJwks: sample(),
  tokenExchange: sample((a) => ({ body: { appID: 'merchant-portal', merchantID: a.merchantId } })),
  logout: { ...sample(), endsSession: true },
  interactionDetails: sample(() => ({ params: { interactionId: 'unknown-interaction' } })),
  fakeUsers: sample(),
  fakeToken: sample((a) => ({ body: { email: a.userEmail } })),
  clientLog: sample(() => ({
    body: { level: 'info', message: 'attack suite', context: { page: '/transactions' } },
  })),
  recordAnalytics: sample(() => ({
    body: { events: [{ name: 'filter_applied', page: '/transactions', properties: {} }] },
  })),
  checkPasswordActivation: sample(() => ({ params: { token: LINK_TOKEN } })),
  usePasswordActivation: setPassword,
  checkPasswordReset: sample(() => ({ params: { token: LINK_TOKEN } })),
  usePasswordReset: setPassword,
  forgotPassword: sample((a) => ({ body: { email: a.userEmail, locale: 'en' } })),
  changePassword: sample(() => ({
    body: { currentPassword: 'Not-The-Password-1', newPassword: 'Attack-Suite-Password-2' },
  })),
  merchants: sample(() => ({ query: { limit: '10' } })),
  currentMerchant: sample(),
  participations: onObject((a) => ({ query: { 'merchantID.eq': a.merchantId } })),
  program: onObject((a) => ({ params: { id: a.programId } })),
  paymentProducts: sample((a) => ({ params: { id: a.programId }, query: { productType: 'INSTALLMENTS' } })),
  paymentProductAggregation: sample((a) => ({ params: { id: a.programId } })),
  paymentProductConfigurations: sample((a) => ({ params: { id: a.programId }, query: { key: 'RATE' } })),
  enrollments: sample((a) => ({ query: { programID: a.programId } })),
  createEnrollment: sample((a) => ({
    body: { programID: a.programId, paymentProductID: a.paymentProductId },
  })),
  updateEnrollment: onObject((a) => ({
    params: { enrollmentID: a.enrollmentId },
    body: { effectiveTo: future(400) },
  })),
  endEnrollment: onObject((a) => ({ params: { enrollmentID: a.enrollmentId } })),
  merchantValues: onObject((a) => ({ params: { programID: a.programId, merchantID: a.merchantId } })),
  updateMerchantValues: onObject((a) => ({
    params: { programID: a.programId, merchantID: a.merchantId },
    body: { 'attack.suite': 'value' },
  })),
  fundingConfiguration: onObject((a) => ({ query: { 'merchantID.eq': a.merchantId } })),
  updateFundingConfiguration: onObject((a) => ({
    params: { configurationID: a.fundingConfigurationId },
    body: { settlementMode: 'NET' },
  })),
  // Flags are the tenant's, and the bread merchants share one tenant: no object of merchant A alone.
  evaluateFlag: sample((a) => ({
    params: { flagName: 'isLocationPageEnabled' },
    body: { tenantId: a.tenantId },
  })),
  evaluateFlags: sample((a) => ({ query: { tag: 'merchant-portal' }, body: { tenantId: a.tenantId } })),
  auditEntries: sample(() => ({ query: { order: 'asc' } })),
  auditFacets: sample(),
  exportAuditEntries: sample(() => ({ query: { locale: 'en' } })),
  emails: sample(() => ({ query: { limit: '25' } })),
  email: onObject((a) => ({ params: { emailId: a.emailId } })),
  listTransactions: sample(() => ({ query: { status: 'AUTHORIZED', sort: 'total', limit: '25' } })),
  transactionTotals: sample(() => ({ query: { channel: 'ECOMM' } })),
  exportTransactions: sample(() => ({ query: { status: 'SETTLED', locale: 'fr-CA' } })),
  transactionLocations: sample(),
  transaction: onObject((a) => ({ params: { id: a.transactionId } })),
  settleTransaction: action(100),
  refundTransaction: action(50),
  cancelTransaction: action(100),
  listCarts: sample(() => ({ query: { status: 'ACTIVE' } })),
  createCart: sample(() => ({ body: cartInput() })),
  cart: onCart,
  updateCart: onObject((a) => ({
    params: { cartId: a.cartId },
    body: cartInput({ name: 'Edited by the attack suite' }),
  })),
  notifyCart: onCart,
  resendCart: onCart,
  expireCart: onCart,
  checkout: sample((a) => ({ params: { checkoutToken: a.checkoutToken } })),
  completeCheckout: sample(() => ({ params: { checkoutToken: LINK_TOKEN } })),
  listUsers: sample(() => ({ query: { limit: '25' } })),
  addUser: sample(() => ({
    body: {
      firstName: 'New',
      lastName: 'Person',
      email: `new.${Math.random().toString(36).slice(2, 10)}@merchant-a.test`,
      role: 'READ_ONLY',
    },
  })),
  resendInvitation: onObject((a) => ({ params: { id: a.userId }, body: { locale: 'fr-CA' } })),
  updateUserRole: onObject((a) => ({ params: { id: a.userId }, body: { role: 'READ_ONLY' } })),
  removeUser: onObject((a) => ({ params: { id: a.userId } })),
};

/** The key a registered route and its declaration share: "METHOD /path". */
export function routeKey(endpoint: Pick<AnyEndpoint, 'method' | 'path'>): string {
  return `${endpoint.method} ${endpoint.path}`;
}

/** Every declared API endpoint with its sample, keyed by "METHOD /path". */
export const ROUTE_TABLE: Readonly<Record<string, RouteEntry>> = Object.fromEntries(
  (Object.entries(SAMPLES) as [ApiEndpointName, Sample][]).map(([name, entry]) => {
    const endpoint: AnyEndpoint = ENDPOINTS[name];
    const access = endpoint.access === 'public' ? 'public' : scopesOf(endpoint.access);
    return [routeKey(endpoint), { ...entry, endpoint, access }];
  }),
);

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
