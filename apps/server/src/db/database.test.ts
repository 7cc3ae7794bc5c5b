import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { Client } from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_DIALECTS } from '../test/test-database.js';
import { openDatabase, type DatabaseHandle } from './database.js';
import { migrateToLatest } from './migrate.js';

const TABLES = [
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

const NOW = '2026-11-01T12:34:56.789Z';
const TENANT = { id: 't-1', name: 'Bread Pay', brand: 'bread', created_at: NOW } as const;
const MERCHANT = {
  id: 'm-1',
  tenant_id: 't-1',
  name: 'Shop',
  legal_name: 'Shop LLC',
  contact_email: 'a@shop.example',
  contact_phone: '+1 212 555 0100',
  address_line1: '1 Main St',
  address_line2: null,
  city: 'New York',
  region: 'NY',
  postal_code: '10001',
  country: 'US',
  website: null,
  time_zone: 'America/New_York',
  language: 'en',
  currency: 'USD',
  created_at: NOW,
  updated_at: NOW,
} as const;
const PROGRAM = {
  id: 'p-1',
  tenant_id: 't-1',
  name: 'Online',
  channel: 'ECOMM',
  display_interest_rate_bps: 999,
  checkout_mode: 'Modal',
  min_amount: 5_000,
  // Above 2^31: a bigint column, read back as an exact number on both dialects.
  max_amount: 5_000_000_000,
  created_at: NOW,
} as const;

describe.each(TEST_DIALECTS)('database (%s)', (dialect) => {
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase(dialect);
  });
  afterAll(async () => {
    await database.destroy();
  });
  afterEach(async () => {
    for (const table of [...TABLES].reverse())
      await sql`delete from ${sql.table(table)}`.execute(database.db);
  });

  it('opens migrated, empty, and answers ping', async () => {
    expect(database.dialect).toBe(dialect);
    await expect(database.ping()).resolves.toBeUndefined();
    const tables = (await database.db.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(expect.arrayContaining(TABLES));
    for (const table of TABLES) {
      const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(
        database.db,
      );
      expect(rows[0]?.n).toBe(0);
    }
  });

  it('runs the migrations once, however often it is asked', async () => {
    await migrateToLatest(database.db);
    await migrateToLatest(database.db);
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(database.db);
    const names = rows.map((row) => row.name);
    // Each migration is recorded exactly once, whatever migrations later issues add.
    expect(names).toContain('0001-initial');
    expect(new Set(names).size).toBe(names.length);
  });

  it('returns the same row shapes on both dialects: ISO text, exact numbers, numeric counts', async () => {
    await database.db.insertInto('tenants').values(TENANT).execute();
    await database.db.insertInto('merchants').values(MERCHANT).execute();
    await database.db.insertInto('programs').values(PROGRAM).execute();

    const program = await database.db.selectFrom('programs').selectAll().executeTakeFirstOrThrow();
    expect(program).toEqual(PROGRAM);
    const totals = await database.db
      .selectFrom('programs')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('max_amount').as('sum')])
      .executeTakeFirstOrThrow();
    expect(totals).toEqual({ count: 1, sum: 5_000_000_000 });

    // Timestamps compare as points in time on both.
    const later = await database.db
      .selectFrom('tenants')
      .select('id')
      .where('created_at', '<', '2026-11-01T12:34:57.000Z')
      .execute();
    expect(later).toHaveLength(1);
  });

  it('streams rows in the same shapes as it executes them', async () => {
    await database.db.insertInto('tenants').values(TENANT).execute();
    const streamed = [];
    for await (const row of database.db.selectFrom('tenants').selectAll().stream(10)) streamed.push(row);
    expect(streamed).toEqual([TENANT]);
  });

  it('enforces foreign keys', async () => {
    await expect(database.db.insertInto('merchants').values(MERCHANT).execute()).rejects.toThrow(
      /foreign key/i,
    );
  });

  it('checks enumerations and rules', async () => {
    const insertTenant = (brand: string) =>
      database.db
        .insertInto('tenants')
        .values({ ...TENANT, id: `t-${brand}`, brand: brand as 'bread' })
        .execute();
    await expect(insertTenant('acme')).rejects.toThrow(/check/i);
    await insertTenant('rbc');

    await database.db.insertInto('tenants').values(TENANT).execute();
    await database.db.insertInto('merchants').values(MERCHANT).execute();
    const user = {
      id: 'u-1',
      tenant_id: 't-1',
      merchant_id: 'm-1',
      email: 'someone@shop.example',
      first_name: 'Some',
      last_name: 'One',
      role: 'ADMIN',
      status: 'ACTIVE',
      password_hash: null,
      locked_until: null,
      invited_at: null,
      last_sign_in_at: null,
      created_at: NOW,
      updated_at: NOW,
    } as const;
    const insertUser = (changes: Record<string, unknown>) =>
      database.db
        .insertInto('users')
        .values({ ...user, ...changes })
        .execute();
    await expect(insertUser({ email: 'Someone@Shop.example' })).rejects.toThrow(/check/i);
    await expect(insertUser({ role: 'INTERNAL_ADMIN' })).rejects.toThrow(/check/i);
    await expect(insertUser({ merchant_id: null })).rejects.toThrow(/check/i);
    await expect(insertUser({ status: 'LOCKED' })).rejects.toThrow(/check/i);
    await insertUser({});
    await expect(insertUser({ id: 'u-2' })).rejects.toThrow(/unique|duplicate/i);
    await insertUser({
      id: 'u-3',
      email: 'staff@provider.example',
      role: 'INTERNAL_SUPPORT',
      merchant_id: null,
    });
    const stored = await database.db
      .selectFrom('users')
      .select(['id', 'failed_sign_ins'])
      .orderBy('id')
      .execute();
    expect(stored).toEqual([
      { id: 'u-1', failed_sign_ins: 0 },
      { id: 'u-3', failed_sign_ins: 0 },
    ]);

    const funding = {
      id: 'f-1',
      merchant_id: 'm-1',
      payout_frequency: 'WEEKLY',
      payout_weekday: 3,
      payout_day_of_month: null,
      settlement_mode: 'NET',
      created_at: NOW,
      updated_at: NOW,
    } as const;
    const insertFunding = (changes: Record<string, unknown>) =>
      database.db
        .insertInto('funding_configurations')
        .values({ ...funding, ...changes })
        .execute();
    await expect(insertFunding({ payout_weekday: null })).rejects.toThrow(/check/i);
    await expect(insertFunding({ payout_weekday: 8 })).rejects.toThrow(/check/i);
    await expect(insertFunding({ payout_frequency: 'MONTHLY', payout_day_of_month: 31 })).rejects.toThrow(
      /check/i,
    );
    await insertFunding({});
  });

  it('allows one live participation per merchant and program, and keeps ended ones', async () => {
    await database.db.insertInto('tenants').values(TENANT).execute();
    await database.db.insertInto('merchants').values(MERCHANT).execute();
    await database.db.insertInto('programs').values(PROGRAM).execute();
    const participation = { merchant_id: 'm-1', program_id: 'p-1', created_at: NOW };
    await database.db
      .insertInto('merchant_program_participations')
      .values([
        { ...participation, id: 'a', deleted_at: NOW },
        { ...participation, id: 'b', deleted_at: NOW },
        { ...participation, id: 'c', deleted_at: null },
      ])
      .execute();
    await expect(
      database.db
        .insertInto('merchant_program_participations')
        .values({ ...participation, id: 'd', deleted_at: null })
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
  });
});

