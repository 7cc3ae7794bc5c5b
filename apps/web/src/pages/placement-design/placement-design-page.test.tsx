import { fireEvent, screen, within } from '@testing-library/react';
import { defaultPlacements, type Placements } from '@portal/contracts/placements';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { NORTHWIND, setUpTestApi } from '../../test/test-api';

const api = setUpTestApi();
vi.setConfig({ testTimeout: 30_000 });

const PLANS = [{ productType: 'INSTALLMENTS', frequency: 'MONTHLY', numPayments: 24, rateBps: 799 }];

function serveSettings(saved: Placements[]) {
  api.server.use(
    http.get('/api/placements', () =>
      HttpResponse.json({ data: { placements: saved.at(-1) ?? defaultPlacements('USD'), updatedAt: null } }),
    ),
    http.get('/api/placements/plans', () => HttpResponse.json({ data: { currency: 'USD', plans: PLANS } })),
    http.put('/api/placements', async ({ request }) => {
      const { placements } = (await request.json()) as { placements: Placements };
      saved.push(placements);
      return HttpResponse.json({ data: { placements, updatedAt: '2026-11-24T12:00:00.000Z' } });
    }),
  );
}

const productPage = () => screen.getByRole('group', { name: 'Product page' });

describe('placement design', () => {
  it('turns the product page on, previews the real figure for a price, and saves', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    const saved: Placements[] = [];
    serveSettings(saved);
    const { user } = await renderApp('/placement-design');
    await screen.findByRole('heading', { level: 1, name: 'Placement design' });
    expect(await screen.findByText('No message: this page type is turned off.')).toBeInTheDocument();

    await user.click(
      within(productPage()).getByRole('switch', { name: 'Show the message on the Product page' }),
    );
    const threshold = within(productPage()).getByLabelText('Minimum price (USD)', { exact: false });
    await user.clear(threshold);
    await user.type(threshold, '50');
    // $1,000 at 7.99 % over 24 months.
    expect(await screen.findByText('As low as $45.22/month for 24 months at 7.99% APR')).toBeInTheDocument();

    const price = screen.getByRole('textbox', { name: 'Price (USD)' });
    fireEvent.change(price, { target: { value: '40' } });
    expect(
      await screen.findByText('No message: the price is below the minimum of $50.00.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('placement-snippet')).toHaveTextContent('data-amount="4000"');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/The on-site messaging is saved/)).toBeInTheDocument();
    expect(saved.at(-1)?.product).toEqual({
      enabled: true,
      style: 'text',
      theme: 'light',
      threshold: { currency: 'USD', value: 5_000 },
    });
  });

  it('shows the settings read-only to a user who may not edit them', async () => {
    api.signInAs({ role: 'READ_ONLY', merchantId: NORTHWIND.id });
    serveSettings([]);
    await renderApp('/placement-design');
    expect(
      await screen.findByText('You can read these settings, but your role does not allow changing them.'),
    ).toBeInTheDocument();
    expect(within(productPage()).getByRole('switch')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
