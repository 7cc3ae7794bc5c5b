import { type CartInput, type cartDetailSchema, type cartSummarySchema } from '@portal/contracts/carts';
import { cartActionEndpoints, cartEndpoint, listCartsEndpoint } from '@portal/contracts/carts-endpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { renderApp } from '../../test/render-app';
import { NORTHWIND, setUpTestApi } from '../../test/test-api';

const api = setUpTestApi();
vi.setConfig({ testTimeout: 30_000 });

// Carts as the API sends them: date-times as ISO text.
type CartSummary = z.input<typeof cartSummarySchema>;
type CartDetail = z.input<typeof cartDetailSchema>;

function fakeCart(index: number, overrides: Partial<CartSummary> = {}): CartSummary {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name: `Cart ${String(index)}`,
    orderReference: `ORD-${String(500 + index)}`,
    shopperName: `Shopper ${String(index)}`,
    shopperEmail: `shopper${String(index)}@example.com`,
    currency: 'USD',
    total: 12_345,
    status: 'ACTIVE',
    createdBy: 'admin@merchant.demo',
    createdAt: '2026-11-20T15:00:00.000Z',
    expiresAt: '2026-11-27T15:00:00.000Z',
    ...overrides,
  };
}

function detailOf(input: CartInput, id: string): CartDetail {
  return {
    ...fakeCart(1, { id, name: input.name, orderReference: input.orderReference }),
    items: input.items,
    customTotal: input.customTotal,
    totals: { subtotal: 5_000, tax: 0, shipping: 0, discount: 0, total: 5_000 },
    shopper: { ...input.shopper, shippingAddress: null },
    callbackUrl: '',
    completeUrl: '',
    errorUrl: '',
    checkoutUrl: 'http://localhost:3000/checkout/token',
    transactionID: null,
    updatedAt: '2026-11-20T15:00:00.000Z',
    history: [{ status: 'ACTIVE', actor: 'admin@merchant.demo', at: '2026-11-20T15:00:00.000Z' }],
    notifications: [],
  };
}

function installCartList(carts: CartSummary[]) {
  const queries: URLSearchParams[] = [];
  api.server.use(
    http.get(listCartsEndpoint.path, ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const statuses = query.getAll('status').flatMap((value) => value.split(','));
      const items = carts.filter((cart) => statuses.length === 0 || statuses.includes(cart.status));
      return HttpResponse.json({
        data: { items, pagination: { offset: 0, limit: 25, total: items.length } },
      });
    }),
  );
  return queries;
}

describe('the cart list', () => {
  it('shows the carts with their columns, and filters by status through the URL', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    const queries = installCartList([fakeCart(1), fakeCart(2, { status: 'SENT', total: 999 })]);
    const { user, router } = await renderApp('/carts');
    await screen.findByRole('heading', { level: 1, name: 'Carts' });
    const table = screen.getByRole('table', { name: 'Carts' });
    await waitFor(() => {
      expect(within(table).getAllByRole('row')).toHaveLength(3);
    });
    expect(within(table).getByText('Cart 1')).toBeInTheDocument();
    expect(within(table).getByText('$123.45')).toBeInTheDocument();
    expect(within(table).getByText('Sent')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create cart' })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    expect(await screen.findByRole('option', { name: 'Declined' })).toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Sent' }));
    await waitFor(() => {
      expect(new URLSearchParams(router.state.location.search).getAll('status')).toEqual(['SENT']);
    });
    await waitFor(() => {
      expect(within(table).getAllByRole('row')).toHaveLength(2);
    });
    expect(queries.at(-1)?.getAll('status').join(',')).toBe('SENT');
  });

  it('shows free text that looks like a date as typed', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    const texts = {
      name: '2026-11-01T00:00:00Z',
      orderReference: '2026-11-01',
      shopperName: '2026-11-02T00:00:00Z',
      shopperEmail: '2026-11-03',
      createdBy: '2026-11-04T00:00:00Z',
    };
    installCartList([fakeCart(1, texts)]);
    await renderApp('/carts');
    const table = await screen.findByRole('table', { name: 'Carts' });
    await waitFor(() => {
      expect(within(table).getAllByRole('row')).toHaveLength(2);
    });
    for (const text of Object.values(texts)) {
      expect(within(table).getByText(text)).toBeInTheDocument();
    }
  });

  it('offers no create button without the create scope', async () => {
    api.signInAs({ role: 'READ_ONLY', merchantId: NORTHWIND.id });
    installCartList([fakeCart(1)]);
    await renderApp('/carts');
    await screen.findByText('Cart 1');
    expect(screen.queryByRole('link', { name: 'Create cart' })).not.toBeInTheDocument();
  });
});

