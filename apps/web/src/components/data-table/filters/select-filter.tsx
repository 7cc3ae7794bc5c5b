import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FilterOption } from './multi-select-filter';

export interface SelectFilterProps<V extends string> {
  readonly label: string;
  readonly options: readonly FilterOption<V>[];
  readonly value: V | undefined;
  readonly onChange: (value: V | undefined) => void;
  readonly searchable?: boolean;
}

/** One value of a field (product, channel, location); none chosen means any. */
export function SelectFilter<V extends string>({
  label,
  options,
  value,
  onChange,
  searchable = false,
}: SelectFilterProps<V>) {
  const { t } = useTranslation('lists');
  return (
    <Select
      label={label}
      data={options.map((option) => ({ value: option.value, label: option.label }))}
      value={value ?? null}
      placeholder={t('filters.any')}
      searchable={searchable}
      clearable
      clearButtonProps={{ 'aria-label': t('filters.clearField', { field: label }) }}
      miw={160}
      maw={260}
      onChange={(text) => {
        onChange(options.find((option) => option.value === text)?.value);
      }}
    />
  );
}
