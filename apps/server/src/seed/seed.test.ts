import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/password.js';
import { openTestDatabase, TEST_DIALECTS } from '../test/test-database.js';
import type { DatabaseHandle } from '../db/database.js';
import type { Database } from '../db/schema.js';
import {
  LOCATIONS_OFF_MERCHANT,
  LOCATIONS_PENDING_MERCHANT,
  MAIN_MERCHANT,
  MANY_PROGRAMS_MERCHANT,
  RBC_MERCHANT,
} from './demo-merchants.js';
import { DEMO_PASSWORD, DEMO_SIGN_INS } from './demo-users.js';
import { REFERENCE_DATE } from './demo-clock.js';
import { DEMO_SEED, isDatabaseEmpty, seedDemoData } from './seed.js';

const TABLES: readonly (keyof Database)[] = [
  'tenants',
  'merchants',
  'programs',
  'merchant_program_participations',
  'payment_products',
  'payment_product_configurations',
  'payment_product_enrollments',
  'funding_configurations',
  'merchant_values',
  'feature_flags',
  'feature_flag_overrides',
  'users',
];

/** A SHA-256 over every row of every table, rows ordered by id and keys by name. */
async function digest(database: DatabaseHandle): Promise<string> {
  const hash = createHash('sha256');
  for (const table of TABLES) {
    const { rows } = await sql<
      Record<string, unknown> & { id: string }
    >`select * from ${sql.table(table)}`.execute(database.db);
    rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    hash.update(table);
    for (const row of rows)
      hash.update(JSON.stringify(Object.entries(row).sort(([a], [b]) => a.localeCompare(b))));
  }
  return hash.digest('hex');
}

async function seededDigest(dialect: DatabaseHandle['dialect'], seed?: number): Promise<string> {
  const database = await openTestDatabase(dialect);
  try {
    await seedDemoData(database.db, { size: 'small', ...(seed === undefined ? {} : { seed }) });
    return await digest(database);
  } finally {
    await database.destroy();
  }
}

