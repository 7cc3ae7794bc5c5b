import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_VERSION } from '@portal/contracts/api';

export const API_DOCS_PATH = '/api/docs';

/** OpenAPI generated from the zod schemas of the routes, browsable at /api/docs (JSON at /api/docs/json). */
export async function registerOpenApi(app: FastifyInstance, options: { publicUrl: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Merchant portal API',
        description: `Every call carries X-API-Version: ${API_VERSION} and an X-Request-ID, which the answer echoes.`,
        version: API_VERSION,
      },
      servers: [{ url: options.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: API_DOCS_PATH });
}