describe('SQLite', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'portal-sqlite-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('creates the parent folder and opens in WAL mode with foreign keys and a busy timeout', async () => {
    const database = await openDatabase({
      kind: 'sqlite',
      file: join(folder, 'nested', 'deeper', 'p.sqlite'),
    });
    try {
      const pragma = async (name: string) =>
        Object.values(
          (await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(database.db)).rows[0] ?? {},
        );
      expect(await pragma('journal_mode')).toEqual(['wal']);
      expect(await pragma('foreign_keys')).toEqual([1]);
      expect(await pragma('busy_timeout')).toEqual([5000]);
    } finally {
      await database.destroy();
    }
  });

  it('rejects with a clear error when the file cannot be opened', async () => {
    const blocker = join(folder, 'a-file');
    await writeFile(blocker, '');
    const file = join(blocker, 'p.sqlite');
    await expect(openDatabase({ kind: 'sqlite', file })).rejects.toThrow(
      `Cannot open the SQLite database at ${file}: `,
    );
  });

  it('indexes every foreign key (the leading column of some index)', async () => {
    const database = await openTestDatabase('sqlite');
    try {
      for (const table of TABLES) {
        const foreignKeys = await sql<{
          from: string;
        }>`select "from" from pragma_foreign_key_list(${table})`.execute(database.db);
        const leading = await sql<{ name: string }>`
          select ii.name from pragma_index_list(${table}) il, pragma_index_info(il.name) ii where ii.seqno = 0`.execute(
          database.db,
        );
        const indexed = new Set(leading.rows.map((row) => row.name));
        for (const { from } of foreignKeys.rows) expect(indexed, `${table}.${from}`).toContain(from);
      }
    } finally {
      await database.destroy();
    }
  });
});

