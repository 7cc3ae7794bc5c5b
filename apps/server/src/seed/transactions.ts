import type SqliteDatabase from 'better-sqlite3';
import { sql, type Transaction } from 'kysely';
import type { Channel, ProductType } from '@portal/contracts/enums';
import {
  AUTHORIZATION_LIFETIME_DAYS,
  settlementFee,
  type TransactionStatus,
} from '@portal/contracts/transactions';
import { searchColumns } from '../modules/transactions/repository.js';
import type { PayoutSchedule } from '@portal/contracts/funding';
import { nextDepositDay } from '../modules/funding/deposit-calendar.js';
import { depositKeyOf, sumsOfEvent } from '../modules/settlement/service.js';
import { dialectOf, type Dialect } from '../db/migration-helpers.js';
import { ZonedTimeFormatter } from '../lib/time-zone.js';
import type { Database } from '../db/schema.js';
import { BulkWriter, withIndexesDeferred, type Columns } from './bulk-insert.js';
import { MAIN_MERCHANT } from './demo-merchants.js';
import { REFERENCE_DATE } from './demo-clock.js';
import type { DemoData } from './generate-demo-data.js';
import type { SeededRandom } from './random.js';
import { DAY_MS } from '@portal/contracts/constants';

const MINUTE_MS = 60_000;
const REFERENCE_MS = Date.parse(REFERENCE_DATE);
const HISTORY_DAYS = 365;

/** Transactions per merchant in the small size; the large size gives the main merchant a million. */
const SMALL_MAIN_MERCHANT_TRANSACTIONS = 1_500;
const SMALL_OTHER_MERCHANT_TRANSACTIONS = 300;
export const LARGE_MAIN_MERCHANT_TRANSACTIONS = 1_000_000;
const MAIN_MERCHANT_LOCATIONS = 6;
const OTHER_MERCHANT_LOCATIONS = 3;
const CHARGEBACK_FEE = 1_500;
const MONTHLY_PLATFORM_FEE = 2_500;
const PROGRESS_EVERY = 100_000;

export interface TransactionSeedOptions {
  /** How many transactions the main merchant gets; a few thousand by default. */
  mainMerchantTransactions?: number | undefined;
  /** The raw connection of `trx` on SQLite (withBulkConnection), for prepared statements. */
  raw?: SqliteDatabase.Database | undefined;
  random: SeededRandom;
  onProgress?: ((message: string) => void) | undefined;
  /** Told of every transaction as it is written, to add the rows that led to it (applications.ts). */
  follower?: SaleFollower | undefined;
}

/** A seeded transaction, as the rows that follow from it need it. */
export interface SeededSale {
  id: string;
  merchantId: string;
  programId: string;
  channel: Channel;
  productType: ProductType;
  locationId: string | null;
  currency: DemoData['merchants'][number]['currency'];
  total: number;
  customerName: string;
  customerEmail: string;
  createdMs: number;
}

/** Adds rows for each seeded transaction, written after the transaction's own row (`transactions`). */
export interface SaleFollower {
  follow(sale: SeededSale, transactions: BulkWriter): Promise<void>;
  flush(): Promise<void>;
}

export interface TransactionSeedSummary {
  locations: number;
  transactions: number;
  transaction_events: number;
  funding_events: number;
  deposits: number;
}

const LOCATION_COLUMNS: Columns = [
  'id',
  'merchant_id',
  'name',
  'store_number',
  'address_line1',
  'address_line2',
  'city',
  'region',
  'postal_code',
  'country',
  'phone',
  'time_zone',
  'status',
  'created_at',
  'updated_at',
  'deactivated_at',
];

/** The closed store stopped taking sales this many days before the reference date. */
const CLOSED_STORE_DAYS = 120;

const TRANSACTION_COLUMNS: Columns = [
  'id',
  'merchant_id',
  'program_id',
  'location_id',
  'external_id',
  'product_type',
  'channel',
  'from_cart',
  'currency',
  'total',
  'tax',
  'shipping',
  'discount',
  'settled',
  'refunded',
  'cancelled',
  'status',
  'customer_name',
  'customer_email',
  'customer_phone',
  'billing_address',
  'shipping_address',
  'search_external_id',
  'search_name',
  'search_name_reversed',
  'search_email',
  'authorized_at',
  'created_at',
  'updated_at',
];

