import { ALL_SCOPES, SCOPES, type Scope } from './scopes.js';

export const MERCHANT_ROLES = ['ADMIN', 'USER', 'READ_ONLY'] as const;
export const PROVIDER_ROLES = ['INTERNAL_ADMIN', 'INTERNAL_SUPPORT'] as const;
export const ROLES = [...MERCHANT_ROLES, ...PROVIDER_ROLES] as const;

export type MerchantRole = (typeof MERCHANT_ROLES)[number];
export type ProviderRole = (typeof PROVIDER_ROLES)[number];
export type Role = (typeof ROLES)[number];

export function isProviderRole(role: Role): role is ProviderRole {
  return (PROVIDER_ROLES as readonly Role[]).includes(role);
}

/** The all-zero merchant id: the user has no assigned merchant and must choose one (specification §3). */
export const NO_MERCHANT_ID = '00000000-0000-0000-0000-000000000000';

const READ_SCOPES: readonly Scope[] = [
  SCOPES.settingsPageAccess,
  SCOPES.emailNotificationsRead,
  SCOPES.paymentProducts,
  SCOPES.checkoutDesignView,
  SCOPES.placementsView,
  SCOPES.cartView,
  SCOPES.locationsView,
];

const ADMIN_ONLY_SCOPES: readonly Scope[] = [
  SCOPES.usersRead,
  SCOPES.usersWrite,
  SCOPES.apiKeys,
  SCOPES.apiKeysWrite,
  SCOPES.bankInformationView,
  SCOPES.bankInformationEdit,
  SCOPES.fundingSettingsView,
  SCOPES.fundingSettingsEdit,
  SCOPES.auditRead,
];

const USER_SCOPES: readonly Scope[] = [
  ...READ_SCOPES,
  SCOPES.merchantSettingsEdit,
  SCOPES.emailNotificationsEdit,
  SCOPES.checkoutDesignEdit,
  SCOPES.placementsEdit,
  SCOPES.passwordChange,
  SCOPES.cartCreate,
  SCOPES.cartUpdate,
  SCOPES.merchantUpdate,
  SCOPES.locationVerificationCodes,
  SCOPES.merchantIdValidation,
  SCOPES.virtualCardIssuance,
  SCOPES.transactionsWrite,
];

/**
 * The one table of which role holds which scopes (PRODUCT.md, "Users, roles, scopes").
 * The server issues exactly these in the portal token; the portal reads them back from it.
 */
export const ROLE_SCOPES: Readonly<Record<Role, readonly Scope[]>> = {
  ADMIN: [...USER_SCOPES, ...ADMIN_ONLY_SCOPES],
  USER: USER_SCOPES,
  READ_ONLY: [...READ_SCOPES, SCOPES.passwordChange],
  INTERNAL_ADMIN: ALL_SCOPES,
  INTERNAL_SUPPORT: [
    ...READ_SCOPES,
    SCOPES.usersRead,
    SCOPES.apiKeys,
    SCOPES.bankInformationView,
    SCOPES.fundingSettingsView,
    SCOPES.internalSettingsView,
    SCOPES.locationVerificationCodes,
    SCOPES.merchantIdValidation,
    SCOPES.passwordChange,
    SCOPES.auditRead,
  ],
};
