import { Group, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { DayRange } from '../lib/dates/day-ranges';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
// The theme's dimmed grey is too faint on white to be read (WCAG AA).
const READABLE_DESCRIPTION = { description: { color: 'var(--mantine-color-gray-7)' } };

/** What the picker says, in the page's language. */
export interface DayRangePickerTexts<P extends string> {
  readonly label: string;
  /** Whose days these are, e.g. "Days in America/New_York". */
  readonly zone: string;
  readonly from: string;
  readonly to: string;
  readonly custom: string;
  readonly presets: Readonly<Record<P, string>>;
  /** A hint under the end date, such as the longest range. */
  readonly toHint?: string;
  /** Why the custom range cannot be shown, beside its end date. */
  readonly problem?: string;
}

export interface DayRangePickerProps<P extends string> {
  readonly presets: readonly P[];
  readonly choice: P | 'custom';
  readonly range: DayRange;
  /** The merchant's today: no range ends later. */
  readonly today: string;
  readonly texts: DayRangePickerTexts<P>;
  readonly onPreset: (preset: P) => void;
  readonly onCustom: (range: DayRange) => void;
}

/**
 * A preset range, or a custom one typed or picked as two of the merchant's days. The date fields hold
 * plain days, never instants, so the browser's own time zone shifts nothing; a range the server would
 * refuse says why beside its end, and nothing is asked of the server.
 */
export function DayRangePicker<P extends string>({
  presets,
  choice,
  range,
  today,
  texts,
  onPreset,
  onCustom,
}: DayRangePickerProps<P>) {
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
        label={texts.label}
        description={texts.zone}
        styles={READABLE_DESCRIPTION}
        value={choice}
        allowDeselect={false}
        w={220}
        data={[
          ...presets.map((preset) => ({ value: preset, label: texts.presets[preset] })),
          { value: 'custom', label: texts.custom },
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
            label={texts.from}
            value={draft.from}
            max={today}
            w={180}
            onChange={(event) => {
              change({ ...draft, from: event.currentTarget.value });
            }}
          />
          <TextInput
            type="date"
            label={texts.to}
            value={draft.to}
            max={today}
            w={180}
            description={texts.toHint}
            styles={READABLE_DESCRIPTION}
            error={texts.problem}
            onChange={(event) => {
              change({ ...draft, to: event.currentTarget.value });
            }}
          />
        </>
      )}
    </Group>
  );
}
