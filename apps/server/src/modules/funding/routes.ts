import { z } from 'zod';
import { dataResponseSchema } from '@portal/contracts/api';
import {
  FUNDING_CONFIGURATION_ITEM_PATH,
  FUNDING_CONFIGURATION_PATH,
  fundingConfigurationQuerySchema,
  fundingConfigurationSchema,
  fundingConfigurationUpdateSchema,
} from '@portal/contracts/funding';
import { SCOPES } from '@portal/contracts/scopes';
import { currentMerchantId, requireMerchant } from '../../auth/access.js';
import { errorResponses } from '../../http/error-responses.js';
import type { AppModule } from '../../http/module.js';
import { fundingConfiguration, updateFundingConfiguration } from './service.js';

/** The merchant's funding settings (specification §7): payout frequency and settlement mode. */
export const fundingRoutes: AppModule = (app, { database }, done) => {
  app.get(
    FUNDING_CONFIGURATION_PATH,
    {
      config: { access: { scopes: [SCOPES.fundingSettingsView] } },
      schema: {
        tags: ['funding'],
        summary: "The merchant's funding configuration",
        querystring: fundingConfigurationQuerySchema,
        response: {
          200: dataResponseSchema(fundingConfigurationSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const merchantId = request.query['merchantID.eq'];
      if (merchantId !== undefined) requireMerchant(request, merchantId);
      return { data: await fundingConfiguration(database.db, currentMerchantId(request)) };
    },
  );

  app.patch(
    FUNDING_CONFIGURATION_ITEM_PATH,
    {
      config: { access: { scopes: [SCOPES.fundingSettingsEdit] } },
      schema: {
        tags: ['funding'],
        summary: 'Changes the payout schedule or settlement mode',
        params: z.strictObject({ configurationID: z.string().min(1).max(100) }),
        body: fundingConfigurationUpdateSchema,
        response: { 200: dataResponseSchema(fundingConfigurationSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      data: await updateFundingConfiguration(
        database.db,
        currentMerchantId(request),
        request.params.configurationID,
        request.body,
      ),
    }),
  );

  done();
};
