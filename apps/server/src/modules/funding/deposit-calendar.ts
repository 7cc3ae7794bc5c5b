import { DAY_MS } from '@portal/contracts/constants';
import type { PayoutSchedule } from '@portal/contracts/funding';
import { dayMsOf, dayOfMs, isBusinessDayMs, type BankCountry } from './bank-holidays.js';

/** A deposit needs a business day within this many days of its nominal day (holidays come in short runs). */
const SEARCH_DAYS = 400;

/**
 * Whether the schedule names the day: every day for DAILY, the chosen ISO weekday for WEEKLY, the chosen
 * day of the month for MONTHLY, a day 29–31 being the last day of a shorter month.
 */
function isPayoutDay(schedule: PayoutSchedule, ms: number): boolean {
  const date = new Date(ms);
  switch (schedule.payoutFrequency) {
    case 'DAILY':
      return true;
    case 'WEEKLY':
      // ISO weekday 1–7 against JavaScript's 0 (Sunday)–6.
      return date.getUTCDay() === (schedule.payoutWeekday ?? 1) % 7;
    case 'MONTHLY': {
      const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
      return date.getUTCDate() === Math.min(schedule.payoutDayOfMonth ?? 1, lastDay);
    }
  }
}

/**
 * The deposit calendar: the first deposit (ACH) day strictly after `day` (`YYYY-MM-DD`, a calendar day,
 * no zone). Deposit days are the business days of the brand's country (weekdays without its bank
 * holidays) on which a day the schedule names falls, or which follow such a day that was not a
 * business day: a Saturday deposit, or one on a holiday, is paid on the next business day.
 *
 * The one rule for every deposit day: the deposit of money requested from the bank on `day` (the
 * grouping of funding events, settlement/service.ts and the seed), the settlement report's next
 * deposit (the first one after the merchant's today) and the funding settings' preview (the next
 * ones, each after the one before), so that the three always agree.
 */
export function nextDepositDay(schedule: PayoutSchedule, country: BankCountry, day: string): string {
  const from = dayMsOf(day);
  for (let at = from + DAY_MS; at <= from + SEARCH_DAYS * DAY_MS; at += DAY_MS) {
    if (!isBusinessDayMs(country, at)) continue;
    // The days since the business day before this one, this one included.
    let back = at;
    do {
      if (isPayoutDay(schedule, back)) return dayOfMs(at);
      back -= DAY_MS;
    } while (!isBusinessDayMs(country, back));
  }
  throw new Error(`No deposit day within ${SEARCH_DAYS} days of ${day}`);
}

/** The next `count` deposit days after `day`, each the next deposit day after the one before. */
export function depositDaysAfter(
  schedule: PayoutSchedule,
  country: BankCountry,
  day: string,
  count: number,
): string[] {
  const days: string[] = [];
  let last = day;
  while (days.length < count) {
    last = nextDepositDay(schedule, country, last);
    days.push(last);
  }
  return days;
}
