import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction as KyselyTransaction } from 'kysely';
import { DAY_MS } from '@portal/contracts/constants';
import type { ProductType } from '@portal/contracts/enums';
import { minorUnitsToDecimal, type Currency, type Money } from '@portal/contracts/money';
import { fieldRefusal, type RefusalReason } from '@portal/contracts/refusals';
import {
  addressSchema,
  AUTHORIZATION_LIFETIME_DAYS,
  authorizationExpiresAt,
  authorizationExpiryCutoff,
  remainingAmounts,
  SEARCH_COUNT_CAP,
  settlementFee,
  transactionLabel,
  type Address,
  type Transaction,
  type TransactionAction,
  type TransactionActionBody,
  type TransactionDetail,
  type TransactionEvent,
  type TransactionListQuery,
  type TransactionListResponse,
  type TransactionState,
  type TransactionStatus,
  type TransactionTotals,
  type TransactionTotalsQuery,
} from '@portal/contracts/transactions';
import { answerDate } from '../../http/answer-dates.js';
import { dialectOf } from '../../db/migration-helpers.js';
import type { Database } from '../../db/schema.js';
import { searchKey } from '../../db/search-key.js';
import { withTransaction } from '../../db/transaction.js';
import { AppError, conflict, notFound, refused, unprocessable } from '../../http/app-error.js';
import { recordAudit, type AuditContext } from '../audit/record-audit.js';
import { locationNamesOf } from '../locations/service.js';
import { attachToDeposit } from '../settlement/service.js';
import type { MerchantContext } from '../merchants/service.js';
import { userNameOf } from '../users/accounts.js';
import { notify } from '../email-notifications/notify.js';
import { decodeCursor, encodeCursor, queryFingerprint } from './cursor.js';
import {
  EMPTY_AGGREGATE,
  addAggregates,
  aggregateFirstMatches,
  aggregateRollup,
  aggregateTransactions,
  cancelTransaction,
  countTransactions,
  findTransaction,
  listAuthorizationsCreatedBetween,
  insertFundingEvent,
  insertTransaction,
  insertTransactionEvent,
  listTransactionEvents,
  listTransactions,
  matchesAtLeast,
  programNames,
  refundTransaction,
  settleTransaction,
  type Aggregate,
  type ScanHints,
  type TransactionFilter,
  type TransactionRow,
  SORT_COLUMNS,
  sortKey,
} from './repository.js';
import { nextDay, zonedDayStart } from '../../lib/time-zone.js';
import { keptAggregate, merchantContextWithVersion } from './kept-counts.js';
import { canUseRollup, planTotals } from './totals-plan.js';

const AUTHORIZATION_LIFETIME_MS = AUTHORIZATION_LIFETIME_DAYS * DAY_MS;

type Db = Kysely<Database>;

/**
 * The same answer whether the transaction does not exist or is another merchant's (docs/auth.md): a 404,
 * so that the portal says "not found" and an id reveals nothing.
 */
const TRANSACTION_NOT_FOUND = refused('transaction.not_found');

const SYSTEM_ACTOR = { type: 'SYSTEM', name: 'Payment platform', email: null } as const;

type FilterQuery = Omit<TransactionTotalsQuery, 'sort' | 'order'>;

/** The request's filters in database terms: days of the merchant's zone become UTC instants. */
export function resolveFilter(query: FilterQuery, context: MerchantContext, now: Date): TransactionFilter {
  const instant = (day: string) => new Date(zonedDayStart(day, context.timeZone)).toISOString();
  // NUL cannot be stored in PostgreSQL text, so no transaction can match it: drop it rather than fail.
  const search = query.search === undefined ? '' : searchKey(query.search.replaceAll('\0', ''));
  return {
    merchantId: context.merchantId,
    createdFrom: query.from === undefined ? undefined : instant(query.from),
    createdBefore: query.to === undefined ? undefined : instant(nextDay(query.to)),
    statuses: query.status,
    expiryCutoff: authorizationExpiryCutoff(now),
    programIds: query.programID,
    locationId: query.locationID,
    productType: query.productType,
    channel: query.channel,
    minAmount: query.minAmount,
    maxAmount: query.maxAmount,
    search: search === '' ? undefined : search,
  };
}

/** Count and sums of a filter; `capped`: a search matched more, and all four are lower bounds. */
export interface FilterAggregate extends Aggregate {
  capped: boolean;
}

