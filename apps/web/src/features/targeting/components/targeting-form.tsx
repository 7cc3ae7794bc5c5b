import { Group, TextInput } from '@mantine/core';
import {
  HAS_FINANCING_VALUES,
  TARGETING_CHECKOUT_STATUSES,
  type TargetingWindowProblem,
} from '@portal/contracts/targeting';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FilterOption } from '../../../components/data-table/filters/multi-select-filter';
import { MultiSelectFilter } from '../../../components/data-table/filters/multi-select-filter';
import { SelectFilter } from '../../../components/data-table/filters/select-filter';
import { track } from '../../../lib/analytics/analytics';
import type { TargetingState } from '../url-state';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const READABLE_ERROR = { color: 'var(--mantine-color-red-9)' };

export interface TargetingFormProps {
  readonly state: TargetingState;
  /** The window shown: the URL's, or the default one. */
  readonly window: { readonly from: string; readonly to: string };
  readonly today: string;
  readonly problem: TargetingWindowProblem | null;
  /** The programs of the header's selection; none offered when there is only one. */
  readonly programs: readonly FilterOption<string>[];
  readonly onChange: (next: Partial<TargetingState>) => void;
}

/**
 * The selection: the window's two days (typed or picked; a message next to the field says what is
 * wrong with it), the programs, financing and the latest checkout status. Each change goes to the URL.
 */
export function TargetingForm({ state, window, today, problem, programs, onChange }: TargetingFormProps) {
  const { t } = useTranslation('targeting');
  const messageFor = (field: 'from' | 'to') =>
    problem?.field === field ? t(`window.${problem.reason}`, { today }) : undefined;
  const changed = (name: string, next: Partial<TargetingState>) => {
    track('filter_applied', { list: 'targeting', filter: name });
    onChange(next);
  };

  return (
    <Group align="flex-start" gap="md" wrap="wrap" role="group" aria-label={t('form.label')}>
      <DayField
        label={t('form.from')}
        value={window.from}
        max={today}
        error={messageFor('from')}
        // Only the day changed is written: the other is read from the URL when the write lands, so a
        // To typed right after From (before the page shows From) cannot put the old From back.
        onDay={(from) => {
          changed('window', { from });
        }}
      />
      <DayField
        label={t('form.to')}
        value={window.to}
        max={today}
        error={messageFor('to')}
        onDay={(to) => {
          changed('window', { to });
        }}
      />
      {programs.length > 1 ? (
        <MultiSelectFilter
          label={t('form.programs')}
          options={programs}
          value={state.programs.filter((id) => programs.some((program) => program.value === id))}
          onChange={(values) => {
            changed('program', { programs: values });
          }}
        />
      ) : null}
      <SelectFilter
        label={t('form.hasFinancing')}
        options={HAS_FINANCING_VALUES.map((value) => ({ value, label: t(`hasFinancing.${value}`) }))}
        value={state.hasFinancing}
        onChange={(hasFinancing) => {
          changed('hasFinancing', { hasFinancing });
        }}
      />
      <SelectFilter
        label={t('form.checkoutStatus')}
        options={TARGETING_CHECKOUT_STATUSES.map((value) => ({ value, label: t(`checkoutStatus.${value}`) }))}
        value={state.checkoutStatus}
        onChange={(checkoutStatus) => {
          changed('checkoutStatus', { checkoutStatus });
        }}
      />
    </Group>
  );
}

interface DayFieldProps {
  readonly label: string;
  readonly value: string;
  readonly max: string;
  readonly error: string | undefined;
  readonly onDay: (day: string) => void;
}

/**
 * One day of the window, the browser's own date field (typed or picked, on a phone its wheel). What is
 * typed is kept while it is not yet a whole date, and applied once it is.
 */
function DayField({ label, value, max, error, onDay }: DayFieldProps) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
  }
  return (
    <TextInput
      type="date"
      label={label}
      value={draft}
      max={max}
      error={error}
      // The theme's error red is too faint on white for text to be read (WCAG AA): darker message, and
      // the typed date stays dark beside its red border.
      styles={{ error: READABLE_ERROR, input: { color: 'var(--mantine-color-text)' } }}
      w={180}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setDraft(next);
        if (DAY.test(next) && next !== value) onDay(next);
      }}
    />
  );
}
