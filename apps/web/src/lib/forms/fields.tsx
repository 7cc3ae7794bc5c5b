import { Alert, PasswordInput, TextInput, type PasswordInputProps, type TextInputProps } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useController, useFormState, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { READABLE_DESCRIPTION, type Unbound } from './field-props';
import { useValidationText } from './validation-messages';

/**
 * A field bound to a react-hook-form form: its value, its touched state and its error. The
 * text fields are here; the choice and number fields are in `choice-fields.tsx`, so that a page with a
 * text form does not load the select's and the number inputs' code. A form of text fields alone on a
 * page opened signed out (the sign-in) can go without react-hook-form: `light-form.ts`.
 */
export interface Bound<T extends FieldValues, N extends FieldPath<T>, O> {
  readonly control: Control<T, unknown, O>;
  readonly name: N;
}

/**
 * A bound field's value and change handler, which each input adapts, and the props every one hands to
 * its Mantine input as they are (`input`); the error is translated (message keys).
 */
export function useBoundField<T extends FieldValues, N extends FieldPath<T>, O>({
  control,
  name,
}: Bound<T, N, O>) {
  const text = useValidationText();
  const {
    field: { ref, name: fieldName, onBlur, onChange, value },
    fieldState,
  } = useController({ control, name });
  return {
    value,
    onChange,
    input: {
      ref,
      name: fieldName,
      onBlur,
      error: text(fieldState.error?.message),
      descriptionProps: READABLE_DESCRIPTION,
    },
  };
}

/** A text of the form (`register` would do, but this one also translates the error). */
export function TextField<T extends FieldValues, N extends FieldPath<T>, O>({
  control,
  name,
  ...props
}: Bound<T, N, O> & Unbound<TextInputProps>) {
  const { value, onChange, input } = useBoundField({ control, name });
  return <TextInput {...props} {...input} onChange={onChange} value={value ?? ''} />;
}

export function PasswordField<T extends FieldValues, N extends FieldPath<T>, O>({
  control,
  name,
  ...props
}: Bound<T, N, O> & Unbound<PasswordInputProps>) {
  const { value, onChange, input } = useBoundField({ control, name });
  return <PasswordInput {...props} {...input} onChange={onChange} value={value ?? ''} />;
}

/** A refusal of the server that names no field of the form (`applyApiFieldErrors`). */
export function FormError<T extends FieldValues, O>({
  control,
}: {
  readonly control: Control<T, unknown, O>;
}) {
  const text = useValidationText();
  const { errors } = useFormState({ control });
  const message = text(errors.root?.server?.message);
  if (message === undefined) return null;
  return (
    <Alert role="alert" color="red" variant="light" icon={<IconAlertCircle aria-hidden />}>
      {message}
    </Alert>
  );
}
