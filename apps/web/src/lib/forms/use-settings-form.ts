import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod/mini';
import { showAlert, type AlertText } from '../alerts/alert-store';
import { track } from '../analytics/analytics';
import { applyApiFieldErrors, type FieldErrorOptions } from './api-field-errors';
import { formResolver } from './form-resolver';
import { useRefusalText } from '../http/refusal-text';

export interface SettingsFormOptions<Input extends FieldValues, Output> {
  /** Which settings, for analytics (`settings_updated`). */
  readonly section: string;
  /** The form's schema, usually the contracts' schema of the body the server checks. */
  readonly schema: z.core.$ZodType<Output, Input>;
  /** The saved settings as the form edits them; undefined while they load. */
  readonly values: Input | undefined;
  /**
   * Saves (a mutation's `mutateAsync`; its meta is FORM_SHOWS_FIELD_ERRORS), resolving with the values
   * the form shows next: the settings as saved, or empty fields for a secret such as a password.
   */
  readonly save: (values: Output) => Promise<Input>;
  /** The Success alert once saved. */
  readonly savedMessage: AlertText;
  /** How the server's field errors map to the form, when its paths are not the form's. */
  readonly fieldErrors?: FieldErrorOptions<Input>;
  /**
   * The user may read these settings but not change them (no edit scope): the frame shows the values
   * disabled, says why, and offers no save; the server would refuse the save anyway.
   */
  readonly readOnly?: boolean;
}

export interface SettingsForm<Input extends FieldValues, Output> {
  readonly form: UseFormReturn<Input, unknown, Output>;
  /** The form's `onSubmit`: validates, saves, then shows the Success alert or the server's field errors. */
  readonly submit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  /**
   * A second action on the same form (e.g. "Publish" beside "Save draft"): validated, saved, alerted and
   * tracked like `submit`, with its own save and Success message.
   */
  readonly submitWith: (
    save: (values: Output) => Promise<Input>,
    savedMessage: AlertText,
  ) => (event?: React.BaseSyntheticEvent) => Promise<void>;
  readonly loading: boolean;
  readonly readOnly: boolean;
}

/**
 * The settings page pattern: load, edit, validate (the schema, messages as keys), save, success alert,
 * server field errors next to their fields; other failures get the mutation cache's error alert.
 * Render it with <SettingsFormFrame>, which adds the form pattern's guard (FormGuard), or shows the
 * values read-only to a user who may not change them (`readOnly`).
 */
export function useSettingsForm<Input extends FieldValues, Output>({
  section,
  schema,
  values,
  save,
  savedMessage,
  fieldErrors,
  readOnly = false,
}: SettingsFormOptions<Input, Output>): SettingsForm<Input, Output> {
  const refusalText = useRefusalText();
  const form = useForm<Input, unknown, Output>({
    resolver: formResolver(schema),
    // Loaded settings replace the form's values until the user edits them.
    values,
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
  });
  const submitWith = (action: typeof save, message: AlertText) =>
    form.handleSubmit(async (output) => {
      if (readOnly) return;
      let saved: Input;
      try {
        saved = await action(output);
      } catch (error) {
        applyApiFieldErrors(form, error, refusalText, fieldErrors);
        return;
      }
      form.reset(saved, { keepDirtyValues: false });
      track('settings_updated', { section });
      showAlert({ type: 'Success', message });
    });
  return {
    form,
    submit: submitWith(save, savedMessage),
    submitWith,
    loading: values === undefined,
    readOnly,
  };
}