/**
 * Count and sums of the filtered list (`countOnly`: the sums stay 0). Without an amount range or a
 * search, whole days come from the daily roll-up and only the hours at the edges are read row by row,
 * so the cost follows the number of days rather than the number of transactions. A search reads at
 * most `SEARCH_COUNT_CAP` + 1 matches, and stops at the cap. Kept while the merchant's transactions
 * stay at `version` (kept-counts.ts), so that the same first page asked again counts nothing.
 */
export async function aggregateFilter(
  db: Db,
  filter: TransactionFilter,
  version: number,
  { countOnly = false }: { countOnly?: boolean } = {},
): Promise<FilterAggregate> {
  return keptAggregate(db, filter, version, countOnly, () => computeAggregate(db, filter, countOnly));
}

async function computeAggregate(
  db: Db,
  filter: TransactionFilter,
  countOnly: boolean,
): Promise<FilterAggregate> {
  if (filter.search !== undefined) {
    const first = await aggregateFirstMatches(db, filter, SEARCH_COUNT_CAP + 1, { countOnly });
    const capped = first.count > SEARCH_COUNT_CAP;
    return { ...first, count: capped ? SEARCH_COUNT_CAP : first.count, capped };
  }
  const direct = async (piece: TransactionFilter): Promise<Aggregate> =>
    countOnly
      ? { ...EMPTY_AGGREGATE, count: await countTransactions(db, piece) }
      : aggregateTransactions(db, piece);
  if (!canUseRollup(filter)) return { ...(await direct(filter)), capped: false };
  const plan = planTotals(filter);
  let sum = await aggregateRollup(db, filter, plan.rollup);
  for (const range of plan.direct) {
    sum = addAggregates(
      sum,
      await direct({ ...filter, createdFrom: range.from, createdBefore: range.before }),
    );
  }
  return { ...sum, capped: false };
}

/** Matches of an amount range or a search at which walking the sort order beats reading them all. */
const DENSE_MATCHES = 2_000;

/**
 * SQLite reads an amount range or a search through its own index and sorts all it finds, even where
 * they match so many rows that walking the sort order would fill a page at once. When they do (a
 * bounded look at their index says so), they are checked row by row instead. PostgreSQL's planner
 * weighs this itself.
 */
export async function scanHints(
  db: Db,
  filter: TransactionFilter,
  /** The count of the whole filter, when the caller has it: it can answer for the search. */
  counted?: FilterAggregate,
): Promise<ScanHints> {
  if (dialectOf(db) !== 'sqlite') return {};
  const amount = filter.minAmount !== undefined || filter.maxAmount !== undefined;
  return {
    amount: amount && (await matchesAtLeast(db, filter, 'amount', DENSE_MATCHES)),
    search: filter.search !== undefined && (await denseSearch(db, filter, counted)),
  };
}

/**
 * Whether the search alone matches DENSE_MATCHES or more. The whole filter's count says so without a
 * look at the index when it reaches that many, or when the search is the only filter.
 */
async function denseSearch(db: Db, filter: TransactionFilter, counted?: FilterAggregate): Promise<boolean> {
  if (counted !== undefined) {
    if (counted.capped || counted.count >= DENSE_MATCHES) return true;
    const none = (values: readonly unknown[] | undefined) => values === undefined || values.length === 0;
    const single: unknown[] = [
      filter.createdFrom,
      filter.createdBefore,
      filter.locationId,
      filter.productType,
      filter.channel,
      filter.minAmount,
      filter.maxAmount,
    ];
    const searchOnly =
      single.every((value) => value === undefined) && none(filter.statuses) && none(filter.programIds);
    if (searchOnly) return false;
  }
  return matchesAtLeast(db, filter, 'search', DENSE_MATCHES);
}

export async function transactionTotals(
  db: Db,
  merchantId: string,
  query: TransactionTotalsQuery,
  now = new Date(),
): Promise<TransactionTotals> {
  const { context, version } = await merchantContextWithVersion(db, merchantId);
  const sum = await aggregateFilter(db, resolveFilter(query, context, now), version);
  const money = (value: number): Money => ({ currency: context.currency, value });
  return {
    count: sum.count,
    gross: money(sum.gross),
    settled: money(sum.settled),
    refunded: money(sum.refunded),
    countIsCapped: sum.capped,
  };
}

