import { showErrorAlert } from '../alerts/alert-store';
import { hasFieldErrors } from './api-field-errors';

// `meta` of every mutation, typed once (TanStack Query's Register).
declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: PortalMutationMeta;
  }
}

/** What a mutation tells the mutation cache (app/query-client.ts). */
// A type alias: TanStack Query needs the meta type to be assignable to Record<string, unknown>.
export type PortalMutationMeta = {
  /**
   * The failures the page shows itself (next to the fields, in its dialog). Every other failure gets
   * the generic error alert from the mutation cache: a call site cannot forget to report one.
   */
  readonly showsError?: (error: unknown) => boolean;
};

/** The meta of a mutation whose form shows the server's field errors next to the fields. */
export const FORM_SHOWS_FIELD_ERRORS: PortalMutationMeta = { showsError: hasFieldErrors };

/** The mutation cache's default: every failure is alerted unless the mutation shows it itself. */
export function reportMutationError(
  error: unknown,
  meta: PortalMutationMeta | undefined,
  report: (error: unknown) => void = showErrorAlert,
): void {
  if (meta?.showsError?.(error) === true) return;
  report(error);
}
