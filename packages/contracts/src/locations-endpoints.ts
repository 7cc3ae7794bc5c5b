import { z } from 'zod';
import { dataResponseSchema } from './api.js';
import { defineEndpoint } from './endpoint.js';
import {
  locationBodySchema,
  locationDetailSchema,
  locationExportQuerySchema,
  locationListQuerySchema,
  locationListResponseSchema,
  locationSchema,
  type LocationStatusAction,
} from './locations.js';
import { SCOPES } from './scopes.js';

/**
 * The locations page's calls (PRODUCT.md, "Locations"): each carries the page's access (`r:merchant.location`,
 * bread only, and the merchant's flag `isLocationPageEnabled`); changes also need `u:merchant`. Another
 * merchant's location answers as one that does not exist (404).
 */
const tags = ['locations'];
const read = { page: 'locations' } as const;
const update = { page: 'locations', scopes: [SCOPES.merchantUpdate] } as const;
const locationParams = z.strictObject({ locationId: z.uuid() });
const oneLocation = { status: 200, schema: dataResponseSchema(locationSchema) } as const;

export const listLocationsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/locations',
  query: locationListQuerySchema,
  answer: { status: 200, schema: dataResponseSchema(locationListResponseSchema) },
  access: read,
  summary: "A page of the merchant's locations, searched, filtered and sorted",
  tags,
  errors: [400, 401, 403],
});

export const exportLocationsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/locations/export.csv',
  query: locationExportQuerySchema,
  answer: { status: 200, file: 'text/csv' },
  access: read,
  summary: 'The whole filtered list of locations as CSV',
  description:
    'A CSV attachment (text/csv, UTF-8 with a byte order mark) of every matching location; the header ' +
    "row names the merchant's time zone. Errors before the first row are JSON.",
  tags,
  errors: [400, 401, 403],
});

export const locationEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/locations/:locationId',
  params: locationParams,
  answer: { status: 200, schema: dataResponseSchema(locationDetailSchema) },
  access: read,
  summary: "One location with this month's transactions and settled sales",
  tags,
  errors: [400, 401, 403, 404],
});

export const createLocationEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/locations',
  body: locationBodySchema,
  answer: { ...oneLocation, status: 201 },
  access: update,
  idempotent: true,
  summary: 'Adds an ACTIVE location; the address is checked against its country',
  tags,
  errors: [400, 401, 403, 409],
});

export const updateLocationEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/locations/:locationId',
  params: locationParams,
  body: locationBodySchema,
  answer: oneLocation,
  access: update,
  summary: "Replaces a location's name, store number, address, phone and time zone",
  tags,
  errors: [400, 401, 403, 404, 409],
});

const STATUS_SUMMARIES: Readonly<Record<LocationStatusAction, string>> = {
  deactivate:
    'Makes the location INACTIVE: it keeps its transactions and can be reactivated (409 when inactive)',
  reactivate: 'Makes an INACTIVE location ACTIVE again (409 when active)',
};

function statusEndpoint(action: LocationStatusAction) {
  return defineEndpoint({
    method: 'POST',
    path: `/api/locations/:locationId/${action}`,
    params: locationParams,
    answer: oneLocation,
    access: update,
    summary: STATUS_SUMMARIES[action],
    tags,
    errors: [400, 401, 403, 404, 409],
  });
}

export const locationStatusEndpoints = {
  deactivate: statusEndpoint('deactivate'),
  reactivate: statusEndpoint('reactivate'),
} as const satisfies Record<LocationStatusAction, unknown>;
