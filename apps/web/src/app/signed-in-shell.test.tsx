import { NO_MERCHANT_ID, ROLES, type Role } from '@portal/contracts/roles';
import { currentMerchantEndpoint } from '@portal/contracts/merchants-endpoints';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { readOriginPath } from '../lib/auth/origin-path';
import { getToken, setProgramSelection } from '../lib/storage/portal-storage';
import { BREAD_CONFIG, RBC_CONFIG, renderApp } from '../test/render-app';
import { ALL_PROGRAM_KINDS, NORTHWIND, setUpTestApi, SUMMIT } from '../test/test-api';

const api = setUpTestApi();

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const navigation = () => screen.getByRole('navigation', { name: 'Main navigation' });
const settingsNavigation = () => screen.getByRole('navigation', { name: 'Account settings' });
const linkNames = (container: HTMLElement) =>
  within(container)
    .getAllByRole('link')
    .map((link) => link.textContent);

const PERMISSION_DENIED_TEXT =
  'You do not have permissions to view this page. If you think this is incorrect, please contact the Merchant Success team.';

const ECOMM_ONLY = ALL_PROGRAM_KINDS.filter((program) => program.channel === 'ECOMM');
const INSTORE_ONLY = ALL_PROGRAM_KINDS.filter((program) => program.channel === 'INSTORE');

describe('signed out', () => {
  it('sends an authenticated route to /login and remembers where the user was going', async () => {
    const { router } = await renderApp('/carts?status=ACTIVE');
    expect(await heading('Sign in')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(readOriginPath()).toBe('/carts?status=ACTIVE');
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });
});

describe('while the programs load', () => {
  it('shows a page that needs no program at once, and adds the program pages to the navigation when they come', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    const release = api.holdPrograms();
    await renderApp('/transactions');
    expect(await heading('Transactions')).toBeInTheDocument();
    expect(linkNames(navigation())).not.toContain('Carts');

    release();
    await waitFor(() => {
      expect(linkNames(navigation())).toContain('Carts');
    });
  });

  it('shows the loading page in the shell for a page that needs a program, then the page', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    const release = api.holdPrograms();
    await renderApp('/carts');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.getByRole('main')).toHaveTextContent('Loading…');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.queryByText(PERMISSION_DENIED_TEXT)).not.toBeInTheDocument();

    release();
    expect(await heading('Carts')).toBeInTheDocument();
  });

  it('waits with every page while some programs only are selected: the pages filter by them', async () => {
    // A merchant no other test of this file selects programs for, so that its selection is read from storage.
    setProgramSelection(SUMMIT.id, { programs: ['any-program'], allProgramsSelected: false });
    api.signInAs({ role: 'ADMIN', merchantId: SUMMIT.id });
    const release = api.holdPrograms();
    await renderApp('/transactions');
    await waitFor(() => {
      expect(screen.getByRole('status').textContent).toBe('Loading…');
    });
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();

    release();
    expect(await heading('Transactions')).toBeInTheDocument();
  });
});

describe('the route guard with the real access of the user', () => {
  async function expectPermissionDenied() {
    expect(await heading('Permission Denied')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent(PERMISSION_DENIED_TEXT);
    const home = screen.getByRole('link', { name: 'Return to home page' });
    expect(home).toHaveAttribute('href', '/transactions');
  }

  it('lets an ADMIN open the carts of a merchant with an ecommerce program', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    await renderApp('/carts');
    expect(await heading('Carts')).toBeInTheDocument();
  });

  it('denies a page whose scope the token lacks, and returns home from there', async () => {
    api.signInAs({ role: 'USER', merchantId: NORTHWIND.id });
    const { user, router } = await renderApp('/user-management');
    await expectPermissionDenied();
    await user.click(screen.getByRole('link', { name: 'Return to home page' }));
    expect(await heading('Transactions')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/transactions');
  });

  it('denies a page whose feature flag is off', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    api.setFlags({ isLocationPageEnabled: 'false', isMerchantIdValidationPageEnabled: 'true' });
    await renderApp('/locations');
    await expectPermissionDenied();
  });

  it('denies a page whose feature flag answer is anything but "true"', async () => {
    api.signInAs({ role: 'INTERNAL_ADMIN', merchantId: NORTHWIND.id });
    api.setFlags({ isLocationPageEnabled: 'true', isMerchantIdValidationPageEnabled: 'TRUE' });
    await renderApp('/merchant-id-validation');
    await expectPermissionDenied();
  });

  it('denies the cart pages to a merchant without an ecommerce program', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    api.setPrograms(INSTORE_ONLY);
    await renderApp('/carts/create');
    await expectPermissionDenied();
  });

  it('denies the virtual-card settings to a merchant without an in-store virtual-card program', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    api.setPrograms(ECOMM_ONLY);
    await renderApp('/location-verification-codes');
    await expectPermissionDenied();
  });

  it('shows page-not-found for a page the rbc brand hides, whatever the access', async () => {
    api.signInAs({ role: 'INTERNAL_ADMIN', merchantId: NORTHWIND.id });
    await renderApp('/settlement-report', RBC_CONFIG);
    expect(await heading('Page not found')).toBeInTheDocument();
    expect(screen.queryByText(PERMISSION_DENIED_TEXT)).not.toBeInTheDocument();
  });
});

