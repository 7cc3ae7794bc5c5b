import type { checkoutCartSchema } from '@portal/contracts/carts';
import { screen } from '@testing-library/react';
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
    await user.click(screen.getByRole('button', { name: 'Complete purchase' }));
    expect(await screen.findByText('Thank you! Your purchase is complete.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe(
      'https://shop.example/thanks',
    );
    expect(completions).toEqual(['none']);
  });

  it('offers nothing on an expired or completed link', async () => {
    answer(checkoutCart({ status: 'EXPIRED' }));
    await renderApp(`/checkout/${TOKEN}`);
    expect(
      await screen.findByText('This link has expired. Ask the merchant for a new one.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Complete purchase' })).not.toBeInTheDocument();
  });

  it('says a wrong link does not exist', async () => {
    answer(null);
    await renderApp(`/checkout/${TOKEN}`);
    expect(await screen.findByText('This link does not exist.')).toBeInTheDocument();
  });
});
