import { z } from 'zod/mini';
import { minorUnitsToDecimal, moneySchema, type Money } from './money.js';

/**
 * The server's refusals of what a user asked (a 409, 422, 429…), as codes with parameters: the API
 * answers `{ error: { code, message, reason, params } }`, the portal shows `errors:refusal.<reason>`
 * in the user's language with the parameters formatted for it, and `message` is the English text
 * below, for logs and API clients (docs/decisions/0010-refusals-as-codes.md).
 */

/** What a parameter holds, so that the portal formats it for the user's language. */
export type RefusalParamKind = 'money' | 'date' | 'text' | 'count';

interface ParamValues {
  /** In minor units with its currency, as every amount of the API. */
  money: Money;
  /** A calendar date, `YYYY-MM-DD`. */
  date: string;
  /** Words the same in every language (a currency code, a name). */
  text: string;
  count: number;
}

type ParamShape = Readonly<Record<string, RefusalParamKind>>;

type ParamsOf<S extends ParamShape> = { readonly [K in keyof S]: ParamValues[S[K]] };

interface Refusal<S extends ParamShape> {
  readonly params: S;
  readonly english: (params: ParamsOf<S>) => string;
}

function refusal<S extends ParamShape>(params: S, english: (params: ParamsOf<S>) => string): Refusal<S> {
  return { params, english };
}

/** Money as the English message writes it: "268.89 CAD". */
const money = ({ value, currency }: Money) => `${minorUnitsToDecimal(value)} ${currency}`;

const NONE = {} as const;
const SETTLED_TOTAL_CANCELLED = { settled: 'money', total: 'money', cancelled: 'money' } as const;
const LEFT_AMOUNT = { left: 'money', amount: 'money' } as const;

