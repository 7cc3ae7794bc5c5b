import { NO_MERCHANT_ID } from '@portal/contracts/roles';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToken } from '../../lib/storage/portal-storage';
import { BREAD_CONFIG, RBC_CONFIG, renderApp } from '../../test/render-app';
import { NORTHWIND, setUpTestApi } from '../../test/test-api';

const api = setUpTestApi();

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

async function openMenu(email: string, user: Awaited<ReturnType<typeof renderApp>>['user']) {
  await user.click(screen.getByRole('button', { name: `Account menu of ${email}` }));
  return screen.findByRole('menu');
}

describe('the user menu', () => {
  it('shows the e-mail, READ/WRITE for a user with transaction actions, and the merchant', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id, email: 'ada@northwind.example' });
    const { user } = await renderApp('/transactions');
    await heading('Transactions');
    await screen.findByText(NORTHWIND.name);
    const menu = await openMenu('ada@northwind.example', user);
    expect(menu).toHaveTextContent('ada@northwind.example');
    expect(menu).toHaveTextContent('Access level: READ/WRITE');
    expect(menu).toHaveTextContent(NORTHWIND.name);
    expect(within(menu).getByRole('menuitem', { name: 'Account settings' }).getAttribute('href')).toBe(
      '/account-settings',
    );
  });

  it('shows READ for a user without transaction actions', async () => {
    api.signInAs({ role: 'READ_ONLY', merchantId: NORTHWIND.id, email: 'reader@northwind.example' });
    const { user } = await renderApp('/transactions');
    await heading('Transactions');
    const menu = await openMenu('reader@northwind.example', user);
    expect(menu).toHaveTextContent('Access level: READ');
    expect(menu).not.toHaveTextContent('READ/WRITE');
  });

  it('is reachable and usable with the keyboard, and signs out', async () => {
    api.signInAs({ role: 'USER', merchantId: NORTHWIND.id, email: 'kim@northwind.example' });
    const { user, userManager } = await renderApp('/transactions');
    await heading('Transactions');
    const trigger = screen.getByRole('button', { name: 'Account menu of kim@northwind.example' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Account settings', 'Sign out']);

    await user.keyboard('{ArrowDown}');
    await waitFor(() => {
      expect(document.activeElement?.textContent).toBe('Account settings');
    });
    await user.keyboard('{ArrowDown}');
    await waitFor(() => {
      expect(document.activeElement?.textContent).toBe('Sign out');
    });
    await user.keyboard('{Enter}');

    await waitFor(() => {
      expect(userManager.signoutRedirect).toHaveBeenCalledOnce();
    });
    expect(getToken()).toBeNull();
  });

  it('offers the languages of the brand', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id, email: 'ada@maple.example' });
    const { user } = await renderApp('/data-insights', RBC_CONFIG);
    await heading('Data insights');
    const menu = await openMenu('ada@maple.example', user);
    await user.click(within(menu).getByRole('menuitem', { name: 'Français' }));
    expect(await heading('Analyse des données')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Menu du compte de ada@maple.example' }));
    const french = await screen.findByRole('menu');
    expect(french).toHaveTextContent('Niveau d’accès : LECTURE/ÉCRITURE');
    expect(within(french).getByRole('menuitem', { name: 'Se déconnecter' })).toBeInTheDocument();
  });

  it('leaves out the account settings while provider staff have no merchant', async () => {
    api.signInAs({ role: 'INTERNAL_ADMIN', merchantId: NO_MERCHANT_ID, email: 'staff@provider.example' });
    const { user } = await renderApp('/transactions', BREAD_CONFIG);
    await heading('Choose a merchant');
    const menu = await openMenu('staff@provider.example', user);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Sign out']);
  });
});
