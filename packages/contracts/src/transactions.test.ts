import { describe, expect, it } from 'vitest';
import {
  authorizationExpiresAt,
  authorizationExpiryCutoff,
  remainingAmounts,
  settlementFee,
  transactionActionBodySchema,
  transactionCsvHeaders,
  transactionLabel,
  transactionListQuerySchema,
  TRANSACTION_CSV_COLUMNS,
  type TransactionState,
} from './transactions.js';

const state = (overrides: Partial<TransactionState>): TransactionState => ({
  status: 'AUTHORIZED',
  total: 10_000,
  settled: 0,
  refunded: 0,
  cancelled: 0,
  expiresAt: '2026-12-01T00:00:00.000Z',
  ...overrides,
});
const now = new Date('2026-11-01T00:00:00.000Z');

describe('transactionLabel', () => {
  it('names partial states from the amounts', () => {
    expect(transactionLabel(state({ status: 'SETTLED', settled: 4_000 }))).toBe('PARTIALLY_SETTLED');
    expect(transactionLabel(state({ status: 'SETTLED', settled: 6_000, cancelled: 4_000 }))).toBe('SETTLED');
    expect(transactionLabel(state({ status: 'REFUNDED', settled: 10_000, refunded: 1 }))).toBe(
      'PARTIALLY_REFUNDED',
    );
    expect(transactionLabel(state({ status: 'REFUNDED', settled: 5_000, refunded: 5_000 }))).toBe('REFUNDED');
    expect(transactionLabel(state({ cancelled: 2_000 }))).toBe('PARTIALLY_CANCELLED');
    expect(transactionLabel(state({ status: 'PENDING' }))).toBe('PENDING');
    expect(transactionLabel(state({ status: 'EXPIRED' }))).toBe('EXPIRED');
  });
});

describe('remainingAmounts', () => {
  it('settles and cancels the open authorization, refunds what was settled', () => {
    expect(remainingAmounts(state({ status: 'SETTLED', settled: 3_000 }), now)).toEqual({
      settle: 7_000,
      cancel: 7_000,
      refund: 3_000,
    });
  });

  it('settles nothing more once anything was refunded, but still cancels the open rest', () => {
    expect(remainingAmounts(state({ status: 'REFUNDED', settled: 3_000, refunded: 1_000 }), now)).toEqual({
      settle: 0,
      cancel: 7_000,
      refund: 2_000,
    });
  });

  it('settles nothing pending, and nothing of a lapsed, expired or cancelled authorization', () => {
    expect(remainingAmounts(state({ status: 'PENDING' }), now)).toEqual({
      settle: 0,
      cancel: 10_000,
      refund: 0,
    });
    const lapsed = state({ status: 'SETTLED', settled: 5_000, expiresAt: '2026-10-31T00:00:00.000Z' });
    expect(remainingAmounts(lapsed, now)).toEqual({ settle: 0, cancel: 0, refund: 5_000 });
    expect(remainingAmounts(state({ status: 'EXPIRED' }), now).settle).toBe(0);
    expect(remainingAmounts(state({ status: 'CANCELLED', cancelled: 10_000 }), now)).toEqual({
      settle: 0,
      cancel: 0,
      refund: 0,
    });
  });

  it('dates the expiry 90 days after creation', () => {
    expect(authorizationExpiresAt('2026-08-01T10:00:00.000Z')).toBe('2026-10-30T10:00:00.000Z');
  });
});

describe('transactionListQuerySchema', () => {
  it('defaults to the newest 25 and reads several values either way', () => {
    expect(transactionListQuerySchema.parse({})).toEqual({ sort: 'createdAt', order: 'desc', limit: 25 });
    expect(transactionListQuerySchema.parse({ status: ['SETTLED', 'REFUNDED'] }).status).toEqual([
      'SETTLED',
      'REFUNDED',
    ]);
    expect(transactionListQuerySchema.parse({ status: 'SETTLED,EXPIRED', programID: 'a' })).toMatchObject({
      status: ['SETTLED', 'EXPIRED'],
      programID: ['a'],
    });
  });

  it('refuses other page sizes, reversed ranges, and an offset with a cursor', () => {
    expect(transactionListQuerySchema.safeParse({ limit: '30' }).success).toBe(false);
    expect(transactionListQuerySchema.safeParse({ limit: '100' }).success).toBe(true);
    expect(transactionListQuerySchema.safeParse({ from: '2026-05-02', to: '2026-05-01' }).success).toBe(
      false,
    );
    expect(transactionListQuerySchema.safeParse({ minAmount: '5', maxAmount: '4' }).success).toBe(false);
    expect(transactionListQuerySchema.safeParse({ offset: '25', cursor: 'abc' }).success).toBe(false);
    expect(transactionListQuerySchema.safeParse({ offset: '0', cursor: 'abc' }).success).toBe(true);
  });
});

describe('transactionActionBodySchema', () => {
  it('takes no body, an empty one, or a positive whole amount', () => {
    expect(transactionActionBodySchema.parse(null)).toBeNull();
    expect(transactionActionBodySchema.parse({})).toEqual({});
    expect(transactionActionBodySchema.safeParse({ amount: { currency: 'USD', value: 0 } }).success).toBe(
      false,
    );
    expect(transactionActionBodySchema.safeParse({ amount: { currency: 'USD', value: 1 } }).success).toBe(
      true,
    );
  });
});

describe('transactionCsvHeaders', () => {
  it('names the time zone in the date columns, in each language', () => {
    const english = transactionCsvHeaders('en', 'America/Toronto');
    const french = transactionCsvHeaders('fr-CA', 'America/Toronto');
    expect(english).toHaveLength(TRANSACTION_CSV_COLUMNS.length);
    expect(english[0]).toBe('Created at (America/Toronto)');
    expect(french[0]).toBe('Créée le (America/Toronto)');
    expect(english.filter((header) => header.endsWith('(America/Toronto)'))).toHaveLength(3);
  });
});

describe('the authorization lifetime and the settlement fee', () => {
  it('lapses an authorization 90 days after its creation, the cutoff being the same rule read back', () => {
    const created = '2026-01-01T12:00:00.000Z';
    expect(authorizationExpiresAt(created)).toBe('2026-04-01T12:00:00.000Z');
    expect(authorizationExpiryCutoff(new Date('2026-04-01T12:00:00.000Z'))).toBe(created);
  });

  it('keeps 2.5 % of a settlement, rounded to a whole cent', () => {
    expect(settlementFee(10_000)).toBe(250);
    expect(settlementFee(1_999)).toBe(50);
    expect(settlementFee(0)).toBe(0);
  });
});
