import type { AccessKeyLevel } from '@portal/contracts/access-keys';
import type { AnalyticsEventName } from '@portal/contracts/analytics';
import type { ApplicationDecision } from '@portal/contracts/applications';
import type { BankAccountType, BankCountry } from '@portal/contracts/bank-information';
import type { Brand, Locale } from '@portal/contracts/brands';
import type { AuditActorType } from '@portal/contracts/audit';
import type { CartStatus } from '@portal/contracts/carts';
import type { ClientLogLevel } from '@portal/contracts/client-log';
import type { NotificationEvent } from '@portal/contracts/email-notifications';
import type { EmailStatus } from '@portal/contracts/emails';
import type {
  Channel,
  CheckoutMode,
  ConfigurationKey,
  OwnerType,
  PayoutFrequency,
  ProductType,
  SettlementMode,
  UserStatus,
} from '@portal/contracts/enums';
import type {
  VERIFICATION_CHECK_LIMITS,
  VerificationCodeStatus,
} from '@portal/contracts/location-verification-codes';
import type { MerchantIdFailure, MerchantIdStatus } from '@portal/contracts/merchant-ids';
import type { Currency } from '@portal/contracts/money';
import type { Role } from '@portal/contracts/roles';
import type { UserTokenPurpose } from '@portal/contracts/users';
import type { ActorType, TransactionStatus } from '@portal/contracts/transactions';
import type { Generated } from 'kysely';

/**
 * The database as Kysely sees it. Both dialects return the same shapes: ids are UUID text made by the
 * application, timestamps are ISO-8601 text (`timestamptz` on PostgreSQL, read back as ISO text),
 * money is integer minor units, booleans are 0/1 and JSON is text.
 */
export interface Database {
  tenants: TenantsTable;
  merchants: MerchantsTable;
  programs: ProgramsTable;
  merchant_program_participations: MerchantProgramParticipationsTable;
  payment_products: PaymentProductsTable;
  payment_product_configurations: PaymentProductConfigurationsTable;
  payment_product_enrollments: PaymentProductEnrollmentsTable;
  funding_configurations: FundingConfigurationsTable;
  merchant_values: MerchantValuesTable;
  feature_flags: FeatureFlagsTable;
  feature_flag_overrides: FeatureFlagOverridesTable;
  users: UsersTable;
  signing_keys: SigningKeysTable;
  oidc_models: OidcModelsTable;
  client_logs: ClientLogsTable;
  analytics_events: AnalyticsEventsTable;
  locations: LocationsTable;
  transactions: TransactionsTable;
  transactions_search: TransactionsSearchTable;
  transaction_events: TransactionEventsTable;
  funding_events: FundingEventsTable;
  deposits: DepositsTable;
  deposit_program_totals: DepositProgramTotalsTable;
  settlement_subscriptions: SettlementSubscriptionsTable;
  notification_addresses: NotificationAddressesTable;
  notification_subscriptions: NotificationSubscriptionsTable;
  notification_claims: NotificationClaimsTable;
  idempotent_requests: IdempotentRequestsTable;
  transaction_daily_totals: TransactionDailyTotalsTable;
  transaction_versions: TransactionVersionsTable;
  audit_entries: AuditEntriesTable;
  outbound_emails: OutboundEmailsTable;
  carts: CartsTable;
  cart_items: CartItemsTable;
  cart_status_history: CartStatusHistoryTable;
  user_tokens: UserTokensTable;
  sign_in_sessions: SignInSessionsTable;
  sign_in_throttles: SignInThrottlesTable;
  rate_limit_counters: RateLimitCountersTable;
  job_leases: JobLeasesTable;
  applications: ApplicationsTable;
  targeting_exports: TargetingExportsTable;
  insights_rollup_zones: InsightsRollupZonesTable;
  transaction_local_daily_totals: TransactionLocalDailyTotalsTable;
  insights_zone_periods: InsightsZonePeriodsTable;
  application_local_daily_totals: ApplicationLocalDailyTotalsTable;
  checkout_logos: CheckoutLogosTable;
  checkout_designs: CheckoutDesignsTable;
  checkout_design_versions: CheckoutDesignVersionsTable;
  access_keys: AccessKeysTable;
  placement_settings: PlacementSettingsTable;
  location_verification_codes: LocationVerificationCodesTable;
  verification_check_throttles: VerificationCheckThrottlesTable;
  acquirer_merchant_ids: AcquirerMerchantIdsTable;
  virtual_cards: VirtualCardsTable;
  bank_accounts: BankAccountsTable;
}

