import { z } from 'zod';
import { dateTime } from './date-time.js';
import { PAYOUT_FREQUENCIES, SETTLEMENT_MODES } from './enums.js';
import type { PayoutFrequency } from './enums.js';
import type { ErrorDetail } from './api.js';
import { fieldRefusal } from './refusals.js';

/**
 * ISO weekday: 1 Monday … 7 Sunday. A day of the month 29–31 falls back to the last day of a shorter
 * month (the deposit calendar, modules/funding/deposit-calendar.ts).
 */
export const PAYOUT_WEEKDAY_RANGE = { min: 1, max: 7 } as const;
export const PAYOUT_DAY_OF_MONTH_RANGE = { min: 1, max: 31 } as const;

export const fundingConfigurationSchema = z.object({
  id: z.string(),
  merchantID: z.string(),
  payoutFrequency: z.enum(PAYOUT_FREQUENCIES),
  /** Set exactly when the frequency is WEEKLY. */
  payoutWeekday: z.number().int().nullable(),
  /** Set exactly when the frequency is MONTHLY. */
  payoutDayOfMonth: z.number().int().nullable(),
  settlementMode: z.enum(SETTLEMENT_MODES),
  createdAt: dateTime,
  updatedAt: dateTime,
});
export type FundingConfiguration = z.infer<typeof fundingConfigurationSchema>;

/** The funding configuration is the signed-in merchant's; `merchantID.eq`, when sent, must be that one. */
export const fundingConfigurationQuerySchema = z.strictObject({
  'merchantID.eq': z.string().min(1).max(100).optional(),
});

/**
 * A partial change. The day that does not belong to the resulting frequency is cleared when not sent,
 * so switching WEEKLY → DAILY needs only `{ payoutFrequency: 'DAILY' }`.
 */
export const fundingConfigurationUpdateSchema = z
  .strictObject({
    payoutFrequency: z.enum(PAYOUT_FREQUENCIES).optional(),
    payoutWeekday: z.number().int().nullable().optional(),
    payoutDayOfMonth: z.number().int().nullable().optional(),
    settlementMode: z.enum(SETTLEMENT_MODES).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, {
    message: 'Nothing to change',
  });
export type FundingConfigurationUpdate = z.infer<typeof fundingConfigurationUpdateSchema>;

export interface PayoutSchedule {
  payoutFrequency: PayoutFrequency;
  payoutWeekday: number | null;
  payoutDayOfMonth: number | null;
}

function inRange(value: number | null, range: { min: number; max: number }): boolean {
  return value !== null && Number.isInteger(value) && value >= range.min && value <= range.max;
}

/**
 * What is wrong with a payout schedule, one detail per field (paths relative to the body): WEEKLY needs
 * a weekday 1–7, MONTHLY a day 1–31, and the other day must be empty. Shared by the form and the server.
 */
export function payoutScheduleIssues(schedule: PayoutSchedule): ErrorDetail[] {
  const issues: ErrorDetail[] = [];
  const { payoutFrequency, payoutWeekday, payoutDayOfMonth } = schedule;
  if (payoutFrequency === 'WEEKLY') {
    if (!inRange(payoutWeekday, PAYOUT_WEEKDAY_RANGE)) {
      issues.push(fieldRefusal('payoutWeekday', 'funding.weekday_needed'));
    }
  } else if (payoutWeekday !== null) {
    issues.push(fieldRefusal('payoutWeekday', 'funding.weekday_only_weekly'));
  }
  if (payoutFrequency === 'MONTHLY') {
    if (!inRange(payoutDayOfMonth, PAYOUT_DAY_OF_MONTH_RANGE)) {
      issues.push(fieldRefusal('payoutDayOfMonth', 'funding.day_of_month_needed'));
    }
  } else if (payoutDayOfMonth !== null) {
    issues.push(fieldRefusal('payoutDayOfMonth', 'funding.day_of_month_only_monthly'));
  }
  return issues;
}

/** How many deposit days the funding settings preview. */
export const DEPOSIT_CALENDAR_DAYS = 6;

/**
 * The schedule whose deposit days to preview: the saved one when nothing is sent, else the one being
 * edited (its three fields, as the form holds them), checked as a change would be.
 */
export const depositCalendarQuerySchema = z.strictObject({
  payoutFrequency: z.enum(PAYOUT_FREQUENCIES).optional(),
  payoutWeekday: z.coerce.number().int().optional(),
  payoutDayOfMonth: z.coerce.number().int().optional(),
});
export type DepositCalendarQuery = z.infer<typeof depositCalendarQuerySchema>;

export const depositCalendarSchema = z.object({
  /** The merchant's today (its time zone), from which the days are counted. */
  today: z.iso.date(),
  /** Whose bank holidays are skipped: the brand's country. */
  country: z.enum(['US', 'CA']),
  /** The next deposit days, strictly after today; the first is the settlement report's next deposit. */
  days: z.array(z.iso.date()),
});
export type DepositCalendar = z.infer<typeof depositCalendarSchema>;
