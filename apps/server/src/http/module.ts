import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';

/** What app.ts hands every module (see modules/README.md). */
export interface ModuleOptions {
  config: Config;
  database: DatabaseHandle;
}

/**
 * A module registers the endpoints declared in `@portal/contracts` with `route(app, endpoint, handler)`
 * (http/route.ts). Request schemas use `z.strictObject` wherever no other field is allowed, so that an
 * unknown field is a 400 VALIDATION_FAILED with the field's path rather than silently dropped.
 */
export type AppModule = FastifyPluginCallbackZod<ModuleOptions>;