const EVENT_COLUMNS: Columns = [
  'id',
  'transaction_id',
  'merchant_id',
  'type',
  'amount',
  'currency',
  'actor_type',
  'actor_user_id',
  'actor_name',
  'actor_email',
  'created_at',
];

const DAILY_TOTAL_COLUMNS: Columns = [
  'merchant_id',
  'day',
  'program_id',
  'status',
  'product_type',
  'channel',
  'location_key',
  'count',
  'gross',
  'settled',
  'refunded',
];

const FUNDING_COLUMNS: Columns = [
  'id',
  'merchant_id',
  'transaction_id',
  'type',
  'currency',
  'amount',
  'fee',
  'net_amount',
  'event_at',
  'bank_requested_on',
  'deposited_on',
  'created_at',
  'deposit_id',
];

const DEPOSIT_COLUMNS: Columns = [
  'id',
  'merchant_id',
  'deposit_date',
  'bank_reference',
  'currency',
  'event_count',
  'settlements',
  'refunds',
  'chargebacks',
  'fees',
  'net',
  'created_at',
  'updated_at',
];

const DEPOSIT_PROGRAM_COLUMNS: Columns = [
  'deposit_id',
  'program_key',
  'program_id',
  'event_count',
  'settlements',
  'refunds',
  'chargebacks',
  'fees',
  'net',
];

const SUM_KEYS = ['event_count', 'settlements', 'refunds', 'chargebacks', 'fees', 'net'] as const;
type Sums = Record<(typeof SUM_KEYS)[number], number>;

function addSums(into: Sums, sums: Sums): void {
  for (const key of SUM_KEYS) into[key] += sums[key];
}

const zeroSums = (): Sums => ({
  event_count: 0,
  settlements: 0,
  refunds: 0,
  chargebacks: 0,
  fees: 0,
  net: 0,
});

/**
 * The deposits of the funding rows, grouped by each merchant's payout schedule as the live actions
 * group them (settlement/service.ts). A deposit's row is written when its first event is, so that the
 * event can point to it; its totals are added up here and written once at the end.
 */
class DepositBook {
  readonly #writer: BulkWriter;
  readonly #schedules: ReadonlyMap<string, PayoutSchedule>;
  /** `merchant|day` → the deposit of money requested that day. */
  readonly #byDay = new Map<string, { id: string; date: string }>();
  readonly #totals = new Map<string, { sums: Sums; programs: Map<string, Sums> }>();

  constructor(writer: BulkWriter, schedules: ReadonlyMap<string, PayoutSchedule>) {
    this.#writer = writer;
    this.#schedules = schedules;
  }

  get count(): number {
    return this.#totals.size;
  }

  /** The deposit of an event, with its sums added to it. */
  async add(
    merchant: Merchant,
    day: string,
    programId: string | null,
    sums: Sums,
  ): Promise<{ id: string; date: string }> {
    const dayKey = `${merchant.id}|${day}`;
    let deposit = this.#byDay.get(dayKey);
    if (deposit === undefined) {
      const schedule = this.#schedules.get(merchant.id) ?? {
        payoutFrequency: 'DAILY',
        payoutWeekday: null,
        payoutDayOfMonth: null,
      };
      const date = nextDepositDay(schedule, countryOf(merchant), day);
      const key = depositKeyOf(merchant.id, date);
      deposit = { id: key.id, date };
      this.#byDay.set(dayKey, deposit);
      if (!this.#totals.has(key.id)) {
        this.#totals.set(key.id, { sums: zeroSums(), programs: new Map() });
        const at = `${date}T00:00:00.000Z`;
        await this.#writer.add([
          key.id,
          merchant.id,
          date,
          key.bankReference,
          merchant.currency,
          ...SUM_KEYS.map(() => 0),
          at,
          at,
        ]);
      }
    }
    const totals = this.#totals.get(deposit.id);
    if (totals !== undefined) {
      addSums(totals.sums, sums);
      const programKey = programId ?? '';
      let line = totals.programs.get(programKey);
      if (line === undefined) {
        line = zeroSums();
        totals.programs.set(programKey, line);
      }
      addSums(line, sums);
    }
    return deposit;
  }

  /** Writes each deposit's totals and its lines per program. */
  async writeTotals(trx: Transaction<Database>, lines: BulkWriter): Promise<void> {
    await this.#writer.flush();
    for (const [id, { sums, programs }] of this.#totals) {
      await trx.updateTable('deposits').set(sums).where('id', '=', id).execute();
      for (const [programKey, line] of programs) {
        await lines.add([
          id,
          programKey,
          programKey === '' ? null : programKey,
          ...SUM_KEYS.map((key) => line[key]),
        ]);
      }
    }
    await lines.flush();
  }
}

