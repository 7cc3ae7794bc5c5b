import type { ChangePasswordBody, ForgotPasswordInput } from '@portal/contracts/passwords';
import {
  changePasswordEndpoint,
  forgotPasswordEndpoint,
  passwordLinkEndpoints,
} from '@portal/contracts/passwords-endpoints';
import type { UserTokenPurpose } from '@portal/contracts/users';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/http/api-error';
import { hasFieldErrors } from '../../../lib/forms/api-field-errors';
import { FORM_SHOWS_FIELD_ERRORS } from '../../../lib/forms/mutation-errors';
import { callEndpoint } from '../../../lib/http/call-endpoint';

/** A link that no longer works: 410 (used, expired, replaced, unknown) or a malformed token (400). */
function isDeadLink(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 410 || error.status === 400);
}

/**
 * `GET` of an invitation or reset link: the account's e-mail, or null when the link no longer works.
 * Public: the call carries no token.
 */
export function usePasswordLink(purpose: UserTokenPurpose, token: string) {
  return useQuery({
    queryKey: ['password-link', purpose, token],
    queryFn: async ({ signal }) => {
      try {
        const { data } = await callEndpoint(passwordLinkEndpoints[purpose].check, {
          params: { token },
          signal,
        });
        return data;
      } catch (error) {
        if (isDeadLink(error)) return null;
        throw error;
      }
    },
    retry: false,
    staleTime: Infinity,
  });
}

/** A link that stopped working between its check and the new password (410). */
export function isGoneLink(error: unknown): boolean {
  return error instanceof ApiError && error.status === 410;
}

/** `POST` of an invitation or reset link with the new password; answers the e-mail to sign in with. */
export function useSetPassword(purpose: UserTokenPurpose, token: string) {
  return useMutation({
    // The form shows a refused password, and a dead link its own message.
    meta: { showsError: (error) => isGoneLink(error) || hasFieldErrors(error) },
    mutationFn: async (password: string) => {
      const { data } = await callEndpoint(passwordLinkEndpoints[purpose].use, {
        params: { token },
        body: { password },
      });
      return data;
    },
  });
}

/** Too many requests from here: the page says so itself. */
export function isRateLimited(error: unknown): boolean {
  return error instanceof ApiError && error.status === 429;
}

export function useForgotPassword() {
  return useMutation({
    meta: { showsError: isRateLimited },
    mutationFn: (body: ForgotPasswordInput) => callEndpoint(forgotPasswordEndpoint, { body }),
  });
}

export function useChangePassword() {
  return useMutation({
    meta: FORM_SHOWS_FIELD_ERRORS,
    mutationFn: async (body: ChangePasswordBody) => {
      await callEndpoint(changePasswordEndpoint, { body });
    },
  });
}
