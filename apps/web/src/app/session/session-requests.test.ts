import { currentMerchantEndpoint } from '@portal/contracts/merchants-endpoints';
import { evaluateFlagsEndpoint } from '@portal/contracts/feature-flags-endpoints';
import { participationsEndpoint } from '@portal/contracts/programs-endpoints';
import { NO_MERCHANT_ID } from '@portal/contracts/roles';
import type { PortalTokenClaims } from '@portal/contracts/token';
import { listTransactionsEndpoint } from '@portal/contracts/transactions-endpoints';
import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setProgramSelection } from '../../lib/storage/portal-storage';
import { startSessionRequests } from './session-requests';

const MERCHANT = '5b0a4c1e-6d39-4f4c-9d5e-1f2a3b4c5d6e';
const CLAIMS: PortalTokenClaims = {
  scp: ['r:tx'],
  cid: MERCHANT,
  tenantID: 'tenant-1',
  sub: 'user-1',
  uid: 'user-1',
  merchantID: MERCHANT,
};
const asked: string[] = [];

// Not answers the session accepts: what is checked is which requests leave, and in which order.
const server = setupServer(
  http.get(listTransactionsEndpoint.path, () => {
    asked.push('transactions');
    return HttpResponse.json({ data: null });
  }),
  http.post(evaluateFlagsEndpoint.path, () => {
    asked.push('flags');
    return HttpResponse.json({});
  }),
  http.get(participationsEndpoint.path, () => {
    asked.push('participations');
    return HttpResponse.json({ data: null });
  }),
  http.get(currentMerchantEndpoint.path, () => {
    asked.push('merchant');
    return HttpResponse.json({ data: null });
  }),
);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  asked.length = 0;
  localStorage.clear();
});
afterEach(() => {
  server.resetHandlers();
});
afterAll(() => {
  server.close();
});

function start(claims: PortalTokenClaims | null, pathname: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  startSessionRequests(client, { claims, apiurl: '', opened: { pathname, search: '' } });
  return client;
}

/** Long enough for a request started on the spot to reach the server. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('startSessionRequests', () => {
  it("asks for the list's page first, then the flags, the participations and the merchant", async () => {
    start(CLAIMS, '/transactions');
    await settle();
    expect(asked).toEqual(['transactions', 'flags', 'participations', 'merchant']);
  });

  it('asks for no list on another page, nor with only some programs selected', async () => {
    start(CLAIMS, '/data-insights');
    setProgramSelection(MERCHANT, { programs: ['program-1'], allProgramsSelected: false });
    start(CLAIMS, '/transactions');
    await settle();
    expect(asked.filter((name) => name === 'transactions')).toEqual([]);
    expect(asked.filter((name) => name === 'flags')).toHaveLength(2);
  });

  it('asks nothing signed out, nor for provider staff who have not chosen a merchant', async () => {
    start(null, '/transactions');
    start({ ...CLAIMS, merchantID: NO_MERCHANT_ID }, '/transactions');
    await settle();
    expect(asked).toEqual([]);
  });
});
