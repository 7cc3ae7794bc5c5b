import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TargetingExport, TargetingRow } from '@portal/contracts/targeting';
import {
  createTargetingExportEndpoint,
  targetingExportersEndpoint,
  targetingExportFileEndpoint,
  targetingExportsEndpoint,
  targetingPreviewEndpoint,
} from '@portal/contracts/targeting-endpoints';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { NORTHWIND, setUpTestApi } from '../../test/test-api';

const api = setUpTestApi();
vi.setConfig({ testTimeout: 30_000 });

const rows: TargetingRow[] = Array.from({ length: 3 }, (_, index) => ({
  email: `shopper${String(index)}@example.com`,
  name: `Shopper ${String(index)}`,
  // 02:00 UTC is the evening before in New York: the merchant's day is shown.
  latestPrequalifiedAt: index === 2 ? null : new Date(`2026-10-1${String(index)}T02:00:00.000Z`),
  hasFinancing: index === 0,
  checkoutStatus: index === 0 ? 'ABANDONED' : 'NOT_STARTED',
  checkouts: index === 0 ? 2 : 0,
  cartAmount: index === 1 ? null : { currency: 'USD', value: 12_345 },
}));

/** An export of the history, taken on 1 November plus `index` hours. */
function pastExport(index: number): TargetingExport {
  return {
    id: `past-${String(index)}`,
    createdAt: new Date(Date.UTC(2026, 10, 1, index)),
    userEmail: index % 2 === 0 ? 'ann@example.com' : 'bob@example.com',
    from: '2026-09-01',
    to: '2026-09-30',
    timeZone: 'America/New_York',
    programIDs: [],
    hasFinancing: null,
    checkoutStatus: index % 2 === 0 ? 'ABANDONED' : null,
    rowCount: 100 + index,
  };
}

function installTargetingApi({ history = [] as TargetingExport[], historyFails = false } = {}) {
  const previews: URLSearchParams[] = [];
  const created: unknown[] = [];
  const downloads: string[] = [];
  const pages: URLSearchParams[] = [];
  api.server.use(
    http.get(targetingPreviewEndpoint.path, ({ request }) => {
      const query = new URL(request.url).searchParams;
      previews.push(query);
      return HttpResponse.json({
        data: {
          from: query.get('from'),
          to: query.get('to'),
          timeZone: 'America/New_York',
          items: rows,
          total: 42,
        },
      });
    }),
    http.post(createTargetingExportEndpoint.path, async ({ request }) => {
      const body = (await request.json()) as { from: string; to: string };
      created.push(body);
      const record: TargetingExport = {
        id: `export-${String(history.length + 1)}`,
        createdAt: new Date('2026-11-20T15:00:00.000Z'),
        userEmail: 'admin@example.com',
        from: body.from,
        to: body.to,
        timeZone: 'America/New_York',
        programIDs: [],
        hasFinancing: 'yes',
        checkoutStatus: null,
        rowCount: 42,
      };
      history.unshift(record);
      return HttpResponse.json({ data: record }, { status: 201 });
    }),
    http.get(targetingExportsEndpoint.path, ({ request }) => {
      const query = new URL(request.url).searchParams;
      pages.push(query);
      if (historyFails) {
        return HttpResponse.json({ error: { code: 'INTERNAL', message: 'Failed' } }, { status: 500 });
      }
      const offset = Number(query.get('offset') ?? 0);
      const limit = Number(query.get('limit') ?? 25);
      return HttpResponse.json({
        data: {
          items: history.slice(offset, offset + limit),
          pagination: { offset, limit, total: history.length },
        },
      });
    }),
    http.get(targetingExportersEndpoint.path, () =>
      HttpResponse.json({
        data: {
          users: [
            { userId: 'user-ann', email: 'ann@example.com' },
            { userId: 'user-bob', email: 'bob@example.com' },
          ],
        },
      }),
    ),
    http.get(targetingExportFileEndpoint.path, ({ params }) => {
      downloads.push(String(params.id));
      return new HttpResponse('\uFEFFa,b\r\n', {
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="t.csv"' },
      });
    }),
  );
  return { previews, created, downloads, pages };
}

async function openPage(path: string, options?: Parameters<typeof installTargetingApi>[0]) {
  api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
  const calls = installTargetingApi(options);
  const view = await renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Targeting export' });
  return { ...view, calls };
}