const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Elijah',
  'Sophia',
  'Lucas',
  'Mia',
  'Mateo',
  'Amelia',
  'Ethan',
  'Isabella',
  'Aiden',
  'Chloé',
  'Félix',
  'Zoé',
  'Mohammed',
  'Priya',
  'Wei',
  'Hana',
  'Diego',
  'Fatima',
  'Kwame',
  'Ingrid',
  'Tomás',
  'Aaliyah',
  'Jasper',
  'Léa',
  'Raj',
  'Yuki',
  'Grace',
  'Omar',
  'Nora',
  'Samuel',
  'Camila',
  'Henry',
  'Layla',
  'Owen',
  'Aria',
];
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Tremblay',
  'Gagnon',
  'Roy',
  'Côté',
  'Bouchard',
  'Gauthier',
  'Morin',
  'Lavoie',
  'Fortin',
  'Nguyen',
  'Patel',
  'Kim',
  'Chen',
  'Singh',
  "O'Brien",
  'Okafor',
  'Kowalski',
  'Rossi',
  'Müller',
  'Haddad',
];
const MAIL_DOMAINS = ['example.com', 'mail.example', 'inbox.example', 'post.example'];
const STREETS = [
  'Maple Avenue',
  'Oak Street',
  'Cedar Lane',
  'Park Road',
  'Lakeview Drive',
  'Main Street',
  'King Street',
  'Queen Street',
  'Elm Court',
  'Hillcrest Way',
  'River Road',
  'Sunset Boulevard',
];
const CITIES: Readonly<Record<'US' | 'CA', readonly (readonly [string, string, string])[]>> = {
  US: [
    ['New York', 'NY', '10001'],
    ['Chicago', 'IL', '60601'],
    ['Denver', 'CO', '80202'],
    ['San Francisco', 'CA', '94105'],
    ['Austin', 'TX', '78701'],
    ['Seattle', 'WA', '98101'],
  ],
  CA: [
    ['Toronto', 'ON', 'M5V 2T6'],
    ['Montréal', 'QC', 'H3B 1A7'],
    ['Ottawa', 'ON', 'K1P 5G8'],
    ['Vancouver', 'BC', 'V6B 1A1'],
    ['Calgary', 'AB', 'T2P 1J9'],
  ],
};
const STORE_PLACES = [
  'Downtown',
  'Riverside',
  'Westfield Mall',
  'Harbourfront',
  'Uptown',
  'Airport',
  'Old Town',
];

type Merchant = DemoData['merchants'][number];

interface ProgramChoice {
  id: string;
  channel: Channel;
  min: number;
  max: number;
  products: ProductType[];
  /** When the merchant's participation began and (for an ended one) ended, in ms. */
  from: number;
  to: number;
}

interface Staff {
  id: string;
  name: string;
  email: string;
}

interface Location {
  id: string;
  active: boolean;
}

/** One transaction's course: which actions happened, each an amount in minor units. */
interface Course {
  status: TransactionStatus;
  authorized: boolean;
  actions: { type: 'SETTLED' | 'CANCELLED' | 'REFUNDED'; amount: number }[];
}

interface Writers {
  follower: SaleFollower | undefined;
  dailyTotals: DailyTotals;
  transactions: BulkWriter;
  events: BulkWriter;
  funding: BulkWriter;
  deposits: DepositBook;
}

/**
 * The transactions of the demo merchants over the 12 months before REFERENCE_DATE, with their
 * locations, history and funding events: every status and partial state, authorizations left to expire,
 * chargebacks and monthly fees. Deterministic for a seeded source. Written inside the seed's transaction,
 * with the tables' indexes built once at the end and the daily roll-up computed from the rows.
 */
