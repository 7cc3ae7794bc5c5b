import { z } from 'zod';
import { dateTime } from './date-time.js';
import { BRANDS } from './brands.js';
import { shopperDesignSchema } from './checkout-design.js';
import { DAY_MS } from './constants.js';
import { EMAIL_STATUSES } from './emails.js';
import { CURRENCIES } from './money.js';
import { isNonPublicHost, parseUrl } from './network-address.js';
import { planTermsSchema } from './placements.js';
import { SORT_ORDERS } from './transactions.js';

export const CART_ACTIONS = ['notify', 'resend', 'expire'] as const;
export type CartAction = (typeof CART_ACTIONS)[number];

/**
 * PRODUCT.md, "Carts": ACTIVE (created) → SENT (notified) → COMPLETED, DECLINED (the shopper left
 * through the link) or EXPIRED. A cart past its expiry reads EXPIRED unless it was completed or declined.
 */
export const CART_STATUSES = ['ACTIVE', 'SENT', 'COMPLETED', 'DECLINED', 'EXPIRED'] as const;
export type CartStatus = (typeof CART_STATUSES)[number];
/** Only these can be edited, notified or expired; anything else is 409. */
export const OPEN_CART_STATUSES = ['ACTIVE', 'SENT'] as const satisfies readonly CartStatus[];

export function isOpenCartStatus(status: CartStatus): boolean {
  return (OPEN_CART_STATUSES as readonly CartStatus[]).includes(status);
}

/**
 * The link is not e-mailed again (notify or resend) this soon after the last time: a second click, or a
 * second user on the same cart, would otherwise send the shopper the same message twice.
 */
export const CART_LINK_RESEND_INTERVAL_MS = 60_000;

export const MAX_CART_ITEMS = 100;
export const DEFAULT_CART_EXPIRY_DAYS = 7;
export const MAX_CART_EXPIRY_DAYS = 30;
/** No one amount goes past this many minor units (ten million); the program's maximum is checked too. */
export const MAX_CART_AMOUNT = 1_000_000_000;

/** Where the expiry lands when the user picks none. */
export function defaultCartExpiry(now: Date = new Date()): string {
  return new Date(now.getTime() + DEFAULT_CART_EXPIRY_DAYS * DAY_MS).toISOString();
}

/**
 * The validation messages of the cart schema: keys of the portal's texts (`carts:validation.<name>`),
 * which the server answers as codes in its field errors and the portal shows translated.
 */
const CART_MESSAGE_NAMES = [
  'required',
  'tooLong',
  'amount',
  'wholeCents',
  'amountTooLarge',
  'positive',
  'notNegative',
  'httpsOnly',
  'publicAddress',
  'country',
  'quantity',
  'wholeNumber',
  'atLeastOne',
  'tooManyUnits',
  'email',
  'phone',
  'tooManyItems',
  'itemsOrTotal',
  'notBoth',
  'shippingAddress',
  'totalNotPositive',
  'totalTooLarge',
  'expiryDate',
  'expiryPast',
  'expiryTooFar',
] as const;
type CartMessageName = (typeof CART_MESSAGE_NAMES)[number];
export const CART_MESSAGES = Object.fromEntries(
  CART_MESSAGE_NAMES.map((name) => [name, `carts:validation.${name}`]),
) as { readonly [N in CartMessageName]: `carts:validation.${N}` };
export type CartMessage = keyof typeof CART_MESSAGES;

const M = CART_MESSAGES;
const text = (max: number) => z.string().trim().min(1, M.required).max(max, M.tooLong);
const optionalText = (max: number) => z.string().trim().max(max, M.tooLong);
const amount = z.number(M.amount).int(M.wholeCents).max(MAX_CART_AMOUNT, M.amountTooLarge);
const positiveAmount = amount.positive(M.positive);
const nonNegativeAmount = amount.nonnegative(M.notNegative);

const LOCAL_HTTP_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Whether a callback URL is plain http to this very machine: a developer testing a shop. The server
 * refuses it outside development; the schema cannot know where it runs.
 */
export function isLocalHttpCallback(value: string): boolean {
  const url = parseUrl(value);
  return url?.protocol === 'http:' && LOCAL_HTTP_HOSTS.includes(url.hostname);
}

/** Why a callback URL is refused, or undefined: https to a public host, or local http (see above). */
function callbackUrlProblem(value: string): CartMessage | undefined {
  if (value === '' || isLocalHttpCallback(value)) return undefined;
  const url = parseUrl(value);
  if (
    url === undefined ||
    url.protocol !== 'https:' ||
    url.hostname === '' ||
    url.username !== '' ||
    url.password !== ''
  ) {
    return 'httpsOnly';
  }
  return isNonPublicHost(url.hostname) ? 'publicAddress' : undefined;
}

/**
 * Where the server posts when the cart is paid: https to a public address only (the server checks the
 * resolved address again when it posts); empty means none.
 */
