import {
  checkoutDesignEndpoint,
  checkoutDesignVersionsEndpoint,
  publishCheckoutDesignEndpoint,
  restoreCheckoutDesignEndpoint,
  saveCheckoutDesignEndpoint,
  uploadCheckoutLogoEndpoint,
} from '@portal/contracts/checkout-design-endpoints';
import { LOGO_UPLOAD_BODY_LIMIT } from '@portal/contracts/checkout-design';
import type { FastifyRequest } from 'fastify';
import { currentMerchantId } from '../../auth/access.js';
import type { AppModule } from '../../http/module.js';
import { route } from '../../http/route.js';
import { auditContextOf } from '../audit/record-audit.js';
import { currentMerchant } from '../merchants/service.js';
import {
  checkoutDesignState,
  checkoutDesignVersions,
  publishCheckoutDesign,
  restoreCheckoutDesign,
  saveCheckoutDesign,
  uploadCheckoutLogo,
} from './service.js';

/** The checkout design (issue 14), as declared in `@portal/contracts/checkout-design-endpoints`. */
export const checkoutDesignRoutes: AppModule = (app, { config, database }, done) => {
  const { db } = database;
  /** The token's merchant, and its name: the shop name of a merchant that never saved a design. */
  const merchantOf = async (request: FastifyRequest) => {
    const merchantId = currentMerchantId(request);
    const merchant = await currentMerchant(db, merchantId, config.brand);
    return { merchantId, shopName: merchant.name };
  };

  route(app, checkoutDesignEndpoint, async (request) => {
    const { merchantId, shopName } = await merchantOf(request);
    return { data: await checkoutDesignState(db, merchantId, shopName) };
  });

  route(app, saveCheckoutDesignEndpoint, async (request) => {
    const { merchantId, shopName } = await merchantOf(request);
    const context = auditContextOf(request);
    return { data: await saveCheckoutDesign(db, context, merchantId, shopName, request.body) };
  });

  route(app, publishCheckoutDesignEndpoint, async (request) => {
    const { merchantId, shopName } = await merchantOf(request);
    const context = auditContextOf(request);
    return { data: await publishCheckoutDesign(db, context, merchantId, shopName, request.body) };
  });

  route(app, checkoutDesignVersionsEndpoint, async (request) => ({
    data: { items: await checkoutDesignVersions(db, currentMerchantId(request)) },
  }));

  route(app, restoreCheckoutDesignEndpoint, async (request) => {
    const { merchantId, shopName } = await merchantOf(request);
    const version = Number(request.params.version);
    const context = auditContextOf(request);
    return { data: await restoreCheckoutDesign(db, context, merchantId, shopName, version) };
  });

  route(
    app,
    uploadCheckoutLogoEndpoint,
    async (request) => ({
      data: await uploadCheckoutLogo(db, currentMerchantId(request), request.body),
    }),
    // The logo travels as base64 in JSON: the body may be larger than elsewhere, and no larger.
    { bodyLimit: LOGO_UPLOAD_BODY_LIMIT },
  );

  done();
};
