import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { ProductType } from '@portal/contracts/enums';
import type { Currency } from '@portal/contracts/money';
import type { Database } from '../../db/schema.js';
import { insertApplication } from './repository.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface CheckoutApplication {
  merchantId: string;
  programId: string;
  productType: ProductType;
  customerName: string;
  customerEmail: string;
  currency: Currency;
  cartAmount: number;
  transactionId: string;
  /** ISO time of the checkout. */
  at: string;
}

/**
 * The application of a shopper who completed a cart's checkout: applied, approved, checkout started and
 * completed at the checkout's time, tied to the transaction it made. Written in the caller's transaction,
 * with the sale.
 */
export async function recordCheckoutApplication(db: Db, application: CheckoutApplication): Promise<void> {
  const { at } = application;
  await insertApplication(db, {
    id: randomUUID(),
    merchant_id: application.merchantId,
    program_id: application.programId,
    channel: 'ECOMM',
    product_type: application.productType,
    location_id: null,
    customer_name: application.customerName,
    customer_email: application.customerEmail.trim().toLowerCase(),
    currency: application.currency,
    cart_amount: application.cartAmount,
    prequalified_at: null,
    applied_at: at,
    decision: 'APPROVED',
    decided_at: at,
    checkout_started_at: at,
    checkout_completed_at: at,
    transaction_id: application.transactionId,
    created_at: at,
    updated_at: at,
  });
}
