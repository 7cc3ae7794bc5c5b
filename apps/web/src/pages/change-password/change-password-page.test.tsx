import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { NORTHWIND, setUpTestApi } from '../../test/test-api';

const api = setUpTestApi();
vi.setConfig({ testTimeout: 30_000 });

function field(name: string) {
  const input = screen.getByLabelText(name, { exact: false, selector: 'input' });
  if (!(input instanceof HTMLInputElement)) throw new Error(`${name} is not an input`);
  return input;
}

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
    expect(screen.getByText('Enter your current password.')).toBeTruthy();
    expect(screen.getByText('The password does not meet every rule above.')).toBeTruthy();
    expect(bodies).toHaveLength(0);

    await user.type(field('Current password'), 'Wrong-Current-1');
    await user.type(field('New password'), 'Riley-Example-Password');
    await user.type(field('Confirm the password'), 'Riley-Example-Password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    // "riley" is the e-mail's name part: the rule the server also applies.
    expect(screen.getByText('The password does not meet every rule above.')).toBeTruthy();
    expect(bodies).toHaveLength(0);

    await user.clear(field('New password'));
    await user.type(field('New password'), 'Quiet-Harbour-Lantern-42');
    await user.clear(field('Confirm the password'));
    await user.type(field('Confirm the password'), 'Quiet-Harbour-Lantern-42');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The current password is incorrect.')).toBeTruthy();

    await user.clear(field('Current password'));
    await user.type(field('Current password'), 'Right-Current-1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password is changed.')).toBeTruthy();
    expect(bodies.at(-1)).toEqual({
      currentPassword: 'Right-Current-1',
      newPassword: 'Quiet-Harbour-Lantern-42',
    });
    expect(field('Current password').value).toBe('');
  });
});
