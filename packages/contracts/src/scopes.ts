/** Every scope of the specification (§6), by the name the portal and server use for it. */
export const SCOPES = {
  settingsPageAccess: 'r:merchant.settings',
  merchantSettingsEdit: 'u:merchant.settings',
  internalSettingsView: 'r:merchant.internal_settings',
  internalSettingsEdit: 'u:merchant.internal_settings',
  apiKeys: 'r:merchant.api',
  /**
   * Creating, rotating and revoking access keys: ours, not the specification's, whose one scope
   * `r:merchant.api` INTERNAL_SUPPORT holds too, with read scopes only (docs/decisions/0013).
   */
  apiKeysWrite: 'w:merchant.api',
  emailNotificationsRead: 'r:org.subscription',
  emailNotificationsEdit: 'w:org.subscription',
  paymentProducts: 'r:paymentProduct',
  checkoutDesignView: 'r:ui_customizations',
  checkoutDesignEdit: 'u:ui_customizations',
  bankInformationView: 'r:bank_information',
  bankInformationEdit: 'u:bank_information',
  passwordChange: 'w:user.password',
  fundingSettingsView: 'r:funding_settings',
  fundingSettingsEdit: 'u:funding_settings',
  placementsView: 'r:placements',
  placementsEdit: 'w:placements',
  locationVerificationCodes: 'r:org.code',
  merchantIdValidation: 'r:vc.restricted',
  virtualCardIssuance: 'c:vc.issuance',
  usersRead: 'r:merchant.users',
  usersWrite: 'w:merchant.users',
  cartCreate: 'w:cart',
  cartView: 'r:cart',
  cartUpdate: 'u:cart',
  locationsView: 'r:merchant.location',
  merchantUpdate: 'u:merchant',
  /** Transaction actions; any scope with this prefix grants READ/WRITE (specification §6). */
  transactionsWrite: 'c:tx',
  /** Reading the audit log: ours, not the specification's (it has no audit log); ADMIN and provider staff. */
  auditRead: 'r:merchant.audit',
} as const;

export type Scope = (typeof SCOPES)[keyof typeof SCOPES];

export const ALL_SCOPES: readonly Scope[] = Object.values(SCOPES);

/** Scopes are checked by exact membership (specification §6). */
export function hasScope(granted: readonly string[], scope: Scope): boolean {
  return granted.includes(scope);
}

export function hasAllScopes(granted: readonly string[], required: readonly Scope[]): boolean {
  return required.every((scope) => granted.includes(scope));
}

export const READ_WRITE_PREFIX = 'c:tx';

export type AccessLevel = 'READ' | 'READ/WRITE';

/** Read-write is granted if any scope starts with 'c:tx'; otherwise read only (specification §6). */
export function accessLevel(granted: readonly string[]): AccessLevel {
  return granted.some((scope) => scope.startsWith(READ_WRITE_PREFIX)) ? 'READ/WRITE' : 'READ';
}
