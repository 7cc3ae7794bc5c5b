import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CheckoutCart, CheckoutCompletion } from '@portal/contracts/carts';
import { answerDate } from '../../http/answer-dates.js';
import type { Database } from '../../db/schema.js';
import { conflict, notFound } from '../../http/app-error.js';
import { customerAuditContext, recordAudit } from '../audit/record-audit.js';
import { insertTransaction } from '../transactions/repository.js';
import { checkoutTokenHash } from './checkout-token.js';
import { findCartByTokenHash, findMerchantProfile, insertCartHistory, listCartItems } from './repository.js';
import { shownCartStatus, storedTotals, type CartRow } from './service.js';

type Db = Kysely<Database>;

/** One answer for every token that opens nothing: no hint whether it ever existed. */
const NO_CART = 'This link does not exist';

async function cartOf(db: Db, token: string): Promise<CartRow> {
  const row = await findCartByTokenHash(db, checkoutTokenHash(token));
  if (row === undefined) throw notFound(NO_CART);
  return row;
}

/** What the shopper's page shows: the cart, its totals and the merchant's name and brand. */
export async function checkoutCart(db: Db, token: string, now = new Date()): Promise<CheckoutCart> {
  const row = await cartOf(db, token);
  const [items, merchant] = await Promise.all([
    listCartItems(db, row.id),
    findMerchantProfile(db, row.merchant_id),
  ]);
  if (merchant === undefined) throw notFound(NO_CART);
  return {
    merchantName: merchant.name,
    brand: merchant.brand,
    name: row.name,
    orderReference: row.order_reference,
    currency: row.currency,
    items: items.map((item) => ({
      name: item.name,
      sku: item.sku,
      quantity: item.quantity,
      unitPrice: item.unit_price,
      unitTax: item.unit_tax,
    })),
    customTotal: row.custom_total === null ? null : row.custom_total,
    totals: storedTotals(row, items),
    shopperName: row.shopper_name,
    status: shownCartStatus(row, now),
    expiresAt: answerDate(row.expires_at),
    completeUrl: row.complete_url,
    errorUrl: row.error_url,
  };
}

async function productTypeOf(db: Kysely<Database>, programId: string) {
  const product = await db
    .selectFrom('payment_products')
    .select('product_type')
    .where('program_id', '=', programId)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
  return product?.product_type ?? 'INSTALLMENTS';
}

/**
 * The shopper completes the cart: in one transaction, an authorized transaction with the cart's amounts
 * is written and the cart becomes COMPLETED (with history and audit). A cart that is not open is 409.
 */
export async function completeCheckout(
  db: Db,
  token: string,
  requestId: string,
  now = new Date(),
): Promise<{ completion: CheckoutCompletion; callbackUrl: string; orderReference: string }> {
  const at = now.toISOString();
  const transactionId = randomUUID();
  const row = await db.transaction().execute(async (trx) => {
    const cart = await findCartByTokenHash(trx, checkoutTokenHash(token), true);
    if (cart === undefined) throw notFound(NO_CART);
    const status = shownCartStatus(cart, now);
    if (status === 'COMPLETED') throw conflict('This cart has already been completed');
    if (status === 'EXPIRED') throw conflict('This cart has expired');
    const items = await listCartItems(trx, cart.id);
    const totals = storedTotals(cart, items);
    await insertTransaction(trx, {
      id: transactionId,
      merchant_id: cart.merchant_id,
      program_id: cart.program_id,
      location_id: null,
      external_id: cart.order_reference,
      product_type: await productTypeOf(trx, cart.program_id),
      channel: 'ECOMM',
      from_cart: 1,
      currency: cart.currency,
      total: totals.total,
      tax: totals.tax,
      shipping: totals.shipping,
      discount: totals.discount,
      settled: 0,
      refunded: 0,
      cancelled: 0,
      status: 'AUTHORIZED',
      customer_name: cart.shopper_name,
      customer_email: cart.shopper_email,
      customer_phone: cart.shopper_phone === '' ? null : cart.shopper_phone,
      billing_address: cart.billing_address,
      shipping_address: cart.shipping_address ?? cart.billing_address,
      authorized_at: at,
      created_at: at,
      updated_at: at,
    });
    const result = await trx
      .updateTable('carts')
      .set({ status: 'COMPLETED', transaction_id: transactionId, updated_at: at })
      .where('id', '=', cart.id)
      .where('status', 'in', ['ACTIVE', 'SENT'])
      .where('expires_at', '>', at)
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) throw conflict('This cart can no longer be completed');
    await insertCartHistory(trx, {
      id: randomUUID(),
      cart_id: cart.id,
      status: 'COMPLETED',
      actor_type: 'CUSTOMER',
      actor_user_id: null,
      actor_email: cart.shopper_email,
      created_at: at,
    });
    await recordAudit(trx, customerAuditContext(requestId, cart.shopper_email), {
      merchantId: cart.merchant_id,
      kind: 'cart.completed',
      subjectType: 'cart',
      subjectId: cart.id,
      before: { status: cart.status },
      after: { status: 'COMPLETED', transactionID: transactionId },
    });
    return cart;
  });
  return {
    completion: { transactionID: transactionId, completeUrl: row.complete_url },
    callbackUrl: row.callback_url,
    orderReference: row.order_reference,
  };
}
