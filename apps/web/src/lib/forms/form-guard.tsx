import { useCallback, useEffect, useRef } from 'react';
import { useFormState, type Control, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { showAlert } from '../alerts/alert-store';
import { useAuth } from '../auth/auth-context';
import { ApiError } from '../http/api-error';
import { forgetFormDraft, readFormDraft, writeFormDraft } from '../storage/portal-storage';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

/**
 * The form pattern's guard, for every form that edits something: asks before edits are lost (leaving
 * through the router, a merchant change, closing or reloading the tab). While a save runs the form is
 * not asked about: a page that moves on once saved must not ask about what it just saved.
 */
export function FormGuard<T extends FieldValues, Output>({
  control,
}: {
  readonly control: Control<T, unknown, Output>;
}) {
  const { isDirty, isSubmitting } = useFormState({ control });
  return <UnsavedChangesGuard when={isDirty && !isSubmitting} />;
}

/** NaN (an amount not typed yet) survives the JSON of a draft. */
const NAN = '\u0000NaN';
const keepNaN = (_key: string, value: unknown) =>
  typeof value === 'number' && Number.isNaN(value) ? NAN : value;
const restoreNaN = (_key: string, value: unknown) => (value === NAN ? Number.NaN : value);

/** 401 ends the session (docs/auth.md): the page goes, and the user signs in again. */
function endsSession(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

export interface FormDraft {
  /**
   * Runs a save. What the form holds is kept as a draft meanwhile; a save refused because the session
   * ended (401) leaves it, so that the form shows it again once the user has signed in again.
   */
  readonly saving: <R>(save: () => Promise<R>) => Promise<R>;
}

/**
 * A form's draft over an ended session: `name` says which form (never one with a password; null: no
 * draft), and the
 * draft belongs to the signed-in user and merchant, in this tab only (session storage). Restored when
 * the form opens, with the edits still unsaved (the guard asks before they are lost), and said so.
 */
export function useFormDraft<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'getValues' | 'reset'>,
  name: string | null,
): FormDraft {
  const { claims } = useAuth();
  const key = claims === null || name === null ? null : `${name}.${claims.uid}.${claims.merchantID}`;
  const { getValues, reset } = form;
  const restored = useRef(false);

  useEffect(() => {
    if (key === null || restored.current) return;
    restored.current = true;
    const text = readFormDraft(key);
    if (text === null) return;
    forgetFormDraft(key);
    try {
      // The defaults stay the form's: the restored values count as edits not saved yet.
      reset(JSON.parse(text, restoreNaN) as T, { keepDefaultValues: true });
      showAlert({ type: 'Info', message: { key: 'forms:draft.restored' } });
    } catch {
      // A damaged draft is no draft.
    }
  }, [key, reset]);

  const saving = useCallback(
    async <R,>(save: () => Promise<R>): Promise<R> => {
      if (key !== null) writeFormDraft(key, JSON.stringify(getValues(), keepNaN));
      try {
        const result = await save();
        if (key !== null) forgetFormDraft(key);
        return result;
      } catch (error) {
        if (key !== null && !endsSession(error)) forgetFormDraft(key);
        throw error;
      }
    },
    [key, getValues],
  );
  return { saving };
}
