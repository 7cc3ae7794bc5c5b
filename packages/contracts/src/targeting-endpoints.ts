import { z } from 'zod';
import { dataResponseSchema } from './api.js';
import { defineEndpoint } from './endpoint.js';
import {
  targetingExportersSchema,
  targetingExportSchema,
  targetingFileQuerySchema,
  targetingFilterSchema,
  targetingHistoryExportQuerySchema,
  targetingHistoryPageSchema,
  targetingHistoryQuerySchema,
  targetingPreviewSchema,
} from './targeting.js';

/**
 * The targeting export (bread only; 404 for rbc): a preview of the selection, the record of each export
 * and its file, downloadable again. Everything is the token's merchant's: another merchant's export
 * answers as one that does not exist (404).
 */
const tags = ['targeting'];
const access = { page: 'targetingExport' } as const;

export const targetingPreviewEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/targeting/preview',
  query: targetingFilterSchema,
  answer: { status: 200, schema: dataResponseSchema(targetingPreviewSchema) },
  access,
  summary: 'The first shoppers of the selection and how many it holds',
  tags,
  errors: [400, 401, 403, 404, 422],
});

export const createTargetingExportEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/targeting/exports',
  body: targetingFilterSchema,
  answer: { status: 201, schema: dataResponseSchema(targetingExportSchema) },
  access,
  summary: 'Records an export of the selection (who, when, window, filters, row count)',
  description: 'The file is then read at /api/targeting/exports/{id}/export.csv, as often as needed.',
  tags,
  errors: [400, 401, 403, 404, 422],
});

export const targetingExportsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/targeting/exports',
  query: targetingHistoryQuerySchema,
  answer: { status: 200, schema: targetingHistoryPageSchema },
  access,
  summary: 'A page of the exports taken, by date or rows',
  description:
    'Filtered by the user who exported (`userId`) and the days it was taken on (`from`, `to`: days of ' +
    "the merchant's time zone, both included).",
  tags,
  errors: [400, 401, 403, 404],
});

export const exportTargetingHistoryEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/targeting/exports/export.csv',
  query: targetingHistoryExportQuerySchema,
  answer: { status: 200, file: 'text/csv' },
  access,
  summary: 'The whole filtered history of exports as CSV, streamed',
  description:
    'A CSV attachment (text/csv, UTF-8 with a byte order mark) of every export the filters of the ' +
    "history select, in its order; the header row names the merchant's time zone. Errors before the " +
    'first row are JSON.',
  tags,
  errors: [400, 401, 403, 404],
});

export const targetingExportersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/targeting/exports/users',
  answer: { status: 200, schema: dataResponseSchema(targetingExportersSchema) },
  access,
  summary: "The users who took the merchant's exports, for the history's filter",
  tags,
  errors: [401, 403, 404],
});

export const targetingExportFileEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/targeting/exports/:id/export.csv',
  params: z.strictObject({ id: z.string().trim().min(1).max(100) }),
  query: targetingFileQuerySchema,
  answer: { status: 200, file: 'text/csv' },
  access,
  summary: "An export's shoppers as CSV, streamed: the same window and filters each time",
  description:
    'A CSV attachment (text/csv, UTF-8 with a byte order mark); the file name and header row name the ' +
    "merchant's time zone. Errors before the first row are JSON.",
  tags,
  errors: [400, 401, 403, 404],
});