describe('the cart form', () => {
  async function openForm() {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    const posted: unknown[] = [];
    let answer: () => Response = () => HttpResponse.json({ error: { code: 'INTERNAL', message: 'x' } });
    api.server.use(
      http.post(listCartsEndpoint.path, async ({ request }) => {
        posted.push(await request.json());
        return answer();
      }),
    );
    const view = await renderApp('/carts/create');
    await screen.findByRole('heading', { level: 1, name: 'Create cart' });
    return {
      ...view,
      posted,
      answerWith: (next: () => Response) => {
        answer = next;
      },
    };
  }

  it('shows each refusal next to its field and sends nothing', async () => {
    const { user, posted } = await openForm();
    await user.type(screen.getByRole('textbox', { name: 'Unit price' }), '0');
    await user.type(screen.getByRole('textbox', { name: 'Quantity' }), '{Backspace}0');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'not-an-email');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), 'call me');
    await user.click(screen.getByRole('button', { name: 'Create cart' }));

    expect(await screen.findAllByText('Required')).not.toHaveLength(0);
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid phone number')).toBeInTheDocument();
    expect(screen.getByText('At least 1')).toBeInTheDocument();
    expect(screen.getByText('Must be more than zero')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toEqual([]);
  });

  it('computes the totals as the user types, sends minor units, and shows server refusals in place', async () => {
    const { user, posted, answerWith } = await openForm();
    const totals = screen.getByRole('region', { name: 'Totals' });
    await user.type(screen.getByRole('textbox', { name: 'Cart name' }), 'Tent order');
    await user.type(screen.getByRole('textbox', { name: 'Order reference' }), 'ORD-1');
    await user.type(screen.getByRole('textbox', { name: 'Item name' }), 'Tent');
    await user.clear(screen.getByRole('textbox', { name: 'Quantity' }));
    await user.type(screen.getByRole('textbox', { name: 'Quantity' }), '2');
    await user.type(screen.getByRole('textbox', { name: 'Unit price' }), '25.50');
    await user.type(screen.getByRole('textbox', { name: 'Shipping' }), '{Backspace}10');
    await user.type(screen.getByRole('textbox', { name: 'Discount' }), '{Backspace}1');
    await waitFor(() => {
      expect(within(totals).getByText('$60.00')).toBeInTheDocument();
    });

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Jane Shopper');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'jane@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Address' }), '1 Main Street');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'New York');
    await user.type(screen.getByRole('textbox', { name: 'State or province' }), 'NY');
    await user.type(screen.getByRole('textbox', { name: 'Postal code' }), '10001');

    answerWith(() =>
      HttpResponse.json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'The request is not valid',
            details: [{ path: 'body.items.0.unitPrice', message: 'At most 50.00, the maximum' }],
          },
        },
        { status: 400 },
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Create cart' }));
    expect(await screen.findByText('At most 50.00, the maximum')).toBeInTheDocument();
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      name: 'Tent order',
      items: [{ name: 'Tent', quantity: 2, unitPrice: 2_550, unitTax: 0 }],
      customTotal: null,
      shipping: 1_000,
      discount: 100,
      shopper: { email: 'jane@example.com', shippingSameAsBilling: true, shippingAddress: null },
    });

    const id = '00000000-0000-4000-8000-000000000042';
    answerWith(() => HttpResponse.json({ data: detailOf(posted[0] as CartInput, id) }, { status: 201 }));
    api.server.use(
      http.get(`${listCartsEndpoint.path}/:id`, () =>
        HttpResponse.json({ data: detailOf(posted[0] as CartInput, id) }),
      ),
    );
    // A double click creates one cart.
    const createButton = screen.getByRole('button', { name: 'Create cart' });
    fireEvent.click(createButton);
    fireEvent.click(createButton);
    expect(await screen.findByRole('heading', { level: 2, name: 'Tent order' })).toBeInTheDocument();
    expect(posted).toHaveLength(2);
  });
});