describe('the targeting export page', () => {
  it('reads the selection from the URL, previews the shoppers with their count and names the zone', async () => {
    const { calls } = await openPage(
      '/targeting-export?from=2026-10-01&to=2026-10-31&hasFinancing=yes&checkoutStatus=NOT_STARTED',
    );
    expect(await screen.findByText('42 shoppers')).toBeInTheDocument();
    const query = calls.previews.at(-1);
    expect(query?.get('from')).toBe('2026-10-01');
    expect(query?.get('to')).toBe('2026-10-31');
    expect(query?.get('hasFinancing')).toBe('yes');
    expect(query?.get('checkoutStatus')).toBe('NOT_STARTED');
    expect(screen.getByText(/America\/New_York/, { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue('2026-10-01');
    const table = screen.getByRole('table', { name: 'Preview of the shoppers' });
    expect(
      within(table).getByRole('columnheader', { name: 'Latest prequalification (America/New_York)' }),
    ).toBeInTheDocument();
    const first = within(table).getAllByRole('row')[1];
    expect(first).toHaveTextContent('2026-10-09');
    expect(first).toHaveTextContent('shopper0@example.com');
    expect(first).toHaveTextContent('Abandoned');
    expect(within(table).getByText('Applied without prequalifying')).toBeInTheDocument();
    expect(screen.getByText('The first 3 of 42 are shown; the file has them all.')).toBeInTheDocument();
  });

  it('says what is wrong with the window next to its field, and asks nothing meanwhile', async () => {
    const { calls } = await openPage('/targeting-export?from=2026-10-31&to=2026-10-01');
    expect(await screen.findByText('The end date is before the start date.')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Correct the window to see the shoppers.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    expect(calls.previews).toHaveLength(0);
  });

  it('refuses a window over a year', async () => {
    await openPage('/targeting-export?from=2024-10-01&to=2025-10-31');
    expect(await screen.findByText('The window covers at most one year.')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
  });

  it('records and downloads an export, lists it, and downloads it again', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() });
    const user = userEvent.setup();
    const { calls } = await openPage('/targeting-export?from=2026-10-01&to=2026-10-31&hasFinancing=yes');
    await screen.findByText('42 shoppers');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => {
      expect(calls.downloads).toEqual(['export-1']);
    });
    expect(calls.created).toEqual([{ from: '2026-10-01', to: '2026-10-31', hasFinancing: 'yes' }]);
    const history = await screen.findByRole('table', { name: 'Exports taken' });
    expect(within(history).getByText('2026-10-01 to 2026-10-31 (America/New_York)')).toBeInTheDocument();
    await user.click(
      within(history).getByRole('button', { name: /Download again the export of 2026-10-01/ }),
    );
    await waitFor(() => {
      expect(calls.downloads).toEqual(['export-1', 'export-1']);
    });
  });

  it('lists the history as a list of its own in the URL, beside the form, sorted and paged', async () => {
    const history = Array.from({ length: 30 }, (_, index) => pastExport(29 - index));
    const { calls } = await openPage(
      '/targeting-export?from=2026-10-01&to=2026-10-31&history.userId=user-ann&history.sort=rowCount&history.offset=25',
      { history },
    );
    const table = await screen.findByRole('table', { name: 'Exports taken' });
    await within(table).findAllByText('ann@example.com');
    // The form's window is the preview's; the history has days, a user, a sort and a page of its own.
    expect(calls.previews.at(-1)?.get('from')).toBe('2026-10-01');
    const query = calls.pages.at(-1);
    expect(query?.get('from')).toBeNull();
    expect(query?.get('to')).toBeNull();
    expect(query?.get('userId')).toBe('user-ann');
    expect(query?.get('sort')).toBe('rowCount');
    expect(query?.get('order')).toBe('desc');
    expect(query?.get('limit')).toBe('25');
    expect(query?.get('offset')).toBe('25');
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(screen.getByText('26–30 of 30')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: /Shoppers/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(
      within(table).getAllByRole('button', { name: /Download again the export of 2026-09-01/ }),
    ).toHaveLength(5);
  });

  it('sorts and pages the history by its own parameters, leaving the form as it was', async () => {
    const user = userEvent.setup();
    const history = Array.from({ length: 30 }, (_, index) => pastExport(29 - index));
    const { calls, router } = await openPage('/targeting-export?from=2026-10-01&to=2026-10-31', { history });
    const table = await screen.findByRole('table', { name: 'Exports taken' });
    await within(table).findAllByText('ann@example.com');
    await user.click(within(table).getByRole('button', { name: /Shoppers/ }));
    await waitFor(() => {
      expect(calls.pages.at(-1)?.get('sort')).toBe('rowCount');
    });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => {
      expect(calls.pages.at(-1)?.get('offset')).toBe('25');
    });
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('history.sort')).toBe('rowCount');
    expect(search.get('history.offset')).toBe('25');
    expect(search.get('from')).toBe('2026-10-01');
    expect(search.get('to')).toBe('2026-10-31');
  });

  it('says when no export has been taken', async () => {
    await openPage('/targeting-export');
    expect(await screen.findByText('No export has been taken yet.')).toBeInTheDocument();
  });

  it('shows the error box when the history cannot be read', async () => {
    await openPage('/targeting-export', { historyFails: true });
    const section = await screen.findByRole('region', { name: 'Export history' });
    expect(await within(section).findByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
