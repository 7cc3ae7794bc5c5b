import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@portal/contracts/constants';
import type { DatabaseHandle } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { MAIN_MERCHANT, RBC_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { TEST_DIALECTS, openTestDatabase } from '../../test/test-database.js';
import { merchantIdByName } from '../../test/tokens.js';
import type { DepositSums } from './repository.js';
import { attachToDeposit, depositKeyOf, settlementReport, sumsOfEvent } from './service.js';

const MIGRATION = '0016-deposits';
/** How many of the main merchant's latest funding events are carried into the older database. */
const COPIED_EVENTS = 60;
/** Fees of another merchant on as many days: more deposits than the migration names in one statement. */
const MANY_DAYS = 520;
/** Two merchants whose deposits of a day get the same bank reference from the live derivation. */
const CLASH = { day: '2024-02-05', first: 'm1066', second: 'm1287' } as const;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
/** The previous release's ACH day, which the migration keeps (bank holidays were not skipped then). */
function nextWeekday(day: string): string {
  let at = msOf(day) + DAY_MS;
  while ([0, 6].includes(new Date(at).getUTCDay())) at += DAY_MS;
  return dayOf(at);
}

/** The columns `table` has in `database` (the older one lacks what the migration adds). */
async function columnsOf(database: DatabaseHandle, table: string): Promise<string[]> {
  const tables = await database.db.introspection.getTables();
  const columns = tables.find((candidate) => candidate.name === table)?.columns.map((column) => column.name);
  if (columns === undefined) throw new Error(`No table ${table} before ${MIGRATION}`);
  return columns;
}

async function insertRow(database: DatabaseHandle, table: string, row: Record<string, unknown>) {
  const columns = Object.keys(row);
  await sql`insert into ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
    values (${sql.join(columns.map((column) => row[column]))})`.execute(database.db);
}

/**
 * Copies the rows of `table` that `where` keeps (all when absent) from a database at the latest
 * migration into one migrated only up to before MIGRATION, column by column of the older table.
 */
async function copyRows(
  from: DatabaseHandle,
  to: DatabaseHandle,
  table: string,
  where?: RawBuilder<boolean>,
) {
  const columns = await columnsOf(to, table);
  const { rows } = await sql<Record<string, unknown>>`
    select ${sql.join(columns.map((column) => sql.ref(column)))} from ${sql.table(table)}
    ${where === undefined ? sql`` : sql`where ${where}`}`.execute(from.db);
  for (const row of rows) await insertRow(to, table, row);
}

function addSums(total: DepositSums, sums: DepositSums): void {
  for (const key of Object.keys(total) as (keyof DepositSums)[]) total[key] += sums[key];
}

const zeroSums = (): DepositSums => ({
  event_count: 0,
  settlements: 0,
  refunds: 0,
  chargebacks: 0,
  fees: 0,
  net: 0,
});

describe.each(TEST_DIALECTS)(`migration ${MIGRATION}: deposits of earlier funding events (%s)`, (dialect) => {
  let database: DatabaseHandle;
  let merchantId: string;
  /** A Friday of the copied events: money requested then and not yet deposited is paid on the Monday. */
  let friday: string;
  let monday: string;

  beforeAll(async () => {
    const seeded = await openTestDatabase(dialect);
    database = await openTestDatabase(dialect, MIGRATION);
    try {
      await seedDemoData(seeded.db, { size: 'small' });
      merchantId = await merchantIdByName(seeded.db, MAIN_MERCHANT);
      for (const table of ['tenants', 'merchants', 'programs', 'locations']) {
        await copyRows(seeded, database, table);
      }
      const latest = await seeded.db
        .selectFrom('funding_events')
        .select(['id', 'transaction_id', 'bank_requested_on'])
        .where('merchant_id', '=', merchantId)
        .where('transaction_id', 'is not', null)
        .orderBy('event_at', 'desc')
        .limit(COPIED_EVENTS)
        .execute();
      const eventIds = latest.map((event) => event.id);
      const transactionIds = [...new Set(latest.map((event) => event.transaction_id ?? ''))];
      await copyRows(seeded, database, 'transactions', sql`id in (${sql.join(transactionIds)})`);
      await copyRows(seeded, database, 'funding_events', sql`id in (${sql.join(eventIds)})`);

      let at = msOf(latest[0]?.bank_requested_on ?? '2026-10-30');
      while (new Date(at).getUTCDay() !== 5) at -= DAY_MS;
      friday = dayOf(at);
      monday = dayOf(at + 3 * DAY_MS);
      const transactionId = transactionIds[0] ?? null;
      // By hand: a fee of no transaction already deposited, and three events not deposited yet (null
      // deposited_on): a settle and a refund on the Friday, a fee on the Saturday.
      const event = (fields: {
        transactionId: string | null;
        type: string;
        amount: number;
        fee: number;
        requestedOn: string;
        depositedOn: string | null;
      }) => ({
        id: randomUUID(),
        merchant_id: merchantId,
        transaction_id: fields.transactionId,
        type: fields.type,
        currency: 'USD',
        amount: fields.amount,
        fee: fields.fee,
        net_amount: fields.amount - fields.fee,
        event_at: `${fields.requestedOn}T15:00:00.000Z`,
        bank_requested_on: fields.requestedOn,
        deposited_on: fields.depositedOn,
        created_at: `${fields.requestedOn}T15:00:00.000Z`,
      });
      const wednesday = dayOf(at - 2 * DAY_MS);
      const thursday = dayOf(at - DAY_MS);
      const saturday = dayOf(at + DAY_MS);
      const currency = await seeded.db
        .selectFrom('merchants')
        .select('currency')
        .where('id', '=', merchantId)
        .executeTakeFirstOrThrow();
      for (const row of [
        event({
          transactionId: null,
          type: 'FEE',
          amount: 0,
          fee: 2_500,
          requestedOn: wednesday,
          depositedOn: thursday,
        }),
        event({
          transactionId,
          type: 'SETTLE',
          amount: 5_000,
          fee: 150,
          requestedOn: friday,
          depositedOn: null,
        }),
        event({
          transactionId,
          type: 'REFUND',
          amount: -1_000,
          fee: 0,
          requestedOn: friday,
          depositedOn: null,
        }),
        event({
          transactionId: null,
          type: 'FEE',
          amount: 0,
          fee: 100,
          requestedOn: saturday,
          depositedOn: null,
        }),
      ]) {
        await insertRow(database, 'funding_events', { ...row, currency: currency.currency });
      }
      const rbcId = await merchantIdByName(seeded.db, RBC_MERCHANT);
      const rbc = await seeded.db
        .selectFrom('merchants')
        .select('currency')
        .where('id', '=', rbcId)
        .executeTakeFirstOrThrow();
      const fees = Array.from({ length: MANY_DAYS }, (_, index) => {
        const day = dayOf(msOf('2024-01-01') + index * DAY_MS);
        return {
          ...event({
            transactionId: null,
            type: 'FEE',
            amount: 0,
            fee: 1,
            requestedOn: day,
            depositedOn: day,
          }),
          merchant_id: rbcId,
          currency: rbc.currency,
        };
      });
      // The merchants of the clash, as copies of that merchant, each with a fee deposited on the day.
      const rbcRow = await sql<Record<string, unknown>>`select * from merchants where id = ${rbcId}`.execute(
        seeded.db,
      );
      const merchantColumns = await columnsOf(database, 'merchants');
      for (const id of [CLASH.first, CLASH.second]) {
        const row = Object.fromEntries(merchantColumns.map((column) => [column, rbcRow.rows[0]?.[column]]));
        await insertRow(database, 'merchants', { ...row, id, name: `Clash ${id}` });
        const fee = event({
          transactionId: null,
          type: 'FEE',
          amount: 0,
          fee: 3,
          requestedOn: CLASH.day,
          depositedOn: CLASH.day,
        });
        await insertRow(database, 'funding_events', { ...fee, merchant_id: id, currency: rbc.currency });
      }
      const columns = Object.keys(fees[0] ?? {});
      await sql`insert into funding_events (${sql.join(columns.map((column) => sql.ref(column)))})
        values ${sql.join(fees.map((fee) => sql`(${sql.join(Object.values(fee))})`))}`.execute(database.db);
    } finally {
      await seeded.destroy();
    }
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database.destroy();
  });

  const events = () =>
    database.db
      .selectFrom('funding_events as f')
      .leftJoin('transactions as t', 't.id', 'f.transaction_id')
      .select([
        'f.id',
        'f.merchant_id',
        'f.type',
        'f.amount',
        'f.fee',
        'f.bank_requested_on',
        'f.deposited_on',
        'f.deposit_id',
        't.program_id',
      ])
      .execute();

  it('gives every event the deposit of its ACH day, named as the live code names it', async () => {
    const rows = await events();
    expect(rows.length).toBeGreaterThan(COPIED_EVENTS / 2);
    const deposits = await database.db.selectFrom('deposits').selectAll().execute();
    const byId = new Map(deposits.map((deposit) => [deposit.id, deposit]));
    for (const row of rows) {
      const deposit = byId.get(row.deposit_id ?? '');
      if (deposit === undefined) throw new Error(`Event ${row.id} has no deposit`);
      // The day the previous release wrote, or its rule (the next weekday) for one it had not.
      expect(deposit.deposit_date).toBe(row.deposited_on ?? nextWeekday(row.bank_requested_on));
      expect(deposit.merchant_id).toBe(row.merchant_id);
    }
    for (const deposit of deposits) {
      const key = depositKeyOf(deposit.merchant_id, deposit.deposit_date);
      expect(deposit.id).toBe(key.id);
      expect(deposit.bank_reference).toBe(key.bankReference);
    }
    const pending = rows.filter((row) => row.deposited_on === null);
    expect(pending).toHaveLength(3);
    expect(new Set(pending.map((row) => byId.get(row.deposit_id ?? '')?.deposit_date))).toEqual(
      new Set([monday]),
    );
  });

  it('lets two merchants whose deposits of a day share a bank reference both keep it', async () => {
    const first = depositKeyOf(CLASH.first, CLASH.day);
    // The premise: the live derivation names both deposits alike.
    expect(depositKeyOf(CLASH.second, CLASH.day).bankReference).toBe(first.bankReference);
    const rows = await database.db
      .selectFrom('deposits')
      .select(['merchant_id', 'bank_reference'])
      .where('merchant_id', 'in', [CLASH.first, CLASH.second])
      .orderBy('merchant_id')
      .execute();
    expect(rows).toEqual([
      { merchant_id: CLASH.first, bank_reference: first.bankReference },
      { merchant_id: CLASH.second, bank_reference: first.bankReference },
    ]);
  });

  it('keeps on each deposit and its program lines the sums of its events', async () => {
    const rows = await events();
    const expected = new Map<string, { total: DepositSums; programs: Map<string, DepositSums> }>();
    for (const row of rows) {
      const id = row.deposit_id ?? '';
      let entry = expected.get(id);
      if (entry === undefined) {
        entry = { total: zeroSums(), programs: new Map() };
        expected.set(id, entry);
      }
      const sums = sumsOfEvent(row.type, row.amount, row.fee);
      addSums(entry.total, sums);
      const key = row.program_id ?? '';
      const line = entry.programs.get(key) ?? zeroSums();
      addSums(line, sums);
      entry.programs.set(key, line);
    }
    const deposits = await database.db.selectFrom('deposits').selectAll().execute();
    expect(deposits).toHaveLength(expected.size);
    const lines = await database.db.selectFrom('deposit_program_totals').selectAll().execute();
    for (const deposit of deposits) {
      const entry = expected.get(deposit.id);
      if (entry === undefined) throw new Error(`Deposit ${deposit.id} has no events`);
      const { event_count, settlements, refunds, chargebacks, fees, net } = deposit;
      expect({ event_count, settlements, refunds, chargebacks, fees, net }).toEqual(entry.total);
      expect(net).toBe(settlements - refunds - chargebacks - fees);
      const own = lines.filter((line) => line.deposit_id === deposit.id);
      const added = zeroSums();
      for (const line of own) {
        expect(line.program_id ?? '').toBe(line.program_key);
        const { event_count, settlements, refunds, chargebacks, fees, net } = line;
        const sums = { event_count, settlements, refunds, chargebacks, fees, net };
        expect(sums).toEqual(entry.programs.get(line.program_key));
        addSums(added, sums);
      }
      expect(added).toEqual(entry.total);
    }
    // The fee of no transaction is a line of no program.
    expect(lines.some((line) => line.program_id === null && line.fees === 2_500)).toBe(true);
  });

  it('shows the deposits in the settlement report, and a new event adds to a backfilled deposit', async () => {
    const deposits = await database.db
      .selectFrom('deposits')
      .selectAll()
      .where('merchant_id', '=', merchantId)
      .orderBy('deposit_date')
      .execute();
    const range = { from: deposits[0]?.deposit_date ?? monday, to: deposits.at(-1)?.deposit_date ?? monday };
    const now = new Date(msOf(range.to) + 2 * DAY_MS);
    const report = await settlementReport(database.db, merchantId, range, now);
    expect(report.deposits.map((deposit) => deposit.id).toSorted()).toEqual(
      deposits.map((deposit) => deposit.id).toSorted(),
    );
    expect(report.totals.count).toBe(deposits.reduce((sum, deposit) => sum + deposit.event_count, 0));
    expect(report.totals.net.value).toBe(deposits.reduce((sum, deposit) => sum + deposit.net, 0));
    expect(report.programs.reduce((sum, line) => sum + line.net.value, 0)).toBe(report.totals.net.value);

    // Money requested on the Saturday is paid on the Monday: the live code adds it to that deposit.
    const before = deposits.find((deposit) => deposit.deposit_date === monday);
    const attached = await attachToDeposit(database.db, {
      merchantId,
      currency: before?.currency ?? 'USD',
      type: 'FEE',
      amount: 0,
      fee: 7,
      programId: null,
      at: `${dayOf(msOf(friday) + DAY_MS)}T18:00:00.000Z`,
    });
    expect(attached.id).toBe(before?.id);
    const after = await database.db
      .selectFrom('deposits')
      .select(['event_count', 'fees'])
      .where('id', '=', attached.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ event_count: (before?.event_count ?? 0) + 1, fees: (before?.fees ?? 0) + 7 });
  });
});