/** Every refusal the API gives, by its stable code; a code is never reused for another meaning. */
export const REFUSALS = {
  'transaction.nothing_settled_to_refund': refusal(
    NONE,
    () => 'Nothing has been settled yet, so there is nothing to refund',
  ),
  'transaction.all_refunded': refusal(
    { settled: 'money' },
    (p) => `Everything settled (${money(p.settled)}) has already been refunded`,
  ),
  'transaction.cancelled_cannot_settle': refusal(
    NONE,
    () => 'This transaction is canceled, so it cannot be settled',
  ),
  'transaction.already_cancelled': refusal(NONE, () => 'This transaction is already canceled'),
  'transaction.not_authorized_yet': refusal(
    NONE,
    () => 'This transaction is not authorized yet, so it cannot be settled',
  ),
  'transaction.nothing_to_settle': refusal(
    SETTLED_TOTAL_CANCELLED,
    (p) =>
      `Nothing is left to settle: ${money(p.settled)} of ${money(p.total)} is settled and ${money(p.cancelled)} canceled`,
  ),
  'transaction.nothing_to_cancel': refusal(
    SETTLED_TOTAL_CANCELLED,
    (p) =>
      `Nothing is left to cancel: ${money(p.settled)} of ${money(p.total)} is settled and ${money(p.cancelled)} canceled`,
  ),
  'transaction.refunded_cannot_settle': refusal(
    { refunded: 'money' },
    (p) => `${money(p.refunded)} of this transaction has been refunded, so nothing more can be settled`,
  ),
  'transaction.expired_cannot_settle': refusal(
    { expiredOn: 'date' },
    (p) => `The authorization expired on ${p.expiredOn}, so this transaction can no longer be settled`,
  ),
  'transaction.expired_cannot_cancel': refusal(
    { expiredOn: 'date' },
    (p) => `The authorization expired on ${p.expiredOn}, so this transaction can no longer be canceled`,
  ),
  'transaction.settle_above_left': refusal(
    LEFT_AMOUNT,
    (p) => `Only ${money(p.left)} is left to settle; ${money(p.amount)} is more than that`,
  ),
  'transaction.cancel_above_left': refusal(
    LEFT_AMOUNT,
    (p) => `Only ${money(p.left)} is left to cancel; ${money(p.amount)} is more than that`,
  ),
  'transaction.refund_above_left': refusal(
    LEFT_AMOUNT,
    (p) => `Only ${money(p.left)} is left to refund; ${money(p.amount)} is more than that`,
  ),
  'transaction.wrong_currency': refusal(
    { currency: 'text' },
    (p) => `The amount must be in ${p.currency}, the currency of this transaction`,
  ),
  // Field errors (an error's `details`), next to the field they are about.
  'transaction.amount_at_most': refusal(
    { left: 'money' },
    // The API's amounts are minor units: API clients read this one as they send it.
    (p) => `At most ${String(p.left.value)}`,
  ),
  'transaction.amount_currency': refusal({ currency: 'text' }, (p) => `Expected ${p.currency}`),
  'transaction.changed_meanwhile': refusal(
    NONE,
    () => 'The transaction changed while this action ran; reload it and try again',
  ),
  'transaction.not_found': refusal(NONE, () => 'No transaction has this id'),
  'cart.no_access': refusal(NONE, () => 'You do not have access to this cart'),
  'cart.no_ecommerce': refusal(NONE, () => 'Carts need an ecommerce program'),
  'cart.not_open_completed': refusal(
    NONE,
    () => 'This cart is completed: only active and sent carts can be changed',
  ),
  'cart.not_open_declined': refusal(
    NONE,
    () => 'This cart was declined: only active and sent carts can be changed',
  ),
  'cart.not_open_expired': refusal(
    NONE,
    () => 'This cart has expired: only active and sent carts can be changed',
  ),
  'cart.changed_meanwhile': refusal(
    NONE,
    () => 'The cart changed while this action ran; reload it and try again',
  ),
  'cart.link_sent_recently': refusal(
    { seconds: 'count' },
    (p) =>
      `The link was e-mailed to the shopper less than ${String(p.seconds)} seconds ago: wait before sending it again`,
  ),
  'cart.too_many_emails': refusal(
    { count: 'count', minutes: 'count' },
    (p) =>
      `This cart was sent ${String(p.count)} times in the last ${String(p.minutes)} minutes; try again later`,
  ),
  'cart.above_program_maximum': refusal(
    { maximum: 'money' },
    (p) => `At most ${minorUnitsToDecimal(p.maximum.value)}, the program's maximum`,
  ),
  'cart.total_above_program_maximum': refusal(
    { maximum: 'money' },
    (p) => `The total is over ${minorUnitsToDecimal(p.maximum.value)}, the program's maximum`,
  ),
  'location.not_found': refusal(NONE, () => 'No location has this id'),
  'location.store_number_taken': refusal(
    { storeNumber: 'text' },
    (p) => `Another location already has the store number ${p.storeNumber}`,
  ),
  'location.already_inactive': refusal(NONE, () => 'This location is already inactive'),
  'location.already_active': refusal(NONE, () => 'This location is already active'),
  'location.feature_off': refusal(NONE, () => 'The locations page is not turned on for this merchant'),
  'checkout.unknown_link': refusal(NONE, () => 'This link does not exist'),
  'checkout.completed': refusal(NONE, () => 'This cart has already been completed'),
  'checkout.declined': refusal(NONE, () => 'This cart was declined'),
  'checkout.expired': refusal(NONE, () => 'This cart has expired'),
  'checkout.cannot_complete': refusal(NONE, () => 'This cart can no longer be completed'),
  'checkout.cannot_decline': refusal(NONE, () => 'This cart can no longer be declined'),
  'user.no_access': refusal(NONE, () => 'You do not have access to this user'),
  'user.self_removal': refusal(NONE, () => 'You cannot remove yourself'),
  'user.self_demotion': refusal(NONE, () => 'You cannot change your own role'),
  'user.last_admin': refusal(NONE, () => 'The merchant must keep at least one active admin'),
  'user.not_invited': refusal(NONE, () => 'This user has already activated the account or was removed'),
  'user.removed': refusal(NONE, () => 'This user was removed'),
  'user.not_removed': refusal(NONE, () => 'This user was not removed'),
  'user.restorable': refusal(
    NONE,
    () => 'This e-mail belongs to a removed user of this merchant, who can be restored',
  ),
  'user.email_taken': refusal(NONE, () => 'This e-mail is already in use'),
  'program.no_access': refusal(NONE, () => 'You do not have access to this program'),
  'enrollment.no_access': refusal(NONE, () => 'You do not have access to this enrollment'),
  'enrollment.start_in_past': refusal(NONE, () => 'An enrollment cannot start in the past'),
  'enrollment.end_in_past': refusal(NONE, () => 'An enrollment cannot end in the past'),
  'enrollment.product_not_in_program': refusal(NONE, () => 'The payment product is not part of this program'),
  'enrollment.overlap': refusal(
    NONE,
    () => 'The merchant is already enrolled in this product for part of that period',
  ),
  'enrollment.started_keeps_start': refusal(
    NONE,
    () => 'An enrollment that has started keeps its start date',
  ),
  'enrollment.ended_cannot_change': refusal(NONE, () => 'This enrollment has ended and can no longer change'),
  'enrollment.already_ended': refusal(NONE, () => 'This enrollment has already ended'),
  'enrollment.start_today_or_later': refusal(NONE, () => 'Choose today or a later date'),
  'enrollment.end_later_or_now': refusal(NONE, () => 'Choose a later date, or end the enrollment now'),
  'enrollment.not_product_of_program': refusal(NONE, () => 'Not a payment product of this program'),
  'enrollment.start_cannot_change': refusal(NONE, () => 'The start of an active enrollment cannot change'),
  'placement.other_currency': refusal(
    { currency: 'text' },
    (p) => `A threshold must be in the merchant's currency (${p.currency})`,
  ),
  'placement.threshold_in_currency': refusal(
    { currency: 'text' },
    (p) => `Give the threshold in ${p.currency}`,
  ),
  'feature_flag.unknown': refusal(
    { name: 'text' },
    (p) => `The merchant's tenant has no feature flag named ${p.name} in use`,
  ),
  'funding.no_access': refusal(NONE, () => 'You do not have access to this funding configuration'),
  'funding.not_configured': refusal(NONE, () => 'The merchant has no funding configuration yet'),
  'funding.schedule_invalid': refusal(NONE, () => 'The payout schedule is not valid'),
  'funding.weekday_needed': refusal(
    NONE,
    () => 'A weekly payout needs a weekday from 1 (Monday) to 7 (Sunday)',
  ),
  'funding.weekday_only_weekly': refusal(NONE, () => 'A weekday is only for a weekly payout'),
  'funding.day_of_month_needed': refusal(
    NONE,
    () => 'A monthly payout needs a day of the month from 1 to 31',
  ),
  'funding.day_of_month_only_monthly': refusal(NONE, () => 'A day of the month is only for a monthly payout'),
  'settlement.range_reversed': refusal(NONE, () => 'The end date is before the start date'),
  'settlement.range_in_future': refusal(
    NONE,
    () => 'Choose dates up to today: deposits to come are not reported yet',
  ),
  'settlement.range_too_long': refusal(
    { maxDays: 'count' },
    (p) => `Choose a range of at most ${String(p.maxDays)} days`,
  ),
  'settlement.deposit_not_found': refusal(NONE, () => 'No deposit has this id'),
  'settlement.subscription_not_found': refusal(NONE, () => 'No settlement summary subscription has this id'),
  'settlement.subscription_exists': refusal(
    NONE,
    () => 'This address already receives this settlement summary',
  ),
  'email.not_found': refusal(NONE, () => 'No e-mail with this id'),
  // Field errors of the insights range, next to its end date.
  'insights.range_end_before_start': refusal(NONE, () => 'The end date is before the start date'),
  'insights.range_in_future': refusal(NONE, () => 'The range cannot end after today'),
  'insights.range_too_long': refusal(NONE, () => 'A range can cover at most two years'),
  'auth.sign_in_not_valid': refusal(NONE, () => 'The sign-in is not valid or has expired'),
  'auth.wrong_portal': refusal(NONE, () => 'This account cannot sign in to this portal'),
  'auth.no_permission': refusal(NONE, () => 'You do not have permission to do this'),
  'auth.choose_merchant': refusal(NONE, () => 'Choose a merchant first'),
  'auth.no_active_user': refusal(NONE, () => 'No active user has this e-mail'),
  'password.link_invalid': refusal(NONE, () => 'This link is no longer valid'),
  'password.rules_not_met': refusal(NONE, () => 'The password does not meet the rules'),
  'password.current_incorrect': refusal(NONE, () => 'The current password is incorrect'),
  'password.too_short': refusal(
    { min: 'count' },
    (p) => `The password needs at least ${String(p.min)} characters`,
  ),
  'password.contains_email': refusal(NONE, () => 'The password may not contain your e-mail address'),
  'password.contains_email_name': refusal(
    { name: 'text' },
    (p) =>
      `The password may not contain your e-mail address or its name "${p.name}", whatever the capitals or punctuation`,
  ),
  'password.too_common': refusal(NONE, () => 'This password is too common'),
  'targeting.window_backwards': refusal(NONE, () => 'The end date is before the start date'),
  'targeting.window_too_long': refusal(NONE, () => 'The window covers at most one year'),
  'targeting.window_in_future': refusal(
    { today: 'date' },
    (p) => `Choose ${p.today} (today in the merchant's time zone) or an earlier date`,
  ),
  'targeting.export_not_found': refusal(NONE, () => 'No targeting export has this id'),
  'notifications.unknown_recipient': refusal(
    { email: 'text' },
    (p) => `${p.email} is neither a team member nor an added address`,
  ),
  'notifications.address_is_team_member': refusal(
    { email: 'text' },
    (p) => `${p.email} is a team member already: use their column`,
  ),
  'notifications.no_recipients': refusal(
    NONE,
    () => 'No one receives this e-mail yet: turn it on for someone first',
  ),
  'notifications.settlement_summary_admin_only': refusal(
    NONE,
    () => 'Only an administrator may change who receives the settlement summary',
  ),
  'notifications.event_not_offered': refusal(NONE, () => 'This e-mail is not offered on this portal'),
  'checkout_design.logo_too_large': refusal(
    { maxKb: 'count' },
    (p) => `The logo is larger than ${String(p.maxKb)} KB`,
  ),
  'checkout_design.logo_wrong_type': refusal(NONE, () => 'The logo must be a PNG, JPEG or SVG image'),
  'checkout_design.logo_dimensions': refusal(
    { min: 'count', max: 'count' },
    (p) => `The logo must be from ${String(p.min)} to ${String(p.max)} pixels wide and high`,
  ),
  'checkout_design.logo_unsafe_svg': refusal(
    NONE,
    () =>
      'This SVG holds scripts, event handlers, embedded documents, external references or entities: export it as a plain drawing',
  ),
  'checkout_design.logo_not_found': refusal(NONE, () => 'This logo does not exist; upload it again'),
  'checkout_design.version_not_found': refusal(NONE, () => 'No published version has this number'),
  'access_key.not_found': refusal(NONE, () => 'No access key has this id'),
  'access_key.revoked': refusal(NONE, () => 'This access key is revoked'),
  'access_key.expired': refusal(NONE, () => 'This access key has expired'),
  'access_key.expiry_in_past': refusal(NONE, () => 'Choose an expiry date in the future'),
  'api_key.missing': refusal(
    NONE,
    () => 'The merchant API needs an access key: Authorization: Bearer <key id>.<secret>',
  ),
  'api_key.malformed': refusal(NONE, () => 'This is not an access key: expected <key id>.sk_<secret>'),
  'api_key.not_valid': refusal(NONE, () => 'The access key is unknown or its secret is wrong'),
  'api_key.expired': refusal(NONE, () => 'The access key has expired'),
  'api_key.revoked': refusal(NONE, () => 'The access key is revoked'),
  'api_key.secret_rotated': refusal(
    NONE,
    () => 'This secret was replaced by a rotation and its overlap has ended: use the new secret',
  ),
  'api_key.missing_scope': refusal(
    { resource: 'text', level: 'text' },
    (p) => `The access key's scopes do not grant ${p.level} access to ${p.resource}`,
  ),
  'location.inactive': refusal(NONE, () => 'This location is closed: it takes no new code'),
  'verification_code.none_active': refusal(NONE, () => 'This location has no active code to revoke'),
  'verification_code.locked': refusal(
    { minutes: 'count' },
    (p) => `Too many attempts for this location: try again in ${String(p.minutes)} minutes`,
  ),
  'page.program_required': refusal(
    NONE,
    () => 'This page needs a program that this merchant does not take part in',
  ),
  'page.flag_off': refusal(NONE, () => 'This page is not turned on for this merchant'),
  'merchant_id.not_found': refusal(NONE, () => 'No merchant id of this merchant has this id'),
  'merchant_id.duplicate': refusal(
    { merchantId: 'text' },
    (p) => `${p.merchantId} is already registered for this merchant`,
  ),
  'virtual_card.exists': refusal(NONE, () => 'The merchant already has its virtual card'),
  'virtual_card.needs_validated_id': refusal(
    NONE,
    () => 'A virtual card needs at least one validated merchant id',
  ),
  'bank.request_pending': refusal(
    NONE,
    () => 'A change of the bank account is already waiting for its confirmation: confirm or cancel it first',
  ),
  'bank.request_not_pending': refusal(NONE, () => 'This change of the bank account is no longer waiting'),
  'bank.request_expired': refusal(
    NONE,
    () => 'This change of the bank account was not confirmed in time: ask for it again',
  ),
  'bank.confirm_own_request': refusal(
    NONE,
    () => 'Another administrator must confirm your change, or confirm it through the link e-mailed to you',
  ),
  'bank.link_invalid': refusal(NONE, () => 'This confirmation link is not valid'),
  'bank.same_account': refusal(NONE, () => 'Deposits already go to this account'),
  'request.idempotency_key_reused': refusal(
    NONE,
    () => 'This Idempotency-Key was already used for a different request; use a new key for a new request',
  ),
  'request.idempotency_interrupted': refusal(
    NONE,
    () =>
      'A request with this Idempotency-Key was interrupted before its answer was kept: check the outcome ' +
      'before sending it again with a new key',
  ),
} as const;

