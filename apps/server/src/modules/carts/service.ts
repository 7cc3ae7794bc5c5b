import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { ErrorDetail } from '@portal/contracts/api';
import {
  CART_LINK_RESEND_INTERVAL_MS,
  cartTotals,
  isOpenCartStatus,
  type CartAction,
  type CartAddress,
  type CartDetail,
  type CartInput,
  type CartListPage,
  type CartSort,
  type CartStatus,
  type CartSummary,
} from '@portal/contracts/carts';
import type { Currency, Money } from '@portal/contracts/money';
import { fieldRefusal, type RefusalReason } from '@portal/contracts/refusals';
import { answerDate, answerDateOrNull } from '../../http/answer-dates.js';
import type { CartItemsTable, CartsTable, Database } from '../../db/schema.js';
import { withTransaction } from '../../db/transaction.js';
import { AppError, conflict, forbidden, refused } from '../../http/app-error.js';
import { recordAudit, type AuditContext } from '../audit/record-audit.js';
import { queueEmail } from '../mail/queue-email.js';
import { notify } from '../email-notifications/notify.js';
import { CART_LINK_TEMPLATE, cartLinkEmail } from './cart-link-email.js';
import { checkoutTokenFor, checkoutTokenHash, checkoutUrl } from './checkout-token.js';
import {
  cartSearchColumns,
  countCartEmailsSince,
  countCarts,
  findCart,
  findCartForUpdate,
  findCartNames,
  findEcommerceProgram,
  findMerchantProfile,
  findProgramMaximum,
  insertCart,
  insertCartHistory,
  listCartEmails,
  listCartHistory,
  listCartItems,
  listCarts,
  listCartsLapsedBetween,
  replaceCartItems,
  updateOpenCart,
} from './repository.js';
import { DAY_MS } from '@portal/contracts/constants';

type Db = Kysely<Database>;
export type CartRow = Selectable<CartsTable>;

/** The same words whether the cart does not exist or is another merchant's (docs/auth.md). */
const CART_FORBIDDEN = refused('cart.no_access');
/** Notify and resend together: at most this many messages per cart in the window below. */
export const CART_EMAILS_PER_WINDOW = 3;
export const CART_EMAIL_WINDOW_MS = 10 * 60_000;
/** Notify or resend within CART_LINK_RESEND_INTERVAL_MS of the last message of the cart (409). */
const CART_LINK_TOO_SOON = refused('cart.link_sent_recently', {
  seconds: CART_LINK_RESEND_INTERVAL_MS / 1_000,
});

/** Who acts on a cart, and the request's audit context. */
export interface CartActor {
  readonly merchantId: string;
  readonly userId: string;
  readonly email: string;
  readonly audit: AuditContext;
}

const NO_ECOMMERCE = refused('cart.no_ecommerce');

/** The merchant's ECOMM program that carts use; 403 for a merchant without one. */
export async function requireEcommerceProgram(db: Db, merchantId: string) {
  const program = await findEcommerceProgram(db, merchantId);
  if (program === undefined) throw forbidden(NO_ECOMMERCE);
  return program;
}

/** ACTIVE or SENT past the expiry reads EXPIRED, never rewritten. */
export function shownCartStatus(row: Pick<CartRow, 'status' | 'expires_at'>, now: Date): CartStatus {
  if (isOpenCartStatus(row.status) && Date.parse(row.expires_at) <= now.getTime()) return 'EXPIRED';
  return row.status;
}

function toSummary(row: CartRow, now: Date): CartSummary {
  return {
    id: row.id,
    name: row.name,
    orderReference: row.order_reference,
    shopperName: row.shopper_name,
    shopperEmail: row.shopper_email,
    currency: row.currency,
    total: row.total,
    status: shownCartStatus(row, now),
    createdBy: row.created_by_email,
    createdAt: answerDate(row.created_at),
    expiresAt: answerDate(row.expires_at),
  };
}

function addressOf(json: string): CartAddress {
  return JSON.parse(json) as CartAddress;
}

