import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '../../lib/storage/portal-storage';
import { renderApp } from '../../test/render-app';
import { NORTHWIND, setUpTestApi, SUMMIT } from '../../test/test-api';

const api = setUpTestApi();

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
// The first banner is the shell's header (a dialog's header is a banner too).
const banner = () => {
  const [header] = screen.getAllByRole('banner');
  if (!header) throw new Error('no header');
  return header;
};
const navigation = () => screen.getByRole('navigation', { name: 'Main navigation' });

// A phone: narrower than every breakpoint of the theme (useNarrowerThan asks "not at least so wide").
beforeEach(() => {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    Object.assign(new EventTarget(), {
      matches: query.startsWith('not all and (min-width:'),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the shell on a phone', () => {
  // A merchant switch and a sign-out: longer than a unit test's default on a busy machine.
  it(
    'moves the merchant switcher, the programs and the account of provider staff into the drawer',
    { timeout: 15_000 },
    async () => {
      api.signInAs({ role: 'INTERNAL_ADMIN', merchantId: NORTHWIND.id, email: 'staff@provider.example' });
      const { user, userManager } = await renderApp('/transactions');
      await heading('Transactions');
      const header = within(banner());
      expect(header.queryByRole('button', { name: /Switch merchant/ })).not.toBeInTheDocument();
      expect(header.queryByRole('button', { name: 'All programs' })).not.toBeInTheDocument();
      expect(header.queryByRole('button', { name: /^Account menu of/ })).not.toBeInTheDocument();

      await user.click(header.getByRole('button', { name: 'Open navigation' }));
      const drawer = within(navigation());
      expect(await drawer.findByRole('button', { name: 'All programs' })).toBeInTheDocument();
      expect(drawer.getByText('staff@provider.example')).toBeInTheDocument();
      expect(drawer.getByText('Access level: READ/WRITE')).toBeInTheDocument();

      await user.click(await drawer.findByRole('button', { name: /^Merchant: Northwind Demo Outfitters\./ }));
      const dialog = await screen.findByRole('dialog', { name: 'Switch merchant' });
      await user.click(await within(dialog).findByRole('button', { name: SUMMIT.name }));
      expect(
        await within(navigation()).findByRole('button', { name: /^Merchant: Summit Cycle Works\./ }),
      ).toBeInTheDocument();
      // The switch is done: the drawer has closed onto the new merchant's page.
      const burger = within(banner()).getByRole('button', { name: 'Open navigation' });
      expect(burger).toHaveAttribute('aria-expanded', 'false');
      await user.click(burger);

      await user.click(within(navigation()).getByRole('button', { name: 'Sign out' }));
      await waitFor(() => {
        expect(userManager.signoutRedirect).toHaveBeenCalledOnce();
      });
      expect(getToken()).toBeNull();
    },
  );

  it('shows a merchant user their merchant and account in the drawer', async () => {
    api.signInAs({ role: 'READ_ONLY', merchantId: NORTHWIND.id, email: 'reader@northwind.example' });
    await renderApp('/transactions');
    await heading('Transactions');
    expect(within(banner()).queryByText(NORTHWIND.name)).not.toBeInTheDocument();
    const drawer = within(navigation());
    expect(await drawer.findByText(NORTHWIND.name)).toBeInTheDocument();
    expect(drawer.getByText('reader@northwind.example')).toBeInTheDocument();
    expect(drawer.getByText('Access level: READ')).toBeInTheDocument();
    expect(drawer.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });
});

describe('the account settings on a phone', () => {
  it('fold their pages behind a button naming the current one', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    const { user, router } = await renderApp('/account-settings');
    await heading('General settings');
    const settings = within(screen.getByRole('navigation', { name: 'Account settings' }));
    const pages = settings.getByRole('button', { name: 'General settings' });
    expect(pages).toHaveAttribute('aria-expanded', 'false');
    expect(settings.queryByRole('link', { name: 'Password' })).not.toBeInTheDocument();

    await user.click(pages);
    expect(pages).toHaveAttribute('aria-expanded', 'true');
    await user.click(await settings.findByRole('link', { name: 'Password' }));

    await heading('Password');
    expect(router.state.location.pathname).toBe('/account-settings/password');
    expect(settings.getByRole('button', { name: 'Password' })).toHaveAttribute('aria-expanded', 'false');
  });
});