const callbackUrl = z
  .string()
  .trim()
  .max(2000)
  .superRefine((value, context) => {
    const problem = callbackUrlProblem(value);
    if (problem !== undefined) context.addIssue({ code: 'custom', message: M[problem] });
  });

const PHONE = /^\+?[0-9 ().-]{7,20}$/;

export const cartAddressSchema = z.strictObject({
  line1: text(200),
  line2: optionalText(200),
  city: text(100),
  /** State or province code, e.g. `NY`, `QC`. */
  region: text(50),
  postalCode: text(20),
  /** ISO 3166-1 alpha-2. */
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, M.country),
});
export type CartAddress = z.infer<typeof cartAddressSchema>;

export const cartItemInputSchema = z.strictObject({
  name: text(200),
  sku: optionalText(100),
  quantity: z.number(M.quantity).int(M.wholeNumber).min(1, M.atLeastOne).max(10_000, M.tooManyUnits),
  unitPrice: positiveAmount,
  unitTax: nonNegativeAmount,
});
export type CartItemInput = z.infer<typeof cartItemInputSchema>;

export const shopperInputSchema = z.strictObject({
  name: text(200),
  email: z.string().trim().max(320, M.tooLong).pipe(z.email(M.email)),
  phone: z
    .string()
    .trim()
    .refine((value) => value === '' || (PHONE.test(value) && /\d{7}/.test(value.replace(/\D/g, ''))), {
      message: M.phone,
    }),
  billingAddress: cartAddressSchema,
  shippingSameAsBilling: z.boolean(),
  /** Ignored (and may be null) when shipping goes to the billing address. */
  shippingAddress: cartAddressSchema.nullable(),
});

export interface CartAmounts {
  readonly items: readonly Pick<CartItemInput, 'quantity' | 'unitPrice' | 'unitTax'>[];
  readonly customTotal: number | null;
  readonly shipping: number;
  readonly tax: number;
  readonly discount: number;
}

export interface CartTotals {
  /** The items' prices, or the custom total. */
  readonly subtotal: number;
  /** The items' own taxes plus the cart's tax. */
  readonly tax: number;
  readonly shipping: number;
  readonly discount: number;
  readonly total: number;
}

/** The one computation of a cart's totals, for the form as the user types and for the server. */
export function cartTotals(cart: CartAmounts): CartTotals {
  const { customTotal } = cart;
  const subtotal = customTotal ?? cart.items.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0);
  const itemTax =
    customTotal === null ? cart.items.reduce((sum, item) => sum + item.quantity * item.unitTax, 0) : 0;
  const tax = itemTax + cart.tax;
  return {
    subtotal,
    tax,
    shipping: cart.shipping,
    discount: cart.discount,
    total: subtotal + tax + cart.shipping - cart.discount,
  };
}

/**
 * A cart as the merchant writes it, for create and edit: the form validates with this schema and the
 * server validates the same body with it again. Amounts are integer minor units of the merchant's
 * currency. Either items or a custom total.
 */
export const cartInputSchema = z
  .strictObject({
    name: text(200),
    orderReference: text(100),
    items: z.array(cartItemInputSchema).max(MAX_CART_ITEMS, M.tooManyItems),
    customTotal: positiveAmount.nullable(),
    shipping: nonNegativeAmount,
    tax: nonNegativeAmount,
    discount: nonNegativeAmount,
    shopper: shopperInputSchema,
    callbackUrl,
    completeUrl: callbackUrl,
    errorUrl: callbackUrl,
    expiresAt: z.iso.datetime({ offset: true, error: M.expiryDate }),
  })
  .superRefine((cart, context) => {
    if (cart.customTotal === null && cart.items.length === 0) {
      context.addIssue({ code: 'custom', path: ['items'], message: M.itemsOrTotal });
    }
    if (cart.customTotal !== null && cart.items.length > 0) {
      context.addIssue({ code: 'custom', path: ['customTotal'], message: M.notBoth });
    }
    if (!cart.shopper.shippingSameAsBilling && cart.shopper.shippingAddress === null) {
      context.addIssue({
        code: 'custom',
        path: ['shopper', 'shippingAddress'],
        message: M.shippingAddress,
      });
    }
    const { total } = cartTotals(cart);
    if (total <= 0) {
      context.addIssue({ code: 'custom', path: ['discount'], message: M.totalNotPositive });
    } else if (total > MAX_CART_AMOUNT) {
      context.addIssue({ code: 'custom', path: ['discount'], message: M.totalTooLarge });
    }
    const expiresAt = Date.parse(cart.expiresAt);
    const now = Date.now();
    if (expiresAt <= now) {
      context.addIssue({ code: 'custom', path: ['expiresAt'], message: M.expiryPast });
    } else if (expiresAt > now + MAX_CART_EXPIRY_DAYS * DAY_MS) {
      context.addIssue({
        code: 'custom',
        path: ['expiresAt'],
        message: M.expiryTooFar,
      });
    }
  });
