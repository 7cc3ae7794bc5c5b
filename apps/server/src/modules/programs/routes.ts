import { z } from 'zod';
import { dataResponseSchema, listResponseSchema } from '@portal/contracts/api';
import {
  PARTICIPATIONS_PATH,
  PROGRAM_PATH,
  participationSchema,
  participationsQuerySchema,
  programSchema,
} from '@portal/contracts/programs';
import { currentMerchantId, requireMerchant } from '../../auth/access.js';
import { errorResponses } from '../../http/error-responses.js';
import type { AppModule } from '../../http/module.js';
import { participationsPage, programForMerchant } from './service.js';

/** Programs and participations (specification §7): any signed-in user, for the token's merchant only. */
export const programRoutes: AppModule = (app, { database }, done) => {
  app.get(
    PARTICIPATIONS_PATH,
    {
      config: { access: { scopes: [] } },
      schema: {
        tags: ['programs'],
        summary: "A page of the merchant's program participations, oldest first",
        querystring: participationsQuerySchema,
        response: { 200: listResponseSchema(participationSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { 'merchantID.eq': merchantId, ...page } = request.query;
      requireMerchant(request, merchantId);
      return { data: await participationsPage(database.db, merchantId, page) };
    },
  );

  app.get(
    PROGRAM_PATH,
    {
      config: { access: { scopes: [] } },
      schema: {
        tags: ['programs'],
        summary: 'A program the merchant takes part in, or took part in',
        params: z.strictObject({ id: z.string().min(1).max(100) }),
        response: { 200: dataResponseSchema(programSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      data: await programForMerchant(database.db, currentMerchantId(request), request.params.id),
    }),
  );

  done();
};
