import type { PayoutSchedule } from '@portal/contracts/funding';

/** Query keys of the funding calls, per merchant (a merchant switch never shows the last one's settings). */
export const fundingKeys = {
  configuration: (merchantId: string) => ['funding', merchantId, 'configuration'] as const,
  /** Every preview of the merchant: a saved change makes each of them stale. */
  calendars: (merchantId: string) => ['funding', merchantId, 'calendar'] as const,
  calendar: (merchantId: string, schedule: PayoutSchedule | null) =>
    [...fundingKeys.calendars(merchantId), schedule] as const,
};
