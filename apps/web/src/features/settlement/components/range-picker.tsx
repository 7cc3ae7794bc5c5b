import { SETTLEMENT_MAX_RANGE_DAYS } from '@portal/contracts/settlement';
import { useTranslation } from 'react-i18next';
import { DayRangePicker } from '../../../components/day-range-picker';
import type { DayRange } from '../../../lib/dates/day-ranges';
import { SETTLEMENT_PRESETS, type RangeProblem, type SettlementPreset } from '../settlement-url';

export interface RangePickerProps {
  readonly choice: SettlementPreset | 'custom';
  readonly range: DayRange;
  readonly problem: RangeProblem | null;
  readonly today: string;
  readonly timeZone: string;
  readonly onPreset: (preset: SettlementPreset) => void;
  readonly onCustom: (range: DayRange) => void;
}

/** The report's deposit dates: a preset or two of the merchant's days, at most 100 days apart. */
export function RangePicker({ problem, timeZone, ...picker }: RangePickerProps) {
  const { t } = useTranslation('settlement');
  const { t: errors } = useTranslation('errors');
  return (
    <DayRangePicker
      {...picker}
      presets={SETTLEMENT_PRESETS}
      texts={{
        label: t('range.label'),
        zone: t('range.zone', { zone: timeZone }),
        from: t('range.from'),
        to: t('range.to'),
        custom: t('range.presets.custom'),
        presets: Object.fromEntries(
          SETTLEMENT_PRESETS.map((preset) => [preset, t(`range.presets.${preset}`)]),
        ) as Record<SettlementPreset, string>,
        toHint: t('range.most', { days: SETTLEMENT_MAX_RANGE_DAYS }),
        problem:
          problem === null ? undefined : errors(`refusal.${problem}`, { maxDays: SETTLEMENT_MAX_RANGE_DAYS }),
      }}
    />
  );
}