export async function seedTransactions(
  trx: Transaction<Database>,
  data: DemoData,
  options: TransactionSeedOptions,
): Promise<TransactionSeedSummary> {
  const dialect = dialectOf(trx);
  const { random, raw } = options;
  const locationWriter = new BulkWriter(trx, 'locations', LOCATION_COLUMNS, { raw });
  const transactionWriter = new BulkWriter(trx, 'transactions', TRANSACTION_COLUMNS, {
    parent: locationWriter,
    raw,
  });
  // Deposits are written before the funding rows that point to them.
  const depositWriter = new BulkWriter(trx, 'deposits', DEPOSIT_COLUMNS, { parent: transactionWriter, raw });
  // The loaded rows do not fire the triggers that keep the daily totals: they are added up here instead.
  const dailyTotals = new DailyTotals();
  const writers: Writers = {
    follower: options.follower,
    dailyTotals,
    transactions: transactionWriter,
    events: new BulkWriter(trx, 'transaction_events', EVENT_COLUMNS, { parent: transactionWriter, raw }),
    funding: new BulkWriter(trx, 'funding_events', FUNDING_COLUMNS, { parent: depositWriter, raw }),
    deposits: new DepositBook(depositWriter, schedulesOf(data)),
  };

  await withIndexesDeferred(
    trx,
    dialect,
    ['transactions', 'transaction_events', 'funding_events'],
    async () => {
      for (const merchant of data.merchants) {
        const programs = programsOf(data, merchant.id);
        if (programs.length === 0) continue;
        const locations = programs.some((program) => program.channel === 'INSTORE')
          ? await addLocations(locationWriter, merchant, random)
          : [];
        const count =
          merchant.name === MAIN_MERCHANT
            ? (options.mainMerchantTransactions ?? SMALL_MAIN_MERCHANT_TRANSACTIONS)
            : SMALL_OTHER_MERCHANT_TRANSACTIONS;
        await addTransactions(
          writers,
          { merchant, programs, locations, staff: staffOf(data, merchant.id), count },
          random,
          options.onProgress,
        );
      }
      await writers.events.flush();
      await writers.funding.flush();
      await writers.follower?.flush();
      options.onProgress?.('Building the indexes of the transactions');
    },
  );
  if (dialect === 'sqlite') {
    // Nor the triggers that keep the search's trigram index (migration 0031): it reads them in one pass.
    options.onProgress?.('Building the search index of the transactions');
    await sql`insert into transactions_search (transactions_search) values ('rebuild')`.execute(trx);
  }
  await dailyTotals.write(new BulkWriter(trx, 'transaction_daily_totals', DAILY_TOTAL_COLUMNS, { raw }));
  await writers.deposits.writeTotals(
    trx,
    new BulkWriter(trx, 'deposit_program_totals', DEPOSIT_PROGRAM_COLUMNS, { raw }),
  );
  // Without statistics the planners guess, and a million rows make a bad guess costly.
  options.onProgress?.('Gathering statistics for the query planners');
  await analyze(trx, dialect);

  return {
    locations: locationWriter.count,
    transactions: writers.transactions.count,
    transaction_events: writers.events.count,
    funding_events: writers.funding.count,
    deposits: writers.deposits.count,
  };
}

async function analyze(trx: Transaction<Database>, dialect: Dialect): Promise<void> {
  const tables = [
    'locations',
    'transactions',
    'transaction_events',
    'funding_events',
    'transaction_daily_totals',
    'deposits',
    'deposit_program_totals',
  ];
  if (dialect === 'postgres') {
    await sql`analyze ${sql.join(tables.map((table) => sql.table(table)))}`.execute(trx);
    return;
  }
  // A full read (5 s for a million rows): with SQLite's sampled statistics (analysis_limit) its planner
  // misjudged the search and amount ranges, and a searched page took half a second instead of milliseconds.
  for (const table of tables) await sql`analyze ${sql.table(table)}`.execute(trx);
}

function schedulesOf(data: DemoData): Map<string, PayoutSchedule> {
  return new Map(
    data.funding_configurations.map((row) => [
      row.merchant_id,
      {
        payoutFrequency: row.payout_frequency,
        payoutWeekday: row.payout_weekday ?? null,
        payoutDayOfMonth: row.payout_day_of_month ?? null,
      },
    ]),
  );
}

