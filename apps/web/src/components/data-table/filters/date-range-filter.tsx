import { DatePickerInput, type DatePickerPreset } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayRange } from '../../../lib/dates/day-ranges';
import { DATE_RANGE_PRESETS, presetRange } from './date-presets';

type Draft = [string | null, string | null];

const READABLE = { color: 'var(--mantine-color-gray-7)' };

export interface DateRangeFilterProps {
  readonly label: string;
  /** Days (`YYYY-MM-DD`) in the merchant's time zone, both included. */
  readonly value: { readonly from: string | undefined; readonly to: string | undefined };
  readonly onChange: (range: Partial<DayRange>) => void;
  /** The merchant's IANA time zone: "today" and "this month" are the merchant's. */
  readonly timeZone: string;
}

function draftOf(value: DateRangeFilterProps['value']): Draft {
  return [value.from ?? null, value.to ?? null];
}

/**
 * A range of days with presets (today, the last 7, 30 or 90 days, this month). A range is applied once
 * both ends are chosen; a single day is a range of one day.
 */
export function DateRangeFilter({ label, value, onChange, timeZone }: DateRangeFilterProps) {
  const { t } = useTranslation('lists');
  const [draft, setDraft] = useState<Draft>(() => draftOf(value));
  const [seen, setSeen] = useState(value);
  if (value.from !== seen.from || value.to !== seen.to) {
    setSeen(value);
    setDraft(draftOf(value));
  }
  // Computed when the picker opens, so that "today" is the day it is then.
  const [presets, setPresets] = useState<DatePickerPreset<'range'>[]>([]);

  return (
    <DatePickerInput
      type="range"
      label={label}
      placeholder={t('filters.anyDate')}
      value={draft}
      allowSingleDateInRange
      clearable
      clearButtonProps={{ 'aria-label': t('filters.clearField', { field: label }) }}
      leftSection={<IconCalendar size={16} aria-hidden="true" />}
      miw={220}
      presets={presets}
      ariaLabels={{
        previousMonth: t('filters.calendar.previousMonth'),
        nextMonth: t('filters.calendar.nextMonth'),
        previousYear: t('filters.calendar.previousYear'),
        nextYear: t('filters.calendar.nextYear'),
        previousDecade: t('filters.calendar.previousDecade'),
        nextDecade: t('filters.calendar.nextDecade'),
        monthLevelControl: t('filters.calendar.chooseMonth'),
        yearLevelControl: t('filters.calendar.chooseYear'),
      }}
      // The theme's dimmed grey and weekend red are too faint on white for text to be read (WCAG AA).
      styles={{ placeholder: READABLE, weekday: READABLE }}
      weekendDays={[]}
      hideOutsideDates
      onClick={() => {
        const now = new Date();
        setPresets(
          DATE_RANGE_PRESETS.map((preset) => {
            const range = presetRange(preset, timeZone, now);
            return { value: [range.from, range.to], label: t(`filters.presets.${preset}`) };
          }),
        );
      }}
      onChange={(next) => {
        setDraft(next);
        const [from, to] = next;
        if (from !== null && to !== null) onChange({ from, to });
        else if (from === null && to === null) onChange({ from: undefined, to: undefined });
      }}
      onDropdownClose={() => {
        // A range left half chosen is dropped: the filter shows what the list is filtered by.
        setDraft(draftOf(value));
      }}
    />
  );
}
