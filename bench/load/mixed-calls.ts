import type { Kysely } from 'kysely';
import { authorizationExpiryCutoff } from '@portal/contracts/transactions';
import type { Database } from '../../apps/server/src/db/schema.js';

/** One call of the mix: what a merchant's portal asks for. */
export interface MixedCall {
  kind: 'list' | 'detail' | 'totals' | 'action';
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

/** Lists as the portal's filters and sorts ask for them; a search finds a customer by part of a name. */
const LIST_QUERIES = [
  'limit=25',
  'limit=25&sort=total&order=desc',
  'limit=25&status=SETTLED',
  'limit=25&search=arcia',
  'limit=50&channel=ECOMM',
] as const;

const TOTALS_QUERIES = ['', '?status=AUTHORIZED', '?search=arcia'] as const;

/** How many of every ten calls are of each kind: reading dominates, one in ten is an action. */
const MIX: readonly [MixedCall['kind'], number][] = [
  ['list', 4],
  ['detail', 3],
  ['totals', 2],
  ['action', 1],
];

/** How many transaction ids each kind draws from. */
const DETAIL_POOL = 5_000;
const ACTION_POOL = 5_000;

function pick<T>(values: readonly T[]): T {
  const value = values[Math.floor(Math.random() * values.length)];
  if (value === undefined) throw new Error('nothing to pick from');
  return value;
}

/**
 * Draws the calls of the mix for the merchant's transactions: details of any transaction, and settle
 * actions on authorized ones. Each action settles one cent, the pool taken in turn, so a server faster
 * than the pool is large never runs out of work to do, and two clients seldom settle the same one at once.
 */
export async function mixedCalls(db: Kysely<Database>, merchantId: string): Promise<() => MixedCall> {
  const ids = await db
    .selectFrom('transactions')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .limit(DETAIL_POOL)
    .execute();
  const settleable = await db
    .selectFrom('transactions')
    .select(['id', 'currency'])
    .where('merchant_id', '=', merchantId)
    .where('status', '=', 'AUTHORIZED')
    .where('settled', '=', 0)
    .where('refunded', '=', 0)
    // Still authorized an hour from now, when the last phase may settle it.
    .where('created_at', '>', authorizationExpiryCutoff(new Date(Date.now() + 3_600_000)))
    .limit(ACTION_POOL)
    .execute();
  const kinds = MIX.flatMap(([kind, weight]) => Array.from({ length: weight }, () => kind));
  let turn = 0;
  return () => {
    const kind = pick(kinds);
    switch (kind) {
      case 'list':
        return { kind, method: 'GET', path: `/api/transactions?${pick(LIST_QUERIES)}` };
      case 'detail':
        return { kind, method: 'GET', path: `/api/transactions/${pick(ids).id}` };
      case 'totals':
        return { kind, method: 'GET', path: `/api/transactions/totals${pick(TOTALS_QUERIES)}` };
      case 'action': {
        const next = settleable[turn++ % settleable.length];
        if (next === undefined) throw new Error('No authorized transaction to settle');
        const { id, currency } = next;
        const body = JSON.stringify({ amount: { currency, value: 1 } });
        return { kind, method: 'POST', path: `/api/transactions/${id}/settle`, body };
      }
    }
  };
}
