import { settlementRangeIssue } from '@portal/contracts/settlement';
import { z } from 'zod';
import { chooseDayRange, type ChosenDayRange, type DayRangePreset } from '../../lib/dates/day-ranges';
import { defineUrlState } from '../../lib/url-state/url-state';
import { urlDay, urlInteger } from '../../lib/url-state/url-params';

/** The ranges offered in one click, of the merchant's own days. */
export const SETTLEMENT_PRESETS = [
  'yesterday',
  'last7Days',
  'thisMonth',
  'lastMonth',
] as const satisfies readonly DayRangePreset[];
export type SettlementPreset = (typeof SETTLEMENT_PRESETS)[number];
const DEFAULT_PRESET: SettlementPreset = 'last7Days';

/**
 * The page in the URL: a preset (recomputed each day) or a custom range of days, and the open deposit
 * with the page of its events, so that a link opens the same deposit.
 */
export const settlementUrl = defineUrlState({
  preset: z.enum(SETTLEMENT_PRESETS).optional(),
  from: urlDay(),
  to: urlDay(),
  deposit: z.string().min(1).max(100).optional(),
  offset: urlInteger({ max: 1_000_000 }),
});
export type SettlementUrlState = typeof settlementUrl.defaults;

export type RangeProblem = NonNullable<ReturnType<typeof settlementRangeIssue>>;

/** The URL's range: a custom one when both ends are there (with the server's refusal code), else a preset. */
export function chosenRange(
  state: SettlementUrlState,
  today: string,
): ChosenDayRange<SettlementPreset, RangeProblem> {
  return chooseDayRange(
    state,
    DEFAULT_PRESET,
    today,
    (range) => settlementRangeIssue(range.from, range.to, today) ?? null,
  );
}