export type RefusalReason = keyof typeof REFUSALS;

/** The parameters a refusal takes, typed by its code. */
export type RefusalParams<R extends RefusalReason> = ParamsOf<(typeof REFUSALS)[R]['params']>;

/** A refusal's parameters as arguments: none to give when it takes none. */
export type RefusalArgs<R extends RefusalReason> = keyof RefusalParams<R> extends never
  ? [params?: RefusalParams<R>]
  : [params: RefusalParams<R>];

/** A parameter as it travels in the error body. */
export const refusalParamSchema = z.union([z.string(), z.number(), moneySchema]);
export type RefusalParam = z.infer<typeof refusalParamSchema>;

export function isRefusalReason(value: unknown): value is RefusalReason {
  return typeof value === 'string' && Object.hasOwn(REFUSALS, value);
}

/** The parameter kinds of a refusal, for formatting each value in the user's language. */
export function refusalParamKinds(reason: RefusalReason): Readonly<Record<string, RefusalParamKind>> {
  return REFUSALS[reason].params;
}

/** The English text of a refusal: the one wording, used by the server for `message`. */
export function refusalMessage<R extends RefusalReason>(reason: R, ...[params]: RefusalArgs<R>): string {
  const { english } = REFUSALS[reason] as unknown as Refusal<ParamShape>;
  return english(params ?? {});
}

/**
 * A field's error (an entry of an error's `details`) as a refusal: its English `message` for API
 * clients, its `reason` and `params` for the portal to show in the user's language.
 */
export function fieldRefusal<R extends RefusalReason>(path: string, reason: R, ...args: RefusalArgs<R>) {
  // Each code's parameters are of the kinds the error body carries (RefusalParam).
  const params = (args[0] ?? {}) as Readonly<Record<string, RefusalParam>>;
  return { path, message: refusalMessage(reason, ...args), reason, params };
}
