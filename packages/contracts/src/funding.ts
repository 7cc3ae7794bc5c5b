import { z } from 'zod';
import { dateTime } from './endpoint.js';
import { PAYOUT_FREQUENCIES, SETTLEMENT_MODES } from './enums.js';
import type { PayoutFrequency } from './enums.js';
import type { ErrorDetail } from './api.js';

/** ISO weekday: 1 Monday … 7 Sunday. Days of the month stop at 28 so that every month has the day. */
export const PAYOUT_WEEKDAY_RANGE = { min: 1, max: 7 } as const;
export const PAYOUT_DAY_OF_MONTH_RANGE = { min: 1, max: 28 } as const;

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
 * a weekday 1–7, MONTHLY a day 1–28, and the other day must be empty. Shared by the form and the server.
 */
export function payoutScheduleIssues(schedule: PayoutSchedule): ErrorDetail[] {
  const issues: ErrorDetail[] = [];
  const { payoutFrequency, payoutWeekday, payoutDayOfMonth } = schedule;
  if (payoutFrequency === 'WEEKLY') {
    if (!inRange(payoutWeekday, PAYOUT_WEEKDAY_RANGE)) {
      issues.push({
        path: 'payoutWeekday',
        message: 'A weekly payout needs a weekday from 1 (Monday) to 7 (Sunday)',
      });
    }
  } else if (payoutWeekday !== null) {
    issues.push({ path: 'payoutWeekday', message: 'A weekday is only for a weekly payout' });
  }
  if (payoutFrequency === 'MONTHLY') {
    if (!inRange(payoutDayOfMonth, PAYOUT_DAY_OF_MONTH_RANGE)) {
      issues.push({
        path: 'payoutDayOfMonth',
        message: 'A monthly payout needs a day of the month from 1 to 28',
      });
    }
  } else if (payoutDayOfMonth !== null) {
    issues.push({ path: 'payoutDayOfMonth', message: 'A day of the month is only for a monthly payout' });
  }
  return issues;
}
