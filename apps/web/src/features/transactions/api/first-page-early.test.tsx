import { listTransactionsEndpoint } from '@portal/contracts/transactions-endpoints';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setProgramSelection } from '../../../lib/storage/portal-storage';
import { effectivePrograms, transactionListUrl, transactionPageQuery } from '../list-params';
import { useFirstTransactionPageEarly } from './first-page-early';
import { transactionKeys } from './transaction-keys';

const MERCHANT = '5b0a4c1e-6d39-4f4c-9d5e-1f2a3b4c5d6e';
const listRequests: URLSearchParams[] = [];

const server = setupServer(
  http.get(listTransactionsEndpoint.path, ({ request }) => {
    listRequests.push(new URL(request.url).searchParams);
    // Not an answer the list accepts: what is checked is the request, and a failure stays quiet.
    return HttpResponse.json({ data: null });
  }),
);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  listRequests.length = 0;
  localStorage.clear();
});
afterEach(() => {
  server.resetHandlers();
});
afterAll(() => {
  server.close();
});

function renderAt(entry: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  renderHook(
    () => {
      useFirstTransactionPageEarly(MERCHANT);
    },
    { wrapper },
  );
  return client;
}

/** The key the list page uses for the address, with every program selected. */
function listKey(search: string) {
  const params = transactionListUrl.parse(new URLSearchParams(search));
  return transactionKeys.list(
    MERCHANT,
    transactionPageQuery(params, effectivePrograms(params.programID, undefined)),
  );
}

describe('useFirstTransactionPageEarly', () => {
  it("asks for the page the address names, under the list page's own key", async () => {
    const client = renderAt('/transactions?search=pear&status=SETTLED&limit=50');
    await waitFor(() => {
      expect(listRequests).toHaveLength(1);
    });
    const [query] = listRequests;
    expect(query?.get('search')).toBe('pear');
    expect(query?.getAll('status')).toEqual(['SETTLED']);
    expect(query?.get('limit')).toBe('50');
    expect(query?.has('programID')).toBe(false);
    await waitFor(() => {
      expect(client.getQueryState(listKey('?search=pear&status=SETTLED&limit=50'))?.status).toBe('error');
    });
  });

  it('asks for the home page list too', async () => {
    renderAt('/');
    await waitFor(() => {
      expect(listRequests).toHaveLength(1);
    });
  });

  it('waits for the programs when only some are selected, and asks nothing on another page', async () => {
    setProgramSelection(MERCHANT, { programs: ['program-1'], allProgramsSelected: false });
    renderAt('/transactions');
    renderAt('/data-insights');
    localStorage.clear();
    renderAt('/carts');
    // Long enough for a request the hook would have sent on mounting.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listRequests).toHaveLength(0);
  });
});
