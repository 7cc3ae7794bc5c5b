import type { TransactionStatus } from '@portal/contracts/transactions';
import type { RollupPart, TransactionFilter } from './repository.js';
import { DAY_MS } from '@portal/contracts/constants';

/** A range of created_at that the roll-up cannot answer, read from the transactions themselves. */
export interface DirectRange {
  from?: string | undefined;
  before?: string | undefined;
}

export interface TotalsPlan {
  rollup: RollupPart[];
  direct: DirectRange[];
}

/** The roll-up holds no amounts per transaction and no search text. */
export function canUseRollup(filter: TransactionFilter): boolean {
  return (
    filter.minAmount === undefined &&
    filter.maxAmount === undefined &&
    (filter.search === undefined || filter.search === '')
  );
}

/**
 * The stored statuses that show as the requested ones on a day wholly before the expiry cutoff (where
 * every PENDING or AUTHORIZED row reads EXPIRED) or wholly after it. Undefined: every status.
 */
function storedStatuses(
  requested: readonly TransactionStatus[] | undefined,
  expiredZone: boolean,
): readonly TransactionStatus[] | undefined {
  if (requested === undefined || requested.length === 0) return undefined;
  // Nothing created after the cutoff has expired (repository.ts reads EXPIRED the same way).
  if (!expiredZone) return requested.filter((status) => status !== 'EXPIRED');
  const stored = requested.filter((status) => ['SETTLED', 'REFUNDED', 'CANCELLED'].includes(status));
  if (requested.includes('EXPIRED')) stored.push('PENDING', 'AUTHORIZED', 'EXPIRED');
  return stored;
}

const iso = (instant: number) => new Date(instant).toISOString();
const day = (instant: number) => iso(instant).slice(0, 10);

/**
 * Splits a totals request into whole UTC days that the daily roll-up answers and the few hours at the
 * edges (the ends of the date range, the expiry cutoff) that are read row by row. The rows read directly
 * stay under about two days' worth, whatever the range.
 */
export function planTotals(filter: TransactionFilter): TotalsPlan {
  const low = filter.createdFrom === undefined ? -Infinity : Date.parse(filter.createdFrom);
  const high = filter.createdBefore === undefined ? Infinity : Date.parse(filter.createdBefore);
  // created_at <= cutoff reads EXPIRED: timestamps have milliseconds, so that is created_at < cutoff + 1.
  const boundary = Date.parse(filter.expiryCutoff) + 1;
  // Without a status filter the cutoff changes no count or sum, so the days around it need no reading.
  const anyStatus = filter.statuses === undefined || filter.statuses.length === 0;
  const zones = anyStatus
    ? [{ from: low, to: high, expired: false }]
    : [
        { from: low, to: Math.min(high, boundary), expired: true },
        { from: Math.max(low, boundary), to: high, expired: false },
      ];

  const plan: TotalsPlan = { rollup: [], direct: [] };
  for (const zone of zones) {
    if (zone.from >= zone.to) continue;
    const statuses = storedStatuses(filter.statuses, zone.expired);
    if (statuses?.length === 0) continue;
    const firstWholeDay = Number.isFinite(zone.from) ? Math.ceil(zone.from / DAY_MS) * DAY_MS : -Infinity;
    const endWholeDay = Number.isFinite(zone.to) ? Math.floor(zone.to / DAY_MS) * DAY_MS : Infinity;
    if (firstWholeDay >= endWholeDay) {
      plan.direct.push(directRange(zone.from, zone.to));
      continue;
    }
    plan.rollup.push({
      fromDay: Number.isFinite(firstWholeDay) ? day(firstWholeDay) : undefined,
      toDay: Number.isFinite(endWholeDay) ? day(endWholeDay) : undefined,
      storedStatuses: statuses,
    });
    if (zone.from < firstWholeDay) plan.direct.push(directRange(zone.from, firstWholeDay));
    if (endWholeDay < zone.to) plan.direct.push(directRange(endWholeDay, zone.to));
  }
  return plan;
}

function directRange(from: number, to: number): DirectRange {
  return {
    from: Number.isFinite(from) ? iso(from) : undefined,
    before: Number.isFinite(to) ? iso(to) : undefined,
  };
}
