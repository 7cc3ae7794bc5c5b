import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { NORTHWIND, setUpTestApi } from '../../test/test-api';

const api = setUpTestApi();
vi.setConfig({ testTimeout: 30_000 });

describe('creating a cart', () => {
  it('asks before a half-filled cart is left, and stays when asked to', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    const { user, router } = await renderApp('/carts/create');
    await user.type(await screen.findByLabelText('Cart name', { exact: false }), 'Spring order');

    void router.navigate('/carts');
    const question = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => {
      expect(question).not.toBeInTheDocument();
    });
    expect(router.state.location.pathname).toBe('/carts/create');
    expect(screen.getByLabelText('Cart name', { exact: false })).toHaveValue('Spring order');
  });
});