function itemsOf(rows: readonly Selectable<CartItemsTable>[]) {
  return rows.map((item) => ({
    name: item.name,
    sku: item.sku,
    quantity: item.quantity,
    unitPrice: item.unit_price,
    unitTax: item.unit_tax,
  }));
}

/** The totals of a stored cart, through the same computation as the form's. */
export function storedTotals(row: CartRow, items: readonly Selectable<CartItemsTable>[]) {
  return cartTotals({
    items: itemsOf(items),
    customTotal: row.custom_total === null ? null : row.custom_total,
    shipping: row.shipping,
    tax: row.tax,
    discount: row.discount,
  });
}

function dayStart(day: string): string {
  return `${day}T00:00:00.000Z`;
}

export async function listCartPage(
  db: Db,
  merchantId: string,
  query: {
    status?: CartStatus[] | undefined;
    from?: string | undefined;
    to?: string | undefined;
    search?: string | undefined;
    sort: CartSort;
    order: 'asc' | 'desc';
    limit: number;
    offset: number;
  },
  now = new Date(),
): Promise<CartListPage> {
  const filter = {
    merchantId,
    statuses: query.status,
    createdFrom: query.from === undefined ? undefined : dayStart(query.from),
    createdBefore:
      query.to === undefined ? undefined : new Date(Date.parse(dayStart(query.to)) + DAY_MS).toISOString(),
    search: query.search,
    now: now.toISOString(),
  };
  const [rows, total] = await Promise.all([listCarts(db, filter, query), countCarts(db, filter)]);
  return {
    items: rows.map((row) => toSummary(row, now)),
    pagination: { offset: query.offset, limit: query.limit, total },
  };
}

async function detailOf(db: Db, publicUrl: string, row: CartRow, now: Date): Promise<CartDetail> {
  const [items, history, emails, token] = await Promise.all([
    listCartItems(db, row.id),
    listCartHistory(db, row.id),
    listCartEmails(db, row.id),
    checkoutTokenFor(db, row.id),
  ]);
  const status = shownCartStatus(row, now);
  const changes = history.map((entry) => ({
    status: entry.status,
    actor: entry.actor_type === 'CUSTOMER' ? 'shopper' : (entry.actor_email ?? 'system'),
    at: answerDate(entry.created_at),
  }));
  // An expiry by time is computed, not written: the history shows it at the moment it happened.
  if (status === 'EXPIRED' && row.status !== 'EXPIRED') {
    changes.push({ status: 'EXPIRED', actor: 'system', at: answerDate(row.expires_at) });
  }
  return {
    ...toSummary(row, now),
    items: itemsOf(items),
    customTotal: row.custom_total === null ? null : row.custom_total,
    totals: storedTotals(row, items),
    shopper: {
      name: row.shopper_name,
      email: row.shopper_email,
      phone: row.shopper_phone,
      billingAddress: addressOf(row.billing_address),
      shippingSameAsBilling: row.shipping_address === null,
      shippingAddress: row.shipping_address === null ? null : addressOf(row.shipping_address),
    },
    callbackUrl: row.callback_url,
    completeUrl: row.complete_url,
    errorUrl: row.error_url,
    checkoutUrl: checkoutUrl(publicUrl, token),
    transactionID: row.transaction_id,
    updatedAt: answerDate(row.updated_at),
    history: changes,
    notifications: emails.map((email) => ({
      id: email.id,
      to: email.to_address,
      template: email.template,
      status: email.status,
      attempts: email.attempts,
      lastError: email.last_error,
      createdAt: answerDate(email.created_at),
      sentAt: answerDateOrNull(email.sent_at),
    })),
  };
}

export async function cartDetail(
  db: Db,
  publicUrl: string,
  merchantId: string,
  id: string,
  now = new Date(),
): Promise<CartDetail> {
  const row = await findCart(db, merchantId, id);
  if (row === undefined) throw forbidden(CART_FORBIDDEN);
  return detailOf(db, publicUrl, row, now);
}

/** 400 with the field's path, as the validation of the body answers. */
function invalid(details: ErrorDetail[]): AppError {
  return new AppError(400, 'VALIDATION_FAILED', 'The request is not valid', { details });
}

