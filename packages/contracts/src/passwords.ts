import { z } from 'zod/mini';
import { LOCALES } from './brands.js';
import { MAX_PASSWORD_LENGTH } from './password-rules.js';
import { emailSchema } from './email.js';

/** Tokens are 32 random bytes in base64url (43 characters). */
export const tokenParamsSchema = z.strictObject({ token: z.string().check(z.regex(/^[\w-]{20,100}$/)) });

/** What a valid link is for: the page shows the e-mail and checks the password against it. */
export const passwordLinkSchema = z.object({ email: z.string() });
export type PasswordLink = z.infer<typeof passwordLinkSchema>;

const password = z.string().check(z.minLength(1), z.maxLength(MAX_PASSWORD_LENGTH));

export const setPasswordBodySchema = z.strictObject({ password });

/** After the password is set: the e-mail to sign in with (the identity provider's login hint). */
export const passwordSetSchema = z.object({ email: z.string() });

export const forgotPasswordBodySchema = z.strictObject({
  email: emailSchema,
  /** The language of the page that asked; without one, the user's merchant's (General settings). */
  locale: z.optional(z.enum(LOCALES)),
});
export type ForgotPasswordInput = z.input<typeof forgotPasswordBodySchema>;

/** The one answer to "forgot password", whether or not the account exists. */
export const forgotPasswordAnswerSchema = z.object({ accepted: z.literal(true) });

export const changePasswordBodySchema = z.strictObject({ currentPassword: password, newPassword: password });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** Field paths of the password refusals, for the forms' field errors. */
export const PASSWORD_FIELD_PATH = 'body.password';
export const NEW_PASSWORD_FIELD_PATH = 'body.newPassword';
export const CURRENT_PASSWORD_FIELD_PATH = 'body.currentPassword';
