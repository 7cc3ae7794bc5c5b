import { dataResponseSchema } from './api.js';
import { defineEndpoint } from './endpoint.js';
import {
  changePasswordBodySchema,
  forgotPasswordAnswerSchema,
  forgotPasswordBodySchema,
  passwordLinkSchema,
  passwordSetSchema,
  setPasswordBodySchema,
  tokenParamsSchema,
} from './passwords.js';
import { SCOPES } from './scopes.js';
import type { UserTokenPurpose } from './users.js';

/**
 * The password calls (issue 6): the public links of invitations and resets, "forgot password", and
 * the signed-in user's change of password (`w:user.password`).
 */
const tags = ['passwords'];

const LINK_PATHS = {
  ACTIVATION: '/api/passwords/activation/:token',
  RESET: '/api/passwords/reset/:token',
} as const satisfies Record<UserTokenPurpose, string>;

function linkEndpoints(purpose: UserTokenPurpose) {
  const what = purpose === 'ACTIVATION' ? 'invitation' : 'password-reset';
  const link = { path: LINK_PATHS[purpose], params: tokenParamsSchema, access: 'public', tags } as const;
  return {
    check: defineEndpoint({
      ...link,
      method: 'GET',
      answer: { status: 200, schema: dataResponseSchema(passwordLinkSchema) },
      summary: `Whether an ${what} link still works, and the e-mail of its account`,
      errors: [400, 410, 429],
    }),
    use: defineEndpoint({
      ...link,
      method: 'POST',
      body: setPasswordBodySchema,
      answer: { status: 200, schema: dataResponseSchema(passwordSetSchema) },
      summary: `Sets the password through an ${what} link (single use)`,
      errors: [400, 410, 429],
    }),
  };
}

/** By the purpose of the link's token: an invitation's (ACTIVATION) or a reset's. */
export const passwordLinkEndpoints = {
  ACTIVATION: linkEndpoints('ACTIVATION'),
  RESET: linkEndpoints('RESET'),
} as const satisfies Record<UserTokenPurpose, unknown>;

export const forgotPasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/passwords/forgot',
  body: forgotPasswordBodySchema,
  answer: { status: 202, schema: forgotPasswordAnswerSchema },
  access: 'public',
  summary: 'E-mails a reset link when the account exists; the answer is the same either way',
  tags,
  errors: [400, 429],
});

export const changePasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/passwords/change',
  body: changePasswordBodySchema,
  answer: { status: 204 },
  access: { scopes: [SCOPES.passwordChange] },
  summary: "Changes the signed-in user's password, given the current one",
  tags,
  errors: [400, 401, 403, 429],
});
