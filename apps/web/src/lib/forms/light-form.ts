import { useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import type { z } from 'zod';
import { formErrorMap } from './validation-messages';

/** A light form holds text values only: its fields are text and password inputs. */
type TextValues = Record<string, string>;

/** What a light field needs of its form; `error` is a message key, as react-hook-form's would be. */
export interface LightFieldBinding {
  readonly name: string;
  readonly value: string;
  readonly error: string | undefined;
  readonly onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  readonly ref: (element: HTMLInputElement | null) => void;
}

export interface LightForm<T extends TextValues, Output> {
  readonly field: (name: keyof T & string) => LightFieldBinding;
  /** Checks the values on submit: valid, `onValid` gets them; invalid, the first invalid field takes focus. */
  readonly handleSubmit: (
    onValid: (values: Output, event: SubmitEvent<HTMLFormElement>) => void,
  ) => (event: SubmitEvent<HTMLFormElement>) => void;
}

type Errors<T> = Partial<Record<keyof T, string>>;

/**
 * The form toolkit's variant without react-hook-form, for a form of a few text fields on a page opened
 * signed out (the sign-in form): the schema checks the values as `formResolver` does, on submit and,
 * after a submit, on every change (react-hook-form's defaults); the first invalid field takes focus.
 * It has no field arrays, no touched or dirty state and no server errors; a form that needs them uses
 * `useForm` with `formResolver` (docs/decisions/0025).
 */
export function useLightForm<T extends TextValues, Output>(
  schema: z.ZodType<Output, T>,
  defaultValues: T,
): LightForm<T, Output> {
  const [values, setValues] = useState(defaultValues);
  const [errors, setErrors] = useState<Errors<T>>({});
  const [submitted, setSubmitted] = useState(false);
  const elements = useRef(new Map<string, HTMLInputElement>());

  const check = (next: T): { output: Output } | { errors: Errors<T> } => {
    const result = schema.safeParse(next, { error: formErrorMap });
    if (result.success) return { output: result.data };
    const found: Errors<T> = {};
    for (const issue of result.error.issues) {
      const name = issue.path[0] as keyof T | undefined;
      if (name !== undefined && found[name] === undefined) found[name] = issue.message;
    }
    return { errors: found };
  };

  return {
    field: (name) => ({
      name,
      value: values[name] ?? '',
      error: errors[name],
      onChange: (event) => {
        const next = { ...values, [name]: event.currentTarget.value };
        setValues(next);
        if (submitted) {
          const outcome = check(next);
          setErrors('errors' in outcome ? outcome.errors : {});
        }
      },
      ref: (element) => {
        if (element === null) elements.current.delete(name);
        else elements.current.set(name, element);
      },
    }),
    handleSubmit: (onValid) => (event) => {
      event.preventDefault();
      setSubmitted(true);
      const outcome = check(values);
      if ('output' in outcome) {
        setErrors({});
        onValid(outcome.output, event);
        return;
      }
      setErrors(outcome.errors);
      // In the order of the values, which is the fields' order on the form.
      const first = Object.keys(values).find((name) => outcome.errors[name] !== undefined);
      if (first !== undefined) elements.current.get(first)?.focus();
    },
  };
}