/** ISO-8601 date-time text with milliseconds and `Z`, e.g. `2026-11-01T12:00:00.000Z`. */
type Timestamp = string;

export interface TenantsTable {
  id: string;
  name: string;
  brand: Brand;
  created_at: Timestamp;
}

export interface MerchantsTable {
  id: string;
  tenant_id: string;
  name: string;
  legal_name: string;
  contact_email: string;
  contact_phone: string;
  address_line1: string;
  address_line2: string | null;
  city: string;
  /** State or province code, e.g. `NY`, `QC`. */
  region: string;
  postal_code: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  website: string | null;
  /** IANA time zone, e.g. `America/Toronto`. */
  time_zone: string;
  language: Locale;
  currency: Currency;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProgramsTable {
  id: string;
  tenant_id: string;
  name: string;
  channel: Channel;
  display_interest_rate_bps: number;
  checkout_mode: CheckoutMode;
  /** Minor units of the tenant's currency. */
  min_amount: number;
  max_amount: number;
  created_at: Timestamp;
}

export interface MerchantProgramParticipationsTable {
  id: string;
  merchant_id: string;
  program_id: string;
  created_at: Timestamp;
  /** Set when the participation ends; a deleted participation is not an active program (specification §3). */
  deleted_at: Timestamp | null;
}

export interface PaymentProductsTable {
  id: string;
  program_id: string;
  product_type: ProductType;
  name: string;
  created_at: Timestamp;
}

export interface PaymentProductConfigurationsTable {
  id: string;
  program_id: string;
  payment_product_id: string;
  config_key: ConfigurationKey;
  config_value: string;
  /** Null for the program's default; `MERCHANT` with the merchant's id for a merchant's own value. */
  owner_type: OwnerType | null;
  owner_id: string | null;
}

export interface PaymentProductEnrollmentsTable {
  id: string;
  merchant_id: string;
  program_id: string;
  payment_product_id: string;
  /** The status (SCHEDULED, ACTIVE, LAPSED) is computed from these two dates, never stored. */
  effective_from: Timestamp;
  effective_to: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FundingConfigurationsTable {
  id: string;
  merchant_id: string;
  payout_frequency: PayoutFrequency;
  /** ISO weekday, 1 (Monday) to 7 (Sunday); set exactly when the frequency is WEEKLY. */
  payout_weekday: number | null;
  /** 1 to 28, so that every month has the day; set exactly when the frequency is MONTHLY. */
  payout_day_of_month: number | null;
  settlement_mode: SettlementMode;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MerchantValuesTable {
  id: string;
  program_id: string;
  merchant_id: string;
  value_key: string;
  value: string;
  updated_at: Timestamp;
}

export interface FeatureFlagsTable {
  id: string;
  tenant_id: string;
  name: string;
  tag: string;
  /** The flag is on when its value is the string "true" (specification §7). */
  value: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set when the flag is retired: its evaluation answers 410 Gone (migration 0004). */
  archived_at: Timestamp | null;
}

export interface FeatureFlagOverridesTable {
  id: string;
  flag_id: string;
  merchant_id: string;
  value: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: string;
  /** Null for provider staff, who work across tenants. */
  tenant_id: string | null;
  /** Null exactly for provider staff (INTERNAL_ADMIN, INTERNAL_SUPPORT): they choose a merchant. */
  merchant_id: string | null;
  /** Stored lower-cased; unique. */
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  status: UserStatus;
  /** argon2id PHC string; null until the user sets a password. */
  password_hash: string | null;
  /** No longer used: the sign-in throttle (migration 0010) replaced the per-account lock. */
  failed_sign_ins: Generated<number>;
  /** No longer used: the sign-in throttle (migration 0010) replaced the per-account lock. */
  locked_until: Timestamp | null;
  invited_at: Timestamp | null;
  last_sign_in_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Keys made once and shared by every instance (migration 0002); `material` is secret and never logged. */
export interface SigningKeysTable {
  kid: string;
  purpose: 'portal-token' | 'oidc-signing' | 'oidc-cookies';
  /** A private JWK as JSON, or a random secret for cookie keys. */
  material: string;
  created_at: Timestamp;
  /** Null for the one active key of its purpose. */
  retired_at: Timestamp | null;
}

/** The built-in identity provider's sessions, grants, codes and tokens (migration 0003), one row each. */
export interface OidcModelsTable {
  /** oidc-provider's model name: Session, Interaction, Grant, AuthorizationCode, RefreshToken, … */
  model: string;
  id: string;
  /** The provider's payload as JSON text. */
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Timestamp | null;
  consumed_at: Timestamp | null;
  /** The user the row belongs to (payload `accountId`, migration 0010); null for rows of no user. */
  account_id: string | null;
}

/** The portal's own error reports (`POST /api/merchant-portal-backend/log`, migration 0004). */
export interface ClientLogsTable {
  id: string;
  level: ClientLogLevel;
  message: string;
  /** JSON text, at most 8 KB; null when none was sent. */
  context: string | null;
  request_id: string;
  ip: string;
  user_agent: string | null;
  created_at: Timestamp;
}

/** What signed-in users did (`POST /api/analytics/events`, migration 0004). */
export interface AnalyticsEventsTable {
  id: string;
  user_id: string;
  /** Null while provider staff have not chosen a merchant. */
  merchant_id: string | null;
  name: AnalyticsEventName;
  page: string;
  /** JSON text of the event's properties. */
  properties: string;
  created_at: Timestamp;
}

/** A merchant's store (migration 0005); in-store transactions name one. */
export interface LocationsTable {
  id: string;
  merchant_id: string;
  name: string;
  store_number: string;
  address_line1: string;
  address_line2: string | null;
  city: string;
  region: string;
  postal_code: string;
  country: string;
  phone: string;
  /** IANA time zone of the store. */
  time_zone: string;
  status: 'ACTIVE' | 'INACTIVE';
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When it was last deactivated (migration 0028); null while ACTIVE. */
  deactivated_at: Timestamp | null;
}

/**
 * A transaction (migration 0005). Amounts are minor units of `currency`; `status` is as stored (an
 * authorization past 90 days reads EXPIRED). The `search_*` columns are lower-cased copies for the
 * search (by prefix, and by substring through the trigram indexes of migration 0031); modules/transactions/repository.ts fills them.
 */
export interface TransactionsTable {
  id: string;
  merchant_id: string;
  program_id: string;
  location_id: string | null;
  external_id: string;
  product_type: ProductType;
  channel: Channel;
  from_cart: 0 | 1;
  currency: Currency;
  total: number;
  tax: number;
  shipping: number;
  discount: number;
  settled: number;
  refunded: number;
  cancelled: number;
  status: TransactionStatus;
  customer_name: string;
  customer_email: string;
  customer_phone: string | null;
  /** JSON text of an address. */
  billing_address: string | null;
  shipping_address: string | null;
  search_external_id: string;
  search_name: string;
  search_name_reversed: string;
  search_email: string;
  authorized_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * SQLite only (migration 0031): the trigram full-text index of the transactions' search copies, whose
 * rowid is the transaction's. The column named like the table is FTS5's handle for `match`.
 */
export interface TransactionsSearchTable {
  rowid: number;
  transactions_search: string;
}

/** An action on a transaction, with who took it (migration 0005). */
export interface TransactionEventsTable {
  id: string;
  transaction_id: string;
  merchant_id: string;
  type: 'SETTLED' | 'CANCELLED' | 'REFUNDED';
  /** Minor units, positive. */
  amount: number;
  currency: Currency;
  actor_type: ActorType;
  actor_user_id: string | null;
  actor_name: string;
  actor_email: string | null;
  created_at: Timestamp;
}

/** Money moving between the provider and the merchant (migration 0005), listed by the settlement report. */
export interface FundingEventsTable {
  id: string;
  merchant_id: string;
  /** Null only for a FEE that belongs to no one transaction. */
  transaction_id: string | null;
  type: 'SETTLE' | 'REFUND' | 'CHARGEBACK' | 'FEE';
  currency: Currency;
  /** Minor units, negative when money goes back (refunds, chargebacks). */
  amount: number;
  fee: number;
  /** amount - fee. */
  net_amount: number;
  event_at: Timestamp;
  /** `YYYY-MM-DD`. */
  bank_requested_on: string;
  /** `YYYY-MM-DD` of the deposit (ACH); null until it is made. */
  deposited_on: string | null;
  created_at: Timestamp;
  /** The deposit the event is paid in (migration 0016); null for events written before it. */
  deposit_id: string | null;
}

/** A deposit (payout) with the totals of its funding events, kept as they are written (migration 0016). */
export interface DepositsTable {
  id: string;
  merchant_id: string;
  /** `YYYY-MM-DD`, the merchant-local day of the ACH. */
  deposit_date: string;
  bank_reference: string;
  currency: Currency;
  event_count: number;
  /** Minor units; refunds, chargebacks and fees positive, taken off the settlements. */
  settlements: number;
  refunds: number;
  chargebacks: number;
  fees: number;
  /** settlements - refunds - chargebacks - fees. */
  net: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A deposit's totals per program; `program_key` is the program id, or '' for fees of no program. */
export interface DepositProgramTotalsTable {
  deposit_id: string;
  program_key: string;
  program_id: string | null;
  event_count: number;
  settlements: number;
  refunds: number;
  chargebacks: number;
  fees: number;
  net: number;
}

/** A recipient of the settlement summary e-mail (migration 0016). */
export interface SettlementSubscriptionsTable {
  id: string;
  merchant_id: string;
  email: string;
  frequency: 'DAILY' | 'WEEKLY';
  locale: Locale;
  last_sent_on: string | null;
  created_at: Timestamp;
}

/**
 * The answer given to a request with an `Idempotency-Key`, repeated for the same caller and key
 * (migration 0012; 0005's `idempotency_keys` before it).
 */
export interface IdempotentRequestsTable {
  /** `merchant:<id>`, or `user:<id>` for provider staff. */
  caller: string;
  key: string;
  /** `POST /api/carts`: the method and route of the first request. */
  route: string;
  request_hash: string;
  /** Null while the first request is in progress. */
  status_code: number | null;
  /** The answer's body as sent; null while in progress. */
  response: string | null;
  created_at: Timestamp;
}

/** Transactions counted and summed per UTC day and filter dimension, kept by triggers (migration 0005). */
export interface TransactionDailyTotalsTable {
  merchant_id: string;
  /** `YYYY-MM-DD`, the UTC day of created_at. */
  day: string;
  program_id: string;
  status: TransactionStatus;
  product_type: ProductType;
  channel: Channel;
  /** The location id, or '' for none. */
  location_key: string;
  count: number;
  gross: number;
  settled: number;
  refunded: number;
}

/** Raised by every write of a merchant's transactions (migration 0034): what a kept count is valid for. */
export interface TransactionVersionsTable {
  merchant_id: string;
  version: number;
}

export interface AuditEntriesTable {
  id: string;
  merchant_id: string | null;
  actor_type: AuditActorType;
  actor_user_id: string | null;
  actor_email: string | null;
  actor_role: Role | null;
  kind: string;
  subject_type: string;
  subject_id: string | null;
  /** JSON text. */
  before: string | null;
  /** JSON text. */
  after: string | null;
  request_id: string | null;
  created_at: Timestamp;
}

export interface OutboundEmailsTable {
  id: string;
  merchant_id: string | null;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  template: string;
  locale: Locale;
  related_type: string | null;
  related_id: string | null;
  status: EmailStatus;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  claimed_until: Timestamp | null;
  last_error: string | null;
  sent_at: Timestamp | null;
  created_at: Timestamp;
}

/** Single-use invitation and password-reset links (migration 0009); only the token's hash is kept. */
export interface UserTokensTable {
  id: string;
  user_id: string;
  purpose: UserTokenPurpose;
  /** Hex SHA-256 of the token that the e-mail carries. */
  token_hash: string;
  expires_at: Timestamp;
  /** Set when the link is used, or replaced by a newer link of the same purpose. */
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/**
 * One sign-in (migration 0010): every portal token names its row (`sid`). Ended by sign-out and by a
 * password reset or change; a token of an ended session is refused at its next request.
 */
export interface SignInSessionsTable {
  id: string;
  user_id: string;
  /** The provider's name for the sign-in (the built-in provider's grant id); null when it gives none. */
  provider_session: string | null;
  created_at: Timestamp;
  ended_at: Timestamp | null;
}

/** Failed sign-ins of one (e-mail, address) pair or one address (migration 0010), keyed by a hash. */
export interface SignInThrottlesTable {
  key: string;
  failures: number;
  last_failure_at: Timestamp;
}

/** Requests of one caller on one rate-limited route in the current window (migration 0032). */
export interface RateLimitCountersTable {
  key: string;
  hits: number;
  window_ends_at: Timestamp;
}

/** When a periodic job may run next, on whichever instance comes first (migration 0032). */
export interface JobLeasesTable {
  name: string;
  next_run_at: Timestamp;
}

/**
 * A cart, the payment link of issue 5 (migration 0008). Amounts are minor units of `currency`; `status`
 * is as stored (ACTIVE or SENT past `expires_at` reads EXPIRED). The link's token is kept only hashed.
 */
export interface CartsTable {
  id: string;
  merchant_id: string;
  program_id: string;
  /** SHA-256 (hex) of the checkout token. */
  checkout_token_hash: string;
  name: string;
  order_reference: string;
  currency: Currency;
  custom_total: number | null;
  shipping: number;
  tax: number;
  discount: number;
  total: number;
  shopper_name: string;
  shopper_email: string;
  /** '' when none was given. */
  shopper_phone: string;
  /** JSON text of an address. */
  billing_address: string;
  /** JSON text of an address; null when shipping goes to the billing address. */
  shipping_address: string | null;
  /** '' when none. */
  callback_url: string;
  complete_url: string;
  error_url: string;
  status: CartStatus;
  expires_at: Timestamp;
  transaction_id: string | null;
  search_name: string;
  search_reference: string;
  search_shopper_name: string;
  search_shopper_email: string;
  created_by_user_id: string | null;
  created_by_email: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CartItemsTable {
  id: string;
  cart_id: string;
  position: number;
  name: string;
  sku: string;
  quantity: number;
  unit_price: number;
  unit_tax: number;
}

/** Each status a cart took, with who gave it (migration 0008). */
export interface CartStatusHistoryTable {
  id: string;
  cart_id: string;
  status: CartStatus;
  actor_type: ActorType;
  actor_user_id: string | null;
  actor_email: string | null;
  created_at: Timestamp;
}

/**
 * A shopper's application for financing (migration 0015): each step is the time it happened or null;
 * `transaction_id` is set when a purchase followed. `customer_email` is lower-cased (one shopper, one
 * e-mail); `cart_amount` is minor units of `currency`; `created_at` is the first step's time.
 */
export interface ApplicationsTable {
  id: string;
  merchant_id: string;
  program_id: string;
  channel: Channel;
  product_type: ProductType;
  location_id: string | null;
  customer_name: string;
  customer_email: string;
  currency: Currency;
  cart_amount: number | null;
  prequalified_at: Timestamp | null;
  applied_at: Timestamp | null;
  decision: ApplicationDecision | null;
  decided_at: Timestamp | null;
  checkout_started_at: Timestamp | null;
  checkout_completed_at: Timestamp | null;
  transaction_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * A targeting export taken (migration 0015): the window as calendar days of `time_zone`, both included,
 * and the other filters as JSON text, so that the same set can be taken again.
 */
export interface TargetingExportsTable {
  id: string;
  merchant_id: string;
  user_id: string | null;
  user_email: string;
  from_day: string;
  to_day: string;
  time_zone: string;
  filters: string;
  row_count: number;
  created_at: Timestamp;
}

/** The merchants whose insights roll-up rows exist, with the time zone they were built in. */
export interface InsightsRollupZonesTable {
  merchant_id: string;
  time_zone: string;
  built_at: Timestamp;
}

/** Counts and sums per merchant, merchant-local day and split dimension (migration 0017). */
export interface TransactionLocalDailyTotalsTable {
  merchant_id: string;
  /** `YYYY-MM-DD`, the day of created_at in the zone of insights_rollup_zones. */
  day: string;
  program_id: string;
  product_type: ProductType;
  channel: Channel;
  /** The location id, or '' for none. */
  location_key: string;
  count: number;
  settled_count: number;
  refunded_count: number;
  gross: number;
  settled: number;
  refunded: number;
}

/** SQLite only: a zone's UTC offset from `starts_at` (included) to `ends_at` (excluded). */
export interface InsightsZonePeriodsTable {
  time_zone: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  offset_minutes: number;
}

/**
 * How far the applications begun on a merchant-local day went, per split dimension (migration 0018):
 * each count is of the applications that reached that step; `refunded` of those whose purchase has a
 * refund.
 */
export interface ApplicationLocalDailyTotalsTable {
  merchant_id: string;
  /** `YYYY-MM-DD`, the day of the application's created_at in the zone of insights_rollup_zones. */
  day: string;
  program_id: string;
  product_type: ProductType;
  channel: Channel;
  /** The location id, or '' for none. */
  location_key: string;
  started: number;
  applied: number;
  approved: number;
  declined: number;
  purchased: number;
  refunded: number;
}

/** An address a merchant added beyond its team to receive notifications (migration 0021). */
export interface NotificationAddressesTable {
  merchant_id: string;
  /** Lower-cased. */
  email: string;
  created_at: Timestamp;
}

/** One cell of the notifications matrix that is on: this address receives this event (migration 0021). */
export interface NotificationSubscriptionsTable {
  merchant_id: string;
  event: Exclude<NotificationEvent, 'DAILY_SETTLEMENT_SUMMARY'>;
  /** Lower-cased: a team member's or an added address. */
  email: string;
  created_at: Timestamp;
}

/** An event a job announced, so that it is announced once (migration 0021). */
export interface NotificationClaimsTable {
  event: 'AUTHORIZATION_EXPIRING' | 'CART_EXPIRED';
  subject_id: string;
  merchant_id: string;
  created_at: Timestamp;
}

export interface CheckoutLogosTable {
  id: string;
  merchant_id: string;
  content_type: 'image/png' | 'image/jpeg' | 'image/svg+xml';
  /** The bytes as base64 (0022-checkout-designs). */
  data: string;
  size: number;
  width: number | null;
  height: number | null;
  created_at: Timestamp;
}

/** The fields of a checkout design, in a draft and in a published version alike. */
interface CheckoutDesignColumns {
  merchant_id: string;
  primary_color: string;
  button_color: string;
  button_text_color: string;
  background_color: string;
  text_color: string;
  button_style: 'ROUNDED' | 'PILL' | 'SQUARE';
  display_mode: 'EMBEDDED' | 'MODAL';
  shop_name: string;
  logo_id: string | null;
}

export interface CheckoutDesignsTable extends CheckoutDesignColumns {
  updated_at: Timestamp;
  updated_by: string | null;
}

export interface CheckoutDesignVersionsTable extends CheckoutDesignColumns {
  version: number;
  published_at: Timestamp;
  published_by: string | null;
}

/** A merchant's key of the merchant API (migration 0020, docs/decisions/0013-merchant-api-keys.md). */
export interface AccessKeysTable {
  id: string;
  merchant_id: string;
  name: string;
  carts_level: AccessKeyLevel;
  transactions_level: AccessKeyLevel;
  /** SHA-256 (hex) of the secret; the secret itself is never stored. */
  secret_hash: string;
  /** SHA-256 (hex) of the secret the last rotation replaced, valid until the next column. */
  previous_secret_hash: string | null;
  previous_secret_valid_until: Timestamp | null;
  expires_at: Timestamp | null;
  created_by_user_id: string;
  created_by_email: string;
  created_by_role: Role;
  created_at: Timestamp;
  rotated_at: Timestamp | null;
  revoked_at: Timestamp | null;
  last_used_at: Timestamp | null;
  last_used_address: string | null;
  /** When the warning of the coming expiry was queued: at most once per key. */
  expiry_warned_at: Timestamp | null;
}

/** A merchant's on-site messaging (migration 0023): the four page types as one JSON document. */
export interface PlacementSettingsTable {
  merchant_id: string;
  /** JSON of the contracts' `placementsSchema`. */
  placements: string;
  updated_at: Timestamp;
}

/**
 * A location's verification code (migration 0029): only its keyed hash is stored. `status` is as
 * stored: an ACTIVE code past `expires_at` reads EXPIRED and is marked so before a new code is made.
 */
export interface LocationVerificationCodesTable {
  id: string;
  merchant_id: string;
  location_id: string;
  /** HMAC-SHA256 (hex) of the digits under the server's key (location-verification-codes/code-hash.ts). */
  code_hash: string;
  status: VerificationCodeStatus;
  expires_at: Timestamp;
  created_at: Timestamp;
  created_by_email: string;
  /** When it was replaced, revoked or marked expired. */
  ended_at: Timestamp | null;
}

type VerificationCheckWindow = (typeof VERIFICATION_CHECK_LIMITS)[number]['window'];

/** The public check's attempts of one location in one window (migration 0029). */
export interface VerificationCheckThrottlesTable {
  location_id: string;
  window: VerificationCheckWindow;
  attempts: number;
  window_started_at: Timestamp;
}

/** An acquirer merchant id registered for a location, with its validation (migration 0029). */
export interface AcquirerMerchantIdsTable {
  id: string;
  merchant_id: string;
  location_id: string;
  acquirer_merchant_id: string;
  status: MerchantIdStatus;
  failure: MerchantIdFailure | null;
  created_at: Timestamp;
  created_by_email: string;
  validated_at: Timestamp | null;
  validated_by_email: string | null;
}

/** The merchant's virtual card (migration 0029): never its full number. */
export interface VirtualCardsTable {
  id: string;
  merchant_id: string;
  masked_number: string;
  expiry_month: number;
  expiry_year: number;
  created_at: Timestamp;
  created_by_email: string;
}

/**
 * A merchant's deposit account, first a change request (migration 0025). The numbers are sealed; only
 * `account_last4` is in clear, and nothing but it ever leaves the server.
 */
export interface BankAccountsTable {
  id: string;
  merchant_id: string;
  country: BankCountry;
  holder_name: string;
  bank_name: string;
  account_type: BankAccountType;
  /** The numbers as JSON, sealed with the bank numbers key and the row's id (bank-information/numbers.ts). */
  numbers_sealed: string;
  account_last4: string;
  status: 'PENDING' | 'CONFIRMED' | 'CANCELLED' | 'EXPIRED';
  requested_by_user_id: string | null;
  requested_by_email: string;
  requested_at: Timestamp;
  /** SHA-256 (hex) of the confirmation link's key; null once the request is no longer pending. */
  link_token_hash: string | null;
  expires_at: Timestamp;
  confirmed_by_email: string | null;
  confirmed_through: 'ADMIN' | 'LINK' | null;
  confirmed_at: Timestamp | null;
  /** The merchant-local day (`YYYY-MM-DD`) of the first deposit paid into it. */
  effective_from: string | null;
  cancelled_at: Timestamp | null;
}
