import { screen, waitFor, within } from '@testing-library/react';
import type { MerchantSettings } from '@portal/contracts/merchant-settings';
import {
  merchantSettingsEndpoint,
  updateMerchantSettingsEndpoint,
} from '@portal/contracts/merchants-endpoints';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { LAKESIDE, NORTHWIND, merchantSettingsOf, setUpTestApi } from '../../test/test-api';

const api = setUpTestApi();
vi.setConfig({ testTimeout: 30_000 });

function input(label: string) {
  const element = screen.getByRole('textbox', { name: new RegExp(`^${label}`) });
  if (!(element instanceof HTMLInputElement)) throw new Error(`${label} is not an input`);
  return element;
}

/** The texts that describe a field to assistive technology: its error shows there, next to it. */
function descriptionOf(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const banner = () => {
  const [header] = screen.getAllByRole('banner');
  if (!header) throw new Error('no header');
  return header;
};

/** Answers saves as the server does, keeping what was sent; returns the bodies it received. */
function acceptSaves(): unknown[] {
  const bodies: unknown[] = [];
  let saved: MerchantSettings = merchantSettingsOf(NORTHWIND);
  api.server.use(
    http.get(merchantSettingsEndpoint.path, () => HttpResponse.json({ data: saved })),
    http.put(updateMerchantSettingsEndpoint.path, async ({ request }) => {
      const body = (await request.json()) as Omit<MerchantSettings, 'country'>;
      bodies.push(body);
      saved = { ...body, country: 'US' };
      return HttpResponse.json({ data: saved });
    }),
  );
  return bodies;
}

describe('the general settings page', () => {
  it("shows the merchant's settings, checks each field where it is, and saves", async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    const bodies = acceptSaves();
    const { user } = await renderApp('/general-settings');
    await screen.findByRole('heading', { level: 1, name: 'General settings' });
    await waitFor(() => {
      expect(input('Display name').value).toBe(NORTHWIND.name);
    });
    expect(input('Legal name').value).toBe(NORTHWIND.legalName);
    expect(input('Country').value).toBe('United States');
    expect(screen.getByRole('link', { name: 'Change password' })).toHaveAttribute(
      'href',
      '/account-settings/password',
    );

    await user.clear(input('Display name'));
    await user.clear(input('ZIP code'));
    await user.type(input('ZIP code'), 'H3G 1P1');
    await user.clear(input('Website'));
    await user.type(input('Website'), 'http://northwind.example');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(descriptionOf(input('Display name'))).toContain('Required.');
    expect(descriptionOf(input('ZIP code'))).toContain('Enter a ZIP code like 10013');
    expect(descriptionOf(input('Website'))).toContain('starts with https://');
    expect(bodies).toHaveLength(0);

    await user.type(input('Display name'), 'Northwind Trail Shop');
    await user.clear(input('ZIP code'));
    await user.type(input('ZIP code'), '10014');
    await user.clear(input('Website'));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByRole('status', { name: 'Success' })).toHaveTextContent(
      'The general settings are saved.',
    );
    expect(bodies).toEqual([
      expect.objectContaining({
        name: 'Northwind Trail Shop',
        postalCode: '10014',
        website: '',
        region: 'NY',
      }),
    ]);
    expect(bodies[0]).not.toHaveProperty('country');
  });

  it("shows the server's refusal of a field next to it", async () => {
    api.signInAs({ role: 'ADMIN', merchantId: NORTHWIND.id });
    api.server.use(
      http.put(updateMerchantSettingsEndpoint.path, () =>
        HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Some settings are not valid',
              details: [{ path: 'body.contactEmail', message: 'generalSettings:validation.email' }],
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = await renderApp('/general-settings');
    await waitFor(() => {
      expect(input('City').value).toBe('New York');
    });
    await user.type(input('City'), ' City');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => {
      expect(descriptionOf(input('Contact e-mail'))).toContain('Enter a valid e-mail address.');
    });
    // The form shows the refusal itself: no error alert on top of it.
    expect(screen.queryByRole('alert', { name: /error/i })).not.toBeInTheDocument();
  });

  it('shows the values read-only, saying why, to a user who may not change them', async () => {
    api.signInAs({ role: 'READ_ONLY', merchantId: NORTHWIND.id });
    await renderApp('/account-settings');
    await screen.findByRole('heading', { level: 1, name: 'General settings' });
    expect(
      await screen.findByText('You can read these settings, but your role does not allow changing them.'),
    ).toBeInTheDocument();
    expect(input('Display name').value).toBe(NORTHWIND.name);
    expect(input('Display name')).toBeDisabled();
    expect(screen.getByLabelText(/^Time zone/, { selector: 'input' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
    // READ_ONLY may still change its own password.
    expect(screen.getByRole('link', { name: 'Change password' })).toBeInTheDocument();
  });

  it('asks before an unsaved edit is lost to a merchant change', async () => {
    api.signInAs({ role: 'INTERNAL_ADMIN', merchantId: NORTHWIND.id, email: 'avery@example.com' });
    const { user } = await renderApp('/general-settings');
    await waitFor(() => {
      expect(input('City').value).toBe('New York');
    });
    await user.type(input('City'), ' City');

    await user.click(await within(banner()).findByRole('button', { name: /^Merchant: Northwind/ }));
    const switcher = await screen.findByRole('dialog', { name: 'Switch merchant' });
    await user.click(await within(switcher).findByRole('button', { name: LAKESIDE.name }));
    const question = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(question).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument();
    });
    expect(api.exchanges).toEqual([]);
    expect(input('City').value).toBe('New York City');
  });
});
