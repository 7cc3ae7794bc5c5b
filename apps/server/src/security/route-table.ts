import type { InjectOptions } from 'fastify';
import { DAY_MS } from '@portal/contracts/constants';
import { scopesOf, type AnyEndpoint } from '@portal/contracts/endpoint';
import { ENDPOINTS, type EndpointName } from '@portal/contracts/endpoints';
import { defaultPlacements } from '@portal/contracts/placements';
import type { Scope } from '@portal/contracts/scopes';
import { cartInput } from '../test/cart-fixtures.js';
import { checkoutDesignInput } from '../test/checkout-design-fixtures.js';
import { locationInput } from '../test/location-fixtures.js';
import { solidPng } from '../test/logo-fixtures.js';
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
  /**
   * The merchant API's credential, an access key of merchant A, which opens what no portal token
   * does: the control calls and the bad-input suite use it instead of the every-scope token.
   */
  readonly credential?: (a: MerchantAObjects) => Readonly<Record<string, string>>;
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
/** A range of the demo data's deposits (it ends on 2026-11-01). */
const SETTLEMENT_RANGE = { from: '2026-09-01', to: '2026-10-31' };
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
const onLocation = onObject((a) => ({ params: { locationId: a.locationId } }));
/** Store numbers are unique per merchant: each added location takes the next one. */
let addedLocations = 0;

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
  merchantSettings: sample(),
  // Merchant A's own values but its name (a marker, which merchant B's answer would echo back).
  updateMerchantSettings: sample(() => ({
    body: {
      name: 'Attack Suite Outfitters',
      legalName: 'Northwind Outfitters LLC',
      contactEmail: 'payments@northwind-outfitters.example',
      contactPhone: '+1 212 555 0142',
      addressLine1: '120 Hudson Street',
      addressLine2: '',
      city: 'New York',
      region: 'NY',
      postalCode: '10013',
      website: 'https://www.northwind-outfitters.example',
      timeZone: 'America/New_York',
      language: 'en',
    },
  })),
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
  depositCalendar: sample(() => ({ query: { payoutFrequency: 'MONTHLY', payoutDayOfMonth: '31' } })),
  // Flags are the tenant's, and the bread merchants share one tenant: no object of merchant A alone.
  evaluateFlag: sample((a) => ({
    params: { flagName: 'isLocationPageEnabled' },
    body: { tenantId: a.tenantId },
  })),
  evaluateFlags: sample((a) => ({ query: { tag: 'merchant-portal' }, body: { tenantId: a.tenantId } })),
  merchantFeatureFlags: onObject((a) => ({ params: { merchantID: a.merchantId } })),
  updateMerchantFeatureFlags: onObject((a) => ({
    params: { merchantID: a.merchantId },
    body: { isLocationPageEnabled: null },
  })),
  auditEntries: sample(() => ({ query: { order: 'asc' } })),
  auditFacets: sample(),
  exportAuditEntries: sample(() => ({ query: { locale: 'en' } })),
  emails: sample(() => ({ query: { limit: '25' } })),
  email: onObject((a) => ({ params: { emailId: a.emailId } })),
  listTransactions: sample(() => ({ query: { status: 'AUTHORIZED', sort: 'total', limit: '25' } })),
  transactionTotals: sample(() => ({ query: { channel: 'ECOMM' } })),
  exportTransactions: sample(() => ({ query: { status: 'SETTLED', locale: 'fr-CA' } })),
  transactionLocations: sample(),
  insights: sample(() => ({ query: { from: '2026-01-01', to: '2026-01-31' } })),
  transaction: onObject((a) => ({ params: { id: a.transactionId } })),
  settleTransaction: action(100),
  refundTransaction: action(50),
  cancelTransaction: action(100),
  listLocations: sample(() => ({ query: { status: 'ACTIVE', sort: 'city', search: 'demo' } })),
  exportLocations: sample(() => ({ query: { status: 'INACTIVE', locale: 'fr-CA' } })),
  location: onLocation,
  createLocation: sample(() => {
    addedLocations += 1;
    return { body: locationInput({ storeNumber: `ATK${String(addedLocations)}` }) };
  }),
  updateLocation: onObject((a) => ({
    params: { locationId: a.locationId },
    body: locationInput({ name: 'Edited by the attack suite', storeNumber: 'ATK-EDITED' }),
  })),
  deactivateLocation: onLocation,
  reactivateLocation: onLocation,
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
  declineCheckout: sample(() => ({ params: { checkoutToken: LINK_TOKEN } })),
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
  // After removeUser: the sample user is removed by then, so restoring it succeeds.
  restoreUser: onObject((a) => ({ params: { id: a.userId }, body: { locale: 'en' } })),
  targetingPreview: sample(() => ({ query: { hasFinancing: 'no', checkoutStatus: 'ABANDONED' } })),
  createTargetingExport: sample(() => ({ body: { hasFinancing: 'yes' } })),
  targetingExports: sample(() => ({ query: { sort: 'rowCount', order: 'asc', limit: '50' } })),
  targetingExporters: sample(),
  targetingExportFile: onObject((a) => ({
    params: { id: a.targetingExportId },
    query: { locale: 'fr-CA' },
  })),
  exportTargetingHistory: sample(() => ({ query: { sort: 'rowCount', locale: 'fr-CA' } })),
  settlementReport: sample(() => ({ query: SETTLEMENT_RANGE })),
  deposit: onObject((a) => ({ params: { id: a.depositId } })),
  nextDeposit: sample(),
  exportSettlementCsv: sample(() => ({ query: { ...SETTLEMENT_RANGE, locale: 'fr-CA' } })),
  exportSettlementXlsx: sample(() => ({ query: { ...SETTLEMENT_RANGE, locale: 'en' } })),
  settlementSubscriptions: sample(),
  addSettlementSubscription: sample(() => ({
    body: {
      email: `finance.${Math.random().toString(36).slice(2, 10)}@merchant-a.test`,
      frequency: 'DAILY',
      locale: 'en',
    },
  })),
  removeSettlementSubscription: onObject((a) => ({ params: { id: a.settlementSubscriptionId } })),
  notificationSettings: sample(),
  updateNotificationSettings: sample(() => ({
    body: {
      extraAddresses: ['ops@merchant-a.test'],
      subscriptions: [{ event: 'REFUND_PROCESSED', email: 'ops@merchant-a.test' }],
    },
  })),
  sendNotificationTest: sample(() => ({ params: { event: 'REFUND_PROCESSED' } })),
  notificationDeliveries: sample(() => ({ query: { limit: '25' } })),
  // The design is always the token's merchant's: no call names an object of merchant A.
  checkoutDesign: sample(),
  saveCheckoutDesign: sample(() => ({ body: checkoutDesignInput() })),
  publishCheckoutDesign: sample(() => ({
    body: checkoutDesignInput({ shopName: 'Published by the suite' }),
  })),
  checkoutDesignVersions: sample(),
  // Version 1 is the one the attack world published.
  restoreCheckoutDesign: sample(() => ({ params: { version: '1' } })),
  uploadCheckoutLogo: sample(() => ({
    body: { contentType: 'image/png', data: solidPng(32, 32, [0, 0, 0]).toString('base64') },
  })),
  checkoutLogo: sample((a) => ({ params: { checkoutToken: a.checkoutToken } })),
  listAccessKeys: sample(),
  createAccessKey: sample(() => ({
    body: { name: 'Attack suite key', scopes: { carts: 'read', transactions: 'none' }, expiresAt: null },
  })),
  // Rotated, then revoked: in this order, since a revoked key cannot be rotated.
  rotateAccessKey: onObject((a) => ({ params: { keyId: a.accessKeyId }, body: { overlap: 'ONE_HOUR' } })),
  revokeAccessKey: onObject((a) => ({ params: { keyId: a.accessKeyId } })),
  merchantApiCreateCart: { ...sample(() => ({ body: cartInput() })), credential: (a) => a.apiKey },
  merchantApiTransactions: {
    ...sample(() => ({ query: { status: 'AUTHORIZED', limit: '25' } })),
    credential: (a) => a.apiKey,
  },
  merchantApiTransaction: {
    ...onObject((a) => ({ params: { id: a.transactionId } })),
    credential: (a) => a.apiKey,
  },
  bankInformation: sample(),
  // A US account (merchant A is a bread merchant); the routing number passes the ABA check.
  requestBankChange: sample(() => ({
    body: {
      holderName: 'Attack Suite Outfitters',
      bankName: 'Suite Bank',
      accountType: 'CHECKING',
      routingNumber: '011000015',
      accountNumber: '000123456789',
    },
  })),
  // No request of this id waits: a 409, past every access check, which is what the suites look at.
  confirmBankChange: sample(() => ({ body: { requestId: '0f0e0d0c-0b0a-4909-8807-060504030201' } })),
  cancelBankChange: sample(() => ({ body: { requestId: '0f0e0d0c-0b0a-4909-8807-060504030201' } })),
  placementSettings: sample(),
  // The token's merchant is the one changed: no id of merchant A in the call.
  updatePlacementSettings: sample(() => ({ body: { placements: defaultPlacements('USD') } })),
  placementPlans: sample(),
  // Public by design: any site reads a merchant's published messaging.
  publicPlacementConfig: sample((a) => ({
    params: { merchantId: a.merchantId },
    query: { amount: '100000', page: 'product', lang: 'fr-CA' },
  })),
  placementScript: sample(),
  listLocationCodes: sample(),
  // Generated, then revoked: in this order, since revoking needs an active code.
  generateLocationCode: onObject((a) => ({ params: { locationId: a.locationId } })),
  revokeLocationCode: onObject((a) => ({ params: { locationId: a.locationId } })),
  // Public by design: a store's device checks a code; a wrong one answers `valid: false`.
  checkVerificationCode: sample((a) => ({ body: { locationId: a.locationId, code: '000000' } })),
  merchantIds: sample(),
  registerMerchantId: onObject((a) => ({
    body: { locationId: a.locationId, acquirerMerchantId: `ATK${String(Date.now()).slice(-9)}` },
  })),
  validateMerchantId: onObject((a) => ({ params: { merchantIdId: a.merchantIdId } })),
  // The seed gives merchant A a validated id and no card: the first creation succeeds.
  issueVirtualCard: sample(),
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
