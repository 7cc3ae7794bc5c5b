/**
 * Enumerations of the specification (§3) and PRODUCT.md, shared by the database checks, the API
 * schemas and the portal. The database migrations check stored values against these lists, so adding
 * a value also needs a migration that widens the check.
 */

export const CHANNELS = ['ECOMM', 'INSTORE'] as const;
export type Channel = (typeof CHANNELS)[number];

/** A program's checkout mode; an INSTORE program with `VirtualCard` is an in-store virtual-card program. */
export const CHECKOUT_MODES = ['VirtualCard', 'Redirect', 'Modal'] as const;
export type CheckoutMode = (typeof CHECKOUT_MODES)[number];
export const VIRTUAL_CARD_CHECKOUT_MODE: CheckoutMode = 'VirtualCard';

export const PRODUCT_TYPES = ['INSTALLMENTS', 'SPLITPAY', 'DEBT_CONSOLIDATION'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const CONFIGURATION_KEYS = ['TYPE', 'NUMPAYMENTS', 'RATE'] as const;
export type ConfigurationKey = (typeof CONFIGURATION_KEYS)[number];

export const OWNER_TYPES = ['MERCHANT'] as const;
export type OwnerType = (typeof OWNER_TYPES)[number];

/** Computed from an enrollment's effective dates, never stored. */
export const ENROLLMENT_STATUSES = ['LAPSED', 'ACTIVE', 'SCHEDULED'] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];

export const USER_STATUSES = ['INVITED', 'ACTIVE', 'DISABLED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const PAYOUT_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type PayoutFrequency = (typeof PAYOUT_FREQUENCIES)[number];

/** NET: fees are deducted from each payout; GROSS: payouts are whole and fees are invoiced monthly. */
export const SETTLEMENT_MODES = ['NET', 'GROSS'] as const;
export type SettlementMode = (typeof SETTLEMENT_MODES)[number];

/** The tag of the merchant portal frontend's feature flags, sent to the bulk evaluation (specification §7). */
export const MERCHANT_PORTAL_FLAG_TAG = 'merchant-portal-frontend';
