import { z } from 'zod';
import {
  accessKeyListSchema,
  accessKeySchema,
  accessKeyWithSecretSchema,
  createAccessKeyBodySchema,
  rotateAccessKeyBodySchema,
} from './access-keys.js';
import { dataResponseSchema } from './api.js';
import { defineEndpoint } from './endpoint.js';
import { SCOPES } from './scopes.js';

/**
 * The access keys page (issue 14): listing needs the page's access (`r:merchant.api`); creating,
 * rotating and revoking need `w:merchant.api` too (ADMIN and INTERNAL_ADMIN). Another merchant's key
 * answers as one that does not exist (404). None of these calls is idempotent: a kept answer would keep
 * the secret.
 */
const tags = ['accessKeys'];
const page = { page: 'accessKeys' } as const;
const change = { page: 'accessKeys', scopes: [SCOPES.apiKeysWrite] } as const;
const keyParams = z.strictObject({ keyId: z.uuid() });

export const listAccessKeysEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/access-keys',
  answer: { status: 200, schema: dataResponseSchema(accessKeyListSchema) },
  access: page,
  summary: "The merchant's access keys, newest first, without their secrets",
  tags,
  errors: [401, 403],
});

export const createAccessKeyEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/access-keys',
  body: createAccessKeyBodySchema,
  answer: { status: 201, schema: dataResponseSchema(accessKeyWithSecretSchema) },
  access: change,
  summary: 'Creates an access key; its secret is in this answer and never again',
  tags,
  errors: [400, 401, 403, 422],
});

export const rotateAccessKeyEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/access-keys/:keyId/rotate',
  params: keyParams,
  body: rotateAccessKeyBodySchema,
  answer: { status: 200, schema: dataResponseSchema(accessKeyWithSecretSchema) },
  access: change,
  summary: 'Gives the key a new secret (in this answer only); the old one works for the chosen overlap',
  tags,
  errors: [400, 401, 403, 404, 409],
});

export const revokeAccessKeyEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/access-keys/:keyId/revoke',
  params: keyParams,
  answer: { status: 200, schema: dataResponseSchema(accessKeySchema) },
  access: change,
  summary: 'Revokes the key: the merchant API refuses it from the next request',
  tags,
  errors: [400, 401, 403, 404],
});
