import { Group } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '../../money-input/money-input';
import type { MoneyText } from '../../money-input/money-text';

export interface MoneyRange {
  /** Minor units, as the URL and the API have them. */
  readonly min: number | undefined;
  readonly max: number | undefined;
}

export interface MoneyRangeFilterProps {
  readonly label: string;
  /** The range applied (the URL's). */
  readonly value: MoneyRange;
  readonly onChange: (range: MoneyRange) => void;
  readonly delayMs?: number;
}

const sameRange = (a: MoneyRange, b: MoneyRange) => a.min === b.min && a.max === b.max;

/**
 * A smallest and largest amount (both optional), typed as people type them and applied once typing
 * settles, after a check of the order. The fields show what is typed; what is applied is what it means.
 * An applied range coming back (the URL catching up) never rewrites what was typed meanwhile: that
 * rewrite turned "1500" into "150". Another range from outside (Back, "Clear filters", a link) replaces
 * what is typed.
 */
export function MoneyRangeFilter({ label, value, onChange, delayMs = 500 }: MoneyRangeFilterProps) {
  const { t } = useTranslation('lists');
  const [draft, setDraft] = useState<MoneyRange>(value);
  const [seen, setSeen] = useState<MoneyRange>(value);
  // The ranges applied whose URL has not come back yet: their return is no news.
  const [sent, setSent] = useState<readonly MoneyRange[]>([]);
  const commit = useDebouncedCallback((next: MoneyRange) => {
    if (next.min !== undefined && next.max !== undefined && next.min > next.max) return;
    setSent((ranges) => [...ranges, next]);
    onChange(next);
  }, delayMs);
  if (!sameRange(value, seen)) {
    setSeen(value);
    const echo = sent.findIndex((range) => sameRange(range, value));
    if (echo >= 0) {
      setSent(sent.slice(echo + 1));
    } else {
      commit.cancel();
      setSent([]);
      setDraft(value);
    }
  }
  const target = sent.at(-1) ?? value;
  const reversed = draft.min !== undefined && draft.max !== undefined && draft.min > draft.max;

  const change = (bound: keyof MoneyRange, typed: MoneyText) => {
    // A text that is no amount applies nothing: the field says so and the list keeps its range.
    if (typed.kind === 'invalid') {
      commit.cancel();
      return;
    }
    const next = { ...draft, [bound]: typed.kind === 'amount' ? typed.minor : undefined };
    setDraft(next);
    if (sameRange(next, target)) commit.cancel();
    else commit(next);
  };

  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" role="group" aria-label={label}>
      <MoneyInput
        label={t('filters.range.min', { field: label })}
        value={draft.min}
        w={150}
        onChange={(typed) => {
          change('min', typed);
        }}
      />
      <MoneyInput
        label={t('filters.range.max', { field: label })}
        value={draft.max}
        w={150}
        error={reversed ? t('filters.range.reversed') : undefined}
        onChange={(typed) => {
          change('max', typed);
        }}
      />
    </Group>
  );
}