describe.each(TEST_DIALECTS)('demo data (%s)', (dialect) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    await seedDemoData(database.db, { size: 'small' });
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('is no longer empty once seeded', async () => {
    expect(await isDatabaseEmpty(database.db)).toBe(false);
  });

  it('is the same, byte for byte, for the same seed, and different for another', async () => {
    const [again, other] = [await seededDigest(dialect), await seededDigest(dialect, DEMO_SEED + 1)];
    expect(again).toBe(await digest(database));
    expect(other).not.toBe(again);
  });

  it('gives one merchant 260 participations, 15 of them ended, to page through by 200', async () => {
    const merchant = await database.db
      .selectFrom('merchants')
      .select('id')
      .where('name', '=', MANY_PROGRAMS_MERCHANT)
      .executeTakeFirstOrThrow();
    const page = (offset: number) =>
      database.db
        .selectFrom('merchant_program_participations')
        .select(['id', 'program_id', 'deleted_at'])
        .where('merchant_id', '=', merchant.id)
        .orderBy('created_at')
        .orderBy('id')
        .limit(200)
        .offset(offset)
        .execute();
    const first = await page(0);
    const second = await page(200);
    expect(first).toHaveLength(200);
    expect(second).toHaveLength(60);
    const all = [...first, ...second];
    expect(new Set(all.map((row) => row.id)).size).toBe(260);
    expect(new Set(all.map((row) => row.program_id)).size).toBe(260);
    expect(all.filter((row) => row.deleted_at !== null)).toHaveLength(15);
  });

  it('gives the main merchant every kind of program of the specification', async () => {
    const programs = await database.db
      .selectFrom('merchant_program_participations as mpp')
      .innerJoin('merchants as m', 'm.id', 'mpp.merchant_id')
      .innerJoin('programs as p', 'p.id', 'mpp.program_id')
      .select(['p.channel', 'p.display_interest_rate_bps', 'p.checkout_mode'])
      .where('m.name', '=', MAIN_MERCHANT)
      .where('mpp.deleted_at', 'is', null)
      .execute();
    const ecommerce = programs.filter((program) => program.channel === 'ECOMM');
    expect(ecommerce.some((program) => program.display_interest_rate_bps === 0)).toBe(true);
    expect(ecommerce.some((program) => program.display_interest_rate_bps > 0)).toBe(true);
    expect(programs.some((p) => p.channel === 'INSTORE' && p.checkout_mode !== 'VirtualCard')).toBe(true);
    expect(programs.some((p) => p.channel === 'INSTORE' && p.checkout_mode === 'VirtualCard')).toBe(true);
  });

  it('gives the main merchant lapsed, active and scheduled enrollments', async () => {
    const enrollments = await database.db
      .selectFrom('payment_product_enrollments as e')
      .innerJoin('merchants as m', 'm.id', 'e.merchant_id')
      .select(['e.effective_from', 'e.effective_to'])
      .where('m.name', '=', MAIN_MERCHANT)
      .execute();
    const statuses = new Set(
      enrollments.map(({ effective_from: from, effective_to: to }) => {
        if (from > REFERENCE_DATE) return 'SCHEDULED';
        return to !== null && to <= REFERENCE_DATE ? 'LAPSED' : 'ACTIVE';
      }),
    );
    expect([...statuses].sort()).toEqual(['ACTIVE', 'LAPSED', 'SCHEDULED']);
  });

  it('has both brands, a funding configuration per merchant, products, configurations and values', async () => {
    const tenants = await database.db.selectFrom('tenants').select('brand').orderBy('brand').execute();
    expect(tenants.map((tenant) => tenant.brand)).toEqual(['bread', 'rbc']);
    const merchants = await database.db
      .selectFrom('merchants as m')
      .innerJoin('tenants as t', 't.id', 'm.tenant_id')
      .select(['t.brand', 'm.currency', 'm.language', 'm.time_zone'])
      .execute();
    expect(merchants.filter((m) => m.brand === 'bread').length).toBeGreaterThanOrEqual(3);
    expect(merchants.filter((m) => m.brand === 'rbc').length).toBeGreaterThanOrEqual(2);
    for (const m of merchants) expect(m.currency).toBe(m.brand === 'bread' ? 'USD' : 'CAD');
    expect(merchants.some((m) => m.brand === 'rbc' && m.language === 'fr-CA')).toBe(true);
    expect(merchants.filter((m) => m.brand === 'rbc').every((m) => m.time_zone === 'America/Toronto')).toBe(
      true,
    );

    const funding = await database.db.selectFrom('funding_configurations').select('merchant_id').execute();
    expect(funding).toHaveLength(merchants.length);
    const keys = await database.db
      .selectFrom('payment_product_configurations')
      .select('config_key')
      .distinct()
      .orderBy('config_key')
      .execute();
    expect(keys.map((row) => row.config_key)).toEqual(['NUMPAYMENTS', 'RATE', 'TYPE']);
    const merchantOwned = await database.db
      .selectFrom('payment_product_configurations')
      .select('owner_id')
      .where('owner_type', '=', 'MERCHANT')
      .execute();
    expect(merchantOwned.length).toBeGreaterThan(0);
    const values = await database.db.selectFrom('merchant_values').select('id').execute();
    expect(values.length).toBeGreaterThan(0);
  });

  it("has the portal flags per tenant and the merchants' overrides", async () => {
    const flags = await database.db
      .selectFrom('feature_flags as f')
      .innerJoin('tenants as t', 't.id', 'f.tenant_id')
      .select(['t.brand', 'f.name', 'f.value'])
      .where('f.tag', '=', 'merchant-portal-frontend')
      .execute();
    expect(flags).toContainEqual({ brand: 'bread', name: 'isLocationPageEnabled', value: 'true' });
    expect(flags).toContainEqual({
      brand: 'bread',
      name: 'isMerchantIdValidationPageEnabled',
      value: 'true',
    });
    const overrides = await database.db
      .selectFrom('feature_flag_overrides as o')
      .innerJoin('feature_flags as f', 'f.id', 'o.flag_id')
      .innerJoin('merchants as m', 'm.id', 'o.merchant_id')
      .select(['m.name as merchant', 'f.name', 'o.value'])
      .orderBy('f.name')
      .execute();
    // Bread merchants without the locations page its tenant gives the others: one whose users are
    // refused it, one for the demo of the internal settings.
    expect(overrides).toHaveLength(3);
    expect(overrides).toEqual(
      expect.arrayContaining([
        { merchant: LOCATIONS_PENDING_MERCHANT, name: 'isLocationPageEnabled', value: 'false' },
        { merchant: LOCATIONS_OFF_MERCHANT, name: 'isLocationPageEnabled', value: 'false' },
        { merchant: MANY_PROGRAMS_MERCHANT, name: 'isMerchantIdValidationPageEnabled', value: 'false' },
      ]),
    );
  });

  it('has every demo sign-in, active, on its merchant, with the demo password', async () => {
    const users = await database.db
      .selectFrom('users as u')
      .leftJoin('merchants as m', 'm.id', 'u.merchant_id')
      .select(['u.email', 'u.role', 'u.status', 'u.password_hash', 'm.name as merchant_name', 'u.tenant_id'])
      .where(
        'u.email',
        'in',
        DEMO_SIGN_INS.map((signIn) => signIn.email),
      )
      .execute();
    expect(users).toHaveLength(6);
    for (const signIn of DEMO_SIGN_INS) {
      const user = users.find((row) => row.email === signIn.email);
      expect(user).toMatchObject({ role: signIn.role, status: 'ACTIVE', merchant_name: signIn.merchantName });
    }
    expect(users.find((row) => row.email === 'admin@rbc-merchant.demo')?.merchant_name).toBe(RBC_MERCHANT);
    const hashes = new Set(users.map((user) => user.password_hash));
    expect(hashes.size).toBe(1);
    const [hash] = [...hashes];
    expect(hash).toMatch(/^\$argon2id\$/);
    await expect(verifyPassword(hash ?? '', DEMO_PASSWORD)).resolves.toBe(true);
    await expect(verifyPassword(hash ?? '', 'demo-password-1')).resolves.toBe(false);
  });

  it('seeds in one transaction: a failure leaves the database as it was', async () => {
    const other = await openTestDatabase(dialect);
    try {
      // Takes a demo e-mail address, so the last table of the seed fails.
      await other.db
        .insertInto('users')
        .values({
          id: 'existing',
          tenant_id: null,
          merchant_id: null,
          email: 'admin@merchant.demo',
          first_name: 'Already',
          last_name: 'There',
          role: 'INTERNAL_SUPPORT',
          status: 'ACTIVE',
          password_hash: null,
          locked_until: null,
          invited_at: null,
          last_sign_in_at: null,
          created_at: REFERENCE_DATE,
          updated_at: REFERENCE_DATE,
        })
        .execute();
      await expect(seedDemoData(other.db, { size: 'small' })).rejects.toThrow(/unique|duplicate/i);
      const tenants = await other.db.selectFrom('tenants').select('id').execute();
      expect(tenants).toEqual([]);
      expect(await isDatabaseEmpty(other.db)).toBe(false);
    } finally {
      await other.destroy();
    }
  });
});

describe.runIf(TEST_DIALECTS.includes('postgres'))('demo data on both dialects', () => {
  it('is the same rows, byte for byte, on SQLite and PostgreSQL', async () => {
    expect(await seededDigest('postgres')).toBe(await seededDigest('sqlite'));
  });
});
