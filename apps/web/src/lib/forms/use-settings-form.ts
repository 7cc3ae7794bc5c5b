import { useForm, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { showAlert, type AlertText } from '../alerts/alert-store';
import { track } from '../analytics/analytics';
import { applyApiFieldErrors, type FieldErrorOptions } from './api-field-errors';
import { formResolver } from './form-resolver';

export interface SettingsFormOptions<Input extends FieldValues, Output> {
  /** Which settings, for analytics (`settings_updated`). */
  readonly section: string;
  /** The form's schema, usually the contracts' schema of the body the server checks. */
  readonly schema: z.ZodType<Output, Input>;
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
}

export interface SettingsForm<Input extends FieldValues, Output> {
  readonly form: UseFormReturn<Input, unknown, Output>;
  /** The form's `onSubmit`: validates, saves, then shows the Success alert or the server's field errors. */
  readonly submit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  readonly loading: boolean;
  /** Edits not saved yet: the UnsavedChangesGuard asks before they are lost. */
  readonly dirty: boolean;
}

/**
 * The settings page pattern: load, edit, validate (the schema, messages as keys), save, success alert,
 * server field errors next to their fields; other failures get the mutation cache's error alert.
 * Render it with <SettingsFormFrame>, which adds the unsaved-changes guard.
 */
export function useSettingsForm<Input extends FieldValues, Output>({
  section,
  schema,
  values,
  save,
  savedMessage,
  fieldErrors,
}: SettingsFormOptions<Input, Output>): SettingsForm<Input, Output> {
  const form = useForm<Input, unknown, Output>({
    resolver: formResolver(schema),
    // Loaded settings replace the form's values until the user edits them.
    values,
    resetOptions: { keepDirtyValues: true },
    mode: 'onTouched',
  });
  const submit = form.handleSubmit(async (output) => {
    let saved: Input;
    try {
      saved = await save(output);
    } catch (error) {
      applyApiFieldErrors(form, error, fieldErrors);
      return;
    }
    form.reset(saved, { keepDirtyValues: false });
    track('settings_updated', { section });
    showAlert({ type: 'Success', message: savedMessage });
  });
  return { form, submit, loading: values === undefined, dirty: form.formState.isDirty };
}
