import { hashPasswordWithSalt } from '../auth/password.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { ApplicationSeeder } from './applications.js';
import { seedBankAccounts } from './bank-accounts.js';
import { seedCarts } from './carts.js';
import { DEMO_PASSWORD } from './demo-users.js';
import { withBulkConnection } from './bulk-insert.js';
import { generateDemoData, type DemoData } from './generate-demo-data.js';
import { seedMerchantIds } from './merchant-ids.js';
import { SeededRandom } from './random.js';
import {
  LARGE_MAIN_MERCHANT_TRANSACTIONS,
  seedTransactions,
  type TransactionSeedSummary,
} from './transactions.js';

export const SEED_SIZES = ['small', 'large'] as const;
export type SeedSize = (typeof SEED_SIZES)[number];

/** The seed of the demo data; change it and every id and value changes with it. */
export const DEMO_SEED = 20_261_101;
const TRANSACTIONS_SEED_MIX = 0x7a5c_0004;
const APPLICATIONS_SEED_MIX = 0x7a5c_0015;

export interface SeedOptions {
  /** `large` is the small data with 1,000,000 transactions for the main demo merchant. */
  size: SeedSize;
  /** Another seed gives other, equally deterministic, data. */
  seed?: number;
  /** The main merchant's number of transactions, instead of the size's (benchmarks). */
  transactions?: number;
  /** Told how a large seed progresses. */
  onProgress?: (message: string) => void;
}

/** Row counts per table, as seeded. */
export type SeedSummary = { [Table in keyof DemoData]: number } & TransactionSeedSummary & {
    applications: number;
  };

/** Rows per INSERT: far below SQLite's 32,766 and PostgreSQL's 65,535 bound parameters at 18 columns. */
const CHUNK_ROWS = 500;

/**
 * Fills an empty, migrated database with the demo data, in one transaction: either all of it is there
 * or none. The same seed gives byte-identical rows, password hashes included.
 */
export async function seedDemoData(db: Kysely<Database>, options: SeedOptions): Promise<SeedSummary> {
  const random = new SeededRandom(options.seed ?? DEMO_SEED);
  // One hash for every demo user (they share the password): hashing is the slow part of seeding.
  const passwordHash = await hashPasswordWithSalt(DEMO_PASSWORD, random.bytes(16));
  const data = generateDemoData(random, passwordHash);

  // On a SQLite file the seed writes through a connection of its own that can keep prepared statements
  // for the bulk rows (bulk-insert.ts); it is still one transaction.
  const transactions = await withBulkConnection(db, (bulk, raw) =>
    bulk.transaction().execute(async (trx) => {
      await insert(data.tenants, (rows) => trx.insertInto('tenants').values(rows).execute());
      await insert(data.merchants, (rows) => trx.insertInto('merchants').values(rows).execute());
      await insert(data.programs, (rows) => trx.insertInto('programs').values(rows).execute());
      await insert(data.merchant_program_participations, (rows) =>
        trx.insertInto('merchant_program_participations').values(rows).execute(),
      );
      await insert(data.payment_products, (rows) =>
        trx.insertInto('payment_products').values(rows).execute(),
      );
      await insert(data.payment_product_configurations, (rows) =>
        trx.insertInto('payment_product_configurations').values(rows).execute(),
      );
      await insert(data.payment_product_enrollments, (rows) =>
        trx.insertInto('payment_product_enrollments').values(rows).execute(),
      );
      await insert(data.funding_configurations, (rows) =>
        trx.insertInto('funding_configurations').values(rows).execute(),
      );
      await insert(data.merchant_values, (rows) => trx.insertInto('merchant_values').values(rows).execute());
      await insert(data.feature_flags, (rows) => trx.insertInto('feature_flags').values(rows).execute());
      await insert(data.feature_flag_overrides, (rows) =>
        trx.insertInto('feature_flag_overrides').values(rows).execute(),
      );
      await insert(data.users, (rows) => trx.insertInto('users').values(rows).execute());
      // Sources of their own, so that the transactions change nothing of the data before them, and the
      // applications nothing of the transactions.
      const applications = new ApplicationSeeder(
        trx,
        new SeededRandom((options.seed ?? DEMO_SEED) ^ APPLICATIONS_SEED_MIX),
        raw,
      );
      const seeded = await applications.load(() =>
        seedTransactions(trx, data, {
          mainMerchantTransactions:
            options.transactions ?? (options.size === 'large' ? LARGE_MAIN_MERCHANT_TRANSACTIONS : undefined),
          random: new SeededRandom((options.seed ?? DEMO_SEED) ^ TRANSACTIONS_SEED_MIX),
          onProgress: options.onProgress,
          raw,
          follower: applications,
        }),
      );
      await seedCarts(trx);
      await seedMerchantIds(trx);
      await seedBankAccounts(trx);
      return { ...seeded, applications: applications.count };
    }),
  );

  const counts = Object.fromEntries(Object.entries(data).map(([table, rows]) => [table, rows.length]));
  return { ...counts, ...transactions } as SeedSummary;
}

/** True when the database holds no tenant and no user: nothing a seed would collide with. */
export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const tenant = await db.selectFrom('tenants').select('id').limit(1).executeTakeFirst();
  if (tenant !== undefined) return false;
  const user = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return user === undefined;
}

async function insert<Row>(rows: readonly Row[], write: (chunk: Row[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    await write(rows.slice(start, start + CHUNK_ROWS));
  }
}