describe('the cart page', () => {
  const id = '00000000-0000-4000-8000-000000000077';
  const shopper = {
    name: 'Jane Shopper',
    email: 'jane@example.com',
    phone: '',
    billingAddress: {
      line1: '1 Main Street',
      line2: '',
      city: 'New York',
      region: 'NY',
      postalCode: '10001',
      country: 'US',
    },
    shippingSameAsBilling: true,
    shippingAddress: null,
  };
  function cart(overrides: Partial<CartDetail> = {}): CartDetail {
    const input = {
      name: 'Tent order',
      orderReference: 'ORD-1',
      items: [{ name: 'Tent', sku: '', quantity: 1, unitPrice: 5_000, unitTax: 0 }],
      customTotal: null,
      shopper,
    } as unknown as CartInput;
    return { ...detailOf(input, id), ...overrides };
  }

  it('sends the link once for a double click on "Send link"', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    let notified = 0;
    api.server.use(
      http.get(cartEndpoint.path, () => HttpResponse.json({ data: cart() })),
      http.post(cartActionEndpoints.notify.path, async () => {
        notified += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
        return HttpResponse.json({ data: cart({ status: 'SENT' }) });
      }),
    );
    await renderApp(`/carts/${id}`);
    const send = await screen.findByRole('button', { name: 'Send link' });
    // Two clicks before React renders again, as a quick double click lands.
    fireEvent.click(send);
    fireEvent.click(send);
    expect(await screen.findByText('The link was sent to jane@example.com.')).toBeInTheDocument();
    expect(notified).toBe(1);
  });

  it('catches up with the e-mail it sent: "Waiting to send" becomes "Kept in the outbox", no attempts', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    const email = {
      id: 'email-1',
      to: 'jane@example.com',
      template: 'cart-link',
      status: 'PENDING' as const,
      attempts: 0,
      lastError: null,
      createdAt: '2026-11-20T15:05:00.000Z',
      sentAt: null,
    };
    let sent = false;
    api.server.use(
      http.get(cartEndpoint.path, () => {
        const notifications = [{ ...email, status: sent ? ('KEPT' as const) : ('PENDING' as const) }];
        return HttpResponse.json({ data: cart({ status: 'SENT', notifications }) });
      }),
    );
    await renderApp(`/carts/${id}`);
    expect(await screen.findByText('Waiting to send')).toBeInTheDocument();
    sent = true;
    const kept = await screen.findByText('Kept in the outbox', {}, { timeout: 10_000 });
    const row = kept.closest('tr') as HTMLElement;
    expect(within(row).queryByText('0')).not.toBeInTheDocument();
  });

  it('shows a declined cart as the shopper left it, with nothing more to do', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    const history = [
      { status: 'ACTIVE' as const, actor: 'admin@merchant.demo', at: '2026-11-20T15:00:00.000Z' },
      { status: 'SENT' as const, actor: 'admin@merchant.demo', at: '2026-11-20T15:05:00.000Z' },
      { status: 'DECLINED' as const, actor: 'shopper', at: '2026-11-21T09:30:00.000Z' },
    ];
    api.server.use(
      http.get(cartEndpoint.path, () => HttpResponse.json({ data: cart({ status: 'DECLINED', history }) })),
    );
    await renderApp(`/carts/${id}`);
    expect(await screen.findByText('The shopper declined this cart.', { exact: false })).toBeInTheDocument();
    const steps = screen.getAllByRole('listitem');
    expect(steps.at(-1)).toHaveTextContent(/^Declined · .* · by the shopper$/);
    // Times are the merchant's (America/New_York), and say so.
    expect(steps.at(-1)).toHaveTextContent(/Nov 21, 2026, 4:30\sAM EST/);
    expect(screen.getByText(/Expires .*, 2026, .* EST$/)).toBeInTheDocument();
    for (const action of ['Send link', 'Resend e-mail', 'Expire', 'Edit', 'Copy link']) {
      expect(screen.queryByRole('button', { name: action })).not.toBeInTheDocument();
    }
  });
});
