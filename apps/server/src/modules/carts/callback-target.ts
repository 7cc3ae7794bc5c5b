import { lookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { CART_MESSAGES, isLocalHttpCallback, type CartInput } from '@portal/contracts/carts';
import { isIpAddress, isPublicIpAddress } from '@portal/contracts/network-address';
import type { Config } from '../../config.js';
import { AppError } from '../../http/app-error.js';

const CALLBACK_TIMEOUT_MS = 5_000;

/** The fields of a cart that name a merchant's address, by their path in the request body. */
const TARGET_FIELDS = ['callbackUrl', 'completeUrl', 'errorUrl'] as const;

/** Plain http to this machine is a developer testing a shop: only in development. */
function allowsLocalHttp(config: Pick<Config, 'nodeEnv'>): boolean {
  return config.nodeEnv === 'development';
}

/**
 * What the schema lets through for a developer and the server refuses elsewhere: plain http to
 * localhost, as a field error. (Non-public https targets are already refused by the schema.)
 */
export function checkCartTargets(input: CartInput, config: Pick<Config, 'nodeEnv'>): void {
  if (allowsLocalHttp(config)) return;
  const details = TARGET_FIELDS.filter((field) => isLocalHttpCallback(input[field])).map((field) => ({
    path: `body.${field}`,
    message: CART_MESSAGES.httpsOnly,
  }));
  if (details.length > 0) {
    throw new AppError(400, 'VALIDATION_FAILED', 'The request is not valid', { details });
  }
}

class NonPublicTarget extends Error {
  constructor() {
    super('the callback host is not a public address');
  }
}

/**
 * Resolves as the system does, then refuses unless every address is public. The connection is made
 * to an address checked here, so a name that changes its answer (DNS rebinding) cannot slip through.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error !== null) {
      callback(error, '', 0);
      return;
    }
    const first = addresses[0];
    if (first === undefined || addresses.some(({ address }) => !isPublicIpAddress(address))) {
      callback(new NonPublicTarget(), '', 0);
      return;
    }
    if (options.all === true) callback(null, addresses);
    else callback(null, first.address, first.family);
  });
};

/** Starts the POST, or refuses a target that is not https to a public address. */
function startPost(url: URL, body: string, allowLocal: boolean, signal: AbortSignal): ClientRequest {
  const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
  if (allowLocal && isLocalHttpCallback(url.href)) {
    return httpRequest(url, { method: 'POST', headers, signal });
  }
  if (url.protocol !== 'https:') throw new NonPublicTarget();
  // A literal address is connected to without a lookup: it is checked here instead.
  if (isIpAddress(url.hostname) && !isPublicIpAddress(url.hostname)) throw new NonPublicTarget();
  return httpsRequest(url, { method: 'POST', headers, signal, lookup: publicOnlyLookup });
}

/**
 * Tells the merchant's shop that the cart was paid: https to a public address only (plain http to
 * localhost in development), checked after name resolution, no redirect followed. Best effort, after
 * the commit, bounded by a timeout, and never in the way of the shopper's answer: a failure is logged,
 * not retried. Resolves when the attempt is over.
 */
export async function postCallback(
  log: FastifyBaseLogger,
  callbackUrl: string,
  payload: { transactionID: string; orderReference: string },
  config: Pick<Config, 'nodeEnv'>,
): Promise<void> {
  if (callbackUrl === '') return;
  try {
    const body = JSON.stringify(payload);
    const status = await new Promise<number>((resolve, reject) => {
      const request = startPost(
        new URL(callbackUrl),
        body,
        allowsLocalHttp(config),
        AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
      );
      request.once('response', (response: IncomingMessage) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.once('error', reject);
      request.end(body);
    });
    // A redirect is an answer like any other: it is not followed.
    if (status < 200 || status >= 300) log.warn({ status }, 'cart callback answered with an error');
  } catch (error) {
    if (error instanceof NonPublicTarget) {
      log.warn('cart callback refused: its host is not a public address');
      return;
    }
    log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'cart callback failed');
  }
}
