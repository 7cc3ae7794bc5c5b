import { Group, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayRange } from '../lib/dates/day-ranges';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
// The theme's dimmed grey is too faint on white to be read (WCAG AA).
const READABLE_DESCRIPTION = { description: { color: 'var(--mantine-color-gray-7)' } };

/**
 * The pages with a range of days. Each one's namespace holds the picker's texts under `range`: `label`,
 * `zone`, `from`, `to`, `presets.<preset>` and `presets.custom`, and `most` when the range has a longest.
 */
type RangeNamespace = 'insights' | 'settlement';

export interface DayRangePickerProps<P extends string> {
  readonly namespace: RangeNamespace;
  readonly presets: readonly P[];
  readonly choice: P | 'custom';
  readonly range: DayRange;
  /** The merchant's today: no range ends later. */
  readonly today: string;
  /** Whose days these are: the merchant's zone. */
  readonly timeZone: string;
  /** The refusal code of why the custom range cannot be shown, said beside its end date. */
  readonly problem: string | null;
  /** The longest range, said under the end date. */
  readonly maxDays?: number;
  readonly onPreset: (preset: P) => void;
  readonly onCustom: (range: DayRange) => void;
}

/**
 * A preset range, or a custom one typed or picked as two of the merchant's days. The date fields hold
 * plain days, never instants, so the browser's own time zone shifts nothing; a range the server would
 * refuse says why beside its end, and nothing is asked of the server.
 */
export function DayRangePicker<P extends string>({
  namespace,
  presets,
  choice,
  range,
  today,
  timeZone,
  problem,
  maxDays,
  onPreset,
  onCustom,
}: DayRangePickerProps<P>) {
  const { t } = useTranslation(namespace);
  const { t: errors } = useTranslation('errors');
  // The presets' names, one object of the namespace (its keys are the presets of the page).
  const presetNames = t('range.presets', { returnObjects: true }) as Readonly<Record<string, string>>;
  const [draft, setDraft] = useState<DayRange>(range);
  const [seen, setSeen] = useState<DayRange>(range);
  // A range changed from outside (a preset, Back) replaces what is being typed.
  if (seen.from !== range.from || seen.to !== range.to) {
    setSeen(range);
    setDraft(range);
  }
  const change = (next: DayRange) => {
    setDraft(next);
    if (ISO_DAY.test(next.from) && ISO_DAY.test(next.to)) onCustom(next);
  };
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <Select
        label={t('range.label')}
        description={t('range.zone', { zone: timeZone })}
        styles={READABLE_DESCRIPTION}
        value={choice}
        allowDeselect={false}
        w={220}
        data={[
          ...presets.map((preset) => ({ value: preset, label: presetNames[preset] ?? preset })),
          { value: 'custom', label: t('range.presets.custom') },
        ]}
        onChange={(value) => {
          if (value === 'custom') {
            onCustom(range);
            return;
          }
          const preset = presets.find((candidate) => candidate === value);
          if (preset !== undefined) onPreset(preset);
        }}
      />
      {choice === 'custom' && (
        <>
          <TextInput
            type="date"
            label={t('range.from')}
            value={draft.from}
            max={today}
            w={180}
            onChange={(event) => {
              change({ ...draft, from: event.currentTarget.value });
            }}
          />
          <TextInput
            type="date"
            label={t('range.to')}
            value={draft.to}
            max={today}
            w={180}
            description={maxDays === undefined ? undefined : t('range.most', { days: maxDays })}
            styles={READABLE_DESCRIPTION}
            error={problem === null ? undefined : errors(`refusal.${problem}`, { maxDays })}
            onChange={(event) => {
              change({ ...draft, to: event.currentTarget.value });
            }}
          />
        </>
      )}
    </Group>
  );
}
