import type { checkoutCartSchema } from '@portal/contracts/carts';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { renderApp } from '../../test/render-app';
import { setUpTestApi } from '../../test/test-api';

const api = setUpTestApi();
vi.setConfig({ testTimeout: 30_000 });

const TOKEN = 'a'.repeat(43);

/** The shopper's cart as the API sends it: its date-time as ISO text. */
type CheckoutCart = z.input<typeof checkoutCartSchema>;

function checkoutCart(overrides: Partial<CheckoutCart> = {}): CheckoutCart {
  return {
    merchantName: 'Northwind Demo Outfitters',
    brand: 'bread',
    name: 'Canoe order',
    orderReference: 'ORD-7',
    currency: 'USD',
    items: [{ name: 'Cedar canoe', sku: 'CN-1', quantity: 1, unitPrice: 90_000, unitTax: 0 }],
    customTotal: null,
    totals: { subtotal: 90_000, tax: 0, shipping: 2_500, discount: 0, total: 92_500 },
    shopperName: 'Robin',
    status: 'SENT',
    expiresAt: '2026-12-01T12:00:00.000Z',
    completeUrl: 'https://shop.example/thanks',
    errorUrl: '',
    design: null,
    plans: [],
    ...overrides,
  };
}

function answer(cart: CheckoutCart | null) {
  const completions: string[] = [];
  api.server.use(
    http.get('/api/checkout/:token', () =>
      cart === null
        ? HttpResponse.json(
            { error: { code: 'NOT_FOUND', message: 'This link does not exist' } },
            { status: 404 },
          )
        : HttpResponse.json({ data: cart }),
    ),
    http.post('/api/checkout/:token/complete', ({ request }) => {
      completions.push(request.headers.get('authorization') ?? 'none');
      return HttpResponse.json({
        data: { transactionID: 'tx-1', completeUrl: 'https://shop.example/thanks' },
      });
    }),
  );
  return completions;
}

describe('the checkout page', () => {
  it('shows the cart to a shopper who is not signed in, and completes it', async () => {
    const completions = answer(checkoutCart());
    const { user } = await renderApp(`/checkout/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Canoe order' })).toBeInTheDocument();
    expect(screen.getByText(/From Northwind Demo Outfitters/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Totals' })).toHaveTextContent('$925.00');
    // The expiry is on the shopper's clock, which it names.
    const zone = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
      .formatToParts(new Date('2026-12-01T12:00:00.000Z'))
      .find((part) => part.type === 'timeZoneName')?.value;
    expect(screen.getByText(/^This link is valid until Dec 1, 2026, .+ [AP]M (.+)\.$/)).toHaveTextContent(
      ` ${zone ?? ''}.`,
    );
    await user.click(screen.getByRole('button', { name: 'Complete purchase' }));
    expect(await screen.findByText('Thank you! Your purchase is complete.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe(
      'https://shop.example/thanks',
    );
    expect(completions).toEqual(['none']);
  });

  it("shows the merchant's published design: shop name, logo from the server and button colors", async () => {
    answer(
      checkoutCart({
        design: {
          primaryColor: '#123456',
          buttonColor: '#004400',
          buttonTextColor: '#ffffff',
          backgroundColor: '#fafafa',
          textColor: '#1b1b1b',
          buttonStyle: 'PILL',
          displayMode: 'EMBEDDED',
          shopName: 'Trail Shop',
          hasLogo: true,
        },
      }),
    );
    const { container } = await renderApp(`/checkout/${TOKEN}`);
    expect(await screen.findByText('Trail Shop')).toBeInTheDocument();
    expect(container.querySelector('img')?.getAttribute('src')).toBe(`/api/checkout/${TOKEN}/logo`);
    expect(screen.getByRole('button', { name: 'Complete purchase' })).toHaveStyle({
      backgroundColor: '#004400',
      color: '#ffffff',
    });
  });

  it("offers the lowest payment of the merchant's active plans, and none without one", async () => {
    answer(
      checkoutCart({
        plans: [
          { productType: 'INSTALLMENTS', frequency: 'MONTHLY', numPayments: 12, rateBps: 0 },
          { productType: 'SPLITPAY', frequency: 'BIWEEKLY', numPayments: 4, rateBps: 0 },
        ],
      }),
    );
    const first = await renderApp(`/checkout/${TOKEN}`);
    expect(await screen.findByText('As low as $77.08/month for 12 months at 0% APR')).toBeInTheDocument();
    first.unmount();
    answer(checkoutCart());
    await renderApp(`/checkout/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Canoe order' })).toBeInTheDocument();
    expect(screen.queryByText(/As low as/)).toBeNull();
  });

  it('offers nothing on an expired or completed link', async () => {
    answer(checkoutCart({ status: 'EXPIRED' }));
    await renderApp(`/checkout/${TOKEN}`);
    expect(
      await screen.findByText('This link has expired. Ask the merchant for a new one.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete purchase' })).not.toBeInTheDocument();
  });

  it('declines the cart when the shopper leaves, after asking, and says the merchant was told', async () => {
    const declines: string[] = [];
    answer(checkoutCart({ errorUrl: 'https://shop.example/cart' }));
    api.server.use(
      http.post('/api/checkout/:token/decline', ({ request }) => {
        declines.push(request.headers.get('authorization') ?? 'none');
        return HttpResponse.json({
          data: checkoutCart({ status: 'DECLINED', errorUrl: 'https://shop.example/cart' }),
        });
      }),
    );
    const { user } = await renderApp(`/checkout/${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without paying?' });
    expect(dialog).toHaveTextContent('Northwind Demo Outfitters will be told that you declined this cart');
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(declines).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await user.click(await screen.findByRole('button', { name: 'Decline and leave' }));
    expect(
      await screen.findByText('You declined this cart. Northwind Demo Outfitters has been told.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe(
      'https://shop.example/cart',
    );
    expect(screen.queryByRole('button', { name: 'Complete purchase' })).not.toBeInTheDocument();
    expect(declines).toEqual(['none']);
  });

  it('says a wrong link does not exist', async () => {
    answer(null);
    await renderApp(`/checkout/${TOKEN}`);
    expect(await screen.findByText('This link does not exist.')).toBeInTheDocument();
  });
});
