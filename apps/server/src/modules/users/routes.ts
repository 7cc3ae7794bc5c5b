import {
  addUserEndpoint,
  listUsersEndpoint,
  removeUserEndpoint,
  resendInvitationEndpoint,
  restoreUserEndpoint,
  updateUserRoleEndpoint,
} from '@portal/contracts/users-endpoints';
import { currentMerchantId } from '../../auth/access.js';
import { idempotent } from '../../http/idempotency.js';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import { auditContextOf } from '../audit/record-audit.js';
import { addUser, removeUser, resendInvitation, restoreUser, updateUserRole, userList } from './service.js';

/** The user-management page (issue 6), as declared in `@portal/contracts/users-endpoints`. */
export const userRoutes: AppModule = (app, { config, database }, done) => {
  const { db } = database;

  route(app, listUsersEndpoint, async (request) => ({
    data: await userList(db, currentMerchantId(request), request.query),
  }));

  route(app, addUserEndpoint, async (request, reply) => {
    const sent = await idempotent(request, reply, db, async (trx) => ({
      status: 201,
      body: {
        data: await addUser(trx, config, auditContextOf(request), currentMerchantId(request), request.body),
      },
    }));
    app.mail.deliverSoon();
    return sent;
  });

  route(app, resendInvitationEndpoint, async (request) => {
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
  });

  route(app, updateUserRoleEndpoint, async (request) => ({
    data: await updateUserRole(
      db,
      auditContextOf(request),
      currentMerchantId(request),
      request.params.id,
      request.body.role,
    ),
  }));

  route(app, removeUserEndpoint, async (request) => ({
    data: await removeUser(db, auditContextOf(request), currentMerchantId(request), request.params.id),
  }));

  route(app, restoreUserEndpoint, async (request) => {
    const user = await restoreUser(
      db,
      config,
      auditContextOf(request),
      currentMerchantId(request),
      request.params.id,
      request.body.locale,
    );
    app.mail.deliverSoon();
    return { data: user };
  });

  done();
};
