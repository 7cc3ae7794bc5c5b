import type { Brand } from './brands.js';
import { SCOPES, type Scope } from './scopes.js';

/** Program enrollments a page can require; derived from the merchant's programs (specification §4). */
export type ProgramRequirement = 'ecommerce' | 'ecommerceCheckoutSdk' | 'instore' | 'instoreVirtualCard';

export const FEATURE_FLAGS = ['isLocationPageEnabled', 'isMerchantIdValidationPageEnabled'] as const;
export type FeatureFlagName = (typeof FEATURE_FLAGS)[number];

export interface RouteRequirement {
  readonly scopes: readonly Scope[];
  readonly program?: ProgramRequirement;
  readonly flag?: FeatureFlagName;
  /** The `rbc` brand hides these pages: they are absent from navigation and show page-not-found. */
  readonly hiddenForBrands?: readonly Brand[];
}

const RBC_HIDDEN: readonly Brand[] = ['rbc'];
const SETTINGS: readonly Scope[] = [SCOPES.settingsPageAccess];
const LOCATIONS: RouteRequirement = {
  scopes: [SCOPES.locationsView],
  flag: 'isLocationPageEnabled',
  hiddenForBrands: RBC_HIDDEN,
};
const CARTS: RouteRequirement = {
  scopes: [SCOPES.cartView],
  program: 'ecommerce',
  hiddenForBrands: RBC_HIDDEN,
};

/** Public routes of the specification (§2): reachable without signing in. */
export const PUBLIC_PATHS = {
  login: '/login',
  /** The built-in identity provider's sign-in form for one interaction (docs/auth.md). */
  signIn: '/login/:interactionId',
  activate: '/activate/:activationToken',
  passwordReset: '/password/reset/:activationToken',
  /** Asks for a reset e-mail (issue 6); linked from the sign-in form. */
  forgotPassword: '/password/forgot',
  implicitCallback: '/implicit/callback',
  logoutCallback: '/logout/callback',
  /** The shopper's page of a cart's payment link (issue 5); the token is the only key. */
  checkout: '/checkout/:checkoutToken',
} as const;

/**
 * The public pages a person reaches from an e-mail or a redirect, signed out: the portal serves them from
 * a light entry of their own that does not boot the signed-in app (docs/decisions/0014). The others
 * (`/login` and the two callbacks) start or end the identity provider's session and stay in the app.
 */
export const LIGHT_PUBLIC_PAGES = [
  'signIn',
  'activate',
  'passwordReset',
  'forgotPassword',
  'checkout',
] as const satisfies readonly (keyof typeof PUBLIC_PATHS)[];

/**
 * The authenticated routes of the specification (§2) with their guards: the single source of truth
 * for the portal's router and navigation and for the server's checks of the calls behind each page.
 */
