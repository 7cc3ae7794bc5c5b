import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

/** The probes of a load balancer: outside /api, public, no version header needed. */
const tags = ['health'];
const statusSchema = z.object({ status: z.literal('ok') });

export const livenessEndpoint = defineEndpoint({
  method: 'GET',
  path: '/healthz',
  answer: { status: 200, schema: statusSchema },
  access: 'public',
  summary: 'The process is alive',
  tags,
  errors: [],
});

export const readinessEndpoint = defineEndpoint({
  method: 'GET',
  path: '/readyz',
  answer: { status: 200, schema: statusSchema },
  access: 'public',
  summary: 'The process can serve requests: its database answers',
  tags,
  errors: [503],
});
