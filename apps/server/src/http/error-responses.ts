import { errorBodySchema } from '@portal/contracts/api';

/** The error answers of an endpoint's declared `errors`, for its response schemas (http/route.ts). */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    S,
    typeof errorBodySchema
  >;
}
