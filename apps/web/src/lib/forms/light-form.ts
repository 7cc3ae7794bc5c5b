import { useRef, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { z } from 'zod/mini';
import { formErrorMap } from './validation-messages';

/** A light form holds text values only: its fields are text and password inputs. */
type TextValues = Record<string, string>;

/** What a light field needs of its form; `error` is a message key, as react-hook-form's would be. */
export interface LightFieldBinding {
  readonly name: string;
  readonly value: string;
  readonly error: string | undefined;
  readonly onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  readonly onBlur: () => void;
  readonly ref: (element: HTMLInputElement | null) => void;
}

export interface LightForm<T extends TextValues, Output> {
  readonly values: T;
  readonly field: (name: keyof T & string) => LightFieldBinding;
  /** From the submit until `onValid`'s promise settles: the submit button shows it, a second submit does nothing. */
  readonly isSubmitting: boolean;
  /** Checks the values on submit: valid, `onValid` gets them; invalid, the first invalid field takes focus. */
  readonly handleSubmit: (
    onValid: (values: Output, event: SubmitEvent<HTMLFormElement>) => void | Promise<void>,
  ) => (event: SubmitEvent<HTMLFormElement>) => void;
}

export interface LightFormOptions {
  /**
   * When a field is first checked, with react-hook-form's names: on submit (the default), or
   * `onTouched`, also when it loses focus; after that, on every change.
   */
  readonly mode?: 'onSubmit' | 'onTouched';
}

type Errors<T> = Partial<Record<keyof T, string>>;

/**
 * The form toolkit's variant without react-hook-form, for a form of a few text fields on a page opened
 * signed out (the sign-in and forgotten-password forms): the schema checks the values as
 * `formResolver` does, with react-hook-form's behaviour (a field is checked again on every change once
 * checked; the first invalid field takes focus on submit). It has no field arrays, no dirty state and no
 * server field errors; a form that needs them uses `useForm` with `formResolver` (docs/decisions/0025).
 */
export function useLightForm<T extends TextValues, Output>(
  schema: z.core.$ZodType<Output, T>,
  defaultValues: T,
  { mode = 'onSubmit' }: LightFormOptions = {},
): LightForm<T, Output> {
  const [values, setValues] = useState(defaultValues);
  const [errors, setErrors] = useState<Errors<T>>({});
  // The fields checked so far (all of them after a submit), which a change checks again.
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [isSubmitting, setSubmitting] = useState(false);
  // Set at once, unlike the state: a second submit in the same tick is refused too.
  const submitting = useRef(false);
  const elements = useRef(new Map<string, HTMLInputElement>());

  const check = (next: T): { valid: true; output: Output } | { valid: false; errors: Errors<T> } => {
    const result = z.safeParse(schema, next, { error: formErrorMap });
    if (result.success) return { valid: true, output: result.data };
    const found: Errors<T> = {};
    for (const issue of result.error.issues) {
      const name = issue.path[0] as keyof T | undefined;
      if (name !== undefined && found[name] === undefined) found[name] = issue.message;
    }
    return { valid: false, errors: found };
  };
  const showFor = (names: ReadonlySet<string>, next: T) => {
    const outcome = check(next);
    const found = outcome.valid ? {} : outcome.errors;
    setErrors(Object.fromEntries(Object.entries(found).filter(([name]) => names.has(name))) as Errors<T>);
  };
  const settled = () => {
    submitting.current = false;
    setSubmitting(false);
  };

  return {
    values,
    isSubmitting,
    field: (name) => ({
      name,
      value: values[name] ?? '',
      error: errors[name],
      onChange: (event) => {
        const next = { ...values, [name]: event.currentTarget.value };
        setValues(next);
        if (checked.has(name)) showFor(checked, next);
      },
      onBlur: () => {
        if (mode !== 'onTouched' || checked.has(name)) return;
        const now = new Set(checked).add(name);
        setChecked(now);
        showFor(now, values);
      },
      ref: (element) => {
        if (element === null) elements.current.delete(name);
        else elements.current.set(name, element);
      },
    }),
    handleSubmit: (onValid) => (event) => {
      event.preventDefault();
      if (submitting.current) return;
      setChecked(new Set(Object.keys(values)));
      const outcome = check(values);
      if (!outcome.valid) {
        setErrors(outcome.errors);
        // In the order of the values, which is the fields' order on the form.
        const first = Object.keys(values).find((name) => outcome.errors[name] !== undefined);
        if (first !== undefined) elements.current.get(first)?.focus();
        return;
      }
      setErrors({});
      submitting.current = true;
      setSubmitting(true);
      let saving;
      try {
        saving = onValid(outcome.output, event);
      } catch (error) {
        settled();
        throw error;
      }
      // A failure of `onValid` is its own to report, as with react-hook-form's handleSubmit.
      void Promise.resolve(saving).finally(settled);
    },
  };
}
