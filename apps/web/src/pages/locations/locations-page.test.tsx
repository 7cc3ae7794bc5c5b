import { screen, within } from '@testing-library/react';
import type { z } from 'zod';
import type { LocationBody, locationSchema } from '@portal/contracts/locations';
import {
  createLocationEndpoint,
  listLocationsEndpoint,
  locationEndpoint,
} from '@portal/contracts/locations-endpoints';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { NORTHWIND, setUpTestApi } from '../../test/test-api';

const api = setUpTestApi();
vi.setConfig({ testTimeout: 30_000 });

type LocationAnswer = z.input<typeof locationSchema>;
const STORE: LocationAnswer = {
  id: '6f1c2a53-3a1d-4c55-9d0e-6a3c1f0b7a11',
  name: 'Northwind SoHo',
  storeNumber: 'S0101',
  addressLine1: '12 Spring Street',
  addressLine2: '',
  city: 'New York',
  region: 'NY',
  postalCode: '10012',
  country: 'US',
  phone: '+1 212 555 0111',
  timeZone: 'America/New_York',
  status: 'ACTIVE',
  createdAt: '2025-01-10T15:00:00.000Z',
  updatedAt: '2025-01-10T15:00:00.000Z',
  deactivatedAt: null,
};

async function openPage(role: 'ADMIN' | 'READ_ONLY', path = '/locations') {
  api.signInAs({ role, merchantId: NORTHWIND.id });
  const queries: URLSearchParams[] = [];
  const created: LocationBody[] = [];
  api.server.use(
    http.get(listLocationsEndpoint.path, ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json({
        data: { items: [STORE], pagination: { offset: 0, limit: 25, total: 1 } },
      });
    }),
    http.get(locationEndpoint.path, () =>
      HttpResponse.json({
        data: {
          location: STORE,
          figures: {
            monthStart: '2026-11-01',
            transactionCount: 42,
            settledSales: { currency: 'USD', value: 1_234_500 },
          },
        },
      }),
    ),
    http.post(createLocationEndpoint.path, async ({ request }) => {
      created.push((await request.json()) as LocationBody);
      return HttpResponse.json({ data: STORE }, { status: 201 });
    }),
  );
  const view = await renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Locations' });
  return { ...view, queries, created };
}

describe('the locations page', () => {
  it('asks for the list as the URL says, and shows each location', async () => {
    const { queries } = await openPage('ADMIN', '/locations?search=soho&sort=city&order=desc');
    const table = await screen.findByRole('table', { name: 'Locations' });
    const row = (await within(table).findByText('Northwind SoHo')).closest('tr');
    expect(row).toHaveTextContent('S0101');
    expect(row).toHaveTextContent('New York, NY');
    expect(row).toHaveTextContent('Active');
    expect(Object.fromEntries(queries.at(-1) ?? [])).toMatchObject({
      search: 'soho',
      sort: 'city',
      order: 'desc',
    });
  });

  it("opens a location with its month's figures, linked to its transactions", async () => {
    await openPage('ADMIN', `/locations/${STORE.id}`);
    const drawer = await screen.findByRole('dialog', { name: 'Northwind SoHo' });
    expect(await within(drawer).findByText('$12,345.00')).toBeInTheDocument();
    expect(within(drawer).getByRole('heading', { name: 'This month (November 2026)' })).toBeInTheDocument();
    expect(within(drawer).getByText('42')).toBeInTheDocument();
    expect(
      within(drawer).getByRole('link', { name: 'See the transactions of Northwind SoHo' }),
    ).toHaveAttribute('href', `/transactions?locationID=${STORE.id}`);
    expect(within(drawer).getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
  });

  it('checks the ZIP code against the country before sending a new location', async () => {
    const { user, created } = await openPage('ADMIN');
    await user.click(await screen.findByRole('button', { name: 'Add location' }));
    const form = await screen.findByRole('dialog', { name: 'Add location' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Albany');
    await user.type(within(form).getByRole('textbox', { name: 'ZIP code' }), 'H2X 1Y4');
    await user.click(within(form).getByRole('button', { name: 'Add location' }));
    expect(await within(form).findByText(/Enter a ZIP code like 10013/)).toBeInTheDocument();
    expect(created).toEqual([]);
  });

  it('offers a read-only user no change', async () => {
    await openPage('READ_ONLY', `/locations/${STORE.id}`);
    const drawer = await screen.findByRole('dialog', { name: 'Northwind SoHo' });
    await within(drawer).findByText('$12,345.00');
    expect(screen.queryByRole('button', { name: 'Add location' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
