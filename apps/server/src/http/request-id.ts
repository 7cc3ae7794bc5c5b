import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { REQUEST_ID_HEADER } from '@portal/contracts/api';

const HEADER = REQUEST_ID_HEADER.toLowerCase();

// The id lands in logs and in a response header, so only plain tokens are taken from the client.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId`. Fastify's own `requestIdHeader` would copy any client value unchecked, so it
 * stays off and the header is read (and checked) here instead.
 */
export function requestIdFor(request: IncomingMessage): string {
  const sent = request.headers[HEADER];
  return typeof sent === 'string' && SANE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

export const REQUEST_ID_LOG_LABEL = 'requestId';
