import { Group, NumberInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface NumberRange {
  readonly min: number | undefined;
  readonly max: number | undefined;
}

export interface NumberRangeFilterProps {
  readonly label: string;
  /** In the units shown (dollars, not cents): the page converts. */
  readonly value: NumberRange;
  readonly onChange: (range: NumberRange) => void;
  /** Digits after the decimal point, 2 for money. */
  readonly decimalScale?: number;
  /** Shown before the number, such as "$". */
  readonly prefix?: string;
  readonly delayMs?: number;
}

function numberOf(input: string | number): number | undefined {
  if (typeof input === 'number') return Number.isFinite(input) ? input : undefined;
  return undefined;
}

/** A smallest and largest value (both optional); applied when typing pauses, after a check of the order. */
export function NumberRangeFilter({
  label,
  value,
  onChange,
  decimalScale = 0,
  prefix,
  delayMs = 500,
}: NumberRangeFilterProps) {
  const { t } = useTranslation('lists');
  const [draft, setDraft] = useState<NumberRange>(value);
  const [seen, setSeen] = useState(value);
  if (value.min !== seen.min || value.max !== seen.max) {
    setSeen(value);
    setDraft(value);
  }
  const reversed = draft.min !== undefined && draft.max !== undefined && draft.min > draft.max;
  const commit = useDebouncedCallback((next: NumberRange) => {
    if (next.min !== undefined && next.max !== undefined && next.min > next.max) return;
    if (next.min === value.min && next.max === value.max) return;
    onChange(next);
  }, delayMs);

  const change = (next: NumberRange) => {
    setDraft(next);
    commit(next);
  };

  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" role="group" aria-label={label}>
      <NumberInput
        label={t('filters.range.min', { field: label })}
        value={draft.min ?? ''}
        min={0}
        decimalScale={decimalScale}
        prefix={prefix}
        thousandSeparator
        hideControls
        w={150}
        onChange={(input) => {
          change({ ...draft, min: numberOf(input) });
        }}
      />
      <NumberInput
        label={t('filters.range.max', { field: label })}
        value={draft.max ?? ''}
        min={0}
        decimalScale={decimalScale}
        prefix={prefix}
        thousandSeparator
        hideControls
        w={150}
        error={reversed ? t('filters.range.reversed') : undefined}
        onChange={(input) => {
          change({ ...draft, max: numberOf(input) });
        }}
      />
    </Group>
  );
}
