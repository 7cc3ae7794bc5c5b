import type { Program } from '@portal/contracts/programs';
import { participationsEndpoint, programEndpoint } from '@portal/contracts/programs-endpoints';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROGRAM_FETCH_CONCURRENCY } from './api/program';
import { useMerchantPrograms } from './use-merchant-programs';

const MERCHANT = '5b0a4c1e-6d39-4f4c-9d5e-1f2a3b4c5d6e';
const TOTAL = 260;
// Every 13th participation has ended: 20 of them, among them the only virtual-card program.
const isDeleted = (index: number) => index % 13 === 0;

function program(index: number): Program {
  type Kind = Pick<Program, 'channel' | 'displayInterestRateBPS' | 'checkoutMode'>;
  const virtualCard: Kind = { channel: 'INSTORE', displayInterestRateBPS: 0, checkoutMode: 'VirtualCard' };
  const ecomm: Kind = { channel: 'ECOMM', displayInterestRateBPS: 0, checkoutMode: 'Modal' };
  const instore: Kind = { channel: 'INSTORE', displayInterestRateBPS: 0, checkoutMode: 'Redirect' };
  const kind = index === 0 ? virtualCard : index % 2 === 0 ? ecomm : instore;
  return {
    id: `program-${index}`,
    name: `Program ${index}`,
    ...kind,
    minAmount: { currency: 'USD', value: 10_000 },
    maxAmount: { currency: 'USD', value: 500_000 },
  };
}

const pageRequests: URLSearchParams[] = [];
const programRequests: string[] = [];
let inFlight = 0;
let mostInFlight = 0;

const server = setupServer(
  http.get(participationsEndpoint.path, ({ request }) => {
    const query = new URL(request.url).searchParams;
    pageRequests.push(query);
    const offset = Number(query.get('offset'));
    const limit = Number(query.get('limit'));
    const items = Array.from({ length: Math.max(0, Math.min(limit, TOTAL - offset)) }, (_, i) => {
      const index = offset + i;
      return {
        id: `participation-${index}`,
        programID: `program-${index}`,
        merchantID: MERCHANT,
        createdAt: '2025-01-01T00:00:00.000Z',
        deletedAt: isDeleted(index) ? '2025-06-01T00:00:00.000Z' : null,
      };
    });
    return HttpResponse.json({ data: { items, pagination: { offset, limit, total: TOTAL } } });
  }),
  http.get(programEndpoint.path, async ({ params }) => {
    const id = String(params.id);
    programRequests.push(id);
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    await Promise.resolve();
    inFlight -= 1;
    return HttpResponse.json({ data: program(Number(id.replace('program-', ''))) });
  }),
);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  pageRequests.length = 0;
  programRequests.length = 0;
  mostInFlight = 0;
});
afterEach(() => {
  server.resetHandlers();
});
afterAll(() => {
  server.close();
});

function renderPrograms() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useMerchantPrograms(MERCHANT), { wrapper });
}

describe('useMerchantPrograms', () => {
  it('loads every page of participations, then each active program once, and derives the flags', async () => {
    const { result } = renderPrograms();
    expect(result.current.status).toBe('pending');
    await waitFor(() => {
      expect(result.current.status).toBe('success');
    });

    expect(pageRequests.map((query) => query.toString())).toEqual([
      `merchantID.eq=${MERCHANT}&showArchived=true&limit=200&offset=0`,
      `merchantID.eq=${MERCHANT}&showArchived=true&limit=200&offset=200`,
    ]);
    const active = Array.from({ length: TOTAL }, (_, i) => i).filter((i) => !isDeleted(i));
    expect(active).toHaveLength(240);
    expect([...programRequests].sort()).toEqual(active.map((i) => `program-${i}`).sort());
    expect(mostInFlight).toBeLessThanOrEqual(PROGRAM_FETCH_CONCURRENCY);

    if (result.current.status !== 'success') throw new Error('not loaded');
    expect(result.current.programs).toHaveLength(240);
    // ECOMM programs all show no interest rate, and the virtual-card program's participation has ended.
    expect(result.current.flags).toEqual({
      ecommerce: true,
      ecommerceCheckoutSdk: false,
      instore: true,
      instoreVirtualCard: false,
    });
  });

  it('reports a failed page as an error that can be retried', async () => {
    let fail = true;
    server.use(
      http.get(participationsEndpoint.path, () => {
        if (fail) return HttpResponse.json({ error: { code: 'INTERNAL', message: 'down' } }, { status: 500 });
        const items = [
          {
            id: 'p',
            programID: 'program-1',
            merchantID: MERCHANT,
            createdAt: '2025-01-01T00:00:00.000Z',
            deletedAt: null,
          },
        ];
        return HttpResponse.json({ data: { items, pagination: { offset: 0, limit: 200, total: 1 } } });
      }),
    );
    const { result } = renderPrograms();
    await waitFor(() => {
      expect(result.current.status).toBe('error');
    });
    fail = false;
    if (result.current.status === 'error') result.current.retry();
    await waitFor(() => {
      expect(result.current.status).toBe('success');
    });
    expect(programRequests).toEqual(['program-1']);
  });
});