/** What the zod schema cannot know: the program's maximum. */
async function checkProgramMaximum(
  db: Db | Transaction<Database>,
  programId: string,
  currency: Currency,
  input: CartInput,
) {
  const maximum = await findProgramMaximum(db, programId);
  if (maximum === undefined) return;
  const limit = { maximum: { value: maximum, currency } };
  const details: ErrorDetail[] = [];
  input.items.forEach((item, index) => {
    if (item.unitPrice > maximum) {
      details.push(fieldRefusal(`body.items.${index}.unitPrice`, 'cart.above_program_maximum', limit));
    }
  });
  if (input.customTotal !== null && input.customTotal > maximum) {
    details.push(fieldRefusal('body.customTotal', 'cart.above_program_maximum', limit));
  }
  if (details.length === 0 && cartTotals(input).total > maximum) {
    details.push(fieldRefusal('body.total', 'cart.total_above_program_maximum', limit));
  }
  if (details.length > 0) throw invalid(details);
}

function columnsOf(input: CartInput) {
  const { shopper } = input;
  const row = {
    name: input.name,
    order_reference: input.orderReference,
    custom_total: input.customTotal,
    shipping: input.shipping,
    tax: input.tax,
    discount: input.discount,
    total: cartTotals(input).total,
    shopper_name: shopper.name,
    shopper_email: shopper.email,
    shopper_phone: shopper.phone,
    billing_address: JSON.stringify(shopper.billingAddress),
    shipping_address:
      shopper.shippingSameAsBilling || shopper.shippingAddress === null
        ? null
        : JSON.stringify(shopper.shippingAddress),
    callback_url: input.callbackUrl,
    complete_url: input.completeUrl,
    error_url: input.errorUrl,
    expires_at: new Date(input.expiresAt).toISOString(),
  };
  return { ...row, ...cartSearchColumns(row) };
}

function itemRows(cartId: string, input: CartInput): Selectable<CartItemsTable>[] {
  return input.items.map((item, position) => ({
    id: randomUUID(),
    cart_id: cartId,
    position,
    name: item.name,
    sku: item.sku,
    quantity: item.quantity,
    unit_price: item.unitPrice,
    unit_tax: item.unitTax,
  }));
}

/** What the audit log keeps of a cart: enough to tell what changed, nothing of the link. */
function auditFields(input: CartInput) {
  return {
    name: input.name,
    orderReference: input.orderReference,
    total: cartTotals(input).total,
    items: input.items.length,
    shopperEmail: input.shopper.email,
    expiresAt: new Date(input.expiresAt).toISOString(),
  };
}

export async function createCart(
  db: Db,
  publicUrl: string,
  actor: CartActor,
  input: CartInput,
  now = new Date(),
): Promise<CartDetail> {
  const [program, merchant] = await Promise.all([
    requireEcommerceProgram(db, actor.merchantId),
    findMerchantProfile(db, actor.merchantId),
  ]);
  if (merchant === undefined) throw forbidden(CART_FORBIDDEN);
  await checkProgramMaximum(db, program.id, merchant.currency, input);
  const id = randomUUID();
  const token = await checkoutTokenFor(db, id);
  const at = now.toISOString();
  await withTransaction(db, async (trx) => {
    await insertCart(trx, {
      id,
      merchant_id: actor.merchantId,
      program_id: program.id,
      checkout_token_hash: checkoutTokenHash(token),
      currency: merchant.currency,
      ...columnsOf(input),
      status: 'ACTIVE',
      transaction_id: null,
      created_by_user_id: actor.userId,
      created_by_email: actor.email,
      created_at: at,
      updated_at: at,
    });
    await replaceCartItems(trx, id, itemRows(id, input));
    await insertCartHistory(trx, {
      id: randomUUID(),
      cart_id: id,
      status: 'ACTIVE',
      actor_type: 'USER',
      actor_user_id: actor.userId,
      actor_email: actor.email,
      created_at: at,
    });
    await recordAudit(trx, actor.audit, {
      merchantId: actor.merchantId,
      kind: 'cart.created',
      subjectType: 'cart',
      subjectId: id,
      after: auditFields(input),
    });
  });
  return cartDetail(db, publicUrl, actor.merchantId, id, now);
}

