import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';

/** What app.ts hands every module (see modules/README.md). */
export interface ModuleOptions {
  config: Config;
  database: DatabaseHandle;
}

/**
 * A module registers its routes with zod schemas for params, querystring, body and every answer.
 * Request schemas use `z.strictObject` wherever no other field is allowed, so that an unknown field is
 * a 400 VALIDATION_FAILED with the field's path rather than silently dropped.
 */
export type AppModule = FastifyPluginCallbackZod<ModuleOptions>;