function programsOf(data: DemoData, merchantId: string): ProgramChoice[] {
  return data.merchant_program_participations
    .filter((participation) => participation.merchant_id === merchantId)
    .flatMap((participation) => {
      const program = data.programs.find((candidate) => candidate.id === participation.program_id);
      if (program === undefined) return [];
      const products = data.payment_products
        .filter((product) => product.program_id === program.id)
        .map((product) => product.product_type);
      return [
        {
          id: program.id,
          channel: program.channel,
          min: program.min_amount,
          max: program.max_amount,
          products,
          from: Date.parse(participation.created_at),
          to: participation.deleted_at == null ? Infinity : Date.parse(participation.deleted_at),
        },
      ];
    });
}

/** Who settles, cancels and refunds: the merchant's active admins and users. */
function staffOf(data: DemoData, merchantId: string): Staff[] {
  return data.users
    .filter((user) => user.merchant_id === merchantId && user.status === 'ACTIVE')
    .filter((user) => user.role === 'ADMIN' || user.role === 'USER')
    .map((user) => ({ id: user.id, name: `${user.first_name} ${user.last_name}`, email: user.email }));
}

function countryOf(merchant: Merchant): 'US' | 'CA' {
  return merchant.country === 'CA' ? 'CA' : 'US';
}

async function addLocations(
  writer: BulkWriter,
  merchant: Merchant,
  random: SeededRandom,
): Promise<Location[]> {
  const count = merchant.name === MAIN_MERCHANT ? MAIN_MERCHANT_LOCATIONS : OTHER_MERCHANT_LOCATIONS;
  const places = random.sample(STORE_PLACES, count);
  const shortName = merchant.name.split(' ').slice(0, 2).join(' ');
  const openedAt = new Date(REFERENCE_MS - (HISTORY_DAYS + 200) * DAY_MS).toISOString();
  const closedAt = new Date(REFERENCE_MS - CLOSED_STORE_DAYS * DAY_MS).toISOString();
  const locations: Location[] = [];
  for (const [index, place] of places.entries()) {
    const id = random.uuid();
    // The main merchant closed one store: its transactions stay, it takes no new ones.
    const active = !(merchant.name === MAIN_MERCHANT && index === count - 1);
    locations.push({ id, active });
    await writer.add([
      id,
      merchant.id,
      `${shortName} ${place}`,
      `S${String(101 + index).padStart(4, '0')}`,
      `${random.int(10, 9_999)} ${random.pick(STREETS)}`,
      null,
      merchant.city,
      merchant.region,
      merchant.postal_code,
      merchant.country,
      phoneNumber(random),
      merchant.time_zone,
      active ? 'ACTIVE' : 'INACTIVE',
      openedAt,
      active ? openedAt : closedAt,
      active ? null : closedAt,
    ]);
  }
  return locations;
}

function phoneNumber(random: SeededRandom): string {
  return `+1 ${random.int(201, 989)} 555 ${String(random.int(100, 199)).padStart(4, '0')}`;
}

function asciiLower(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f']/g, '')
    .toLowerCase();
}

/** A shopper's name and e-mail (lower case) drawn from the seeded source. */
export function randomShopper(random: SeededRandom): { name: string; email: string } {
  const first = random.pick(FIRST_NAMES);
  const last = random.pick(LAST_NAMES);
  const email = `${asciiLower(first)}.${asciiLower(last)}${random.int(1, 999)}@${random.pick(MAIL_DOMAINS)}`;
  return { name: `${first} ${last}`, email };
}

function address(random: SeededRandom, country: 'US' | 'CA'): string {
  const [city, region, postalCode] = random.pick(CITIES[country]);
  return JSON.stringify({
    line1: `${random.int(1, 9_999)} ${random.pick(STREETS)}`,
    line2: random.chance(0.15) ? `Apt ${random.int(1, 40)}` : null,
    city,
    region,
    postalCode,
    country,
  });
}

/** A share of `total`, at least 1 and below it. */
function part(random: SeededRandom, total: number, low: number, high: number): number {
  return Math.min(total - 1, Math.max(1, Math.round(total * (low + random.next() * (high - low)))));
}

