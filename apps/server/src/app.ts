import { fileURLToPath } from 'node:url';
import Fastify, { LogController } from 'fastify';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { pino } from 'pino';
import { registerAccessControl } from './auth/access.js';
import { identityProviderRoutes } from './auth/provider/routes.js';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/database.js';
import {
  BODY_LIMIT_BYTES,
  frameworkErrorHandler,
  registerApiHeaders,
  registerErrorHandler,
} from './http/error-handler.js';
import { registerIdempotency } from './http/idempotency.js';
import { registerInputGuard } from './http/input-guard.js';
import { LOG_REDACTED_PATHS, LOG_SERIALIZERS, REDACTED, registerLogRedaction } from './http/log-redaction.js';
import { answerSerializerCompiler } from './http/answer-serializer.js';
import type { AppModule } from './http/module.js';
import { API_DOCS_PATH, registerOpenApi } from './http/openapi.js';
import { REQUEST_ID_LOG_LABEL, requestIdFor } from './http/request-id.js';
import { registerRequestLog } from './http/request-log.js';
import { registerSecurity } from './http/security.js';
import { registerSpa } from './http/spa.js';
import { openLimitStore, type LimitStore } from './limits/limit-store.js';
import { analyticsRoutes } from './modules/analytics/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { cartRoutes } from './modules/carts/routes.js';
import { checkoutRoutes } from './modules/carts/checkout-routes.js';
import { clientLogRoutes } from './modules/client-log/routes.js';
import { featureFlagRoutes } from './modules/feature-flags/routes.js';
import { fundingRoutes } from './modules/funding/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { registerMail } from './modules/mail/register-mail.js';
import { outboxRoutes } from './modules/mail/routes.js';
import { merchantRoutes } from './modules/merchants/routes.js';
import { merchantValueRoutes } from './modules/merchant-values/routes.js';
import { passwordRoutes } from './modules/passwords/routes.js';
import { paymentProductRoutes } from './modules/payment-products/routes.js';
import { programRoutes } from './modules/programs/routes.js';
import { publicConfigOf, publicConfigRoutes } from './modules/public-config/routes.js';
import { insightsRoutes } from './modules/insights/routes.js';
import { settlementRoutes } from './modules/settlement/routes.js';
import { emailNotificationRoutes } from './modules/email-notifications/routes.js';
import { checkoutDesignRoutes } from './modules/checkout-design/routes.js';
import { accessKeyRoutes } from './modules/access-keys/routes.js';
import { merchantApiRoutes } from './modules/merchant-api/routes.js';
import { locationRoutes } from './modules/locations/routes.js';
import { locationVerificationCodeRoutes } from './modules/location-verification-codes/routes.js';
import { merchantIdRoutes } from './modules/merchant-ids/routes.js';
import { placementRoutes } from './modules/placements/routes.js';
import { bankInformationRoutes } from './modules/bank-information/routes.js';
import { transactionRoutes } from './modules/transactions/routes.js';
import { applicationRoutes } from './modules/applications/routes.js';
import { userRoutes } from './modules/users/routes.js';

/** Every module of the API, registered in this order (see modules/README.md). */
const MODULES: readonly AppModule[] = [
  healthRoutes,
  publicConfigRoutes,
  identityProviderRoutes,
  authRoutes,
  merchantRoutes,
  programRoutes,
  paymentProductRoutes,
  merchantValueRoutes,
  fundingRoutes,
  featureFlagRoutes,
  clientLogRoutes,
  analyticsRoutes,
  transactionRoutes,
  auditRoutes,
  outboxRoutes,
  cartRoutes,
  checkoutRoutes,
  userRoutes,
  passwordRoutes,
  applicationRoutes,
  insightsRoutes,
  settlementRoutes,
  emailNotificationRoutes,
  checkoutDesignRoutes,
  accessKeyRoutes,
  merchantApiRoutes,
  placementRoutes,
  locationRoutes,
  locationVerificationCodeRoutes,
  merchantIdRoutes,
  bankInformationRoutes,
];

declare module 'fastify' {
  interface FastifyInstance {
    /** Rate limits and the sign-in slow-down, shared by every instance (limits/limit-store.ts). */
    readonly limits: LimitStore;
  }
}

// Same relative place from src/app.ts (tests, tsx) and from dist/app.js (the build).
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Defaults to a pino logger at `config.logLevel`. */
  logger?: FastifyBaseLogger;
  /** The built portal; defaults to apps/web/dist. */
  webDist?: string;
  /**
   * Whether each answer is also encoded through zod and compared (http/answer-serializer.ts). Defaults
   * to everywhere but production, so that tests and development catch an answer that breaks its schema.
   */
  checkAnswers?: boolean;
}

/**
 * Assembles the API from its plugins and modules without listening, so that tests drive it with
 * `inject` and may register extra plugins before the first request.
 */
export async function buildApp({
  config,
  database,
  logger,
  webDist = DEFAULT_WEB_DIST,
  checkAnswers = config.nodeEnv !== 'production',
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Whatever the logger, its lines go through these serializers: no URL of a link or a sign-in
    // leaves a token, code or hint in the log (docs/architecture.md).
    loggerInstance: (logger ?? pino({ level: config.logLevel })).child(
      {},
      { serializers: LOG_SERIALIZERS, redact: { paths: LOG_REDACTED_PATHS, censor: REDACTED } },
    ),
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: false,
    genReqId: requestIdFor,
    logController: new LogController({
      requestIdLogLabel: REQUEST_ID_LOG_LABEL,
      // One line per request instead, written by registerRequestLog.
      disableRequestLogging: true,
    }),
    trustProxy: config.trustProxy,
    frameworkErrors: frameworkErrorHandler,
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler({ checked: checkAnswers }));
  registerApiHeaders(app);
  registerRequestLog(app);
  registerErrorHandler(app);
  registerLogRedaction(app);
  registerInputGuard(app);
  registerIdempotency(app);

  const limits = await openLimitStore(config, database.db);
  app.decorate('limits', limits);
  app.addHook('onClose', () => limits.close());
  await registerSecurity(app, { https: config.publicUrl.startsWith('https:'), limits });
  // Before every route, so that its hooks see them all (docs/auth.md, "The server enforces access").
  registerAccessControl(app, { config, database, publicPathPrefixes: [API_DOCS_PATH] });
  await registerOpenApi(app, { publicUrl: config.publicUrl });
  // On the root instance, so that every module can call `app.mail.deliverSoon()` after its commit.
  registerMail(app, { config, database });
  for (const module of MODULES) {
    await app.register(module, { config, database });
  }
  await registerSpa(app, webDist, publicConfigOf(config));

  return app;
}