/** The status as shown: an authorization past its lifetime reads EXPIRED. */
export function shownStatus(
  row: Pick<TransactionRow, 'status' | 'created_at'>,
  cutoff: string,
): TransactionStatus {
  const lapsed = (row.status === 'PENDING' || row.status === 'AUTHORIZED') && row.created_at <= cutoff;
  return lapsed ? 'EXPIRED' : row.status;
}

function parseAddress(text: string | null): Address | null {
  if (text === null) return null;
  try {
    const parsed = addressSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The names shown with a transaction: '' for a program or location whose row is not found. */
interface Names {
  program: string;
  location: string | null;
}

export function toTransaction(row: TransactionRow, names: Names, cutoff: string): Transaction {
  const createdAt = answerDate(row.created_at);
  const money = (value: number): Money => ({ currency: row.currency, value: value });
  const amounts = {
    status: shownStatus(row, cutoff),
    total: row.total,
    settled: row.settled,
    refunded: row.refunded,
    cancelled: row.cancelled,
  };
  return {
    id: row.id,
    externalID: row.external_id,
    programID: row.program_id,
    programName: names.program,
    locationID: row.location_id,
    locationName: names.location,
    productType: row.product_type,
    channel: row.channel,
    fromCart: row.from_cart === 1,
    customer: {
      name: row.customer_name,
      email: row.customer_email,
      phone: row.customer_phone,
      billingAddress: parseAddress(row.billing_address),
      shippingAddress: parseAddress(row.shipping_address),
    },
    total: money(amounts.total),
    tax: money(row.tax),
    shipping: money(row.shipping),
    discount: money(row.discount),
    settled: money(amounts.settled),
    refunded: money(amounts.refunded),
    cancelled: money(amounts.cancelled),
    status: amounts.status,
    label: transactionLabel(amounts),
    createdAt,
    updatedAt: answerDate(row.updated_at),
    // authorizationExpiresAt without its round trip through text: a page has 25 of them.
    expiresAt: new Date(createdAt.getTime() + AUTHORIZATION_LIFETIME_MS),
  };
}

async function namesOf(db: Db, row: TransactionRow): Promise<Names> {
  const programs = await programNames(db, [row.program_id]);
  const locations =
    row.location_id === null ? undefined : await locationNamesOf(db, row.merchant_id, [row.location_id]);
  return {
    program: programs.get(row.program_id) ?? '',
    location: row.location_id === null ? null : (locations?.get(row.location_id) ?? ''),
  };
}

export async function listTransactionPage(
  db: Db,
  merchantId: string,
  query: TransactionListQuery,
  now = new Date(),
): Promise<TransactionListResponse['data']> {
  const { context, version } = await merchantContextWithVersion(db, merchantId);
  const filter = resolveFilter(query, context, now);
  const { limit, offset: requestedOffset, cursor: cursorText, ...filters } = query;
  const fingerprint = queryFingerprint(filters);
  const sort = SORT_COLUMNS[query.sort];

  let offset: number;
  let total: number;
  let totalIsCapped: boolean;
  let counted: FilterAggregate | undefined;
  let after: { key: string | number; id: string } | undefined;
  if (cursorText === undefined) {
    offset = requestedOffset ?? 0;
    counted = await aggregateFilter(db, filter, version, { countOnly: true });
    ({ count: total, capped: totalIsCapped } = counted);
  } else {
    // The first page counted; deeper pages carry its count so that none of them counts again.
    const cursor = decodeCursor(cursorText, fingerprint, sort);
    ({ offset, total, totalIsCapped } = cursor);
    after = { key: cursor.key, id: cursor.id };
  }

  const rows = await listTransactions(
    db,
    filter,
    { sort, order: query.order, limit: limit + 1, offset: after === undefined ? offset : 0, after },
    await scanHints(db, filter, counted),
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > limit && last !== undefined
      ? encodeCursor({
          key: sortKey(last, sort),
          id: last.id,
          offset: offset + page.length,
          total,
          totalIsCapped,
          query: fingerprint,
        })
      : null;
  const cutoff = authorizationExpiryCutoff(now);
  return {
    items: page.map((row) =>
      toTransaction(
        row,
        {
          program: row.program_name ?? '',
          location: row.location_id === null ? null : (row.location_name ?? ''),
        },
        cutoff,
      ),
    ),
    pagination: { offset, limit, total, totalIsCapped },
    nextCursor,
    timeZone: context.timeZone,
  };
}

function history(
  row: TransactionRow,
  events: Awaited<ReturnType<typeof listTransactionEvents>>,
  status: TransactionStatus,
): TransactionEvent[] {
  const money = (value: number): Money => ({ currency: row.currency, value: value });
  // What the platform did is read from the transaction's dates; what people did is stored as events.
  const lines: TransactionEvent[] = [
    {
      type: 'CREATED',
      amount: money(row.total),
      actor: { type: 'CUSTOMER', name: row.customer_name, email: row.customer_email },
      at: answerDate(row.created_at),
    },
  ];
  if (row.authorized_at !== null) {
    lines.push({
      type: 'AUTHORIZED',
      amount: money(row.total),
      actor: SYSTEM_ACTOR,
      at: answerDate(row.authorized_at),
    });
  }
  for (const event of events) {
    lines.push({
      type: event.type,
      amount: money(event.amount),
      actor: { type: event.actor_type, name: event.actor_name, email: event.actor_email },
      at: answerDate(event.created_at),
    });
  }
  if (status === 'EXPIRED') {
    lines.push({
      type: 'EXPIRED',
      amount: null,
      actor: SYSTEM_ACTOR,
      at: answerDate(authorizationExpiresAt(row.created_at)),
    });
  }
  // A stable sort keeps the order of equal times: created, authorized, then the actions as stored.
  return lines.sort((a, b) => a.at.getTime() - b.at.getTime());
}

async function detailOf(db: Db, row: TransactionRow, now: Date): Promise<TransactionDetail> {
  const cutoff = authorizationExpiryCutoff(now);
  const transaction = toTransaction(row, await namesOf(db, row), cutoff);
  const events = await listTransactionEvents(db, row.id);
  return { ...transaction, history: history(row, events, transaction.status) };
}

export async function transactionDetail(
  db: Db,
  merchantId: string,
  id: string,
  now = new Date(),
): Promise<TransactionDetail> {
  const row = await findTransaction(db, merchantId, id);
  if (row === undefined) throw notFound(TRANSACTION_NOT_FOUND);
  return detailOf(db, row, now);
}

export interface Actor {
  userId: string;
  email: string;
}

export interface ActionRequest {
  merchantId: string;
  transactionId: string;
  action: TransactionAction;
  body: TransactionActionBody;
  actor: Actor;
  /** Who acts, for the audit entry written with the action. */
  audit: AuditContext;
}

const ABOVE_LEFT = {
  settle: 'transaction.settle_above_left',
  cancel: 'transaction.cancel_above_left',
  refund: 'transaction.refund_above_left',
} as const satisfies Record<TransactionAction, RefusalReason>;

function actionState(row: TransactionRow, status: TransactionStatus): TransactionState {
  return {
    status,
    total: row.total,
    settled: row.settled,
    refunded: row.refunded,
    cancelled: row.cancelled,
    expiresAt: authorizationExpiresAt(row.created_at),
  };
}

/** Why an action cannot take `amount` (or anything, when it is undefined); undefined when it can. */
function refusal(
  state: TransactionState,
  currency: Currency,
  action: TransactionAction,
  amount: number | undefined,
  left: number,
): AppError | undefined {
  const { status } = state;
  const money = (value: number) => ({ value, currency });
  if (left === 0) {
    if (action === 'refund') {
      return conflict(
        state.settled === 0
          ? refused('transaction.nothing_settled_to_refund')
          : refused('transaction.all_refunded', { settled: money(state.settled) }),
      );
    }
    if (status === 'CANCELLED') {
      return conflict(
        refused(
          action === 'settle' ? 'transaction.cancelled_cannot_settle' : 'transaction.already_cancelled',
        ),
      );
    }
    if (action === 'settle' && status === 'PENDING') {
      return conflict(refused('transaction.not_authorized_yet'));
    }
    if (state.settled + state.cancelled === state.total) {
      return conflict(
        refused(action === 'settle' ? 'transaction.nothing_to_settle' : 'transaction.nothing_to_cancel', {
          settled: money(state.settled),
          total: money(state.total),
          cancelled: money(state.cancelled),
        }),
      );
    }
    // A refund is final: settling the open rest after it would charge what was given back.
    if (action === 'settle' && state.refunded > 0) {
      return conflict(refused('transaction.refunded_cannot_settle', { refunded: money(state.refunded) }));
    }
    return conflict(
      refused(
        action === 'settle' ? 'transaction.expired_cannot_settle' : 'transaction.expired_cannot_cancel',
        {
          expiredOn: state.expiresAt.slice(0, 10),
        },
      ),
    );
  }
  if (amount !== undefined && amount > left) {
    return conflict(refused(ABOVE_LEFT[action], { left: money(left), amount: money(amount) }), [
      fieldRefusal('body.amount.value', 'transaction.amount_at_most', { left: money(left) }),
    ]);
  }
  return undefined;
}

async function applyAction(
  trx: KyselyTransaction<Database>,
  request: ActionRequest,
  now: Date,
): Promise<TransactionDetail> {
  const { merchantId, transactionId, action } = request;
  // PostgreSQL: lock the row until commit, so that the amount read here is still true when written.
  // SQLite runs one transaction at a time on its one connection, so the read is as good as a lock.
  const row = await findTransaction(trx, merchantId, transactionId, {
    forUpdate: dialectOf(trx) === 'postgres',
  });
  if (row === undefined) throw notFound(TRANSACTION_NOT_FOUND);
  const cutoff = authorizationExpiryCutoff(now);
  const status = shownStatus(row, cutoff);

  const asked = request.body?.amount;
  if (asked !== undefined && asked.currency !== row.currency) {
    throw unprocessable(refused('transaction.wrong_currency', { currency: row.currency }), [
      fieldRefusal('body.amount.currency', 'transaction.amount_currency', { currency: row.currency }),
    ]);
  }
  const state = actionState(row, status);
  const left = remainingAmounts(state, now)[action];
  const refusedAction = refusal(state, row.currency, action, asked?.value, left);
  if (refusedAction !== undefined) throw refusedAction;
  const amount = asked?.value ?? left;

  const at = now.toISOString();
  const update = { id: row.id, merchantId, amount, expiryCutoff: cutoff, now: at };
  const applied =
    action === 'settle'
      ? await settleTransaction(trx, update)
      : action === 'cancel'
        ? await cancelTransaction(trx, update)
        : await refundTransaction(trx, update);
  // The conditional update is the last word: it refuses what no longer fits, whatever was read above.
  if (!applied) throw conflict(refused('transaction.changed_meanwhile'));

  const user = await userNameOf(trx, request.actor.userId);
  const eventType = action === 'settle' ? 'SETTLED' : action === 'cancel' ? 'CANCELLED' : 'REFUNDED';
  await insertTransactionEvent(trx, {
    id: randomUUID(),
    transaction_id: row.id,
    merchant_id: merchantId,
    type: eventType,
    amount,
    currency: row.currency,
    actor_type: 'USER',
    actor_user_id: request.actor.userId,
    actor_name: user === undefined ? request.actor.email : `${user.first_name} ${user.last_name}`,
    actor_email: user?.email ?? request.actor.email,
    created_at: at,
  });
  if (action !== 'cancel') {
    const signed = action === 'settle' ? amount : -amount;
    const fee = action === 'settle' ? settlementFee(amount) : 0;
    const type = action === 'settle' ? 'SETTLE' : 'REFUND';
    // The merchant's upcoming deposit by its payout schedule, its totals moved in this transaction.
    const deposit = await attachToDeposit(trx, {
      merchantId,
      currency: row.currency,
      type,
      amount: signed,
      fee,
      programId: row.program_id,
      at,
    });
    await insertFundingEvent(trx, {
      id: randomUUID(),
      merchant_id: merchantId,
      transaction_id: row.id,
      type,
      currency: row.currency,
      amount: signed,
      fee,
      net_amount: signed - fee,
      event_at: at,
      bank_requested_on: deposit.bankRequestedOn,
      deposited_on: deposit.depositDate,
      created_at: at,
      deposit_id: deposit.id,
    });
  }
  const updated = await findTransaction(trx, merchantId, row.id);
  if (updated === undefined) throw notFound(TRANSACTION_NOT_FOUND);
  if (action === 'refund') {
    await notify(trx, merchantId, [
      {
        event: 'REFUND_PROCESSED',
        transactionId: row.id,
        orderReference: row.external_id,
        amount: { currency: row.currency, value: amount },
      },
    ]);
  }
  await recordAudit(trx, request.audit, {
    merchantId,
    kind: `transaction.${eventType.toLowerCase()}`,
    subjectType: 'transaction',
    subjectId: row.id,
    before: auditedAmounts(row, status),
    after: {
      ...auditedAmounts(updated, shownStatus(updated, cutoff)),
      amount: auditMoney(amount, row.currency),
    },
  });
  return detailOf(trx, updated, now);
}

const auditMoney = (minorUnits: number, currency: Currency) =>
  `${minorUnitsToDecimal(minorUnits)} ${currency}`;

/** What an action changes, as the audit log shows it: the status and the amounts with their currency. */
function auditedAmounts(row: TransactionRow, status: TransactionStatus): Record<string, string> {
  return {
    status,
    settled: auditMoney(row.settled, row.currency),
    cancelled: auditMoney(row.cancelled, row.currency),
    refunded: auditMoney(row.refunded, row.currency),
  };
}

/**
 * Settles, cancels or refunds, all of what is left or `body.amount`, in one database transaction with
 * its history line and (settle, refund) funding event. A refusal writes nothing. (A repeated
 * Idempotency-Key is answered before this runs: http/idempotency.ts.)
 */
export async function performAction(
  db: Db,
  request: ActionRequest,
  now = new Date(),
): Promise<TransactionDetail> {
  return withTransaction(db, (trx) => applyAction(trx, request, now));
}

/** A shopper's completed cart, as the transaction it becomes. */
export interface CartSale {
  id: string;
  merchantId: string;
  programId: string;
  productType: ProductType;
  orderReference: string;
  currency: Currency;
  totals: { total: number; tax: number; shipping: number; discount: number };
  customer: { name: string; email: string; phone: string | null };
  /** JSON text of the addresses, as carts keep them. */
  billingAddress: string;
  shippingAddress: string;
  at: string;
}

/**
 * Writes the AUTHORIZED e-commerce transaction of a completed cart, with the merchant's "new
 * transaction" e-mails; call it in the cart's transaction.
 */
export async function recordCartSale(db: Db, sale: CartSale): Promise<void> {
  await insertTransaction(db, {
    id: sale.id,
    merchant_id: sale.merchantId,
    program_id: sale.programId,
    location_id: null,
    external_id: sale.orderReference,
    product_type: sale.productType,
    channel: 'ECOMM',
    from_cart: 1,
    currency: sale.currency,
    total: sale.totals.total,
    tax: sale.totals.tax,
    shipping: sale.totals.shipping,
    discount: sale.totals.discount,
    settled: 0,
    refunded: 0,
    cancelled: 0,
    status: 'AUTHORIZED',
    customer_name: sale.customer.name,
    customer_email: sale.customer.email,
    customer_phone: sale.customer.phone,
    billing_address: sale.billingAddress,
    shipping_address: sale.shippingAddress,
    authorized_at: sale.at,
    created_at: sale.at,
    updated_at: sale.at,
  });
  await notify(db, sale.merchantId, [
    {
      event: 'NEW_TRANSACTION',
      transactionId: sale.id,
      orderReference: sale.orderReference,
      amount: { currency: sale.currency, value: sale.totals.total },
      customerName: sale.customer.name,
    },
  ]);
}

/** An authorization of the merchant that lapses soon, with what is still open on it. */
export interface ExpiringAuthorization {
  id: string;
  orderReference: string;
  open: Money;
  expiresAt: string;
}

/** The merchant's authorizations still open that lapse after `now` and within `days` days of it. */
export async function authorizationsExpiringWithin(
  db: Db,
  merchantId: string,
  days: number,
  now = new Date(),
): Promise<ExpiringAuthorization[]> {
  const after = authorizationExpiryCutoff(now);
  const until = authorizationExpiryCutoff(new Date(now.getTime() + days * DAY_MS));
  return (await listAuthorizationsCreatedBetween(db, merchantId, after, until)).map((row) => ({
    id: row.id,
    orderReference: row.external_id,
    open: { currency: row.currency, value: row.total - row.settled - row.cancelled },
    expiresAt: authorizationExpiresAt(row.created_at),
  }));
}
