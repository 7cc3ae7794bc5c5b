import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CheckoutCart, CheckoutCompletion } from '@portal/contracts/carts';
import { answerDate } from '../../http/answer-dates.js';
import type { Database } from '../../db/schema.js';
import { conflict, notFound } from '../../http/app-error.js';
import { customerAuditContext, recordAudit } from '../audit/record-audit.js';
import { cartProductType } from '../payment-products/service.js';
import { recordCartSale } from '../transactions/service.js';
import { checkoutTokenHash } from './checkout-token.js';
import {
  findCartByTokenHash,
  findMerchantProfile,
  insertCartHistory,
  listCartItems,
  updateOpenCart,
} from './repository.js';
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
    await recordCartSale(trx, {
      id: transactionId,
      merchantId: cart.merchant_id,
      programId: cart.program_id,
      productType: await cartProductType(trx, cart.program_id),
      orderReference: cart.order_reference,
      currency: cart.currency,
      totals,
      customer: {
        name: cart.shopper_name,
        email: cart.shopper_email,
        phone: cart.shopper_phone === '' ? null : cart.shopper_phone,
      },
      billingAddress: cart.billing_address,
      shippingAddress: cart.shipping_address ?? cart.billing_address,
      at,
    });
    const completed = await updateOpenCart(trx, cart.merchant_id, cart.id, at, {
      status: 'COMPLETED',
      transaction_id: transactionId,
      updated_at: at,
    });
    if (!completed) throw conflict('This cart can no longer be completed');
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
