import { dataResponseSchema } from './api.js';
import { defineEndpoint } from './endpoint.js';
import {
  checkVerificationCodeBodySchema,
  generatedCodeSchema,
  locationCodeListSchema,
  locationCodeParamsSchema,
  locationCodeSchema,
  verificationCheckSchema,
} from './location-verification-codes.js';
import { SCOPES } from './scopes.js';

/**
 * The location verification codes page: reading needs the page's access (`r:org.code`, an in-store
 * virtual-card enrollment, checked by the server too); generating and revoking also the merchant's
 * edit scope (`u:merchant.settings`), which provider support does not hold. Not idempotent: a kept
 * answer would keep the code.
 */
const tags = ['locationVerificationCodes'];
const page = { page: 'locationVerificationCodes' } as const;
const change = { page: 'locationVerificationCodes', scopes: [SCOPES.merchantSettingsEdit] } as const;

export const listLocationCodesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/location-verification-codes',
  answer: { status: 200, schema: dataResponseSchema(locationCodeListSchema) },
  access: page,
  summary: "The merchant's locations with the state of their latest code, never its digits",
  tags,
  errors: [401, 403],
});

export const generateLocationCodeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/location-verification-codes/:locationId/generate',
  params: locationCodeParamsSchema,
  answer: { status: 201, schema: dataResponseSchema(generatedCodeSchema) },
  access: change,
  summary: "Generates the location's code (replacing its active one); the digits are in this answer only",
  tags,
  errors: [400, 401, 403, 404, 409],
});

export const revokeLocationCodeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/location-verification-codes/:locationId/revoke',
  params: locationCodeParamsSchema,
  answer: { status: 200, schema: dataResponseSchema(locationCodeSchema) },
  access: change,
  summary: "Revokes the location's active code: the check refuses it from now on",
  tags,
  errors: [400, 401, 403, 404, 409],
});

export const checkVerificationCodeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/location-verification-codes/check',
  body: checkVerificationCodeBodySchema,
  answer: { status: 200, schema: dataResponseSchema(verificationCheckSchema) },
  access: 'public',
  summary: "Checks a code typed on a store's device; limited per location (429 once locked)",
  description:
    'At most 5 attempts per location per 15 minutes and 20 per day, counted in the database for every ' +
    'instance; a correct code clears the count. An unknown location answers as a wrong code.',
  tags,
  errors: [400, 429],
});