// A cart still open when read but refused by the conditional update changed in between.
const NOT_OPEN = {
  ACTIVE: 'cart.changed_meanwhile',
  SENT: 'cart.changed_meanwhile',
  COMPLETED: 'cart.not_open_completed',
  DECLINED: 'cart.not_open_declined',
  EXPIRED: 'cart.not_open_expired',
} as const satisfies Record<CartStatus, RefusalReason>;

function notOpen(status: CartStatus): AppError {
  return conflict(refused(NOT_OPEN[status]));
}

/**
 * Runs a change on an open cart in one transaction: the row is locked (PostgreSQL), a cart that is not
 * open (or past its expiry) is 409, and the change's own conditional update guards the rest.
 */
async function changeOpenCart(
  db: Db,
  actor: CartActor,
  id: string,
  now: Date,
  change: (trx: Transaction<Database>, row: CartRow) => Promise<void>,
): Promise<void> {
  await withTransaction(db, async (trx) => {
    const row = await findCartForUpdate(trx, actor.merchantId, id);
    if (row === undefined) throw forbidden(CART_FORBIDDEN);
    const status = shownCartStatus(row, now);
    if (!isOpenCartStatus(status)) throw notOpen(status);
    await change(trx, row);
  });
}

async function updateOrConflict(
  trx: Transaction<Database>,
  actor: CartActor,
  row: CartRow,
  now: Date,
  changes: Parameters<typeof updateOpenCart>[4],
): Promise<void> {
  const updated = await updateOpenCart(trx, actor.merchantId, row.id, now.toISOString(), changes);
  if (!updated) throw notOpen(shownCartStatus(row, now));
}

export async function updateCart(
  db: Db,
  publicUrl: string,
  actor: CartActor,
  id: string,
  input: CartInput,
  now = new Date(),
): Promise<CartDetail> {
  await changeOpenCart(db, actor, id, now, async (trx, row) => {
    await checkProgramMaximum(trx, row.program_id, row.currency, input);
    const items = await listCartItems(trx, row.id);
    await updateOrConflict(trx, actor, row, now, { ...columnsOf(input), updated_at: now.toISOString() });
    await replaceCartItems(trx, row.id, itemRows(row.id, input));
    await recordAudit(trx, actor.audit, {
      merchantId: actor.merchantId,
      kind: 'cart.updated',
      subjectType: 'cart',
      subjectId: row.id,
      before: {
        name: row.name,
        orderReference: row.order_reference,
        total: row.total,
        items: items.length,
        shopperEmail: row.shopper_email,
        expiresAt: row.expires_at,
      },
      after: auditFields(input),
    });
  });
  return cartDetail(db, publicUrl, actor.merchantId, id, now);
}

