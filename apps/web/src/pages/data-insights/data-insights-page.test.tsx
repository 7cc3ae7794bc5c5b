import { screen, waitFor, within } from '@testing-library/react';
import type { insightsSchema } from '@portal/contracts/insights';
import { insightsEndpoint } from '@portal/contracts/insights-endpoints';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { renderApp } from '../../test/render-app';
import { NORTHWIND, setUpTestApi } from '../../test/test-api';

const api = setUpTestApi();
vi.setConfig({ testTimeout: 30_000 });

type Answer = z.input<typeof insightsSchema>;
const usd = (value: number) => ({ currency: 'USD' as const, value });
const metrics = (sales: number, count: number) => ({
  settledSales: usd(sales),
  transactionCount: count,
  averageOrderValue: count > 0 ? usd(Math.round(sales / count)) : null,
  refundRate: 0.1,
  applications: count * 2,
  approvalRate: 0.75,
});

function answerFor(from: string, to: string): Answer {
  return {
    timeZone: 'America/New_York',
    currency: 'USD',
    asOf: '2026-11-24T15:00:00.000Z',
    granularity: 'day',
    periods: { current: { from, to }, previous: { from, to }, lastYear: { from, to } },
    metrics: { current: metrics(123_456, 12), previous: metrics(100_000, 10), lastYear: metrics(0, 0) },
    series: [
      { period: from, settledSales: 100_000, transactionCount: 10, refunded: 5_000 },
      { period: to, settledSales: 23_456, transactionCount: 2, refunded: 0 },
    ],
    splits: {
      program: [
        { key: 'program-ecomm', name: 'Online instalments', settledSales: 123_456, transactionCount: 12 },
      ],
      productType: [{ key: 'INSTALLMENTS', name: null, settledSales: 123_456, transactionCount: 12 }],
      location: [{ key: null, name: null, settledSales: 123_456, transactionCount: 12 }],
      channel: [{ key: 'ECOMM', name: null, settledSales: 123_456, transactionCount: 12 }],
    },
    funnel: { checkoutStarted: 40, applied: 30, approved: 20, purchased: 12, refunded: 3 },
  };
}

async function openInsights(path = '/data-insights') {
  api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
  const calls: URLSearchParams[] = [];
  api.server.use(
    http.get(insightsEndpoint.path, ({ request }) => {
      const query = new URL(request.url).searchParams;
      calls.push(query);
      return HttpResponse.json({ data: answerFor(query.get('from') ?? '', query.get('to') ?? '') });
    }),
  );
  const view = await renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Data insights' });
  return { ...view, calls };
}

describe('the data insights page', () => {
  it('shows the figures with their comparisons, and each chart as a table on demand', async () => {
    const { user, calls } = await openInsights('/data-insights?from=2026-11-01&to=2026-11-02');
    expect(await screen.findByTestId('metric-settledSales')).toHaveTextContent('$1,234.56');
    expect(calls.at(-1)?.get('from')).toBe('2026-11-01');
    expect(screen.getByText('Previous period: $1,000.00 (+23.5%)')).toBeInTheDocument();
    expect(screen.getByText('Same period last year: $0.00 (no comparison)')).toBeInTheDocument();

    const chart = screen.getByRole('region', { name: 'Settled sales and refunds over time' });
    expect(within(chart).getByText(/As of .* · Days in America\/New_York/)).toBeInTheDocument();
    await user.click(within(chart).getByText('Table'));
    const table = within(chart).getByRole('table', {
      name: '“Settled sales and refunds over time” as a table',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('Period (America/New_York)');
    // Plain days stay the days they are, whatever the browser's zone.
    expect(rows[1]).toHaveTextContent('Nov 1, 2026$1,000.0010$50.00');
    expect(within(table).getByRole('rowheader', { name: 'Nov 1, 2026' })).toBeInTheDocument();
  });

  it("reads the funnel as a table: each step names its row, and each figure its column on a phone's card", async () => {
    const { user } = await openInsights('/data-insights?from=2026-11-01&to=2026-11-02');
    const funnel = await screen.findByRole('region', { name: 'Checkout funnel' });
    await user.click(within(funnel).getByText('Table'));
    const table = within(funnel).getByRole('table');
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Checkout started', 'Applied', 'Approved', 'Purchased', 'Refunded']);
    const approved = within(table).getByRole('row', { name: /^Approved/ });
    expect(
      [...approved.querySelectorAll('th, td')].map(
        (cell) => `${cell.getAttribute('data-label') ?? ''}: ${cell.textContent}`,
      ),
    ).toEqual(['Step: Approved', 'Shoppers: 20', 'Share of the step before: 66.7%']);
  });

  it('says beside the end date why a range cannot be shown, and asks nothing of the server', async () => {
    const { calls } = await openInsights('/data-insights?from=2026-11-10&to=2026-11-01');
    expect(await screen.findByText('The end date is before the start date.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('asks for the preset chosen', async () => {
    const { user, calls } = await openInsights();
    await screen.findByTestId('metric-settledSales');
    await user.click(screen.getByRole('combobox', { name: 'Date range' }));
    await user.click(await screen.findByRole('option', { name: 'Last 90 days' }));
    await waitFor(() => {
      const last = calls.at(-1);
      const days = (Date.parse(last?.get('to') ?? '') - Date.parse(last?.get('from') ?? '')) / 86_400_000 + 1;
      expect(days).toBe(90);
    });
  });

  it('links each funnel step to its list: the transactions, or the targeting export for those who stopped', async () => {
    await openInsights('/data-insights?from=2026-11-01&to=2026-11-02');
    const funnel = await screen.findByRole('region', { name: 'Checkout funnel' });
    const href = (name: string) => within(funnel).getByRole('link', { name }).getAttribute('href');
    expect(href('The refunded purchases of this period (transactions)')).toBe(
      '/transactions?status=REFUNDED&from=2026-11-01&to=2026-11-02',
    );
    expect(href('The purchases of this period (transactions)')).toBe(
      '/transactions?from=2026-11-01&to=2026-11-02',
    );
    expect(href('Approved shoppers who did not buy (targeting export)')).toBe(
      '/targeting-export?from=2026-11-01&to=2026-11-02&hasFinancing=yes',
    );
    expect(href('Shoppers who left a started checkout (targeting export)')).toBe(
      '/targeting-export?from=2026-11-01&to=2026-11-02&checkoutStatus=ABANDONED',
    );
  });

  it('links a range longer than a year to the last year of it in the targeting export', async () => {
    await openInsights('/data-insights?from=2025-01-15&to=2026-11-02');
    const funnel = await screen.findByRole('region', { name: 'Checkout funnel' });
    expect(
      within(funnel)
        .getByRole('link', { name: 'Approved shoppers who did not buy (targeting export)' })
        .getAttribute('href'),
    ).toBe('/targeting-export?from=2025-11-02&to=2026-11-02&hasFinancing=yes');
  });
});
