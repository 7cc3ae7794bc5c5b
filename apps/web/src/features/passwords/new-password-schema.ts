import { brokenPasswordRules } from '@portal/contracts/password-rules';
import { z } from 'zod/mini';

/** A new password and its confirmation, as the forms hold them. */
export interface NewPassword {
  readonly password: string;
  readonly confirmation: string;
}

/**
 * The password rules the server applies (the contracts' `brokenPasswordRules`, which need the
 * account's e-mail) and the confirmation, with the `passwords` texts' keys as messages.
 */
function refineNewPassword(email: string) {
  return (value: NewPassword, context: z.core.$RefinementCtx<NewPassword>) => {
    if (brokenPasswordRules(value.password, email).length > 0) {
      context.addIssue({ code: 'custom', path: ['password'], message: 'passwords:errors.rules' });
    }
    if (value.confirmation !== value.password) {
      context.addIssue({ code: 'custom', path: ['confirmation'], message: 'passwords:errors.mismatch' });
    }
  };
}

export const EMPTY_NEW_PASSWORD: NewPassword = { password: '', confirmation: '' };

export function newPasswordSchema(email: string) {
  return z
    .object({ password: z.string(), confirmation: z.string() })
    .check(z.superRefine(refineNewPassword(email)));
}

export interface PasswordChange extends NewPassword {
  readonly currentPassword: string;
}

export const EMPTY_PASSWORD_CHANGE: PasswordChange = { currentPassword: '', ...EMPTY_NEW_PASSWORD };

export function passwordChangeSchema(email: string) {
  return z
    .object({
      currentPassword: z.string().check(z.minLength(1, 'passwords:errors.currentRequired')),
      password: z.string(),
      confirmation: z.string(),
    })
    .check(z.superRefine(refineNewPassword(email)));
}
