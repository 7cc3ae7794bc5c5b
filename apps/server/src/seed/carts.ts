import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { CartStatus } from '@portal/contracts/carts';
import { cartTotals } from '@portal/contracts/carts';
import { checkoutTokenFor, checkoutTokenHash } from '../modules/carts/checkout-token.js';
import { cartSearchColumns, findEcommerceProgram } from '../modules/carts/repository.js';
import type { Database } from '../db/schema.js';
import { MAIN_MERCHANT } from './demo-merchants.js';
import { DAY_MS } from '@portal/contracts/constants';

const ADDRESS = {
  line1: '48 Orchard Lane',
  line2: '',
  city: 'Brooklyn',
  region: 'NY',
  postalCode: '11201',
  country: 'US',
};

interface DemoCart {
  name: string;
  shopper: string;
  status: CartStatus;
  /** Days from now: negative is in the past. */
  createdDays: number;
  expiresDays: number;
  items: { name: string; sku: string; quantity: number; unitPrice: number; unitTax: number }[];
}

const ITEMS = {
  tent: { name: 'Trail tent, 2 person', sku: 'TENT-2P', quantity: 1, unitPrice: 32_900, unitTax: 2_920 },
  bag: { name: 'Down sleeping bag', sku: 'BAG-DWN', quantity: 2, unitPrice: 18_500, unitTax: 1_640 },
  stove: { name: 'Camp stove', sku: 'STV-01', quantity: 1, unitPrice: 7_450, unitTax: 660 },
  boots: { name: 'Hiking boots', sku: 'BOOT-44', quantity: 1, unitPrice: 21_000, unitTax: 1_860 },
};

const DEMO_CARTS: readonly DemoCart[] = [
  {
    name: 'Weekend camping kit',
    shopper: 'Avery Brooks',
    status: 'ACTIVE',
    createdDays: -1,
    expiresDays: 6,
    items: [ITEMS.tent, ITEMS.stove],
  },
  {
    name: 'Boots for the trail',
    shopper: 'Jordan Lee',
    status: 'ACTIVE',
    createdDays: 0,
    expiresDays: 7,
    items: [ITEMS.boots],
  },
  {
    name: 'Family sleeping bags',
    shopper: 'Morgan Diaz',
    status: 'SENT',
    createdDays: -2,
    expiresDays: 5,
    items: [ITEMS.bag],
  },
  {
    name: 'Alpine starter set',
    shopper: 'Riley Chen',
    status: 'SENT',
    createdDays: -3,
    expiresDays: 4,
    items: [ITEMS.tent, ITEMS.boots],
  },
  {
    name: 'Stove replacement',
    shopper: 'Casey Nguyen',
    status: 'COMPLETED',
    createdDays: -6,
    expiresDays: 1,
    items: [ITEMS.stove],
  },
  {
    name: 'Backcountry order',
    shopper: 'Quinn Patel',
    status: 'COMPLETED',
    createdDays: -9,
    expiresDays: -2,
    items: [ITEMS.tent, ITEMS.bag],
  },
  {
    name: 'Gift for Sam',
    shopper: 'Sam Rivera',
    status: 'EXPIRED',
    createdDays: -12,
    expiresDays: -5,
    items: [ITEMS.boots],
  },
  // Stored SENT but past its expiry: the list shows it EXPIRED, as any cart whose time ran out.
  {
    name: 'Winter layers',
    shopper: 'Taylor Kim',
    status: 'SENT',
    createdDays: -20,
    expiresDays: -13,
    items: [ITEMS.bag, ITEMS.stove],
  },
];

/**
 * A few carts in each status for the main demo merchant, relative to now so that the open ones can be
 * followed to the checkout page. Completed carts point at transactions already seeded.
 */
export async function seedCarts(trx: Transaction<Database>, now = new Date()): Promise<number> {
  const merchant = await trx
    .selectFrom('merchants')
    .select(['id', 'currency'])
    .where('name', '=', MAIN_MERCHANT)
    .executeTakeFirst();
  if (merchant === undefined) return 0;
  const program = await findEcommerceProgram(trx, merchant.id);
  const creator = await trx
    .selectFrom('users')
    .select(['id', 'email'])
    .where('merchant_id', '=', merchant.id)
    .where('role', '=', 'ADMIN')
    .orderBy('email')
    .executeTakeFirst();
  if (program === undefined || creator === undefined) return 0;
  const paid = await trx
    .selectFrom('transactions')
    .select('id')
    .where('merchant_id', '=', merchant.id)
    .where('program_id', '=', program.id)
    .orderBy('created_at', 'desc')
    .limit(DEMO_CARTS.length)
    .execute();

  let completed = 0;
  for (const [index, demo] of DEMO_CARTS.entries()) {
    const transactionId = demo.status === 'COMPLETED' ? paid[completed++]?.id : null;
    if (transactionId === undefined) continue;
    const id = randomUUID();
    // The seed's transaction holds the key: on SQLite another connection would wait for it.
    const token = await checkoutTokenFor(trx, id);
    const createdAt = new Date(now.getTime() + demo.createdDays * DAY_MS).toISOString();
    const shipping = 1_500;
    const total = cartTotals({ items: demo.items, customTotal: null, shipping, tax: 0, discount: 0 }).total;
    const row = {
      name: demo.name,
      order_reference: `NW-CART-${String(1001 + index)}`,
      shopper_name: demo.shopper,
      shopper_email: `${demo.shopper.toLowerCase().replace(' ', '.')}@example.com`,
    };
    await trx
      .insertInto('carts')
      .values({
        id,
        merchant_id: merchant.id,
        program_id: program.id,
        checkout_token_hash: checkoutTokenHash(token),
        ...row,
        ...cartSearchColumns(row),
        currency: merchant.currency,
        custom_total: null,
        shipping,
        tax: 0,
        discount: 0,
        total,
        shopper_phone: '+1 718 555 0134',
        billing_address: JSON.stringify(ADDRESS),
        shipping_address: null,
        callback_url: '',
        complete_url: '',
        error_url: '',
        status: demo.status,
        expires_at: new Date(now.getTime() + demo.expiresDays * DAY_MS).toISOString(),
        transaction_id: transactionId,
        created_by_user_id: creator.id,
        created_by_email: creator.email,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .execute();
    await trx
      .insertInto('cart_items')
      .values(
        demo.items.map((item, position) => ({
          id: randomUUID(),
          cart_id: id,
          position,
          name: item.name,
          sku: item.sku,
          quantity: item.quantity,
          unit_price: item.unitPrice,
          unit_tax: item.unitTax,
        })),
      )
      .execute();
    const steps: CartStatus[] =
      demo.status === 'ACTIVE'
        ? ['ACTIVE']
        : demo.status === 'SENT'
          ? ['ACTIVE', 'SENT']
          : ['ACTIVE', 'SENT', demo.status];
    await trx
      .insertInto('cart_status_history')
      .values(
        steps.map((status, step) => ({
          id: randomUUID(),
          cart_id: id,
          status,
          actor_type: status === 'COMPLETED' ? ('CUSTOMER' as const) : ('USER' as const),
          actor_user_id: status === 'COMPLETED' ? null : creator.id,
          actor_email: status === 'COMPLETED' ? row.shopper_email : creator.email,
          created_at: new Date(Date.parse(createdAt) + step * 3_600_000).toISOString(),
        })),
      )
      .execute();
  }
  return DEMO_CARTS.length;
}
