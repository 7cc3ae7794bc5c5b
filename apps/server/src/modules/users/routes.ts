import { z } from 'zod';
import { dataResponseSchema } from '@portal/contracts/api';
import { SCOPES } from '@portal/contracts/scopes';
import {
  USER_INVITATION_PATH,
  USER_PATH,
  USER_ROLE_PATH,
  USERS_PATH,
  addUserBodySchema,
  resendInvitationBodySchema,
  updateUserRoleBodySchema,
  userListQuerySchema,
  userListResponseSchema,
  userSchema,
} from '@portal/contracts/users';
import { currentMerchantId } from '../../auth/access.js';
import { errorResponses } from '../../http/error-responses.js';
import { idempotent } from '../../http/idempotency.js';
import type { AppModule } from '../../http/module.js';
import { auditContextOf } from '../audit/record-audit.js';
import { addUser, removeUser, resendInvitation, updateUserRole, userList } from './service.js';

const idParams = z.strictObject({ id: z.string().trim().min(1).max(100) });
const userAnswer = dataResponseSchema(userSchema);

/**
 * The user-management page (issue 6). Reading needs `r:merchant.users`, changing `w:merchant.users`.
 * Everything is the token's merchant's: provider staff act on the merchant they chose, and another
 * merchant's user answers as one that does not exist (403).
 */
export const userRoutes: AppModule = (app, { config, database }, done) => {
  const { db } = database;

  app.get(
    USERS_PATH,
    {
      config: { access: { page: 'userManagement' } },
      schema: {
        tags: ['users'],
        summary: "A page of the merchant's users, searched, filtered and sorted",
        querystring: userListQuerySchema,
        response: { 200: userListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ data: await userList(db, currentMerchantId(request), request.query) }),
  );

  app.post(
    USERS_PATH,
    {
      config: { access: { scopes: [SCOPES.usersWrite] }, idempotent: true },
      schema: {
        tags: ['users'],
        summary: 'Adds a user, INVITED, and e-mails the activation link',
        body: addUserBodySchema,
        response: { 201: userAnswer, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const sent = await idempotent(request, reply, db, async (trx) => ({
        status: 201,
        body: {
          data: await addUser(trx, config, auditContextOf(request), currentMerchantId(request), request.body),
        },
      }));
      app.mail.deliverSoon();
      return sent;
    },
  );

  app.post(
    USER_INVITATION_PATH,
    {
      config: { access: { scopes: [SCOPES.usersWrite] } },
      schema: {
        tags: ['users'],
        summary: 'E-mails a new activation link to an INVITED user; the earlier link stops working',
        params: idParams,
        body: resendInvitationBodySchema,
        response: { 200: userAnswer, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const user = await resendInvitation(
        db,
        config,
        auditContextOf(request),
        currentMerchantId(request),
        request.params.id,
        request.body.locale,
      );
      app.mail.deliverSoon();
      return { data: user };
    },
  );

  app.put(
    USER_ROLE_PATH,
    {
      config: { access: { scopes: [SCOPES.usersWrite] } },
      schema: {
        tags: ['users'],
        summary: "Changes a user's role (from its next sign-in); never one's own, never the last admin",
        params: idParams,
        body: updateUserRoleBodySchema,
        response: { 200: userAnswer, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ({
      data: await updateUserRole(
        db,
        auditContextOf(request),
        currentMerchantId(request),
        request.params.id,
        request.body.role,
      ),
    }),
  );

  app.delete(
    USER_PATH,
    {
      config: { access: { scopes: [SCOPES.usersWrite] } },
      schema: {
        tags: ['users'],
        summary: 'Removes a user (DISABLED, kept for the audit log); never oneself, never the last admin',
        params: idParams,
        response: { 200: userAnswer, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ({
      data: await removeUser(db, auditContextOf(request), currentMerchantId(request), request.params.id),
    }),
  );

  done();
};