export type CartInput = z.infer<typeof cartInputSchema>;

export const cartAddressOutputSchema = z.object({
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  country: z.string(),
});

export const cartItemSchema = z.object({
  name: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  unitTax: z.number().int(),
});

export const cartTotalsSchema = z.object({
  subtotal: z.number().int(),
  tax: z.number().int(),
  shipping: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
});

/** One row of the list. */
export const cartSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  orderReference: z.string(),
  shopperName: z.string(),
  shopperEmail: z.string(),
  currency: z.enum(CURRENCIES),
  total: z.number().int(),
  /** ACTIVE or SENT past its expiry reads EXPIRED. */
  status: z.enum(CART_STATUSES),
  createdBy: z.string(),
  createdAt: dateTime,
  expiresAt: dateTime,
});
export type CartSummary = z.infer<typeof cartSummarySchema>;

export const cartStatusChangeSchema = z.object({
  status: z.enum(CART_STATUSES),
  /** Who changed it: a user's e-mail, `shopper`, or `system` for an expiry by time. */
  actor: z.string(),
  at: dateTime,
});

export const cartNotificationSchema = z.object({
  id: z.string(),
  to: z.string(),
  template: z.string(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: dateTime,
  sentAt: dateTime.nullable(),
});

export const cartDetailSchema = cartSummarySchema.extend({
  items: z.array(cartItemSchema),
  customTotal: z.number().int().nullable(),
  totals: cartTotalsSchema,
  shopper: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    billingAddress: cartAddressOutputSchema,
    shippingSameAsBilling: z.boolean(),
    shippingAddress: cartAddressOutputSchema.nullable(),
  }),
  callbackUrl: z.string(),
  completeUrl: z.string(),
  errorUrl: z.string(),
  /** The shopper's link; only the merchant's users ever see it. */
  checkoutUrl: z.string(),
  transactionID: z.string().nullable(),
  updatedAt: dateTime,
  history: z.array(cartStatusChangeSchema),
  notifications: z.array(cartNotificationSchema),
});
export type CartDetail = z.infer<typeof cartDetailSchema>;

export const CART_SORTS = ['createdAt', 'expiresAt', 'total', 'name'] as const;
export type CartSort = (typeof CART_SORTS)[number];
export const CART_PAGE_SIZES = [25, 50, 100] as const;

function statusList() {
  return z.preprocess(
    (value: unknown) => {
      if (value === undefined) return undefined;
      const parts: unknown[] = Array.isArray(value) ? value : [value];
      return parts.flatMap((part) => (typeof part === 'string' ? part.split(',') : [part])).filter(Boolean);
    },
    z.array(z.enum(CART_STATUSES)).max(CART_STATUSES.length).optional(),
  );
}

/** `from` and `to` are UTC days of creation, both included. */
export const cartListQuerySchema = z.strictObject({
  status: statusList(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** Prefix of the name, the order reference or the shopper's name or e-mail; any case. */
  search: z.string().trim().max(200).optional(),
  sort: z.enum(CART_SORTS).default('createdAt'),
  order: z.enum(SORT_ORDERS).default('desc'),
  limit: z.coerce
    .number()
    .int()
    .refine((value) => (CART_PAGE_SIZES as readonly number[]).includes(value), 'Use 25, 50 or 100')
    .default(25),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});

export const cartListResponseSchema = z.object({
  items: z.array(cartSummarySchema),
  pagination: z.object({
    offset: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  }),
});
export type CartListPage = z.infer<typeof cartListResponseSchema>;

/** What the shopper sees: nothing about the merchant's users, nothing that names another cart. */
export const checkoutCartSchema = z.object({
  merchantName: z.string(),
  brand: z.enum(BRANDS),
  name: z.string(),
  orderReference: z.string(),
  currency: z.enum(CURRENCIES),
  items: z.array(cartItemSchema),
  customTotal: z.number().int().nullable(),
  totals: cartTotalsSchema,
  shopperName: z.string(),
  status: z.enum(CART_STATUSES),
  expiresAt: dateTime,
  /** Where the shopper goes back to after completing, and after leaving; empty when none. */
  completeUrl: z.string(),
  errorUrl: z.string(),
  /** The merchant's published checkout design; null until one is published (issue 14). */
  design: shopperDesignSchema.nullable(),
  /**
   * The plans the shopper is offered: those of the payment products the merchant is enrolled in now
   * (ACTIVE enrollments) in the cart's program; empty without one.
   */
  plans: z.array(planTermsSchema),
});
export type CheckoutCart = z.infer<typeof checkoutCartSchema>;

export const checkoutCompletionSchema = z.object({
  transactionID: z.string(),
  completeUrl: z.string(),
});
export type CheckoutCompletion = z.infer<typeof checkoutCompletionSchema>;
