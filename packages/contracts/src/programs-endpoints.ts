import { z } from 'zod';
import { dataResponseSchema, listResponseSchema } from './api.js';
import { defineEndpoint } from './endpoint.js';
import { participationSchema, participationsQuerySchema, programSchema } from './programs.js';

/** Programs and participations (specification §7): any signed-in user, for the token's merchant only. */
const tags = ['programs'];

export const participationsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/merchant-program-participation',
  query: participationsQuerySchema,
  answer: { status: 200, schema: listResponseSchema(participationSchema) },
  access: { scopes: [] },
  summary: "A page of the merchant's program participations, oldest first",
  tags,
  errors: [400, 401, 403],
});

export const programEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/program/:id',
  params: z.strictObject({ id: z.string().min(1).max(100) }),
  answer: { status: 200, schema: dataResponseSchema(programSchema) },
  access: { scopes: [] },
  summary: 'A program the merchant takes part in, or took part in',
  tags,
  errors: [401, 403],
});
