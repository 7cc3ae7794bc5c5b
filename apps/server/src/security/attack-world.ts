import { ROLE_SCOPES } from '@portal/contracts/roles';
import type { Role } from '@portal/contracts/roles';
import { ALL_SCOPES } from '@portal/contracts/scopes';
import type { Scope } from '@portal/contracts/scopes';
import { signPortalToken } from '../auth/portal-token.js';
import { sessionForExchange } from '../auth/sign-in-sessions.js';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { MAIN_MERCHANT } from '../seed/demo-merchants.js';
import { seedDemoData } from '../seed/seed.js';
import { cartInput } from '../test/cart-fixtures.js';
import { checkoutDesignInput } from '../test/checkout-design-fixtures.js';
import { solidPng } from '../test/logo-fixtures.js';
import { buildTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { activePrograms } from '../test/transaction-fixtures.js';
import { authHeader, merchantIdByName, portalTokenFor, testConfig } from '../test/tokens.js';
import { insertTeamUser } from '../test/user-fixtures.js';

/** The other bread merchant: its users call merchant A's objects. */
export const MERCHANT_B = 'Lakeside Furniture Co.';

/** Real objects of merchant A that the route table's sample calls point at. */
export interface MerchantAObjects {
  merchantId: string;
  tenantId: string;
  merchantName: string;
  programId: string;
  paymentProductId: string;
  transactionId: string;
  /**
   * An open location of merchant A: the location routes' samples edit, deactivate and reactivate it, and
   * the verification code and merchant id routes act on it.
   */
  locationId: string;
  cartId: string;
  checkoutToken: string;
  /** An INVITED user of merchant A: the target of the user routes. */
  userId: string;
  userEmail: string;
  enrollmentId: string;
  fundingConfigurationId: string;
  emailId: string;
  /** A recorded targeting export of merchant A. */
  targetingExportId: string;
  depositId: string;
  /** Removed by its route's sample: each suite's world is fresh. */
  settlementSubscriptionId: string;
  /** A key that the key routes' samples rotate, then revoke. */
  accessKeyId: string;
  /** A registered acquirer merchant id of merchant A (seeded). */
  merchantIdId: string;
  /** The `Authorization` header of another key of merchant A, with write on every resource. */
  apiKey: { authorization: string };
}

export interface AttackWorld {
  testApp: TestApp;
  config: Config;
  a: MerchantAObjects;
  merchantBId: string;
  /** Merchant A's demo ADMIN, who is never removed nor demoted: the one who removes and demotes. */
  admin: { authorization: string };
  /** Every scope, for merchant A: the key that opens every door (bad-input suite, control calls). */
  allScopes: { authorization: string };
  /** Texts that only merchant A's data holds: none may appear in an answer to someone else. */
  markers: readonly string[];
}

/** Signs a portal token for one given user, as the token exchange would. */
export async function tokenForUser(
  world: AttackWorld,
  user: { id: string; email: string },
  role: Role,
  options: { scopes?: readonly Scope[]; issuedAt?: Date } = {},
): Promise<string> {
  const { db } = world.testApp.database;
  // A sign-in session of its own, as the token exchange makes one.
  const sessionId = await sessionForExchange(db, user.id, null, options.issuedAt);
  if (sessionId === undefined) throw new Error('A new sign-in session cannot have ended');
  return signPortalToken(
    db,
    world.config,
    {
      sessionId,
      userId: user.id,
      email: user.email,
      role,
      scopes: options.scopes ?? ROLE_SCOPES[role],
      tenantId: world.a.tenantId,
      merchantId: world.a.merchantId,
    },
    options.issuedAt === undefined ? {} : { issuedAt: options.issuedAt },
  );
}

/** A new ACTIVE user of merchant A in that role. */
export function newUserOfA(world: AttackWorld, role: Role): Promise<{ id: string; email: string }> {
  return insertTeamUser(world.testApp.database.db, world.a.merchantId, { role });
}

async function first<T>(query: Promise<T | undefined>, what: string): Promise<T> {
  const row = await query;
  if (row === undefined) throw new Error(`The demo data has no ${what} of merchant A`);
  return row;
}

/** The app on a fresh database with the small demo data, and merchant A's objects found or made. */
export async function buildAttackWorld(dialect: DatabaseHandle['dialect']): Promise<AttackWorld> {
  const config = testConfig();
  const testApp = await buildTestApp({ dialect, config });
  const { db } = testApp.database;
  await seedDemoData(db, { size: 'small' });
  const merchantId = await merchantIdByName(db, MAIN_MERCHANT);
  const merchantBId = await merchantIdByName(db, MERCHANT_B);
  const admin = await authHeader(testApp.database, config, { role: 'ADMIN' });
  const allScopes = await authHeader(testApp.database, config, {
    role: 'INTERNAL_ADMIN',
    merchantId,
    scopes: ALL_SCOPES,
  });

  const tenant = await first(
    db.selectFrom('merchants').select('tenant_id').where('id', '=', merchantId).executeTakeFirst(),
    'tenant',
  );
  const programs = await activePrograms(db, merchantId);
  const programId = programs.find((program) => program.channel === 'ECOMM')?.id ?? '';
  const product = await first(
    db
      .selectFrom('payment_products')
      .select('id')
      .where('program_id', '=', programId)
      .orderBy('id')
      .executeTakeFirst(),
    'payment product',
  );
  const transaction = await first(
    db
      .selectFrom('transactions')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('status', '=', 'AUTHORIZED')
      .orderBy('id')
      .executeTakeFirst(),
    'authorized transaction',
  );
  const location = await first(
    db
      .selectFrom('locations')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('status', '=', 'ACTIVE')
      .orderBy('id')
      .executeTakeFirst(),
    'location',
  );
  const enrollment = await first(
    db
      .selectFrom('payment_product_enrollments')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .orderBy('id')
      .executeTakeFirst(),
    'enrollment',
  );
  const funding = await first(
    db
      .selectFrom('funding_configurations')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst(),
    'funding configuration',
  );

  const acquirerId = await first(
    db
      .selectFrom('acquirer_merchant_ids')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .orderBy('id')
      .executeTakeFirst(),
    'acquirer merchant id',
  );

  const created = await testApp.app.inject({
    method: 'POST',
    url: '/api/carts',
    headers: admin,
    payload: cartInput(),
  });
  if (created.statusCode !== 201) throw new Error(`Cannot make merchant A's cart: ${created.body}`);
  const cart = created.json<{ data: { id: string; checkoutUrl: string } }>().data;

  const invited = await testApp.app.inject({
    method: 'POST',
    url: '/api/users',
    headers: admin,
    payload: { firstName: 'Target', lastName: 'User', email: 'target.user@merchant-a.test', role: 'USER' },
  });
  if (invited.statusCode !== 201) throw new Error(`Cannot invite merchant A's user: ${invited.body}`);
  const user = invited.json<{ data: { id: string; email: string } }>().data;
  const email = await first(
    db.selectFrom('outbound_emails').select('id').where('to_address', '=', user.email).executeTakeFirst(),
    'e-mail',
  );

  const exported = await testApp.app.inject({
    method: 'POST',
    url: '/api/targeting/exports',
    headers: admin,
    payload: {},
  });
  if (exported.statusCode !== 201) throw new Error(`Cannot make merchant A's export: ${exported.body}`);
  const targetingExport = exported.json<{ data: { id: string } }>().data;
  const deposit = await first(
    db
      .selectFrom('deposits')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .orderBy('deposit_date', 'desc')
      .executeTakeFirst(),
    'deposit',
  );
  const subscribed = await testApp.app.inject({
    method: 'POST',
    url: '/api/settlement/subscriptions',
    headers: admin,
    payload: { email: 'finance@merchant-a.test', frequency: 'WEEKLY', locale: 'en' },
  });
  if (subscribed.statusCode !== 201) {
    throw new Error(`Cannot subscribe merchant A's recipient: ${subscribed.body}`);
  }
  const subscription = subscribed.json<{ data: { id: string } }>().data;
  await publishDesignWithLogo(testApp, admin);
  const newKey = async (name: string) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/access-keys',
      headers: admin,
      payload: { name, scopes: { carts: 'write', transactions: 'write' }, expiresAt: null },
    });
    if (response.statusCode !== 201) throw new Error(`Cannot make merchant A's key: ${response.body}`);
    return response.json<{ data: { key: { id: string }; secret: string } }>().data;
  };
  const targetKey = await newKey('Attack suite target');
  const callingKey = await newKey('Attack suite caller');

  const a: MerchantAObjects = {
    merchantId,
    tenantId: tenant.tenant_id,
    merchantName: MAIN_MERCHANT,
    programId,
    paymentProductId: product.id,
    transactionId: transaction.id,
    locationId: location.id,
    cartId: cart.id,
    checkoutToken: cart.checkoutUrl.split('/').pop() ?? '',
    userId: user.id,
    userEmail: user.email,
    enrollmentId: enrollment.id,
    fundingConfigurationId: funding.id,
    emailId: email.id,
    targetingExportId: targetingExport.id,
    depositId: deposit.id,
    settlementSubscriptionId: subscription.id,
    accessKeyId: targetKey.key.id,
    merchantIdId: acquirerId.id,
    apiKey: { authorization: `Bearer ${callingKey.secret}` },
  };
  return {
    testApp,
    config,
    a,
    merchantBId,
    admin,
    allScopes,
    markers: [
      a.merchantId,
      a.merchantName,
      a.transactionId,
      a.locationId,
      a.cartId,
      a.checkoutToken,
      a.userId,
      a.userEmail,
      a.enrollmentId,
      a.depositId,
      a.fundingConfigurationId,
      a.emailId,
      a.targetingExportId,
      a.accessKeyId,
      a.merchantIdId,
      callingKey.secret,
    ],
  };
}

/** Merchant A's checkout design, published once with a logo: the version and logo its routes read. */
async function publishDesignWithLogo(testApp: TestApp, admin: { authorization: string }): Promise<void> {
  const uploaded = await testApp.app.inject({
    method: 'POST',
    url: '/api/checkout-design/logos',
    headers: admin,
    payload: { contentType: 'image/png', data: solidPng(40, 20, [20, 60, 120]).toString('base64') },
  });
  if (uploaded.statusCode !== 201) throw new Error(`Cannot upload merchant A's logo: ${uploaded.body}`);
  const logo = uploaded.json<{ data: { id: string } }>().data;
  const published = await testApp.app.inject({
    method: 'POST',
    url: '/api/checkout-design/publish',
    headers: admin,
    payload: { ...checkoutDesignInput(), logoId: logo.id },
  });
  if (published.statusCode !== 200) throw new Error(`Cannot publish merchant A's design: ${published.body}`);
}

/** A token of merchant B's ADMIN. */
export function merchantBAdmin(world: AttackWorld): Promise<string> {
  return portalTokenFor(world.testApp.database, world.config, {
    role: 'ADMIN',
    merchantId: world.merchantBId,
  });
}
