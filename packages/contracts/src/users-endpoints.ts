import { z } from 'zod';
import { dataResponseSchema } from './api.js';
import { defineEndpoint } from './endpoint.js';
import { SCOPES } from './scopes.js';
import {
  addUserBodySchema,
  resendInvitationBodySchema,
  restoreUserBodySchema,
  updateUserRoleBodySchema,
  userListQuerySchema,
  userListResponseSchema,
  userSchema,
} from './users.js';

/**
 * The user-management page (issue 6). Reading needs the page's access, changing `w:merchant.users`.
 * Everything is the token's merchant's: another merchant's user answers as one that does not exist (403).
 */
const tags = ['users'];
const write = { scopes: [SCOPES.usersWrite] };
const idParams = z.strictObject({ id: z.string().trim().min(1).max(100) });
const oneUser = { status: 200, schema: dataResponseSchema(userSchema) } as const;

export const listUsersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/users',
  query: userListQuerySchema,
  answer: { status: 200, schema: userListResponseSchema },
  access: { page: 'userManagement' },
  summary: "A page of the merchant's users, searched, filtered and sorted",
  tags,
  errors: [400, 401, 403],
});

export const addUserEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/users',
  body: addUserBodySchema,
  answer: { ...oneUser, status: 201 },
  access: write,
  idempotent: true,
  summary: 'Adds a user, INVITED, and e-mails the activation link',
  tags,
  errors: [400, 401, 403, 409],
});

export const resendInvitationEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/users/:id/invitation',
  params: idParams,
  body: resendInvitationBodySchema,
  answer: oneUser,
  access: write,
  summary: 'E-mails a new activation link to an INVITED user; the earlier link stops working',
  tags,
  errors: [400, 401, 403, 409],
});

export const updateUserRoleEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/users/:id/role',
  params: idParams,
  body: updateUserRoleBodySchema,
  answer: oneUser,
  access: write,
  summary: "Changes a user's role (from its next sign-in); never one's own, never the last admin",
  tags,
  errors: [400, 401, 403, 409],
});

export const removeUserEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/users/:id',
  params: idParams,
  answer: oneUser,
  access: write,
  summary: 'Removes a user (DISABLED, kept for the audit log); never oneself, never the last admin',
  tags,
  errors: [400, 401, 403, 409],
});

export const restoreUserEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/users/:id/restore',
  params: idParams,
  body: restoreUserBodySchema,
  answer: oneUser,
  access: write,
  summary: 'Restores a removed user: INVITED again, with a new activation link by e-mail',
  tags,
  errors: [400, 401, 403, 409],
});
