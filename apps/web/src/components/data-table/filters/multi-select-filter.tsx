import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface FilterOption<V extends string> {
  readonly value: V;
  readonly label: string;
}

export interface MultiSelectFilterProps<V extends string> {
  readonly label: string;
  readonly options: readonly FilterOption<V>[];
  readonly value: readonly V[];
  readonly onChange: (values: V[]) => void;
  readonly searchable?: boolean;
}

/** Several values of one field (statuses, programs); none chosen means any. */
export function MultiSelectFilter<V extends string>({
  label,
  options,
  value,
  onChange,
  searchable = false,
}: MultiSelectFilterProps<V>) {
  const { t } = useTranslation('lists');
  return (
    <MultiSelect
      label={label}
      data={options.map((option) => ({ value: option.value, label: option.label }))}
      value={[...value]}
      placeholder={value.length === 0 ? t('filters.any') : undefined}
      searchable={searchable}
      clearable
      clearButtonProps={{ 'aria-label': t('filters.clearField', { field: label }) }}
      miw={200}
      maw={360}
      onChange={(values) => {
        const known = new Map(options.map((option) => [option.value as string, option.value]));
        onChange(values.flatMap((text) => known.get(text) ?? []));
      }}
    />
  );
}