describe('PostgreSQL', () => {
  it('rejects at open with a clear error, without the password, when the server is unreachable', async () => {
    const opening = openDatabase({ kind: 'postgres', url: 'postgres://portal:hunter2@127.0.0.1:1/portal' });
    await expect(opening).rejects.toThrow(
      /^Cannot reach the PostgreSQL database at 127\.0\.0\.1:1\/portal: .*ECONNREFUSED/,
    );
    await expect(opening).rejects.toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter2') as unknown }),
    );
  });

  it.runIf(TEST_DIALECTS.includes('postgres'))(
    'survives its connections being dropped and answers again without a restart',
    async () => {
      const owner = await openTestDatabase('postgres');
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(owner.db);
      const name = rows[0]?.name ?? '';
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = `/${name}`;
      const dropped: Error[] = [];
      const database = await openDatabase(
        { kind: 'postgres', url: url.toString() },
        { onConnectionError: (error) => dropped.push(error) },
      );
      const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await database.ping();
        // What a database restart or failover does to the pool's idle connections.
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
          name,
        ]);
        await expect.poll(() => dropped.length, { timeout: 5_000 }).toBeGreaterThan(0);
        await expect(database.ping()).resolves.toBeUndefined();
      } finally {
        await admin.end();
        await database.destroy();
        await owner.destroy();
      }
    },
  );

  it.runIf(TEST_DIALECTS.includes('postgres'))(
    'opens at most DATABASE_POOL_SIZE connections, however many queries wait',
    async () => {
      const owner = await openTestDatabase('postgres');
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(owner.db);
      const name = rows[0]?.name ?? '';
      const url = new URL(process.env.TEST_DATABASE_URL ?? '');
      url.pathname = `/${name}`;
      const database = await openDatabase({ kind: 'postgres', url: url.toString() }, { poolSize: 2 });
      try {
        const busy = await Promise.all(
          Array.from({ length: 6 }, () =>
            sql<{ connections: number }>`
              select count(*)::int as connections, pg_sleep(0.05) from pg_stat_activity
              where datname = current_database() and application_name = 'merchant-portal'
                and pid <> pg_backend_pid()`.execute(database.db),
          ),
        );
        // The owner's pool holds one connection of its own besides this pool's two.
        expect(Math.max(...busy.map((result) => result.rows[0]?.connections ?? 0))).toBeLessThanOrEqual(2);
      } finally {
        await database.destroy();
        await owner.destroy();
      }
    },
  );
});