export const PAGES = {
  transactions: { path: '/transactions', scopes: [] },
  /** One transaction over the list (a drawer), at a URL of its own. */
  transaction: { path: '/transactions/:transactionId', scopes: [] },
  dataInsights: { path: '/data-insights', scopes: [] },
  settlementReport: { path: '/settlement-report', scopes: [], hiddenForBrands: RBC_HIDDEN },
  userManagement: { path: '/user-management', scopes: [SCOPES.usersRead] },
  targetingExport: { path: '/targeting-export', scopes: [], hiddenForBrands: RBC_HIDDEN },
  carts: { path: '/carts', ...CARTS },
  cartCreate: { path: '/carts/create', ...CARTS, scopes: [SCOPES.cartView, SCOPES.cartCreate] },
  cart: { path: '/carts/:cartId', ...CARTS },
  locations: { path: '/locations', ...LOCATIONS },
  /** One location over the list (a drawer), at a URL of its own. */
  location: { path: '/locations/:locationId', ...LOCATIONS },
  accountSettings: { path: '/account-settings', scopes: SETTINGS },
  generalSettings: { path: '/general-settings', scopes: SETTINGS },
  /** Ours, not the specification's: the signed-in user's own password (issue 6). */
  changePassword: { path: '/account-settings/password', scopes: [...SETTINGS, SCOPES.passwordChange] },
  checkoutDesign: {
    path: '/checkout-design',
    scopes: [...SETTINGS, SCOPES.checkoutDesignView],
    program: 'ecommerceCheckoutSdk',
  },
  placementDesign: {
    path: '/placement-design',
    scopes: [...SETTINGS, SCOPES.placementsView],
    program: 'ecommerce',
  },
  accessKeys: { path: '/access-keys', scopes: [...SETTINGS, SCOPES.apiKeys] },
  emailNotifications: { path: '/email-notifications', scopes: [...SETTINGS, SCOPES.emailNotificationsRead] },
  paymentProducts: { path: '/payment-products', scopes: [...SETTINGS, SCOPES.paymentProducts] },
  internalSettings: { path: '/internal-settings', scopes: [...SETTINGS, SCOPES.internalSettingsView] },
  bankInformation: { path: '/bank-information', scopes: [...SETTINGS, SCOPES.bankInformationView] },
  fundingSettings: { path: '/funding-settings', scopes: [...SETTINGS, SCOPES.fundingSettingsView] },
  locationVerificationCodes: {
    path: '/location-verification-codes',
    scopes: [...SETTINGS, SCOPES.locationVerificationCodes],
    program: 'instoreVirtualCard',
  },
  merchantIdValidation: {
    path: '/merchant-id-validation',
    scopes: [...SETTINGS, SCOPES.merchantIdValidation],
    program: 'instoreVirtualCard',
    flag: 'isMerchantIdValidationPageEnabled',
  },
  /** Ours, not the specification's: who changed what, for the merchant's admins and provider staff. */
  auditLog: { path: '/audit-log', scopes: [SCOPES.auditRead] },
  /** Provider staff only: every e-mail the portal sent or kept, for support and the demo. */
  outbox: { path: '/internal/outbox', scopes: [SCOPES.internalSettingsView] },
} as const satisfies Record<string, RouteRequirement & { path: string }>;

export type PageName = keyof typeof PAGES;

/** The settings group, in the order the account-settings shell lists them. */
export const SETTINGS_PAGES = [
  'generalSettings',
  'changePassword',
  'checkoutDesign',
  'placementDesign',
  'accessKeys',
  'emailNotifications',
  'paymentProducts',
  'internalSettings',
  'bankInformation',
  'fundingSettings',
  'locationVerificationCodes',
  'merchantIdValidation',
] as const satisfies readonly PageName[];

export const HOME_PATH = PAGES.transactions.path;

export interface AccessContext {
  readonly brand: Brand;
  readonly scopes: readonly string[];
  readonly programs: Readonly<Record<ProgramRequirement, boolean>>;
  readonly flags: Readonly<Partial<Record<FeatureFlagName, boolean>>>;
}

/** `hidden`: the page does not exist for this brand (page-not-found); `denied`: Permission Denied. */
export type AccessDecision = 'allowed' | 'denied' | 'hidden';

export function decideAccess(requirement: RouteRequirement, context: AccessContext): AccessDecision {
  if (requirement.hiddenForBrands?.includes(context.brand)) return 'hidden';
  if (!requirement.scopes.every((scope) => context.scopes.includes(scope))) return 'denied';
  if (requirement.program && !context.programs[requirement.program]) return 'denied';
  if (requirement.flag && context.flags[requirement.flag] !== true) return 'denied';
  return 'allowed';
}

type PathParams<P extends string> = P extends `${string}:${infer Param}/${infer Rest}`
  ? Param | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Param}`
    ? Param
    : never;

/** Builds a concrete URL from a route pattern, so no page writes a URL by hand. */
export function href<P extends string>(
  pattern: P,
  ...[params]: PathParams<P> extends never ? [] : [Record<PathParams<P>, string>]
): string {
  if (!params) return pattern;
  const values: Record<string, string> = params;
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}
