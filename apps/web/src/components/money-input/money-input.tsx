import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormattingLocale } from '../../lib/format/use-formatters';
import { formatMoneyText, minorUnitsOf, parseMoneyText, typedMoneyText, type MoneyText } from './money-text';

/** How long after the last keystroke a text that is not an amount is said to be one. */
const CHECK_DELAY_MS = 800;
/** The example of the "not an amount" message, written the locale's way. */
const EXAMPLE_MINOR = 123_456;

export interface MoneyInputProps extends Omit<
  TextInputProps,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'inputMode' | 'prefix'
> {
  /** In minor units; undefined while the field is empty or holds no amount. */
  readonly value: number | undefined;
  /** Each change of the text, read (`parseMoneyText`): the caller decides what an empty or wrong one means. */
  readonly onChange: (typed: MoneyText) => void;
  /** A currency sign shown before the amount, outside its text ("$"), so that typing never mixes with it. */
  readonly prefix?: string;
}

/**
 * The portal's one amount field. It keeps exactly what is typed, in the user's way of writing numbers
 * (either decimal sign in French), and never reformats it while it is typed: a formatted mask moved the
 * caret and turned "1500" into "1,005". What the text means reaches `onChange` on each keystroke; a value
 * from outside (a reset, a link, Back) replaces the text only when it means something else.
 */
export function MoneyInput({ value, onChange, prefix, error, onBlur, onFocus, ...props }: MoneyInputProps) {
  const { t } = useTranslation('forms');
  const locale = useFormattingLocale();
  const [text, setText] = useState(() => formatMoneyText(value, locale));
  const [seen, setSeen] = useState(value);
  const [checked, setChecked] = useState(false);
  if (!Object.is(value, seen)) {
    setSeen(value);
    if (minorUnitsOf(text, locale) !== value) {
      setText(formatMoneyText(value, locale));
      setChecked(false);
    }
  }
  const check = useDebouncedCallback(() => {
    setChecked(true);
  }, CHECK_DELAY_MS);

  const invalid = checked && parseMoneyText(text, locale).kind === 'invalid';
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      leftSection={
        prefix === undefined ? undefined : (
          <Text size="sm" c="dark.4">
            {prefix}
          </Text>
        )
      }
      {...props}
      value={text}
      error={invalid ? t('notAnAmount', { example: formatMoneyText(EXAMPLE_MINOR, locale) }) : error}
      onChange={(event) => {
        const next = typedMoneyText(event.currentTarget.value);
        setText(next);
        setChecked(false);
        check();
        onChange(parseMoneyText(next, locale));
      }}
      onFocus={(event: FocusEvent<HTMLInputElement>) => {
        // A zero default is replaced by what is typed, wherever the click put the caret.
        if (minorUnitsOf(text, locale) === 0) event.currentTarget.select();
        onFocus?.(event);
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        check.cancel();
        setChecked(true);
        onBlur?.(event);
      }}
    />
  );
}
