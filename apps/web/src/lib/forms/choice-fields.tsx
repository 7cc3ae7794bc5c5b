import { NumberInput, Select, type NumberInputProps, type SelectProps } from '@mantine/core';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { MoneyInput, type MoneyInputProps } from '../../components/money-input/money-input';
import type { Unbound } from './field-props';
import { useBoundField, type Bound } from './fields';

/** One of a list of values; nothing chosen is not offered once one is. */
export function SelectField<T extends FieldValues, N extends FieldPath<T>, O>({
  control,
  name,
  ...props
}: Bound<T, N, O> & Unbound<SelectProps>) {
  const { value, onChange, input } = useBoundField({ control, name });
  return (
    <Select
      allowDeselect={false}
      {...props}
      {...input}
      value={value ?? null}
      onChange={(next) => {
        if (next !== null) onChange(next);
      }}
    />
  );
}

/** A whole number; an empty field holds NaN, which the schema refuses as missing. */
export function CountField<T extends FieldValues, N extends FieldPath<T>, O>({
  control,
  name,
  ...props
}: Bound<T, N, O> & Unbound<NumberInputProps>) {
  const { value, onChange, input } = useBoundField({ control, name });
  return (
    <NumberInput
      allowDecimal={false}
      {...props}
      {...input}
      value={Number.isNaN(value) ? '' : value}
      onChange={(next) => {
        onChange(typeof next === 'number' ? next : Number.NaN);
      }}
    />
  );
}

/**
 * An amount typed in dollars (`MoneyInput`), kept in the form as minor units (the schemas' unit); an
 * empty field or a text that is not an amount holds NaN, which the schema refuses.
 */
export function MoneyField<T extends FieldValues, N extends FieldPath<T>, O>({
  control,
  name,
  ...props
}: Bound<T, N, O> & Unbound<MoneyInputProps>) {
  const { value, onChange, input } = useBoundField({ control, name });
  return (
    <MoneyInput
      {...props}
      {...input}
      value={typeof value === 'number' && !Number.isNaN(value) ? value : undefined}
      onChange={(typed) => {
        onChange(typed.kind === 'amount' ? typed.minor : Number.NaN);
      }}
    />
  );
}
