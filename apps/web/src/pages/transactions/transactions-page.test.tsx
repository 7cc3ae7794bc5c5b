import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { DAY_MS } from '@portal/contracts/constants';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COLUMN_PREFERENCES_PREFIX } from '../../components/data-table/column-preferences';
import { RBC_CONFIG, renderApp } from '../../test/render-app';
import { NORTHWIND, setUpTestApi } from '../../test/test-api';
import {
  emptyTransactionHandlers,
  fakeTransaction,
  installTransactionsApi,
  queryPairs,
} from './transactions-test-api';

const api = setUpTestApi();
vi.setConfig({ testTimeout: 30_000 });

const sixty = Array.from({ length: 60 }, (_, index) => fakeTransaction(index));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The value, which the test expects to be there. */
function present<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('Expected a value');
  return value;
}

function table() {
  return screen.getByRole('table', { name: 'Transactions' });
}

async function rowsShown(count?: number) {
  await waitFor(() => {
    const rows = within(table()).getAllByRole('row').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    if (count !== undefined) expect(rows).toHaveLength(count);
    expect(table()).toHaveAttribute('aria-busy', 'false');
  });
  return within(table()).getAllByRole('row').slice(1);
}

function headers() {
  return within(table())
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
}

async function choose(user: UserEvent, field: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function signedInList(path: string, transactions = sixty, role: 'ADMIN' | 'READ_ONLY' = 'ADMIN') {
  api.signInAs({ role, merchantId: NORTHWIND.id });
  const calls = installTransactionsApi(api.server, transactions);
  const view = await renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Transactions' });
  return { ...view, calls };
}

function searchOf(router: Awaited<ReturnType<typeof renderApp>>['router']): URLSearchParams {
  return new URLSearchParams(router.state.location.search);
}

describe('the transaction list', () => {
  it('shows the first page with the totals of the filtered set', async () => {
    const { calls } = await signedInList('/transactions');
    const rows = await rowsShown(25);
    // The default columns fit a 1280 px screen: amounts and status in, the transaction id and the
    // program, product, channel and location offered in the column chooser. The dates' zone is named.
    expect(headers()).toEqual([
      'Created at (America/New_York)',
      'Order ID',
      'Customer',
      'Status',
      'Total',
      'Settled',
      'Refunded',
    ]);
    expect(within(present(rows[0])).getByText('ORD-100000')).toBeInTheDocument();
    expect(within(present(rows[0])).getByText('Authorized')).toBeInTheDocument();
    expect(within(present(rows[0])).getAllByText('$100.00')).toHaveLength(1);
    expect(await screen.findByText('1–25 of 60')).toBeInTheDocument();
    expect(queryPairs(calls.lastList())).toEqual(['limit=25', 'order=desc', 'sort=createdAt']);

    const totals = screen.getByRole('region', { name: 'Totals of the filtered transactions' });
    await waitFor(() => {
      expect(within(totals).getByText('60')).toBeInTheDocument();
    });
    expect(within(totals).getByText('$6,000.00')).toBeInTheDocument();
    // Dates are the merchant's (America/New_York), named: 15:00 UTC on 30 October is 11:00 EDT there.
    expect(within(present(rows[0])).getByText('Oct 30, 2026, 11:00 AM EDT')).toBeInTheDocument();
  });

  it('keeps filters, search, sort and page size in the URL: a reload asks for the same list', async () => {
    const { user, router, calls, unmount } = await signedInList('/transactions');
    await rowsShown();

    await choose(user, 'Status', 'Settled');
    // The list of statuses stays open for the next one.
    await user.click(await screen.findByRole('option', { name: 'Refunded' }));
    await user.keyboard('{Escape}');
    await choose(user, 'Product', 'Split pay');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'olivia{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Total (USD) – min' }), '50');
    await user.click(within(table()).getByRole('button', { name: 'Total' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');

    const expected = [
      'limit=50',
      'minAmount=5000',
      'order=desc',
      'productType=SPLITPAY',
      'search=olivia',
      'sort=total',
      'status=REFUNDED',
      'status=SETTLED',
    ];
    await waitFor(() => {
      expect(queryPairs(calls.lastList())).toEqual(expected);
    });
    const url = `${router.state.location.pathname}${router.state.location.search}`;
    // The URL leaves out what is the default (order=desc); the request states it.
    expect(queryPairs(searchOf(router))).toEqual(expected.filter((pair) => pair !== 'order=desc'));
    expect(queryPairs(present(calls.totals.at(-1)))).toEqual(
      expected.filter((pair) => !/^(limit|order|sort)=/.test(pair)),
    );

    unmount();
    calls.lists.length = 0;
    await renderApp(url);
    await rowsShown();
    expect(queryPairs(present(calls.lists[0]))).toEqual(expected);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveProperty('value', 'olivia');
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveProperty('value', '50');
  });

  it('makes Back undo a change and reads a date preset in the merchant time zone', async () => {
    const { user, router, calls } = await signedInList('/transactions');
    await rowsShown();
    await user.click(screen.getByRole('button', { name: 'Date' }));
    await user.click(await screen.findByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => {
      expect(calls.lastList().get('from')).not.toBeNull();
    });
    const from = present(calls.lastList().get('from'));
    const to = present(calls.lastList().get('to'));
    expect(Date.parse(to) - Date.parse(from)).toBe(6 * DAY_MS);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date());
    expect(to).toBe(today);

    expect(screen.getByRole('button', { name: 'Date' }).textContent).not.toBe('Any date');

    await router.navigate(-1);
    expect(router.state.location.search).toBe('');
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Date' }).textContent).toBe('Any date');
    });
  });

  it('falls back to the defaults for invalid parameters and rewrites the URL in place', async () => {
    const { router, calls } = await signedInList(
      '/transactions?status=BOGUS,SETTLED&limit=33&sort=nope&order=up&offset=-5&minAmount=abc&from=2026-13-01&channel=WEB&keep=me',
    );
    await rowsShown();
    expect(queryPairs(calls.lastList())).toEqual([
      'limit=25',
      'order=desc',
      'sort=createdAt',
      'status=SETTLED',
    ]);
    await waitFor(() => {
      expect(router.state.location.search).toBe('?status=SETTLED&keep=me');
    });
    // Normalising replaced the entry rather than adding one.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sorts on the server: a header toggles the order and says so with aria-sort', async () => {
    const { user, router, calls } = await signedInList('/transactions');
    await rowsShown();
    const created = () => within(table()).getByRole('columnheader', { name: /Created at/ });
    const total = () => within(table()).getByRole('columnheader', { name: /^Total/ });
    expect(created()).toHaveAttribute('aria-sort', 'descending');
    expect(total()).not.toHaveAttribute('aria-sort');

    await user.click(within(total()).getByRole('button'));
    await waitFor(() => {
      expect(calls.lastList().get('sort')).toBe('total');
    });
    expect(calls.lastList().get('order')).toBe('desc');
    expect(total()).toHaveAttribute('aria-sort', 'descending');
    expect(created()).not.toHaveAttribute('aria-sort');

    await user.click(within(total()).getByRole('button'));
    await waitFor(() => {
      expect(calls.lastList().get('order')).toBe('asc');
    });
    expect(total()).toHaveAttribute('aria-sort', 'ascending');

    // Another column starts descending again: the default sort, so the URL is bare.
    await user.click(within(created()).getByRole('button'));
    await waitFor(() => {
      expect(created()).toHaveAttribute('aria-sort', 'descending');
    });
    expect(router.state.location.search).toBe('');
  });

  it('pages with Previous and Next, and a new page size starts again at the first page', async () => {
    const { user, calls } = await signedInList('/transactions');
    await rowsShown(25);
    const previous = () => screen.getByRole('button', { name: 'Previous' });
    expect(previous()).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('26–50 of 60')).toBeInTheDocument();
    expect(calls.lastList().get('offset')).toBe('25');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('51–60 of 60')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);

    await user.click(previous());
    expect(await screen.findByText('26–50 of 60')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '100');
    expect(await screen.findByText('1–60 of 60')).toBeInTheDocument();
    expect(calls.lastList().get('offset')).toBeNull();
    expect(calls.lastList().get('limit')).toBe('100');
  });

  it('follows the cursor past the deepest offset, and comes back by it', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    const calls = installTransactionsApi(api.server, sixty);
    api.server.use(
      http.get('/api/transactions', ({ request }) => {
        const query = new URL(request.url).searchParams;
        calls.lists.push(query);
        const offset = query.get('cursor') === 'deep-cursor' ? 10_025 : 10_000;
        return HttpResponse.json({
          data: {
            items: [fakeTransaction(offset)],
            pagination: { offset, limit: 25, total: 20_000 },
            nextCursor: 'deep-cursor',
            timeZone: 'America/New_York',
          },
        });
      }),
    );
    const { user } = await renderApp('/transactions?offset=10000');
    await rowsShown();
    expect(calls.lastList().get('offset')).toBe('10000');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => {
      expect(calls.lastList().get('cursor')).toBe('deep-cursor');
    });
    expect(calls.lastList().get('offset')).toBeNull();
    expect(await screen.findByText('10,026–10,026 of 20,000')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('10,001–10,001 of 20,000')).toBeInTheDocument();
  });

  it('shows "10,000+" where a search matched more than the server counts, and still pages on', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    installTransactionsApi(api.server, sixty);
    const capped = 10_000;
    api.server.use(
      http.get('/api/transactions', ({ request }) => {
        const offset = Number(new URL(request.url).searchParams.get('offset') ?? 0);
        return HttpResponse.json({
          data: {
            items: Array.from({ length: 25 }, (_, index) => fakeTransaction(offset + index)),
            pagination: { offset, limit: 25, total: capped, totalIsCapped: true },
            nextCursor: `cursor-${offset + 25}`,
            timeZone: 'America/New_York',
          },
        });
      }),
      http.get('/api/transactions/totals', () =>
        HttpResponse.json({
          data: {
            count: capped,
            gross: { currency: 'USD', value: 123_456 },
            settled: { currency: 'USD', value: 0 },
            refunded: { currency: 'USD', value: 0 },
            countIsCapped: true,
          },
        }),
      ),
    );
    const { user, i18n } = await renderApp('/transactions?search=example&offset=9975', RBC_CONFIG);
    await rowsShown(25);
    expect(await screen.findByText('9,976–10,000 of 10,000+')).toBeInTheDocument();
    const totals = screen.getByRole('region', { name: 'Totals of the filtered transactions' });
    expect(await within(totals).findByText('10,000+')).toBeInTheDocument();
    expect(within(totals).getByText('US$1,234.56+')).toBeInTheDocument();
    // The end is unknown: no Last, but Next goes on past the count.
    expect(screen.getByRole('button', { name: 'Last' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('10,001–10,025 of 10,000+')).toBeInTheDocument();

    await act(() => i18n.changeLanguage('fr-CA'));
    // French groups digits with a (narrow) no-break space.
    expect(await screen.findByText(/^10\s001 à 10\s025 sur 10\s000 et plus$/)).toBeInTheDocument();
    expect(within(totals).getByText(/^10\s000 et plus$/)).toBeInTheDocument();
  });

  it('keeps the chosen columns in the URL, and remembers them for the next visit', async () => {
    const { user, router, unmount } = await signedInList('/transactions');
    await rowsShown();
    expect(headers()).toContain('Order ID');
    expect(headers()).not.toContain('Location');

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(screen.getByRole('checkbox', { name: 'Order ID' }));
    await user.click(screen.getByRole('checkbox', { name: 'Location' }));
    await user.click(screen.getByRole('button', { name: 'Move Status up' }));
    await user.keyboard('{Escape}');
    const chosen = headers();
    expect(chosen).not.toContain('Order ID');
    expect(chosen.slice(1, 3)).toEqual(['Status', 'Customer']);
    expect(chosen.at(-1)).toBe('Location');
    const linked = ['createdAt', 'status', 'customer', 'total', 'settled', 'refunded', 'location'];
    await waitFor(() => {
      expect(searchOf(router).getAll('columns')).toEqual(linked);
    });

    const stored: unknown = JSON.parse(
      present(localStorage.getItem(`${COLUMN_PREFERENCES_PREFIX}transactions`)),
    );
    expect(stored).toMatchObject({ hidden: ['externalID', 'id', 'program', 'product', 'channel'] });

    // A visit without columns in its URL shows the remembered ones, and names them in the URL.
    unmount();
    const next = await renderApp('/transactions');
    await rowsShown();
    expect(headers()).toEqual(chosen);
    await waitFor(() => {
      expect(searchOf(next.router).getAll('columns')).toEqual(linked);
    });
  });

  it('shows the columns a link names, whatever this browser remembers', async () => {
    localStorage.setItem(
      `${COLUMN_PREFERENCES_PREFIX}transactions`,
      JSON.stringify({ order: ['status', 'total'], hidden: ['createdAt'] }),
    );
    const { user, router } = await signedInList('/transactions?columns=total,program,status,unknown');
    await rowsShown();
    expect(headers()).toEqual(['Total', 'Program', 'Status']);
    // The column that no longer exists is dropped from the link in place.
    await waitFor(() => {
      expect(searchOf(router).getAll('columns')).toEqual(['total', 'program', 'status']);
    });

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(screen.getByRole('button', { name: 'Reset columns' }));
    await waitFor(() => {
      expect(searchOf(router).get('columns')).toBeNull();
    });
    expect(headers()).toHaveLength(7);
    expect(localStorage.getItem(`${COLUMN_PREFERENCES_PREFIX}transactions`)).toBeNull();
  });

  it('shows free text that looks like a date as typed, in the list and in the detail', async () => {
    const dateLike = fakeTransaction(0, {
      externalID: '2026-11-01',
      programName: '2026-11-01T00:00:00Z',
      locationID: 'location-1',
      locationName: '2026-11-02',
      customer: {
        name: '2026-11-03',
        email: '2026-11-04T00:00:00Z',
        phone: '2026-11-05',
        billingAddress: {
          line1: '2026-11-06',
          line2: '2026-11-07T00:00:00Z',
          city: '2026-11-08',
          region: '2026-11-09',
          postalCode: '2026-11-10',
          country: 'US',
        },
        shippingAddress: null,
      },
    });
    const { user } = await signedInList('/transactions', [dateLike]);
    const [row] = await rowsShown(1);
    for (const text of ['2026-11-01', '2026-11-03', '2026-11-04T00:00:00Z']) {
      expect(within(present(row)).getByText(text)).toBeInTheDocument();
    }

    await user.click(within(present(row)).getByText('2026-11-03'));
    const drawer = await screen.findByRole('dialog');
    for (const text of ['2026-11-05', '2026-11-06', '2026-11-07T00:00:00Z', '2026-11-08']) {
      expect(await within(drawer).findByText(text, { exact: false })).toBeInTheDocument();
    }
  });

  it('says when no transaction matches, and clears the filters', async () => {
    const { user, router, calls } = await signedInList('/transactions?status=EXPIRED&search=nobody', []);
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(await within(table).findByText('No transactions match these filters')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('');
    });
    expect(queryPairs(calls.lastList())).toEqual(['limit=25', 'order=desc', 'sort=createdAt']);
    expect(await within(table).findByText('There are no transactions yet.')).toBeInTheDocument();
  });

  it('says when there are no transactions at all, without offering to clear filters', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    api.server.use(...emptyTransactionHandlers());
    await renderApp('/transactions');
    expect(await screen.findByText('There are no transactions yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    expect(screen.getByText('0 of 0')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });

  it('shows the error box and the error alert when the list fails, and tries again', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    installTransactionsApi(api.server, sixty);
    let fail = true;
    api.server.use(
      http.get('/api/transactions', () => {
        if (!fail) return undefined;
        return HttpResponse.json(
          { error: { code: 'SERVICE_UNAVAILABLE', message: 'The database is busy' } },
          { status: 503 },
        );
      }),
    );
    const { user } = await renderApp('/transactions');
    expect(await screen.findByText('Oops...', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(await screen.findAllByText('Error was: The database is busy')).not.toHaveLength(0);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await rowsShown(25);
  });
});

describe('one transaction', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('opens from its row with Enter, at its own URL, and closes back to the same list', async () => {
    const { user, router } = await signedInList('/transactions?status=AUTHORIZED');
    const [first] = await rowsShown();
    present(first).focus();
    await user.keyboard('{Enter}');
    const drawer = await screen.findByRole('dialog', { name: 'Transaction tx-0' });
    expect(router.state.location.pathname).toBe('/transactions/tx-0');
    expect(router.state.location.search).toBe('?status=AUTHORIZED');

    expect(await within(drawer).findByText('Customer 0')).toBeInTheDocument();
    expect(within(drawer).getByText('1 Main Street')).toBeInTheDocument();
    expect(within(drawer).getByText('New York, NY 10001')).toBeInTheDocument();
    expect(within(drawer).getByText('Online instalments')).toBeInTheDocument();
    const history = within(drawer).getByRole('table', { name: 'History' });
    expect(within(history).getAllByRole('row')).toHaveLength(3);
    expect(within(history).getByText('Customer 0 (customer)')).toBeInTheDocument();
    expect(within(history).getByText('Payment platform')).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Close the transaction' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/transactions');
    });
    expect(router.state.location.search).toBe('?status=AUTHORIZED');
    await waitFor(() => {
      expect(document.activeElement).toHaveAttribute('data-row-id', 'tx-0');
    });
  });

  it('settles all, then refunds part, as an admin: amounts confirmed, one Idempotency-Key each', async () => {
    const { user, calls } = await signedInList('/transactions/tx-3');
    const drawer = await screen.findByRole('dialog', { name: 'Transaction tx-3' });
    await within(drawer).findByText('$100.00 left to settle');
    expect(within(drawer).queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
    const listsBefore = calls.lists.length;

    await user.click(within(drawer).getByRole('button', { name: 'Settle' }));
    const settle = await screen.findByRole('dialog', { name: 'Settle the transaction' });
    expect(within(settle).getByRole('textbox', { name: 'Amount to settle' })).toHaveProperty(
      'value',
      '100.00',
    );
    await user.click(within(settle).getByRole('button', { name: 'Review' }));
    expect(within(settle).getByText('Settle $100.00 of transaction tx-3?')).toBeInTheDocument();
    await user.click(within(settle).getByRole('button', { name: 'Settle $100.00' }));

    expect(await screen.findByText('$100.00 settled.')).toBeInTheDocument();
    expect(calls.actions).toHaveLength(1);
    expect(calls.actions[0]).toMatchObject({
      id: 'tx-3',
      action: 'settle',
      body: { amount: { currency: 'USD', value: 10_000 } },
    });
    expect(present(calls.actions[0]).idempotencyKey).toMatch(UUID);
    // The list and its totals load again.
    await waitFor(() => {
      expect(calls.lists.length).toBeGreaterThan(listsBefore);
    });

    await within(drawer).findByText('$100.00 left to refund');
    await user.click(within(drawer).getByRole('button', { name: 'Refund' }));
    const refund = await screen.findByRole('dialog', { name: 'Refund the transaction' });
    const amount = within(refund).getByRole('textbox', { name: 'Amount to refund' });
    await user.clear(amount);
    await user.type(amount, '150');
    await user.click(within(refund).getByRole('button', { name: 'Review' }));
    expect(within(refund).getByText('The amount cannot be more than $100.00')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '25.5');
    await user.click(within(refund).getByRole('button', { name: 'Review' }));
    expect(within(refund).getByText('Refund $25.50 of transaction tx-3?')).toBeInTheDocument();
    await user.click(within(refund).getByRole('button', { name: 'Refund $25.50' }));

    expect(await screen.findByText('$25.50 refunded.')).toBeInTheDocument();
    expect(calls.actions[1]).toMatchObject({
      id: 'tx-3',
      action: 'refund',
      body: { amount: { currency: 'USD', value: 2_550 } },
    });
    expect(present(calls.actions[1]).idempotencyKey).toMatch(UUID);
    expect(present(calls.actions[1]).idempotencyKey).not.toBe(present(calls.actions[0]).idempotencyKey);
    expect(await within(drawer).findByText('Partially refunded')).toBeInTheDocument();
    expect(within(drawer).getByText('$74.50 left to refund')).toBeInTheDocument();
  });

  it("shows the server's refusal of an amount beside the field", async () => {
    const { user } = await signedInList('/transactions/tx-1');
    api.server.use(
      http.post('/api/transactions/:id/settle', () =>
        HttpResponse.json(
          {
            error: {
              code: 'CONFLICT',
              message: 'Only 40.00 USD is left to settle; 100.00 USD is more than that',
              details: [{ path: 'body.amount.value', message: 'At most 4000' }],
            },
          },
          { status: 409 },
        ),
      ),
    );
    const drawer = await screen.findByRole('dialog', { name: 'Transaction tx-1' });
    await user.click(await within(drawer).findByRole('button', { name: 'Settle' }));
    const settle = await screen.findByRole('dialog', { name: 'Settle the transaction' });
    await user.click(within(settle).getByRole('button', { name: 'Review' }));
    await user.click(within(settle).getByRole('button', { name: 'Settle $100.00' }));
    expect(
      await within(settle).findByText('Only 40.00 USD is left to settle; 100.00 USD is more than that'),
    ).toBeInTheDocument();
    expect(within(settle).getByRole('textbox', { name: 'Amount to settle' })).toBeInTheDocument();
  });

  it('shows no action to a read-only user', async () => {
    await signedInList('/transactions/tx-2', sixty, 'READ_ONLY');
    const drawer = await screen.findByRole('dialog', { name: 'Transaction tx-2' });
    expect(await within(drawer).findByText('Customer 2')).toBeInTheDocument();
    expect(within(drawer).queryByRole('heading', { name: 'Actions' })).not.toBeInTheDocument();
    for (const name of ['Settle', 'Cancel', 'Refund']) {
      expect(within(drawer).queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });
});

describe('the export', () => {
  it("downloads the server's CSV for the current filters and sort", async () => {
    const createObjectURL = vi.fn((_file: Blob) => 'blob:transactions');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });

    const { user, calls } = await signedInList(
      '/transactions?status=SETTLED&search=olivia&sort=total&order=asc',
    );
    await rowsShown();
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => {
      expect(clicks).toHaveLength(1);
    });
    expect(queryPairs(present(calls.exports[0]))).toEqual([
      'locale=en',
      'order=asc',
      'search=olivia',
      'sort=total',
      'status=SETTLED',
    ]);
    expect(present(clicks[0]).download).toBe('transactions-2026-11-02.csv');
    expect(present(clicks[0]).href).toBe('blob:transactions');
    const file = present(createObjectURL.mock.calls[0])[0];
    expect((await file.text()).split('\r\n')).toHaveLength(61);
    vi.restoreAllMocks();
  });
});

describe('the program selection', () => {
  it('limits the list to the selected programs', async () => {
    const { user, calls } = await signedInList('/transactions');
    await rowsShown();
    const [banner] = screen.getAllByRole('banner');
    await user.click(within(present(banner)).getByRole('button', { name: 'All programs' }));
    await user.click(screen.getByRole('checkbox', { name: 'In-store virtual card' }));
    await waitFor(() => {
      expect(calls.lastList().getAll('programID')).toEqual(['program-ecomm']);
    });
    expect(present(calls.totals.at(-1)).getAll('programID')).toEqual(['program-ecomm']);
    // Every program again, for the tests that follow (the selection is kept for the session).
    await user.click(screen.getByRole('checkbox', { name: 'All programs' }));
    await waitFor(() => {
      expect(within(present(banner)).getByRole('button', { name: 'All programs' })).toBeInTheDocument();
    });
  });
});
