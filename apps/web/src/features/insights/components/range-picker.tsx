import type { InsightsRangeProblem } from '@portal/contracts/insights';
import { useTranslation } from 'react-i18next';
import { DayRangePicker } from '../../../components/day-range-picker';
import type { DayRange } from '../../../lib/dates/day-ranges';
import { INSIGHTS_PRESETS, type InsightsPreset } from '../insights-url';

export interface RangePickerProps {
  readonly choice: InsightsPreset | 'custom';
  readonly range: DayRange;
  /** Why the custom range cannot be shown, beside its end date. */
  readonly problem: InsightsRangeProblem | null;
  /** The merchant's today: no range ends later. */
  readonly today: string;
  readonly timeZone: string;
  readonly onPreset: (preset: InsightsPreset) => void;
  readonly onCustom: (range: DayRange) => void;
}

/** The insights' range: a preset or two of the merchant's days. */
export function RangePicker({ problem, timeZone, ...picker }: RangePickerProps) {
  const { t } = useTranslation('insights');
  const { t: errors } = useTranslation('errors');
  return (
    <DayRangePicker
      {...picker}
      presets={INSIGHTS_PRESETS}
      texts={{
        label: t('range.label'),
        zone: t('range.zone', { zone: timeZone }),
        from: t('range.from'),
        to: t('range.to'),
        custom: t('range.presets.custom'),
        presets: Object.fromEntries(
          INSIGHTS_PRESETS.map((preset) => [preset, t(`range.presets.${preset}`)]),
        ) as Record<InsightsPreset, string>,
        problem: problem === null ? undefined : errors(`refusal.${problem}`),
      }}
    />
  );
}