/** The names of a merchant's carts by id, for a log that keeps only their ids. */
export async function cartNamesOf(
  db: Db,
  merchantId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const rows = await findCartNames(db, merchantId, ids);
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Notify and resend: queue the cart-link message and mark the cart SENT, or refuse. */
export async function sendCartLink(
  db: Db,
  publicUrl: string,
  actor: CartActor,
  id: string,
  action: Extract<CartAction, 'notify' | 'resend'>,
  now = new Date(),
): Promise<CartDetail> {
  const token = await checkoutTokenFor(db, id);
  await changeOpenCart(db, actor, id, now, async (trx, row) => {
    // A second request (a double click, another user) rather than a retry, which the Idempotency-Key
    // answers: the row lock of changeOpenCart makes the second wait and then see the first's e-mail.
    const recently = new Date(now.getTime() - CART_LINK_RESEND_INTERVAL_MS).toISOString();
    if ((await countCartEmailsSince(trx, row.id, recently)) > 0) throw conflict(CART_LINK_TOO_SOON);
    const since = new Date(now.getTime() - CART_EMAIL_WINDOW_MS).toISOString();
    if ((await countCartEmailsSince(trx, row.id, since)) >= CART_EMAILS_PER_WINDOW) {
      throw new AppError(
        429,
        'RATE_LIMITED',
        refused('cart.too_many_emails', {
          count: CART_EMAILS_PER_WINDOW,
          minutes: CART_EMAIL_WINDOW_MS / 60_000,
        }),
      );
    }
    const merchant = await findMerchantProfile(trx, row.merchant_id);
    if (merchant === undefined) throw forbidden(CART_FORBIDDEN);
    const at = now.toISOString();
    await updateOrConflict(trx, actor, row, now, { status: 'SENT', updated_at: at });
    if (row.status !== 'SENT') {
      await insertCartHistory(trx, {
        id: randomUUID(),
        cart_id: row.id,
        status: 'SENT',
        actor_type: 'USER',
        actor_user_id: actor.userId,
        actor_email: actor.email,
        created_at: at,
      });
    }
    const items = await listCartItems(trx, row.id);
    await queueEmail(trx, {
      merchantId: row.merchant_id,
      to: row.shopper_email,
      template: CART_LINK_TEMPLATE,
      locale: merchant.language,
      message: cartLinkEmail({
        brand: merchant.brand,
        locale: merchant.language,
        merchantName: merchant.name,
        shopperName: row.shopper_name,
        cartName: row.name,
        currency: row.currency,
        total: storedTotals(row, items).total,
        url: checkoutUrl(publicUrl, token),
        expiresAt: row.expires_at,
        timeZone: merchant.time_zone,
      }),
      related: { type: 'cart', id: row.id },
    });
    await recordAudit(trx, actor.audit, {
      merchantId: actor.merchantId,
      kind: action === 'notify' ? 'cart.notified' : 'cart.email_resent',
      subjectType: 'cart',
      subjectId: row.id,
      before: { status: row.status },
      after: { status: 'SENT', to: row.shopper_email },
    });
  });
  return cartDetail(db, publicUrl, actor.merchantId, id, now);
}

export async function expireCart(
  db: Db,
  publicUrl: string,
  actor: CartActor,
  id: string,
  now = new Date(),
): Promise<CartDetail> {
  await changeOpenCart(db, actor, id, now, async (trx, row) => {
    const at = now.toISOString();
    await updateOrConflict(trx, actor, row, now, { status: 'EXPIRED', updated_at: at });
    await insertCartHistory(trx, {
      id: randomUUID(),
      cart_id: row.id,
      status: 'EXPIRED',
      actor_type: 'USER',
      actor_user_id: actor.userId,
      actor_email: actor.email,
      created_at: at,
    });
    await recordAudit(trx, actor.audit, {
      merchantId: actor.merchantId,
      kind: 'cart.expired',
      subjectType: 'cart',
      subjectId: row.id,
      before: { status: row.status },
      after: { status: 'EXPIRED' },
    });
    await notify(trx, actor.merchantId, [
      {
        event: 'CART_EXPIRED',
        cartId: row.id,
        orderReference: row.order_reference,
        amount: { currency: row.currency, value: row.total },
        by: 'USER',
      },
    ]);
  });
  return cartDetail(db, publicUrl, actor.merchantId, id, now);
}

/** A cart that lapsed by time (its expiry passed while it was open), as its notification names it. */
export interface LapsedCart {
  id: string;
  orderReference: string;
  total: Money;
  shopperName: string;
}

/** The merchant's carts whose expiry passed in the last `withinMs` before `now`, while still open. */
export async function cartsLapsedWithin(
  db: Db,
  merchantId: string,
  withinMs: number,
  now = new Date(),
): Promise<LapsedCart[]> {
  const after = new Date(now.getTime() - withinMs).toISOString();
  return (await listCartsLapsedBetween(db, merchantId, after, now.toISOString())).map((row) => ({
    id: row.id,
    orderReference: row.order_reference,
    total: { currency: row.currency, value: row.total },
    shopperName: row.shopper_name,
  }));
}
