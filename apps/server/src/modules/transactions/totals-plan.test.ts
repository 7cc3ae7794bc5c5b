import { describe, expect, it } from 'vitest';
import type { TransactionFilter } from './repository.js';
import { canUseRollup, planTotals } from './totals-plan.js';

const cutoff = '2026-08-23T10:30:00.000Z';
const filter = (extra: Partial<TransactionFilter> = {}): TransactionFilter => ({
  merchantId: 'm',
  expiryCutoff: cutoff,
  ...extra,
});

describe('planTotals', () => {
  it('reads every day from the roll-up when no status is asked for: the expiry cutoff changes nothing', () => {
    expect(planTotals(filter())).toEqual({
      rollup: [{ fromDay: undefined, toDay: undefined, storedStatuses: undefined }],
      direct: [],
    });
  });

  it('with a status filter, reads whole days from the roll-up and only the expiry cutoff day row by row', () => {
    expect(planTotals(filter({ statuses: ['SETTLED'] }))).toEqual({
      rollup: [
        { fromDay: undefined, toDay: '2026-08-23', storedStatuses: ['SETTLED'] },
        { fromDay: '2026-08-24', toDay: undefined, storedStatuses: ['SETTLED'] },
      ],
      direct: [
        { from: '2026-08-23T00:00:00.000Z', before: '2026-08-23T10:30:00.001Z' },
        { from: '2026-08-23T10:30:00.001Z', before: '2026-08-24T00:00:00.000Z' },
      ],
    });
  });

  it('reads the partial days at both ends of a date range row by row', () => {
    const plan = planTotals(
      filter({ createdFrom: '2026-10-01T04:00:00.000Z', createdBefore: '2026-11-01T04:00:00.000Z' }),
    );
    expect(plan).toEqual({
      rollup: [{ fromDay: '2026-10-02', toDay: '2026-11-01', storedStatuses: undefined }],
      direct: [
        { from: '2026-10-01T04:00:00.000Z', before: '2026-10-02T00:00:00.000Z' },
        { from: '2026-11-01T00:00:00.000Z', before: '2026-11-01T04:00:00.000Z' },
      ],
    });
  });

  it('reads a range within one day row by row only', () => {
    const plan = planTotals(
      filter({ createdFrom: '2026-10-01T04:00:00.000Z', createdBefore: '2026-10-01T20:00:00.000Z' }),
    );
    expect(plan).toEqual({
      rollup: [],
      direct: [{ from: '2026-10-01T04:00:00.000Z', before: '2026-10-01T20:00:00.000Z' }],
    });
  });

  it('counts stored PENDING and AUTHORIZED as EXPIRED before the cutoff, and as themselves after', () => {
    const plan = planTotals(filter({ statuses: ['EXPIRED', 'SETTLED'] }));
    expect(plan.rollup).toEqual([
      {
        fromDay: undefined,
        toDay: '2026-08-23',
        storedStatuses: ['SETTLED', 'PENDING', 'AUTHORIZED', 'EXPIRED'],
      },
      { fromDay: '2026-08-24', toDay: undefined, storedStatuses: ['SETTLED'] },
    ]);
    const live = planTotals(filter({ statuses: ['AUTHORIZED'] }));
    expect(live.rollup).toEqual([
      { fromDay: '2026-08-24', toDay: undefined, storedStatuses: ['AUTHORIZED'] },
    ]);
    expect(live.direct).toEqual([{ from: '2026-08-23T10:30:00.001Z', before: '2026-08-24T00:00:00.000Z' }]);
  });

  it('leaves amounts and searches to the transactions themselves', () => {
    expect(canUseRollup(filter({ statuses: ['SETTLED'], programIds: ['p'], locationId: 'l' }))).toBe(true);
    expect(canUseRollup(filter({ minAmount: 1 }))).toBe(false);
    expect(canUseRollup(filter({ maxAmount: 1 }))).toBe(false);
    expect(canUseRollup(filter({ search: 'jane' }))).toBe(false);
  });
});
