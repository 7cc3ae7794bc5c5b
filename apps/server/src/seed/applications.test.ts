import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { openTestDatabase, TEST_DIALECTS } from '../test/test-database.js';
import { REFERENCE_DATE } from './demo-clock.js';
import { seedDemoData, type SeedSummary } from './seed.js';

describe.each(TEST_DIALECTS)('seeded applications (%s)', (dialect) => {
  let database: DatabaseHandle;
  let summary: SeedSummary;

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
    summary = await seedDemoData(database.db, { size: 'small' });
  });
  afterAll(async () => {
    await database.destroy();
  });

  const applications = () => database.db.selectFrom('applications').selectAll().execute();

  it('gives every seeded transaction the one approved, completed application that led to it', async () => {
    const rows = await applications();
    const transactions = await database.db
      .selectFrom('transactions')
      .select(['id', 'merchant_id', 'program_id', 'channel', 'customer_email', 'total', 'created_at'])
      .execute();
    const bought = new Map(
      rows.filter((row) => row.transaction_id !== null).map((r) => [r.transaction_id, r]),
    );
    expect(bought.size).toBe(transactions.length);
    for (const transaction of transactions) {
      const application = bought.get(transaction.id);
      expect(application).toMatchObject({
        merchant_id: transaction.merchant_id,
        program_id: transaction.program_id,
        channel: transaction.channel,
        customer_email: transaction.customer_email.toLowerCase(),
        decision: 'APPROVED',
        cart_amount: transaction.total,
      });
      expect(application?.checkout_completed_at).toBe(transaction.created_at);
    }
  });

  it('has about twice as many that stopped at some step, of each kind', async () => {
    const rows = await applications();
    const stopped = rows.filter((row) => row.transaction_id === null);
    expect(summary.applications).toBe(rows.length);
    expect(stopped.length / summary.transactions).toBeGreaterThan(1.8);
    expect(stopped.length / summary.transactions).toBeLessThan(2.2);
    expect(stopped.every((row) => row.checkout_completed_at === null)).toBe(true);
    const kinds = new Set(
      stopped.map((row) =>
        row.checkout_started_at !== null
          ? 'abandoned'
          : row.decision === 'APPROVED'
            ? 'approved'
            : row.decision === 'DECLINED'
              ? 'declined'
              : row.applied_at === null
                ? 'prequalified'
                : 'applied',
      ),
    );
    expect([...kinds].sort()).toEqual(['abandoned', 'approved', 'declined', 'prequalified']);
    // Some shoppers come back: fewer e-mails than applications.
    expect(new Set(stopped.map((row) => row.customer_email)).size).toBeLessThan(stopped.length);
  });

  it('orders every application’s steps in time, the first one its creation, none after the reference date', async () => {
    for (const row of await applications()) {
      const steps = [
        row.prequalified_at,
        row.applied_at,
        row.decided_at,
        row.checkout_started_at,
        row.checkout_completed_at,
      ].filter((step) => step !== null);
      expect(steps.length).toBeGreaterThan(0);
      expect([...steps].sort()).toEqual(steps);
      expect(row.created_at).toBe(steps[0]);
      expect(row.updated_at).toBe(steps[steps.length - 1]);
      expect(row.updated_at <= REFERENCE_DATE).toBe(true);
      // A decision follows an application; a checkout follows an approval.
      expect(row.decision === null).toBe(row.applied_at === null || row.decided_at === null);
      if (row.checkout_started_at !== null) expect(row.decision).toBe('APPROVED');
      expect(row.customer_email).toBe(row.customer_email.toLowerCase());
    }
  });
});