describe('the navigation', () => {
  const main: Record<Role, string[]> = {
    ADMIN: [
      'Transactions',
      'Data insights',
      'Settlement report',
      'Targeting export',
      'Carts',
      'Locations',
      'User management',
      'Audit log',
      'Account settings',
    ],
    USER: [
      'Transactions',
      'Data insights',
      'Settlement report',
      'Targeting export',
      'Carts',
      'Locations',
      'Account settings',
    ],
    READ_ONLY: [
      'Transactions',
      'Data insights',
      'Settlement report',
      'Targeting export',
      'Carts',
      'Locations',
      'Account settings',
    ],
    INTERNAL_ADMIN: [
      'Transactions',
      'Data insights',
      'Settlement report',
      'Targeting export',
      'Carts',
      'Locations',
      'User management',
      'Audit log',
      'Account settings',
      'Outbox',
    ],
    INTERNAL_SUPPORT: [
      'Transactions',
      'Data insights',
      'Settlement report',
      'Targeting export',
      'Carts',
      'Locations',
      'User management',
      'Audit log',
      'Account settings',
      'Outbox',
    ],
  };
  const settings: Record<Role, string[]> = {
    ADMIN: [
      'General settings',
      'Password',
      'Checkout design',
      'Placement design',
      'Access keys',
      'Email notifications',
      'Payment products',
      'Bank information',
      'Funding settings',
      'Location verification codes',
      'Merchant ID validation',
    ],
    USER: [
      'General settings',
      'Password',
      'Checkout design',
      'Placement design',
      'Email notifications',
      'Payment products',
      'Location verification codes',
      'Merchant ID validation',
    ],
    READ_ONLY: [
      'General settings',
      'Password',
      'Checkout design',
      'Placement design',
      'Email notifications',
      'Payment products',
    ],
    INTERNAL_ADMIN: [
      'General settings',
      'Password',
      'Checkout design',
      'Placement design',
      'Access keys',
      'Email notifications',
      'Payment products',
      'Internal settings',
      'Bank information',
      'Funding settings',
      'Location verification codes',
      'Merchant ID validation',
    ],
    INTERNAL_SUPPORT: [
      'General settings',
      'Password',
      'Checkout design',
      'Placement design',
      'Access keys',
      'Email notifications',
      'Payment products',
      'Internal settings',
      'Bank information',
      'Funding settings',
      'Location verification codes',
      'Merchant ID validation',
    ],
  };

  it.each(ROLES)('offers %s exactly the pages it may open', async (role) => {
    api.signInAs({ role, merchantId: NORTHWIND.id });
    await renderApp('/general-settings');
    expect(await heading('General settings')).toBeInTheDocument();
    // The pages of programs join the navigation when the programs are known.
    await waitFor(() => {
      expect(linkNames(navigation())).toEqual(main[role]);
    });
    expect(linkNames(settingsNavigation())).toEqual(settings[role]);
  });

  it('leaves out the pages of programs and flags the merchant does not have', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    api.setPrograms(INSTORE_ONLY);
    api.setFlags({});
    await renderApp('/general-settings', BREAD_CONFIG);
    expect(await heading('General settings')).toBeInTheDocument();
    await waitFor(() => {
      expect(linkNames(settingsNavigation())).toContain('Location verification codes');
    });
    expect(linkNames(navigation())).not.toContain('Carts');
    expect(linkNames(navigation())).not.toContain('Locations');
    expect(linkNames(settingsNavigation())).toEqual([
      'General settings',
      'Password',
      'Access keys',
      'Email notifications',
      'Payment products',
      'Bank information',
      'Funding settings',
      'Location verification codes',
    ]);
  });
});

describe('a session the server no longer takes', () => {
  it('ends on the first 401 and goes to /login', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    api.server.use(
      http.get(currentMerchantEndpoint.path, () =>
        HttpResponse.json({ error: { code: 'UNAUTHORIZED', message: 'Expired' } }, { status: 401 }),
      ),
    );
    const { router } = await renderApp('/data-insights');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(getToken()).toBeNull();
    expect(readOriginPath()).toBe('/data-insights');
  });
});

describe('provider staff without a merchant', () => {
  it('choose one before any page shows, whatever the path', async () => {
    api.signInAs({ role: 'INTERNAL_SUPPORT', merchantId: NO_MERCHANT_ID });
    const { router } = await renderApp('/data-insights');
    expect(await heading('Choose a merchant')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/data-insights');
  });
});
