import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionExportQuerySchema } from '@portal/contracts/transactions';
import { MAIN_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { activePrograms, insertTransactionFixtures } from '../../test/transaction-fixtures.js';
import { testConfig } from '../../test/tokens.js';
import { merchantIdByName } from '../../test/tokens.js';
import { exportTransactions } from './export.js';

/**
 * The export's exact bytes for a sample of awkward values, as the export wrote them before it read
 * rows as arrays and formatted dates without `Date` (transaction-export-bytes.csv, written by that
 * export): quotes, commas, line breaks, a formula start, non-ASCII text, empty phones and locations,
 * a merchant zone with a half-hour offset and its clock changes, milliseconds at a second's edge, an
 * authorization lapsed by the cutoff, and partial states.
 */
const GOLDEN = new URL('./transaction-export-bytes.csv', import.meta.url);
const NOW = new Date('2019-12-15T12:00:00.000Z');
const ZONE = 'America/St_Johns';

/** Ids fixed so that the file is the same at every run; ordered so that ties on created_at show. */
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const SAMPLE = [
  // Around the spring clock change of St. John's (2019-03-10, 02:00 local = 05:30 UTC).
  { created_at: '2019-03-10T05:29:59.999Z', customer_name: 'Smith, "Jo"\nSecond line' },
  { created_at: '2019-03-10T05:30:00.000Z', customer_name: 'Zoë Ångström-Nuñez 🙂 山田' },
  { created_at: '2019-03-10T05:30:00.000Z', customer_name: 'Tie on created_at', external_id: '=1+2' },
  // Around the autumn change (2019-11-03, 02:00 local daylight = 04:30 UTC).
  {
    created_at: '2019-11-03T04:29:59.500Z',
    customer_name: 'Carriage\rreturn',
    customer_phone: '+1 (709) 555-0100',
  },
  { created_at: '2019-11-03T04:30:00.001Z', customer_name: '@handle', customer_phone: '=cmd|calc' },
  {
    created_at: '2019-12-31T23:59:59.999Z',
    customer_name: 'New year, "quoted"',
    customer_email: '-x@example.com',
  },
  { created_at: '2019-06-30T02:30:00.000Z', customer_name: 'Mid-year' },
] as const;

describe.each(TEST_DIALECTS)('the export, byte for byte (%s)', (dialect) => {
  let testApp: TestApp;
  let merchantId: string;

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config: testConfig() });
    const { db } = testApp.database;
    await seedDemoData(db, { size: 'small' });
    merchantId = await merchantIdByName(db, MAIN_MERCHANT);
    await db.updateTable('merchants').set({ time_zone: ZONE }).where('id', '=', merchantId).execute();
    const programs = await activePrograms(db, merchantId);
    const location = await db
      .selectFrom('locations')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .orderBy('name')
      .executeTakeFirst();
    const states = [
      { status: 'AUTHORIZED' as const },
      { status: 'SETTLED' as const, settled: 6_000, cancelled: 1_000 },
      { status: 'REFUNDED' as const, settled: 10_000, refunded: 2_550 },
      { status: 'PENDING' as const, cancelled: 5 },
      { status: 'CANCELLED' as const, cancelled: 10_000 },
      { status: 'SETTLED' as const, settled: 10_000 },
      { status: 'AUTHORIZED' as const },
    ];
    await insertTransactionFixtures(
      db,
      SAMPLE.map((sample, index) => ({
        id: id(index + 1),
        merchant_id: merchantId,
        program_id: programs[index % programs.length]?.id ?? '',
        location_id: index % 2 === 0 ? null : (location?.id ?? null),
        external_id: `GOLD-${String(index)}`,
        customer_email: `gold.${String(index)}@example.com`,
        channel: index % 3 === 0 ? 'INSTORE' : 'ECOMM',
        product_type: index % 2 === 0 ? 'SPLITPAY' : 'INSTALLMENTS',
        from_cart: index % 2 === 0 ? 1 : 0,
        total: 10_000 + index * 1_001,
        tax: index * 7,
        shipping: index === 3 ? 99 : 0,
        discount: index === 4 ? 1 : 0,
        updated_at: new Date(Date.parse(sample.created_at) + index * 3_600_000 + 999).toISOString(),
        ...states[index],
        ...sample,
      })),
    );
  });

  afterAll(async () => {
    await testApp.close();
  });

  async function exported(query: Record<string, string>): Promise<string> {
    const csv = await exportTransactions(
      testApp.database,
      merchantId,
      transactionExportQuerySchema.parse({ from: '2019-01-01', to: '2019-12-31', ...query }),
      NOW,
    );
    let text = csv.header;
    for await (const piece of csv.rows) text += piece;
    return `${csv.fileName}\n${text}`;
  }

  it('writes the same bytes as before, in both languages and in both orders', async () => {
    const text = [
      await exported({}),
      await exported({ locale: 'fr-CA' }),
      await exported({ sort: 'total', order: 'asc' }),
    ].join('\n---\n');
    expect(text).toBe(await readFile(GOLDEN, 'utf8'));
  });
});
