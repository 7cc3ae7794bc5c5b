import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@portal/contracts/constants';
import type { PayoutSchedule } from '@portal/contracts/funding';
import { dayMsOf, dayOfMs, isBusinessDayMs, type BankCountry } from './bank-holidays.js';
import { depositDaysAfter, nextDepositDay } from './deposit-calendar.js';

const daily = { payoutFrequency: 'DAILY', payoutWeekday: null, payoutDayOfMonth: null } as const;
const weekly = (weekday: number) =>
  ({ payoutFrequency: 'WEEKLY', payoutWeekday: weekday, payoutDayOfMonth: null }) as const;
const monthly = (day: number) =>
  ({ payoutFrequency: 'MONTHLY', payoutWeekday: null, payoutDayOfMonth: day }) as const;

const holidaysOfYear = (country: BankCountry, year: number) => {
  const days: string[] = [];
  for (let at = Date.UTC(year, 0, 1); at < Date.UTC(year + 1, 0, 1); at += DAY_MS) {
    const weekday = new Date(at).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !isBusinessDayMs(country, at)) days.push(dayOfMs(at));
  }
  return days;
};

describe('bank holidays', () => {
  it("are the Federal Reserve's for the United States, a Sunday one observed on the Monday", () => {
    expect(holidaysOfYear('US', 2026)).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      // July 4 is a Saturday: the Reserve Banks are open on Friday the 3rd.
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ]);
    expect(holidaysOfYear('US', 2027)).toContain('2027-07-05'); // July 4 is a Sunday
    expect(holidaysOfYear('US', 2021)).not.toContain('2021-06-18'); // Juneteenth closes from 2022
  });

  it("are Canada's bank holidays, a weekend one observed on the next free weekday", () => {
    expect(holidaysOfYear('CA', 2026)).toEqual([
      '2026-01-01',
      '2026-04-03', // Good Friday
      '2026-05-18', // Victoria Day
      '2026-07-01',
      '2026-08-03', // Civic Holiday
      '2026-09-07',
      '2026-09-30',
      '2026-10-12',
      '2026-11-11',
      '2026-12-25',
      '2026-12-28', // Boxing Day, a Saturday
    ]);
    // Christmas on a Sunday and Boxing Day on the Monday: Monday and Tuesday.
    expect(holidaysOfYear('CA', 2022).slice(-2)).toEqual(['2022-12-26', '2022-12-27']);
    // Christmas on a Saturday, Boxing Day on the Sunday: Monday and Tuesday.
    expect(holidaysOfYear('CA', 2027).slice(-2)).toEqual(['2027-12-27', '2027-12-28']);
  });
});

describe('deposit calendar', () => {
  it('pays daily on the next business day of the country', () => {
    expect(nextDepositDay(daily, 'US', '2026-10-28')).toBe('2026-10-29'); // Wednesday → Thursday
    expect(nextDepositDay(daily, 'US', '2026-10-30')).toBe('2026-11-02'); // Friday → Monday
    expect(nextDepositDay(daily, 'US', '2026-10-31')).toBe('2026-11-02'); // Saturday → Monday
    expect(nextDepositDay(daily, 'US', '2026-06-18')).toBe('2026-06-22'); // Juneteenth, a Friday
    expect(nextDepositDay(daily, 'CA', '2026-06-18')).toBe('2026-06-19');
    expect(nextDepositDay(daily, 'US', '2026-12-24')).toBe('2026-12-28');
    expect(nextDepositDay(daily, 'CA', '2026-12-24')).toBe('2026-12-29'); // Boxing Day on the 28th
  });

  it('pays weekly on the chosen weekday, one on a weekend or a holiday on the next business day', () => {
    expect(nextDepositDay(weekly(5), 'US', '2026-10-27')).toBe('2026-10-30'); // Tuesday → Friday
    expect(nextDepositDay(weekly(5), 'US', '2026-10-30')).toBe('2026-11-06'); // a Friday's money: next Friday
    expect(nextDepositDay(weekly(1), 'US', '2026-10-30')).toBe('2026-11-02');
    expect(nextDepositDay(weekly(6), 'US', '2026-10-27')).toBe('2026-11-02'); // Saturday → Monday
    expect(depositDaysAfter(weekly(5), 'US', '2026-12-21', 4)).toEqual([
      '2026-12-28', // Christmas
      '2027-01-04', // New Year's Day
      '2027-01-08',
      '2027-01-15',
    ]);
  });

  it('pays monthly on the chosen day, a day 29–31 on the last day of a shorter month', () => {
    expect(nextDepositDay(monthly(15), 'US', '2026-10-02')).toBe('2026-10-15');
    expect(nextDepositDay(monthly(15), 'US', '2026-10-15')).toBe('2026-11-16'); // Nov 15 is a Sunday
    expect(nextDepositDay(monthly(1), 'US', '2026-10-20')).toBe('2026-11-02'); // Nov 1 is a Sunday
    // January 31 and February 28 are Sundays; May 31 is Memorial Day in the United States only.
    expect(depositDaysAfter(monthly(31), 'US', '2027-01-15', 6)).toEqual([
      '2027-02-01',
      '2027-03-01',
      '2027-03-31',
      '2027-04-30',
      '2027-06-01',
      '2027-06-30',
    ]);
    expect(depositDaysAfter(monthly(31), 'CA', '2027-04-01', 2)).toEqual(['2027-04-30', '2027-05-31']);
    expect(depositDaysAfter(monthly(30), 'US', '2028-01-31', 2)).toEqual(['2028-02-29', '2028-03-30']);
  });

  it('gives every day its deposit among the days the calendar lists: grouping and preview agree', () => {
    const schedules: PayoutSchedule[] = [daily, weekly(5), weekly(7), monthly(1), monthly(15), monthly(31)];
    for (const country of ['US', 'CA'] as const) {
      for (const schedule of schedules) {
        const listed = depositDaysAfter(schedule, country, '2025-12-31', schedule === daily ? 600 : 120);
        const last = listed.at(-1) ?? '';
        expect(listed.every((day) => isBusinessDayMs(country, dayMsOf(day)))).toBe(true);
        // Each day's money goes to the first listed deposit after it, whichever day it is.
        let index = 0;
        for (let at = dayMsOf('2026-01-01'); dayOfMs(at) < '2027-06-01'; at += DAY_MS) {
          const day = dayOfMs(at);
          while ((listed[index] ?? last) <= day) index += 1;
          expect(nextDepositDay(schedule, country, day), `${country} ${day}`).toBe(listed[index]);
          expect(depositDaysAfter(schedule, country, day, 1)[0]).toBe(listed[index]);
        }
        expect(last > '2027-06-01').toBe(true);
      }
    }
  });
});
