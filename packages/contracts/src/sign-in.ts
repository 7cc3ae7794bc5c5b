import { z } from 'zod/mini';

/**
 * The built-in identity provider's sign-in form (docs/auth.md). The provider sends the browser to the
 * portal's page `/login/:interactionId` (PUBLIC_PATHS.signIn); the page asks the server what the
 * interaction needs, then posts a plain HTML form (`application/x-www-form-urlencoded`, fields
 * SIGN_IN_FORM_FIELDS) back to the same path. The server answers with a 303: onwards to the provider, or
 * back to the page with `?error=<SignInError>` (and `&until=<ISO date-time>` when throttled).
 */

export const interactionDetailsSchema = z.object({
  prompt: z.literal('login'),
  /** The client's display name at the provider. */
  clientName: z.optional(z.string()),
  /** The `login_hint` the client sent, to prefill the e-mail field. */
  loginHint: z.optional(z.string()),
});
export type InteractionDetails = z.infer<typeof interactionDetailsSchema>;

/** The names of the form's inputs. */
export const SIGN_IN_FORM_FIELDS = { email: 'email', password: 'password' } as const;

/**
 * Why the sign-in page is shown again:
 * - `invalid`: the e-mail and password do not sign in: the one answer whatever the account's state
 *   (unknown, not active, no password yet, wrong password), so that it tells nothing about accounts;
 * - `throttled`: too many failures for this e-mail from this address, or from this address at all;
 *   `until` says when the next attempt may come (the same for every e-mail, known or not);
 * - `expired`: the sign-in took too long or its cookie is missing: start again from /login;
 * - `rate_limited`: too many attempts from this address; wait a minute;
 * - `unavailable`: the attempt could not be counted (the store of the limits is down): try again soon.
 */
export const SIGN_IN_ERRORS = ['invalid', 'throttled', 'expired', 'rate_limited', 'unavailable'] as const;
export type SignInError = (typeof SIGN_IN_ERRORS)[number];

/** Query parameters of `/login/:interactionId` after a refused attempt. */
export const SIGN_IN_ERROR_PARAM = 'error';
export const SIGN_IN_RETRY_AT_PARAM = 'until';
