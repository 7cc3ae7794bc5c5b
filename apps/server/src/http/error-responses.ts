import { errorBodySchema } from '@portal/contracts/api';

/** Documents a route's error answers in OpenAPI: `response: { 200: …, ...errorResponses(404, 409) }`. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    S,
    typeof errorBodySchema
  >;
}
