import {
  changePasswordEndpoint,
  forgotPasswordEndpoint,
  passwordLinkEndpoints,
} from '@portal/contracts/passwords-endpoints';
import { USER_TOKEN_PURPOSES } from '@portal/contracts/users';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import { auditContextOf } from '../audit/record-audit.js';
import { changePassword, passwordLink, requestPasswordReset, setPasswordWithLink } from './service.js';

/** Link checks and uses per client address and minute: enough for a person, useless for guessing. */
export const PASSWORD_LINK_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;
/** "Forgot password" per client address and hour; each account also gets at most 3 e-mails an hour. */
export const FORGOT_PASSWORD_RATE_LIMIT = { max: 10, timeWindow: 3_600_000 } as const;
/** Current-password guesses of a signed-in session per address and minute. */
export const CHANGE_PASSWORD_RATE_LIMIT = { max: 10, timeWindow: 60_000 } as const;

/** The password calls (issue 6), as declared in `@portal/contracts/passwords-endpoints`. */
export const passwordRoutes: AppModule = (app, { config, database }, done) => {
  const { db } = database;
  const linkLimit = { rateLimit: PASSWORD_LINK_RATE_LIMIT };

  for (const purpose of USER_TOKEN_PURPOSES) {
    const endpoints = passwordLinkEndpoints[purpose];
    route(
      app,
      endpoints.check,
      async (request, reply) => {
        void reply.header('Cache-Control', 'no-store');
        return { data: await passwordLink(db, request.params.token, purpose) };
      },
      linkLimit,
    );
    route(
      app,
      endpoints.use,
      async (request) => ({
        data: await setPasswordWithLink(db, request.params.token, purpose, request.body.password, request.id),
      }),
      linkLimit,
    );
  }

  route(
    app,
    forgotPasswordEndpoint,
    async (request) => {
      await requestPasswordReset(db, config, request.body.email, request.body.locale);
      app.mail.deliverSoon();
      return { accepted: true as const };
    },
    { rateLimit: FORGOT_PASSWORD_RATE_LIMIT },
  );

  route(
    app,
    changePasswordEndpoint,
    async (request, reply) => {
      await changePassword(db, auditContextOf(request), request.principal.sessionId, {
        currentPassword: request.body.currentPassword,
        newPassword: request.body.newPassword,
      });
      return reply.send(null);
    },
    { rateLimit: CHANGE_PASSWORD_RATE_LIMIT },
  );

  done();
};
