import { describe, expect, it } from 'vitest';
import { payoutScheduleIssues } from './funding.js';

describe('payoutScheduleIssues', () => {
  it('accepts the three valid schedules', () => {
    expect(
      payoutScheduleIssues({ payoutFrequency: 'DAILY', payoutWeekday: null, payoutDayOfMonth: null }),
    ).toEqual([]);
    expect(
      payoutScheduleIssues({ payoutFrequency: 'WEEKLY', payoutWeekday: 7, payoutDayOfMonth: null }),
    ).toEqual([]);
    expect(
      payoutScheduleIssues({ payoutFrequency: 'MONTHLY', payoutWeekday: null, payoutDayOfMonth: 31 }),
    ).toEqual([]);
  });

  it('needs a weekday 1–7 for WEEKLY and a day 1–31 for MONTHLY', () => {
    for (const weekday of [null, 0, 8, 2.5]) {
      const issues = payoutScheduleIssues({
        payoutFrequency: 'WEEKLY',
        payoutWeekday: weekday,
        payoutDayOfMonth: null,
      });
      expect(issues.map((issue) => issue.path)).toEqual(['payoutWeekday']);
    }
    for (const day of [null, 0, 32, 2.5]) {
      const issues = payoutScheduleIssues({
        payoutFrequency: 'MONTHLY',
        payoutWeekday: null,
        payoutDayOfMonth: day,
      });
      expect(issues.map((issue) => issue.path)).toEqual(['payoutDayOfMonth']);
    }
  });

  it('refuses a day that does not belong to the frequency', () => {
    const issues = payoutScheduleIssues({ payoutFrequency: 'DAILY', payoutWeekday: 1, payoutDayOfMonth: 1 });
    expect(issues.map((issue) => issue.path)).toEqual(['payoutWeekday', 'payoutDayOfMonth']);
  });
});
