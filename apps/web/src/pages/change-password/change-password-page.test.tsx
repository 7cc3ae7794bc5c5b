import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { LAKESIDE, NORTHWIND, setUpTestApi } from '../../test/test-api';

const api = setUpTestApi();
vi.setConfig({ testTimeout: 30_000 });

function field(name: string) {
  const input = screen.getByLabelText(name, { exact: false, selector: 'input' });
  if (!(input instanceof HTMLInputElement)) throw new Error(`${name} is not an input`);
  return input;
}

/** The texts that describe a field to assistive technology: its error shows there, next to it. */
function descriptionOf(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

function refuseNewPassword(message: string) {
  api.server.use(
    http.post('/api/passwords/change', () =>
      HttpResponse.json(
        { error: { code: 'VALIDATION_FAILED', message, details: [{ path: 'body.newPassword', message }] } },
        { status: 400 },
      ),
    ),
  );
}

async function fillIn(user: Awaited<ReturnType<typeof renderApp>>['user']) {
  await user.type(field('Current password'), 'Right-Current-1');
  await user.type(field('New password'), 'Quiet-Harbour-Lantern-42');
  await user.type(field('Confirm the password'), 'Quiet-Harbour-Lantern-42');
}

// The first banner is the shell's header (a dialog's header is a banner too).
const banner = () => {
  const [header] = screen.getAllByRole('banner');
  if (!header) throw new Error('no header');
  return header;
};

describe('changing the password in the account settings', () => {
  it('needs the current password, keeps to the rules, and says when it is done', async () => {
    api.signInAs({ role: 'READ_ONLY', merchantId: NORTHWIND.id, email: 'riley@example.com' });
    const bodies: unknown[] = [];
    api.server.use(
      http.post('/api/passwords/change', async ({ request }) => {
        const body = (await request.json()) as { currentPassword: string };
        bodies.push(body);
        return body.currentPassword === 'Right-Current-1'
          ? new HttpResponse(null, { status: 204 })
          : HttpResponse.json(
              {
                error: {
                  code: 'VALIDATION_FAILED',
                  message: 'The current password is incorrect',
                  details: [{ path: 'body.currentPassword', message: 'The current password is incorrect' }],
                },
              },
              { status: 400 },
            );
      }),
    );
    const { user } = await renderApp('/account-settings/password');
    await screen.findByRole('heading', { level: 1, name: 'Password' });

    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByText('Enter your current password.')).toBeInTheDocument();
    expect(screen.getByText('The password does not meet every rule above.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.type(field('Current password'), 'Wrong-Current-1');
    await user.type(field('New password'), 'Riley-Example-Password');
    await user.type(field('Confirm the password'), 'Riley-Example-Password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    // "riley" is the e-mail's name part: the rule the server also applies.
    expect(screen.getByText('The password does not meet every rule above.')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.clear(field('New password'));
    await user.type(field('New password'), 'Quiet-Harbour-Lantern-42');
    await user.clear(field('Confirm the password'));
    await user.type(field('Confirm the password'), 'Quiet-Harbour-Lantern-42');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();

    await user.clear(field('Current password'));
    await user.type(field('Current password'), 'Right-Current-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password is changed.')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({
      currentPassword: 'Right-Current-1',
      newPassword: 'Quiet-Harbour-Lantern-42',
    });
    expect(field('Current password').value).toBe('');
  });

  it("shows each refusal next to its field, the schema's and the server's", async () => {
    api.signInAs({ role: 'READ_ONLY', merchantId: NORTHWIND.id, email: 'riley@example.com' });
    refuseNewPassword('This password appears in a known data breach');
    const { user } = await renderApp('/account-settings/password');
    await screen.findByRole('heading', { level: 1, name: 'Password' });

    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(descriptionOf(field('Current password'))).toContain('Enter your current password.');
    expect(descriptionOf(field('New password'))).toContain('The password does not meet every rule above.');
    expect(descriptionOf(field('Confirm the password'))).toBe('');

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => {
      expect(descriptionOf(field('New password'))).toContain('This password appears in a known data breach');
    });
    expect(descriptionOf(field('Current password'))).toBe('');
    // The form shows the refusal itself: no error alert on top of it.
    expect(screen.queryByRole('alert', { name: /error/i })).not.toBeInTheDocument();
    expect(
      screen.queryByText('Error was: This password appears in a known data breach'),
    ).not.toBeInTheDocument();
  });

  it('asks before unsaved edits are lost to a merchant change or another page', async () => {
    api.signInAs({ role: 'INTERNAL_ADMIN', merchantId: NORTHWIND.id, email: 'avery@example.com' });
    const { user, router } = await renderApp('/account-settings/password');
    await screen.findByRole('heading', { level: 1, name: 'Password' });
    await user.type(field('Current password'), 'Right-Current-1');

    await user.click(await within(banner()).findByRole('button', { name: /^Merchant: Northwind/ }));
    const switcher = await screen.findByRole('dialog', { name: 'Switch merchant' });
    await user.click(await within(switcher).findByRole('button', { name: LAKESIDE.name }));
    const question = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(question).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument();
    });
    expect(api.exchanges).toEqual([]);
    expect(within(banner()).getByRole('button', { name: /^Merchant: Northwind/ })).toBeInTheDocument();
    expect(field('Current password').value).toBe('Right-Current-1');
    await user.keyboard('{Escape}');

    void router.navigate('/transactions');
    const again = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(again).getByRole('button', { name: 'Stay on this page' }));
    expect(router.state.location.pathname).toBe('/account-settings/password');
    expect(field('Current password').value).toBe('Right-Current-1');

    void router.navigate('/transactions');
    const last = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(last).getByRole('button', { name: 'Leave without saving' }));
    // The page loads on demand: slow on a busy machine.
    await screen.findByRole('heading', { level: 1, name: 'Transactions' }, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/transactions');
  });

  it('says when it is done with a Success alert, and asks nothing once saved', async () => {
    api.signInAs({ role: 'INTERNAL_ADMIN', merchantId: NORTHWIND.id, email: 'avery@example.com' });
    api.server.use(http.post('/api/passwords/change', () => new HttpResponse(null, { status: 204 })));
    const { user, router } = await renderApp('/account-settings/password');
    await screen.findByRole('heading', { level: 1, name: 'Password' });
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    const done = await screen.findByRole('status', { name: 'Success' });
    expect(done).toHaveTextContent('Your password is changed.');
    await router.navigate('/transactions');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Transactions' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument();
  });
});
