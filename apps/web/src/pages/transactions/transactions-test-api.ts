import type { Money } from '@portal/contracts/money';
import {
  TRANSACTION_ACTIONS,
  authorizationExpiresAt,
  transactionLabel,
  type TransactionAction,
  type transactionDetailSchema,
  type transactionEventSchema,
} from '@portal/contracts/transactions';
import {
  exportTransactionsEndpoint,
  listTransactionsEndpoint,
  transactionActionEndpoints,
  transactionEndpoint,
  transactionLocationsEndpoint,
  transactionTotalsEndpoint,
} from '@portal/contracts/transactions-endpoints';
import { http, HttpResponse } from 'msw';
import type { SetupServer } from 'msw/node';
import type { z } from 'zod';

// Transactions as the API sends them: date-times as ISO text.
type TransactionDetail = z.input<typeof transactionDetailSchema>;
type TransactionEvent = z.input<typeof transactionEventSchema>;

const usd = (value: number): Money => ({ currency: 'USD', value });

/** A transaction as the API answers it; `overrides` change any field. */
export function fakeTransaction(
  index: number,
  overrides: Partial<TransactionDetail> = {},
): TransactionDetail {
  const createdAt = new Date(Date.UTC(2026, 9, 30, 15, 0) - index * 3_600_000).toISOString();
  const base: TransactionDetail = {
    id: `tx-${index}`,
    externalID: `ORD-${100_000 + index}`,
    programID: 'program-ecomm',
    programName: 'Online instalments',
    locationID: null,
    locationName: null,
    productType: 'INSTALLMENTS',
    channel: 'ECOMM',
    fromCart: false,
    customer: {
      name: `Customer ${index}`,
      email: `customer${index}@example.com`,
      phone: '+1 212 555 0100',
      billingAddress: {
        line1: '1 Main Street',
        line2: null,
        city: 'New York',
        region: 'NY',
        postalCode: '10001',
        country: 'US',
      },
      shippingAddress: null,
    },
    total: usd(10_000),
    tax: usd(800),
    shipping: usd(0),
    discount: usd(0),
    settled: usd(0),
    refunded: usd(0),
    cancelled: usd(0),
    status: 'AUTHORIZED',
    label: 'AUTHORIZED',
    createdAt,
    updatedAt: createdAt,
    expiresAt: authorizationExpiresAt(createdAt),
    history: [
      {
        type: 'CREATED',
        amount: usd(10_000),
        actor: { type: 'CUSTOMER', name: `Customer ${index}`, email: `customer${index}@example.com` },
        at: createdAt,
      },
      {
        type: 'AUTHORIZED',
        amount: usd(10_000),
        actor: { type: 'SYSTEM', name: 'Payment platform', email: null },
        at: createdAt,
      },
    ],
  };
  return { ...base, ...overrides };
}

interface RecordedAction {
  readonly id: string;
  readonly action: TransactionAction;
  readonly body: unknown;
  readonly idempotencyKey: string | null;
}

function listItem({ history: _history, ...transaction }: TransactionDetail) {
  return transaction;
}

/** Applies an action the way the server's state machine does, for the amounts the page shows next. */
function applyAction(
  transaction: TransactionDetail,
  action: TransactionAction,
  value: number,
): TransactionDetail {
  const settled = transaction.settled.value + (action === 'settle' ? value : 0);
  const refunded = transaction.refunded.value + (action === 'refund' ? value : 0);
  const cancelled = transaction.cancelled.value + (action === 'cancel' ? value : 0);
  const status =
    action === 'refund'
      ? 'REFUNDED'
      : action === 'settle'
        ? 'SETTLED'
        : settled + cancelled >= transaction.total.value && settled === 0
          ? 'CANCELLED'
          : transaction.status;
  const event: TransactionEvent = {
    type: action === 'settle' ? 'SETTLED' : action === 'refund' ? 'REFUNDED' : 'CANCELLED',
    amount: usd(value),
    actor: { type: 'USER', name: 'Avery Admin', email: 'admin@example.com' },
    at: '2026-11-02T10:00:00.000Z',
  };
  const amounts = { status, total: transaction.total.value, settled, refunded, cancelled } as const;
  return {
    ...transaction,
    status,
    label: transactionLabel(amounts),
    settled: usd(settled),
    refunded: usd(refunded),
    cancelled: usd(cancelled),
    history: [...transaction.history, event],
  };
}

/**
 * The transaction calls of the API in msw handlers, over a small set of transactions. Every request's
 * query is recorded, so that tests can compare what the page asked for.
 */
