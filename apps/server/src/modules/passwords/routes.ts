import { dataResponseSchema } from '@portal/contracts/api';
import {
  ACTIVATION_PATH,
  CHANGE_PASSWORD_PATH,
  FORGOT_PASSWORD_PATH,
  RESET_PATH,
  changePasswordBodySchema,
  forgotPasswordAnswerSchema,
  forgotPasswordBodySchema,
  passwordLinkSchema,
  passwordSetSchema,
  setPasswordBodySchema,
  tokenParamsSchema,
} from '@portal/contracts/passwords';
import { SCOPES } from '@portal/contracts/scopes';
import type { UserTokenPurpose } from '@portal/contracts/users';
import { z } from 'zod';
import { errorResponses } from '../../http/error-responses.js';
import type { AppModule } from '../../http/module.js';
import { auditContextOf } from '../audit/record-audit.js';
import { changePassword, passwordLink, requestPasswordReset, setPasswordWithLink } from './service.js';

/** Link checks and uses per client address and minute: enough for a person, useless for guessing. */
export const PASSWORD_LINK_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;
/** "Forgot password" per client address and hour; each account also gets at most 3 e-mails an hour. */
export const FORGOT_PASSWORD_RATE_LIMIT = { max: 10, timeWindow: 3_600_000 } as const;
/** Current-password guesses of a signed-in session per address and minute. */
export const CHANGE_PASSWORD_RATE_LIMIT = { max: 10, timeWindow: 60_000 } as const;

const LINK_PATHS: Readonly<Record<UserTokenPurpose, string>> = {
  ACTIVATION: ACTIVATION_PATH,
  RESET: RESET_PATH,
};

/**
 * The password calls (issue 6): the public links of invitations and resets, "forgot password", and
 * the signed-in user's change of password (`w:user.password`).
 */
export const passwordRoutes: AppModule = (app, { config, database }, done) => {
  const { db } = database;

  for (const [purpose, path] of Object.entries(LINK_PATHS) as [UserTokenPurpose, string][]) {
    const what = purpose === 'ACTIVATION' ? 'invitation' : 'password-reset';
    app.get(
      path,
      {
        config: { access: 'public', rateLimit: PASSWORD_LINK_RATE_LIMIT },
        schema: {
          tags: ['passwords'],
          summary: `Whether an ${what} link still works, and the e-mail of its account`,
          params: tokenParamsSchema,
          response: { 200: dataResponseSchema(passwordLinkSchema), ...errorResponses(400, 410, 429) },
        },
      },
      async (request, reply) => {
        void reply.header('Cache-Control', 'no-store');
        return { data: await passwordLink(db, request.params.token, purpose) };
      },
    );
    app.post(
      path,
      {
        config: { access: 'public', rateLimit: PASSWORD_LINK_RATE_LIMIT },
        schema: {
          tags: ['passwords'],
          summary: `Sets the password through an ${what} link (single use)`,
          params: tokenParamsSchema,
          body: setPasswordBodySchema,
          response: { 200: dataResponseSchema(passwordSetSchema), ...errorResponses(400, 410, 429) },
        },
      },
      async (request) => ({
        data: await setPasswordWithLink(db, request.params.token, purpose, request.body.password, request.id),
      }),
    );
  }

  app.post(
    FORGOT_PASSWORD_PATH,
    {
      config: { access: 'public', rateLimit: FORGOT_PASSWORD_RATE_LIMIT },
      schema: {
        tags: ['passwords'],
        summary: 'E-mails a reset link when the account exists; the answer is the same either way',
        body: forgotPasswordBodySchema,
        response: { 202: forgotPasswordAnswerSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(db, config, request.body.email, request.body.locale);
      app.mail.deliverSoon();
      return reply.status(202).send({ accepted: true });
    },
  );

  app.post(
    CHANGE_PASSWORD_PATH,
    {
      config: { access: { scopes: [SCOPES.passwordChange] }, rateLimit: CHANGE_PASSWORD_RATE_LIMIT },
      schema: {
        tags: ['passwords'],
        summary: "Changes the signed-in user's password, given the current one",
        body: changePasswordBodySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      await changePassword(db, auditContextOf(request), request.principal.sessionId, {
        currentPassword: request.body.currentPassword,
        newPassword: request.body.newPassword,
      });
      return reply.status(204).send(null);
    },
  );

  done();
};
