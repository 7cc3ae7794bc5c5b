import { dataResponseSchema } from './api.js';
import { defineEndpoint } from './endpoint.js';
import {
  placementPlansSchema,
  placementSettingsSchema,
  placementSettingsUpdateSchema,
  publicPlacementConfigQuerySchema,
  publicPlacementConfigSchema,
  publicPlacementParamsSchema,
} from './placements.js';
import { SCOPES } from './scopes.js';

const tags = ['placements'];

export const placementSettingsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/placements',
  answer: { status: 200, schema: dataResponseSchema(placementSettingsSchema) },
  access: { page: 'placementDesign' },
  summary: "The merchant's on-site messaging per page type",
  tags,
  errors: [401, 403, 404],
});

export const updatePlacementSettingsEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/placements',
  body: placementSettingsUpdateSchema,
  answer: { status: 200, schema: dataResponseSchema(placementSettingsSchema) },
  access: { page: 'placementDesign', scopes: [SCOPES.placementsEdit] },
  summary: "Saves the merchant's on-site messaging; the merchant's site shows it from the next page load",
  tags,
  errors: [400, 401, 403, 404, 422],
});

export const placementPlansEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/placements/plans',
  answer: { status: 200, schema: dataResponseSchema(placementPlansSchema) },
  access: { page: 'placementDesign' },
  summary: 'The plans of the payment products the merchant is enrolled in now, for the preview',
  tags,
  errors: [401, 403, 404],
});

export const publicPlacementConfigEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/public/placements/:merchantId',
  params: publicPlacementParamsSchema,
  query: publicPlacementConfigQuerySchema,
  answer: { status: 200, schema: publicPlacementConfigSchema },
  access: 'public',
  summary: "A merchant's on-site messaging as its site's script reads it (any origin may read it)",
  description:
    "With `amount` and `page`, also the message of that price in `lang` (else the merchant's language).",
  tags,
  errors: [400, 404, 429],
});

export const placementScriptEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/public/placement.js',
  answer: { status: 200, file: 'text/javascript' },
  access: 'public',
  summary: "The script a merchant's page embeds to show the on-site message (cacheable)",
  tags,
  errors: [429],
});
