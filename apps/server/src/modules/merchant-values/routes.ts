import { z } from 'zod';
import { dataResponseSchema } from '@portal/contracts/api';
import {
  MERCHANT_VALUES_PATH,
  merchantValuesQuerySchema,
  merchantValuesSchema,
  merchantValuesUpdateSchema,
} from '@portal/contracts/merchant-values';
import { SCOPES } from '@portal/contracts/scopes';
import { requireMerchant } from '../../auth/access.js';
import { errorResponses } from '../../http/error-responses.js';
import type { AppModule } from '../../http/module.js';
import { merchantValues, updateMerchantValues } from './service.js';

const params = z.strictObject({
  programID: z.string().min(1).max(100),
  merchantID: z.string().min(1).max(100),
});

/** Internal merchant values per program (specification §7): provider staff's internal settings. */
export const merchantValueRoutes: AppModule = (app, { database }, done) => {
  app.get(
    MERCHANT_VALUES_PATH,
    {
      config: { access: { scopes: [SCOPES.internalSettingsView] } },
      schema: {
        tags: ['internal settings'],
        summary: "The merchant's internal values for a program",
        params,
        querystring: merchantValuesQuerySchema,
        response: { 200: dataResponseSchema(merchantValuesSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { programID, merchantID } = request.params;
      requireMerchant(request, merchantID);
      return { data: await merchantValues(database.db, programID, merchantID) };
    },
  );

  app.patch(
    MERCHANT_VALUES_PATH,
    {
      config: { access: { scopes: [SCOPES.internalSettingsEdit] } },
      schema: {
        tags: ['internal settings'],
        summary: 'Sets (or, with null, removes) internal values, all in one transaction',
        params,
        body: merchantValuesUpdateSchema,
        response: { 200: dataResponseSchema(merchantValuesSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { programID, merchantID } = request.params;
      requireMerchant(request, merchantID);
      return { data: await updateMerchantValues(database.db, programID, merchantID, request.body) };
    },
  );

  done();
};
