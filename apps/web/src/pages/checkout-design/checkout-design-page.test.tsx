import type { checkoutDesignStateSchema } from '@portal/contracts/checkout-design';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { renderApp } from '../../test/render-app';
import { NORTHWIND, setUpTestApi } from '../../test/test-api';

const api = setUpTestApi();
vi.setConfig({ testTimeout: 30_000 });

/** The design as the API sends it: its date-times as ISO text. */
type DesignState = z.input<typeof checkoutDesignStateSchema>;

const STATE: DesignState = {
  draft: {
    primaryColor: '#1c4e80',
    buttonColor: '#1c4e80',
    buttonTextColor: '#ffffff',
    backgroundColor: '#ffffff',
    textColor: '#1f2933',
    buttonStyle: 'ROUNDED',
    displayMode: 'EMBEDDED',
    shopName: 'Northwind Shop',
    logo: null,
  },
  published: { version: 3, publishedAt: '2026-11-20T15:00:00.000Z', publishedBy: 'admin@merchant.demo' },
  unpublishedChanges: false,
};

function answer() {
  const saved: unknown[] = [];
  api.server.use(
    http.get('/api/checkout-design', () => HttpResponse.json({ data: STATE })),
    http.get('/api/checkout-design/versions', () => HttpResponse.json({ data: { items: [] } })),
    http.put('/api/checkout-design', async ({ request }) => {
      const body = (await request.json()) as DesignState['draft'];
      saved.push(body);
      return HttpResponse.json({
        data: { ...STATE, draft: { ...body, logo: null }, unpublishedChanges: true },
      });
    }),
  );
  return saved;
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe('the checkout design page', () => {
  it('previews the edits, warns of low contrast, and saves a draft', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    const saved = answer();
    const { user } = await renderApp('/checkout-design');
    await screen.findByRole('heading', { level: 1, name: 'Checkout design' });
    await waitFor(() => {
      expect(field('Shop name')).toHaveValue('Northwind Shop');
    });
    expect(screen.getByText(/^Version 3 published/)).toBeInTheDocument();
    expect(screen.queryByText('Some text may be hard to read')).not.toBeInTheDocument();

    await user.clear(field('Text color'));
    await user.type(field('Text color'), '#eeeeee');
    expect(await screen.findByText('Some text may be hard to read')).toBeInTheDocument();
    expect(screen.getByText(/^Text on the page background: 1\.16:1/)).toBeInTheDocument();
    await user.clear(field('Shop name'));
    await user.type(field('Shop name'), 'Trail Shop');
    expect(screen.getByTestId('checkout-preview')).toHaveTextContent('Trail Shop');

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(
      await screen.findByText('The draft is saved. Shoppers still see the published design.'),
    ).toBeInTheDocument();
    expect(saved).toEqual([
      expect.objectContaining({ shopName: 'Trail Shop', textColor: '#eeeeee', logoId: null }),
    ]);
  });

  it('refuses a color that is not #rrggbb before sending anything', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    const saved = answer();
    const { user } = await renderApp('/checkout-design');
    await waitFor(() => {
      expect(field('Button color')).toHaveValue('#1c4e80');
    });
    await user.clear(field('Button color'));
    await user.type(field('Button color'), 'blue');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(
      await screen.findByText('Enter a color as # and six hexadecimal digits, e.g. #1c4e80.'),
    ).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('shows the design read-only to a user who may only view it', async () => {
    api.signInAs({ role: 'READ_ONLY', merchantId: NORTHWIND.id });
    answer();
    await renderApp('/checkout-design');
    await waitFor(() => {
      expect(field('Shop name')).toHaveValue('Northwind Shop');
    });
    expect(field('Shop name')).toBeDisabled();
    expect(field('Button color')).toBeDisabled();
    expect(
      screen.getByText('You can read these settings, but your role does not allow changing them.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload a logo' })).not.toBeInTheDocument();
    // The preview still shows what shoppers get.
    expect(screen.getByTestId('checkout-preview')).toHaveTextContent('Northwind Shop');
  });
});
