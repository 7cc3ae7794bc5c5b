import { PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import { READABLE_DESCRIPTION, type Unbound } from './field-props';
import type { LightFieldBinding } from './light-form';
import { useValidationText } from './validation-messages';

/** A light form's field (`form.field(name)`), with its error translated as `fields.tsx` does. */
interface LightBound {
  readonly field: LightFieldBinding;
}

function useLightInput({ field }: LightBound) {
  const text = useValidationText();
  return {
    ref: field.ref,
    onBlur: field.onBlur,
    name: field.name,
    value: field.value,
    onChange: field.onChange,
    error: text(field.error),
    descriptionProps: READABLE_DESCRIPTION,
  };
}

/** `TextField` of a light form (`useLightForm`). */
export function LightTextField({ field, ...props }: LightBound & Unbound<TextInputProps>) {
  return <TextInput {...props} {...useLightInput({ field })} />;
}

/** `PasswordField` of a light form (`useLightForm`). */
export function LightPasswordField({ field, ...props }: LightBound & Unbound<PasswordInputProps>) {
  return <PasswordInput {...props} {...useLightInput({ field })} />;
}
