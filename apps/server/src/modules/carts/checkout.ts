import { randomUUID } from 'node:crypto';
import { withTransaction } from '../../db/transaction.js';
import type { Kysely } from 'kysely';
import type { CartStatus, CheckoutCart, CheckoutCompletion } from '@portal/contracts/carts';
import { answerDate } from '../../http/answer-dates.js';
import type { Database } from '../../db/schema.js';
import { conflict, notFound, refused } from '../../http/app-error.js';
import { recordCheckoutApplication } from '../applications/service.js';
import { customerAuditContext, recordAudit } from '../audit/record-audit.js';
import { publishedLogo, publishedShopperDesign } from '../checkout-design/service.js';
import { activePlanTerms, cartProductType } from '../payment-products/service.js';
import { lowestOffer } from '@portal/contracts/placement-offers';
import { recordCartSale } from '../transactions/service.js';
import { notify } from '../email-notifications/notify.js';
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
const NO_CART = refused('checkout.unknown_link');

async function cartOf(db: Db, token: string): Promise<CartRow> {
  const row = await findCartByTokenHash(db, checkoutTokenHash(token));
  if (row === undefined) throw notFound(NO_CART);
  return row;
}

/** What the shopper's page shows: the cart, its totals and the merchant's name and brand. */
export async function checkoutCart(db: Db, token: string, now = new Date()): Promise<CheckoutCart> {
  return shopperViewOf(db, await cartOf(db, token), now);
}

async function shopperViewOf(db: Db, row: CartRow, now: Date): Promise<CheckoutCart> {
  const [items, merchant, design, plans] = await Promise.all([
    listCartItems(db, row.id),
    findMerchantProfile(db, row.merchant_id),
    publishedShopperDesign(db, row.merchant_id),
    activePlanTerms(db, row.merchant_id, now, row.program_id),
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
    design,
    plans,
  };
}

/** The published logo of the cart's merchant (issue 14); 404 like an unknown link when it has none. */
export async function checkoutLogo(db: Db, token: string): Promise<{ contentType: string; bytes: Buffer }> {
  const row = await cartOf(db, token);
  const logo = await publishedLogo(db, row.merchant_id);
  if (logo === undefined) throw notFound(refused('checkout_design.logo_not_found'));
  return logo;
}

/** The shopper's refusal of a cart that is no longer open, whatever they tried on it. */
function refuseClosed(status: CartStatus): void {
  if (status === 'COMPLETED') throw conflict(refused('checkout.completed'));
  if (status === 'DECLINED') throw conflict(refused('checkout.declined'));
  if (status === 'EXPIRED') throw conflict(refused('checkout.expired'));
}

/**
 * The shopper completes the cart: in one transaction, an authorized transaction with the cart's amounts
 * and the shopper's approved application are written and the cart becomes COMPLETED (with history and
 * audit). A cart that is not open is 409.
 */
export async function completeCheckout(
  db: Db,
  token: string,
  requestId: string,
  now = new Date(),
): Promise<{ completion: CheckoutCompletion; callbackUrl: string; orderReference: string }> {
  const at = now.toISOString();
  const transactionId = randomUUID();
  const row = await withTransaction(db, async (trx) => {
    const cart = await findCartByTokenHash(trx, checkoutTokenHash(token), true);
    if (cart === undefined) throw notFound(NO_CART);
    refuseClosed(shownCartStatus(cart, now));
    const items = await listCartItems(trx, cart.id);
    const totals = storedTotals(cart, items);
    // The sale is of the product the shopper was offered (the lowest payment of the merchant's active
    // plans in the program); a cart of a program without an active plan keeps the program's first one.
    const offered = lowestOffer(
      totals.total,
      await activePlanTerms(trx, cart.merchant_id, now, cart.program_id),
    );
    const productType = offered?.plan.productType ?? (await cartProductType(trx, cart.program_id));
    await recordCartSale(trx, {
      id: transactionId,
      merchantId: cart.merchant_id,
      programId: cart.program_id,
      productType,
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
    // The shopper's application, tied to the sale it made (the data insights and targeting read it).
    await recordCheckoutApplication(trx, {
      merchantId: cart.merchant_id,
      programId: cart.program_id,
      productType,
      customerName: cart.shopper_name,
      customerEmail: cart.shopper_email,
      currency: cart.currency,
      cartAmount: totals.total,
      transactionId,
      at,
    });
    const completed = await updateOpenCart(trx, cart.merchant_id, cart.id, at, {
      status: 'COMPLETED',
      transaction_id: transactionId,
      updated_at: at,
    });
    if (!completed) throw conflict(refused('checkout.cannot_complete'));
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
    await notify(trx, cart.merchant_id, [
      {
        event: 'CART_COMPLETED',
        cartId: cart.id,
        orderReference: cart.order_reference,
        amount: { currency: cart.currency, value: totals.total },
        customerName: cart.shopper_name,
      },
    ]);
    return cart;
  });
  return {
    completion: { transactionID: transactionId, completeUrl: row.complete_url },
    callbackUrl: row.callback_url,
    orderReference: row.order_reference,
  };
}

/**
 * The shopper leaves without paying: in one transaction the open cart becomes DECLINED, with a history
 * entry by the shopper (which the merchant's cart page shows) and an audit entry. Declining a declined
 * cart answers the same and writes nothing (a second click, a retry: the shopper has no
 * Idempotency-Key); a completed or expired cart is 409.
 */
export async function declineCheckout(
  db: Db,
  token: string,
  requestId: string,
  now = new Date(),
): Promise<CheckoutCart> {
  const at = now.toISOString();
  const row = await withTransaction(db, async (trx) => {
    const cart = await findCartByTokenHash(trx, checkoutTokenHash(token), true);
    if (cart === undefined) throw notFound(NO_CART);
    const status = shownCartStatus(cart, now);
    if (status === 'DECLINED') return cart;
    refuseClosed(status);
    const declined = await updateOpenCart(trx, cart.merchant_id, cart.id, at, {
      status: 'DECLINED',
      updated_at: at,
    });
    if (!declined) throw conflict(refused('checkout.cannot_decline'));
    await insertCartHistory(trx, {
      id: randomUUID(),
      cart_id: cart.id,
      status: 'DECLINED',
      actor_type: 'CUSTOMER',
      actor_user_id: null,
      actor_email: cart.shopper_email,
      created_at: at,
    });
    await recordAudit(trx, customerAuditContext(requestId, cart.shopper_email), {
      merchantId: cart.merchant_id,
      kind: 'cart.declined',
      subjectType: 'cart',
      subjectId: cart.id,
      before: { status: cart.status },
      after: { status: 'DECLINED' },
    });
    return { ...cart, status: 'DECLINED' as const, updated_at: at };
  });
  return shopperViewOf(db, row, now);
}
