import { NO_MERCHANT_ID } from '@portal/contracts/roles';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { registerMerchantChangeValidator } from '../lib/merchant-selection/merchant-selection';
import {
  getPreviousMerchants,
  getProgramSelection,
  getSelectedMerchantId,
  rememberMerchant,
} from '../lib/storage/portal-storage';
import { renderApp } from '../test/render-app';
import { ALL_PROGRAM_KINDS, LAKESIDE, MAPLE, NORTHWIND, setUpTestApi, SUMMIT } from '../test/test-api';

const api = setUpTestApi();

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
// The first banner is the shell's header (a dialog's header is a banner too).
const banner = () => {
  const [header] = screen.getAllByRole('banner');
  if (!header) throw new Error('no header');
  return header;
};
const merchantButtons = (section: HTMLElement) =>
  within(section)
    .getAllByRole('button')
    .map((button) => button.textContent);

const unregisters: (() => void)[] = [];
afterEach(() => {
  for (const unregister of unregisters.splice(0)) unregister();
});

describe('the merchant chooser of provider staff', () => {
  it('lists the previously selected merchants first, searches, and switches to the chosen one', async () => {
    rememberMerchant(MAPLE);
    rememberMerchant(SUMMIT);
    api.signInAs({ role: 'INTERNAL_ADMIN', merchantId: NO_MERCHANT_ID });
    const { user } = await renderApp('/data-insights');
    expect(await heading('Choose a merchant')).toBeInTheDocument();

    const recent = screen.getByRole('region', { name: 'Previously selected' });
    const all = await screen.findByRole('region', { name: 'Merchants' });
    expect(merchantButtons(recent)).toEqual([SUMMIT.name, MAPLE.name]);
    expect(merchantButtons(all)).toEqual([NORTHWIND.name, LAKESIDE.name]);
    // The previously selected come before the others on the page.
    expect(recent.compareDocumentPosition(all) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Search merchants' }), 'lake');
    const matches = await screen.findByRole('region', { name: 'Matching merchants' });
    expect(merchantButtons(matches)).toEqual([LAKESIDE.name]);
    expect(screen.queryByRole('region', { name: 'Previously selected' })).not.toBeInTheDocument();
    expect(api.merchantSearches).toContain('lake');

    await user.click(within(matches).getByRole('button', { name: LAKESIDE.name }));
    expect(await heading('Data insights')).toBeInTheDocument();
    expect(api.exchanges).toEqual([LAKESIDE.id]);
    expect(getSelectedMerchantId()).toBe(LAKESIDE.id);
    expect(getPreviousMerchants().map((merchant) => merchant.id)).toEqual([LAKESIDE.id, SUMMIT.id, MAPLE.id]);
    await waitFor(() => {
      expect(
        within(banner()).getByRole('button', { name: /^Merchant: Lakeside Furniture Co\./ }),
      ).toBeInTheDocument();
    });
  });

  it('say so when no merchant matches', async () => {
    api.signInAs({ role: 'INTERNAL_ADMIN', merchantId: NO_MERCHANT_ID });
    const { user } = await renderApp('/transactions');
    await heading('Choose a merchant');
    await user.type(screen.getByRole('textbox', { name: 'Search merchants' }), 'zzz');
    expect(await screen.findByText('No merchant matches your search.')).toBeInTheDocument();
  });

  it('switches from the header, keeping the page', async () => {
    api.signInAs({ role: 'INTERNAL_ADMIN', merchantId: NORTHWIND.id });
    const { user, router } = await renderApp('/carts');
    await heading('Carts');
    const switcher = await within(banner()).findByRole('button', {
      name: /^Merchant: Northwind Demo Outfitters\./,
    });
    await user.click(switcher);

    const dialog = await screen.findByRole('dialog', { name: 'Switch merchant' });
    const current = await within(dialog).findByRole('button', { name: /Northwind Demo Outfitters/ });
    expect(current).toHaveAttribute('aria-current', 'true');
    await user.click(within(dialog).getByRole('button', { name: SUMMIT.name }));

    await waitFor(() => {
      expect(
        within(banner()).getByRole('button', { name: /^Merchant: Summit Cycle Works\./ }),
      ).toBeInTheDocument();
    });
    expect(api.exchanges).toEqual([SUMMIT.id]);
    expect(router.state.location.pathname).toBe('/carts');
    expect(await heading('Carts')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the merchant when a page vetoes the change', async () => {
    const asked: string[] = [];
    unregisters.push(
      registerMerchantChangeValidator((next) => {
        asked.push(next);
        return false;
      }),
    );
    api.signInAs({ role: 'INTERNAL_ADMIN', merchantId: NORTHWIND.id });
    const { user } = await renderApp('/transactions');
    await heading('Transactions');
    await user.click(await within(banner()).findByRole('button', { name: /^Merchant: Northwind/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch merchant' });
    await user.click(await within(dialog).findByRole('button', { name: LAKESIDE.name }));

    await waitFor(() => {
      expect(asked).toEqual([LAKESIDE.id]);
    });
    expect(api.exchanges).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Switch merchant' })).toBeInTheDocument();
    expect(within(banner()).getByRole('button', { name: /^Merchant: Northwind/ })).toBeInTheDocument();
    expect(getSelectedMerchantId()).toBeNull();
  });
});

describe('a user with an assigned merchant', () => {
  it('sees the merchant but has no switcher', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    await renderApp('/transactions');
    await heading('Transactions');
    expect(await within(banner()).findByText(NORTHWIND.name)).toBeInTheDocument();
    expect(within(banner()).queryByRole('button', { name: /Switch merchant/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the program picker', () => {
  it('narrows the program selection of the merchant and stores it', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    const { user } = await renderApp('/transactions');
    await heading('Transactions');
    // The picker shows once the programs are known.
    await user.click(await within(banner()).findByRole('button', { name: 'All programs' }));
    const group = await screen.findByRole('group', { name: 'Programs shown on the data pages' });
    const all = within(group).getByRole<HTMLInputElement>('checkbox', { name: 'All programs' });
    expect(all.checked).toBe(true);

    const [first, second] = ALL_PROGRAM_KINDS;
    await user.click(within(group).getByRole('checkbox', { name: first?.name }));
    expect(getProgramSelection(NORTHWIND.id)).toEqual({ programs: [second?.id], allProgramsSelected: false });
    expect(within(banner()).getByRole('button', { name: 'Programs: 1 of 2' })).toBeInTheDocument();
    // The last selected program cannot be unticked.
    const last = within(group).getByRole<HTMLInputElement>('checkbox', { name: second?.name });
    expect(last.disabled).toBe(true);

    await user.click(within(group).getByRole('checkbox', { name: 'All programs' }));
    expect(getProgramSelection(NORTHWIND.id)).toEqual({ programs: [], allProgramsSelected: true });
  });

  it('is not offered to a merchant with one program', async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    api.setPrograms(ALL_PROGRAM_KINDS.slice(0, 1));
    await renderApp('/transactions');
    await heading('Transactions');
    // Once the programs are known: the ecommerce program's Carts joins the navigation.
    await screen.findByRole('link', { name: 'Carts' });
    expect(within(banner()).queryByRole('button', { name: 'All programs' })).not.toBeInTheDocument();
  });
});