/** What happened to a transaction created `ageDays` before the reference date. */
function courseOf(random: SeededRandom, ageDays: number, total: number): Course {
  const roll = random.next();
  const settle = (amount: number) => ({ type: 'SETTLED' as const, amount });
  const cancel = (amount: number) => ({ type: 'CANCELLED' as const, amount });
  const refund = (amount: number) => ({ type: 'REFUNDED' as const, amount });
  const settledInFull = (): Course['actions'] => {
    if (random.chance(0.15)) {
      const first = part(random, total, 0.3, 0.7);
      return [settle(first), settle(total - first)];
    }
    if (random.chance(0.08)) {
      const first = part(random, total, 0.5, 0.9);
      return [settle(first), cancel(total - first)];
    }
    return [settle(total)];
  };

  if (ageDays < 2) {
    if (roll < 0.25) return { status: 'PENDING', authorized: false, actions: [] };
    if (roll < 0.7) return { status: 'AUTHORIZED', authorized: true, actions: [] };
    if (roll < 0.9) return { status: 'SETTLED', authorized: true, actions: [settle(total)] };
    return { status: 'CANCELLED', authorized: true, actions: [cancel(total)] };
  }
  const live = ageDays < AUTHORIZATION_LIFETIME_DAYS;
  // Older authorizations were left to expire: they read EXPIRED once past their 90 days.
  const open = live ? 0.14 : 0.06;
  if (roll < (live ? 0.02 : 0.015)) return { status: 'PENDING', authorized: false, actions: [] };
  if (roll < open) {
    const actions = random.chance(0.2) ? [cancel(part(random, total, 0.1, 0.4))] : [];
    return { status: 'AUTHORIZED', authorized: true, actions };
  }
  if (roll < open + 0.05) {
    return { status: 'SETTLED', authorized: true, actions: [settle(part(random, total, 0.3, 0.8))] };
  }
  if (roll < 0.62) return { status: 'SETTLED', authorized: true, actions: settledInFull() };
  if (roll < 0.86) {
    const settled = settledInFull();
    const amount = settled
      .filter((action) => action.type === 'SETTLED')
      .reduce((sum, a) => sum + a.amount, 0);
    const refunds = roll < 0.74 ? [refund(part(random, amount, 0.1, 0.6))] : [refund(amount)];
    return { status: 'REFUNDED', authorized: true, actions: [...settled, ...refunds] };
  }
  const authorized = random.chance(0.7);
  return { status: 'CANCELLED', authorized, actions: [cancel(total)] };
}

interface DailyTotalInput {
  merchantId: string;
  createdAt: string;
  programId: string;
  status: TransactionStatus;
  productType: ProductType;
  channel: Channel;
  locationId: string | null;
  total: number;
  settled: number;
  refunded: number;
}

/** The rows of transaction_daily_totals, added up as the triggers of migration 0005 would. */
class DailyTotals {
  readonly #rows = new Map<string, { key: unknown[]; sums: [number, number, number, number] }>();

  add(input: DailyTotalInput): void {
    const key = [
      input.merchantId,
      input.createdAt.slice(0, 10),
      input.programId,
      input.status,
      input.productType,
      input.channel,
      input.locationId ?? '',
    ];
    const id = key.join('|');
    let row = this.#rows.get(id);
    if (row === undefined) {
      row = { key, sums: [0, 0, 0, 0] };
      this.#rows.set(id, row);
    }
    row.sums[0] += 1;
    row.sums[1] += input.total;
    row.sums[2] += input.settled;
    row.sums[3] += input.refunded;
  }

  async write(writer: BulkWriter): Promise<void> {
    for (const { key, sums } of this.#rows.values()) await writer.add([...key, ...sums]);
    await writer.flush();
  }
}

interface MerchantPlan {
  merchant: Merchant;
  programs: ProgramChoice[];
  locations: Location[];
  staff: Staff[];
  count: number;
}

async function addTransactions(
  writers: Writers,
  plan: MerchantPlan,
  random: SeededRandom,
  onProgress: TransactionSeedOptions['onProgress'],
): Promise<void> {
  const { merchant, programs, locations, staff, count } = plan;
  const country = countryOf(merchant);
  const currency = merchant.currency;
  const taxRate = country === 'CA' ? 0.13 : 0.08;
  const prefix = merchant.name
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 3)
    .toUpperCase();
  const earliest = Math.min(...programs.map((program) => program.from));
  const start = Math.max(REFERENCE_MS - HISTORY_DAYS * DAY_MS, earliest);
  const span = REFERENCE_MS - start;
  const activeLocations = locations.filter((location) => location.active);

