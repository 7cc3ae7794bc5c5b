import {
  CURRENT_MERCHANT_PATH,
  MERCHANTS_PATH,
  currentMerchantResponseSchema,
  merchantsQuerySchema,
  merchantsResponseSchema,
} from '@portal/contracts/merchants';
import { currentMerchantId } from '../../auth/access.js';
import { errorResponses } from '../../http/error-responses.js';
import type { AppModule } from '../../http/module.js';
import { currentMerchant, merchantsFor } from './service.js';

/** The merchant chooser's list and the merchant of the caller's token. */
export const merchantRoutes: AppModule = (app, { config, database }, done) => {
  app.get(
    MERCHANTS_PATH,
    {
      config: { access: { scopes: [] } },
      schema: {
        tags: ['merchants'],
        summary: 'Merchants the caller may choose, by name',
        querystring: merchantsQuerySchema,
        response: { 200: merchantsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      data: await merchantsFor(database.db, request.principal, config.brand, request.query),
    }),
  );

  app.get(
    CURRENT_MERCHANT_PATH,
    {
      config: { access: { scopes: [] } },
      schema: {
        tags: ['merchants'],
        summary: "The merchant of the caller's token",
        response: { 200: currentMerchantResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      data: await currentMerchant(database.db, currentMerchantId(request), config.brand),
    }),
  );

  done();
};
