import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AnyEndpoint } from '@portal/contracts/endpoint';
import { errorResponses } from './error-responses.js';

/** The instance a module receives (http/module.ts). */
export type ModuleInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type Parsed<S> = S extends z.core.$ZodType ? z.output<S> : undefined;

/** The request as the endpoint's schemas validated it. */
export type EndpointRequest<E extends AnyEndpoint> = FastifyRequest<{
  Params: Parsed<E['params']>;
  Querystring: Parsed<E['query']>;
  Body: Parsed<E['body']>;
}>;

/** The answer's body before the serializer encodes it (dates as `Date`); a handler may send it itself. */
type Answer<E extends AnyEndpoint> = E['answer'] extends { schema: infer S extends z.core.$ZodType }
  ? z.output<S> | FastifyReply
  : FastifyReply;

export type EndpointHandler<E extends AnyEndpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<Answer<E>> | Answer<E>;

/** What only the server knows about a route: its rate limit (@fastify/rate-limit) and body limit. */
export interface RouteOptions {
  readonly rateLimit?: { readonly max: number; readonly timeWindow: number };
  readonly bodyLimit?: number;
}

function responseSchemas(endpoint: AnyEndpoint): Record<number, z.core.$ZodType> {
  const { answer } = endpoint;
  const success: Record<number, z.core.$ZodType> = {};
  if ('schema' in answer) success[answer.status] = answer.schema;
  // A 204 carries no body: `reply.send(null)`.
  if (answer.status === 204 || ('orNoContent' in answer && answer.orNoContent === true)) {
    success[204] = z.null();
  }
  return { ...success, ...errorResponses(...endpoint.errors) };
}

/**
 * Registers the route of an endpoint declared in `@portal/contracts` (docs/architecture.md,
 * "Endpoints"): its method, path, schemas, access, idempotency and OpenAPI text all come from the
 * declaration. A success answers the declared status unless the handler sets another.
 */
export function route<E extends AnyEndpoint>(
  app: ModuleInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: RouteOptions = {},
): void {
  const schema: FastifySchema & Record<string, unknown> = {
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    ...(endpoint.description === undefined ? {} : { description: endpoint.description }),
    ...(endpoint.params === undefined ? {} : { params: endpoint.params }),
    ...(endpoint.query === undefined ? {} : { querystring: endpoint.query }),
    ...(endpoint.body === undefined ? {} : { body: endpoint.body }),
    ...('file' in endpoint.answer ? { produces: [endpoint.answer.file, 'application/json'] } : {}),
    response: responseSchemas(endpoint),
  };
  const untyped = handler as unknown as RouteHandlerMethod;
  const status = endpoint.answer.status;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema,
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    config: {
      access: endpoint.access,
      ...(endpoint.idempotent === true ? { idempotent: true } : {}),
      ...(options.rateLimit === undefined ? {} : { rateLimit: options.rateLimit }),
    },
    handler(request, reply) {
      void reply.code(status);
      return untyped.call(this, request, reply);
    },
  });
}