export function installTransactionsApi(server: SetupServer, initial: readonly TransactionDetail[]) {
  const transactions = new Map(initial.map((transaction) => [transaction.id, transaction]));
  const lists: URLSearchParams[] = [];
  const totals: URLSearchParams[] = [];
  const exports: URLSearchParams[] = [];
  const actions: RecordedAction[] = [];

  server.use(
    http.get(transactionTotalsEndpoint.path, ({ request }) => {
      totals.push(new URL(request.url).searchParams);
      const all = [...transactions.values()];
      const sum = (pick: (transaction: TransactionDetail) => number) =>
        usd(all.reduce((total, transaction) => total + pick(transaction), 0));
      return HttpResponse.json({
        data: {
          count: all.length,
          gross: sum((transaction) => transaction.total.value),
          settled: sum((transaction) => transaction.settled.value),
          refunded: sum((transaction) => transaction.refunded.value),
        },
      });
    }),
    http.get(transactionLocationsEndpoint.path, () =>
      HttpResponse.json({
        data: {
          items: [
            { id: 'location-1', name: 'Downtown', storeNumber: '001', status: 'ACTIVE' },
            { id: 'location-2', name: 'Airport', storeNumber: '002', status: 'ACTIVE' },
          ],
        },
      }),
    ),
    http.get(exportTransactionsEndpoint.path, ({ request }) => {
      exports.push(new URL(request.url).searchParams);
      const rows = [...transactions.values()].map(
        (transaction) => `${transaction.id},${transaction.externalID}`,
      );
      return new HttpResponse(['Transaction ID,Merchant order ID', ...rows].join('\r\n'), {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="transactions-2026-11-02.csv"',
        },
      });
    }),
    http.get(listTransactionsEndpoint.path, ({ request }) => {
      const query = new URL(request.url).searchParams;
      lists.push(query);
      const all = [...transactions.values()];
      const limit = Number(query.get('limit') ?? 25);
      const offset = Number(query.get('offset') ?? 0);
      const items = all.slice(offset, offset + limit).map(listItem);
      return HttpResponse.json({
        data: {
          items,
          pagination: { offset, limit, total: all.length },
          nextCursor: offset + limit < all.length ? `cursor-${offset + limit}` : null,
          timeZone: 'America/New_York',
        },
      });
    }),
    http.get(transactionEndpoint.path, ({ params }) => {
      const transaction = transactions.get(String(params.id));
      return transaction
        ? HttpResponse.json({ data: transaction })
        : HttpResponse.json(
            { error: { code: 'NOT_FOUND', message: 'No transaction has this id' } },
            { status: 404 },
          );
    }),
    ...TRANSACTION_ACTIONS.map((action) =>
      http.post(transactionActionEndpoints[action].path, async ({ request, params }) => {
        const body: unknown = await request.json();
        const id = String(params.id);
        actions.push({ id, action, body, idempotencyKey: request.headers.get('Idempotency-Key') });
        const transaction = transactions.get(id);
        const value =
          typeof body === 'object' && body !== null && 'amount' in body
            ? (body as { amount: Money }).amount.value
            : 0;
        if (!transaction)
          return HttpResponse.json(
            { error: { code: 'NOT_FOUND', message: 'No transaction has this id' } },
            { status: 404 },
          );
        const next = applyAction(transaction, action, value);
        transactions.set(id, next);
        return HttpResponse.json({ data: next });
      }),
    ),
  );

  return {
    /** The query of every list request, in order. */
    lists,
    totals,
    exports,
    actions,
    lastList(): URLSearchParams {
      const last = lists.at(-1);
      if (!last) throw new Error('The list was not requested');
      return last;
    },
  };
}

/**
 * An empty transaction list for tests of other things that render the home page (the shell, the
 * router): the list, its totals and the location filter answer without noise.
 */
export function emptyTransactionHandlers() {
  return [
    http.get(transactionTotalsEndpoint.path, () =>
      HttpResponse.json({ data: { count: 0, gross: usd(0), settled: usd(0), refunded: usd(0) } }),
    ),
    http.get(transactionLocationsEndpoint.path, () => HttpResponse.json({ data: { items: [] } })),
    http.get(listTransactionsEndpoint.path, () =>
      HttpResponse.json({
        data: {
          items: [],
          pagination: { offset: 0, limit: 25, total: 0 },
          nextCursor: null,
          timeZone: 'America/New_York',
        },
      }),
    ),
  ];
}

/** A query as sorted `key=value` pairs, to compare two requests whatever their order. */
export function queryPairs(query: URLSearchParams): string[] {
  return [...query].map(([key, value]) => `${key}=${value}`).sort();
}
