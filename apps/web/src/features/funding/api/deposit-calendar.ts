import type { PayoutSchedule } from '@portal/contracts/funding';
import { depositCalendarEndpoint } from '@portal/contracts/funding-endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/http/call-endpoint';
import { fundingKeys } from './funding-keys';

/** The query of a schedule being edited; the saved one's (null) sends none. */
function queryOf(schedule: PayoutSchedule | null) {
  if (schedule === null) return {};
  return {
    payoutFrequency: schedule.payoutFrequency,
    ...(schedule.payoutWeekday === null ? {} : { payoutWeekday: schedule.payoutWeekday }),
    ...(schedule.payoutDayOfMonth === null ? {} : { payoutDayOfMonth: schedule.payoutDayOfMonth }),
  };
}

/**
 * `GET /api/funding-configuration/deposit-calendar`: the next deposit days by `schedule` (null: the
 * saved one). While another schedule's days load, the last ones stay shown (marked busy).
 */
export function useDepositCalendar(merchantId: string, schedule: PayoutSchedule | null) {
  return useQuery({
    queryKey: fundingKeys.calendar(merchantId, schedule),
    queryFn: async ({ signal }) =>
      (await callEndpoint(depositCalendarEndpoint, { query: queryOf(schedule), signal })).data,
    placeholderData: keepPreviousData,
  });
}