  for (let index = 0; index < count; index++) {
    // Evenly spread with jitter: created_at grows with the index, as real traffic arrives.
    const createdMs = Math.floor(start + ((index + random.next()) * span) / count);
    const open = programs.filter((program) => program.from <= createdMs && createdMs < program.to);
    const program = random.pick(open.length > 0 ? open : programs);
    const ageDays = (REFERENCE_MS - createdMs) / DAY_MS;
    const low = Math.max(program.min, 2_500);
    const high = Math.max(low + 100, Math.min(program.max, 400_000));
    const total = Math.round(Math.exp(Math.log(low) + random.next() * (Math.log(high) - Math.log(low))));
    const instore = program.channel === 'INSTORE';
    let location: Location | null = null;
    if (instore && locations.length > 0) {
      location = random.pick(locations);
      if (!location.active && ageDays < CLOSED_STORE_DAYS && activeLocations.length > 0)
        location = random.pick(activeLocations);
    }
    const { name, email } = randomShopper(random);
    const billing = address(random, country);
    const shipping = instore ? null : random.chance(0.85) ? billing : address(random, country);
    const externalId = `${prefix}-${String(100_000 + index)}`;
    const course = courseOf(random, ageDays, total);
    const search = searchColumns(externalId, name, email);
    const productType = random.pick<ProductType>(
      program.products.length > 0 ? program.products : ['INSTALLMENTS'],
    );

    const id = randomUuid(random);
    const createdAt = new Date(createdMs).toISOString();
    const authorizedMs = course.authorized ? createdMs + random.int(5, 120) * 1_000 : null;
    let clock = authorizedMs ?? createdMs;
    let settled = 0;
    let refunded = 0;
    let cancelled = 0;
    // Written after the transaction's own row, which they point to.
    const eventRows: unknown[][] = [];
    const fundingRows: unknown[][] = [];
    for (const action of course.actions) {
      // Each action some minutes to days after the previous one, never after the reference date.
      const room = REFERENCE_MS - clock;
      clock +=
        room > 20 * MINUTE_MS
          ? random.int(10 * MINUTE_MS, Math.min(7 * DAY_MS, room / 2))
          : random.int(1, 60) * 1_000;
      const at = new Date(clock).toISOString();
      if (action.type === 'SETTLED') settled += action.amount;
      if (action.type === 'CANCELLED') cancelled += action.amount;
      if (action.type === 'REFUNDED') refunded += action.amount;
      const actor = staff.length > 0 ? random.pick(staff) : undefined;
      eventRows.push([
        timeOrderedUuid(clock, random),
        id,
        merchant.id,
        action.type,
        action.amount,
        currency,
        actor === undefined ? 'SYSTEM' : 'USER',
        actor?.id ?? null,
        actor?.name ?? 'Payment platform',
        actor?.email ?? null,
        at,
      ]);
      if (action.type !== 'CANCELLED') {
        const signed = action.type === 'SETTLED' ? action.amount : -action.amount;
        const fee = action.type === 'SETTLED' ? settlementFee(action.amount) : 0;
        const type = action.type === 'SETTLED' ? 'SETTLE' : 'REFUND';
        fundingRows.push(
          await fundingRow(writers, random, merchant, { id, programId: program.id }, type, signed, fee, at),
        );
      }
    }
    // A few settled transactions come back as chargebacks weeks later.
    if (course.status === 'SETTLED' && settled === total && ageDays > 60 && random.chance(0.005)) {
      const at = new Date(clock + random.int(20, 40) * DAY_MS).toISOString();
      fundingRows.push(
        await fundingRow(
          writers,
          random,
          merchant,
          { id, programId: program.id },
          'CHARGEBACK',
          -settled,
          CHARGEBACK_FEE,
          at,
        ),
      );
    }

    await writers.transactions.add([
      id,
      merchant.id,
      program.id,
      location?.id ?? null,
      externalId,
      productType,
      program.channel,
      !instore && random.chance(0.15) ? 1 : 0,
      currency,
      total,
      Math.round((total * taxRate) / (1 + taxRate)),
      instore ? 0 : random.pick([0, 0, 999, 1_499]),
      random.chance(0.1) ? Math.round(total * 0.05) : 0,
      settled,
      refunded,
      cancelled,
      course.status,
      name,
      email,
      random.chance(0.9) ? phoneNumber(random) : null,
      billing,
      shipping,
      search.search_external_id,
      search.search_name,
      search.search_name_reversed,
      search.search_email,
      authorizedMs === null ? null : new Date(authorizedMs).toISOString(),
      createdAt,
      new Date(clock).toISOString(),
    ]);
    writers.dailyTotals.add({
      merchantId: merchant.id,
      createdAt,
      programId: program.id,
      status: course.status,
      productType,
      channel: program.channel,
      locationId: location?.id ?? null,
      total,
      settled,
      refunded,
    });
    await writers.follower?.follow(
      {
        id,
        merchantId: merchant.id,
        programId: program.id,
        channel: program.channel,
        productType,
        locationId: location?.id ?? null,
        currency,
        total,
        customerName: name,
        customerEmail: email,
        createdMs,
      },
      writers.transactions,
    );
    for (const row of eventRows) await writers.events.add(row);
    for (const row of fundingRows) await writers.funding.add(row);
    if ((index + 1) % PROGRESS_EVERY === 0) {
      onProgress?.(
        `${merchant.name}: ${(index + 1).toLocaleString('en-US')} of ${count.toLocaleString('en-US')} transactions`,
      );
    }
  }

