import { ColorInput } from '@mantine/core';
import type {
  CheckoutDesignInput,
  CheckoutDesignValues,
  ColorField as Name,
} from '@portal/contracts/checkout-design';
import { useController, type Control } from 'react-hook-form';
import { useValidationText } from '../../../lib/forms/validation-messages';

interface ColorFieldProps {
  readonly control: Control<CheckoutDesignInput, unknown, CheckoutDesignValues>;
  readonly name: Name;
  readonly label: string;
}

/** A `#rrggbb` color: typed, or picked with the swatch. */
export function ColorField({ control, name, label }: ColorFieldProps) {
  const text = useValidationText();
  const {
    field: { ref, name: fieldName, onBlur, onChange, value },
    fieldState,
  } = useController({ control, name });
  return (
    <ColorInput
      ref={ref}
      name={fieldName}
      label={label}
      format="hex"
      withEyeDropper={false}
      withPicker={false}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={text(fieldState.error?.message)}
      required
    />
  );
}
