import type { ErrorDetail } from '@portal/contracts/api';
import { isRefusalReason } from '@portal/contracts/refusals';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError, type ApiRefusal } from '../http/api-error';

/** Translates a refusal for the user (`useRefusalText`): `(refusal, englishMessage) => text`. */
type RefusalText = (refusal: ApiRefusal, fallback: string) => string;

/** Where a refusal not tied to one of the form's fields is kept (shown by `<FormError>`). */
const FORM_ERROR = 'root.server';

/** The server refused the values it was sent, naming the fields (a 400, 409 or 422 with `details`). */
export function hasFieldErrors(error: unknown): error is ApiError {
  return error instanceof ApiError && [400, 409, 422].includes(error.status) && error.details.length > 0;
}

export interface FieldErrorOptions<T extends FieldValues> {
  /**
   * The form field an API path (`body.shopper.email`) belongs to, or null for the form as a whole.
   * By default the path without `body.` when it names a value of the form.
   */
  readonly fieldOf?: (apiPath: string) => FieldPath<T> | null;
  /**
   * The message to show for a detail (a message key), or undefined for the server's own: its refusal
   * in the user's language, or its message as it came when it names no refusal the portal knows.
   */
  readonly messageOf?: (detail: ErrorDetail, error: ApiError) => string | undefined;
}

/** A detail's text from the server: its refusal code translated, its English message otherwise. */
function serverMessage(detail: ErrorDetail, refusalText: RefusalText): string {
  const { reason, params = {} } = detail;
  return isRefusalReason(reason) ? refusalText({ reason, params }, detail.message) : detail.message;
}

/**
 * Puts the server's field errors (`ApiError.details`) on the form, in the user's language
 * (`refusalText`), each next to its field and the first field focused; details that name no field show above the form. Returns false when the error
 * carries no field errors, for the caller (or the mutation cache) to report otherwise.
 */
export function applyApiFieldErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'getValues'>,
  error: unknown,
  refusalText: RefusalText,
  { fieldOf, messageOf }: FieldErrorOptions<T> = {},
): boolean {
  if (!hasFieldErrors(error)) return false;
  const defaultFieldOf = (apiPath: string): FieldPath<T> | null => {
    const path = apiPath.replace(/^body\.?/, '');
    return path !== '' && form.getValues(path as FieldPath<T>) !== undefined ? (path as FieldPath<T>) : null;
  };
  let focused = false;
  for (const detail of error.details) {
    const field = (fieldOf ?? defaultFieldOf)(detail.path);
    const message = messageOf?.(detail, error) ?? serverMessage(detail, refusalText);
    if (field === null) {
      form.setError(FORM_ERROR, { type: 'server', message });
    } else {
      form.setError(field, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    }
  }
  return true;
}