  // The provider's monthly platform fee, on the first of each month.
  const firstMonth = new Date(start);
  for (
    let month = Date.UTC(firstMonth.getUTCFullYear(), firstMonth.getUTCMonth() + 1, 1, 6);
    month <= REFERENCE_MS;
    month = Date.UTC(new Date(month).getUTCFullYear(), new Date(month).getUTCMonth() + 1, 1, 6)
  ) {
    await writers.funding.add(
      await fundingRow(
        writers,
        random,
        merchant,
        null,
        'FEE',
        0,
        MONTHLY_PLATFORM_FEE,
        new Date(month).toISOString(),
      ),
    );
  }
}

const zoneFormatters = new Map<string, ZonedTimeFormatter>();

function merchantDay(merchant: Merchant, at: string): string {
  let formatter = zoneFormatters.get(merchant.time_zone);
  if (formatter === undefined) {
    formatter = new ZonedTimeFormatter(merchant.time_zone);
    zoneFormatters.set(merchant.time_zone, formatter);
  }
  return formatter.format(at).slice(0, 10);
}

/** A funding row, put in its deposit by the merchant's payout schedule. */
async function fundingRow(
  writers: Writers,
  random: SeededRandom,
  merchant: Merchant,
  transaction: { id: string; programId: string } | null,
  type: 'SETTLE' | 'REFUND' | 'CHARGEBACK' | 'FEE',
  amount: number,
  fee: number,
  at: string,
): Promise<unknown[]> {
  // The bank request day is the merchant's calendar day, as the live actions write it.
  const day = merchantDay(merchant, at);
  const deposit = await writers.deposits.add(
    merchant,
    day,
    transaction?.programId ?? null,
    sumsOfEvent(type, amount, fee),
  );
  const transactionId = transaction?.id ?? null;
  return [
    timeOrderedUuid(Date.parse(at), random),
    merchant.id,
    transactionId,
    type,
    merchant.currency,
    amount,
    fee,
    amount - fee,
    at,
    day,
    deposit.date,
    at,
    deposit.id,
  ];
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

function uuidText(bytes: readonly number[]): string {
  const hex = bytes.map((byte) => HEX[byte] ?? '00').join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Sixteen seeded random bytes with the version and variant bits of the given UUID version. */
function uuidBytes(random: SeededRandom, version: 4 | 7): number[] {
  const bytes: number[] = [];
  for (let word = 0; word < 4; word++) {
    const value = random.nextUint32();
    bytes.push(value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff);
  }
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | (version << 4);
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  return bytes;
}

/** A random UUID (version 4) from the seeded source: a transaction's id, which searches match by prefix. */
function randomUuid(random: SeededRandom): string {
  return uuidText(uuidBytes(random, 4));
}

/**
 * A UUID of version 7 (RFC 9562): the milliseconds since 1970 first, then seeded random bits. History
 * and funding rows get these, so that a million of them are appended to their primary key in time
 * order instead of scattered over it.
 */
export function timeOrderedUuid(instantMs: number, random: SeededRandom): string {
  const bytes = uuidBytes(random, 7);
  let time = instantMs;
  for (let index = 5; index >= 0; index--) {
    bytes[index] = time % 256;
    time = Math.floor(time / 256);
  }
  return uuidText(bytes);
}
