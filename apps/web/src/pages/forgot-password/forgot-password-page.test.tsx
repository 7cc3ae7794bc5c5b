import { PUBLIC_PATHS } from '@portal/contracts/routes';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithAuth, stubApi } from '../../lib/auth/test-utils';

const routes = [{ path: PUBLIC_PATHS.forgotPassword, lazy: () => import('./forgot-password-page') }];
const FORGOT = 'POST /api/passwords/forgot';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('forgot password', () => {
  it('checks the e-mail, then says the same thing whatever the server knows', async () => {
    const api = stubApi({ [FORGOT]: json(202, { accepted: true }) });
    const { user } = await renderWithAuth({ routes, path: '/password/forgot' });
    const email = await screen.findByLabelText('E-mail', { exact: false, selector: 'input' });
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(api.callsTo(FORGOT)).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'Ada@Example.test');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'If Ada@Example.test belongs to an account',
    );
    expect(api.callsTo(FORGOT)[0]?.body).toEqual({ email: 'ada@example.test', locale: 'en' });
  });

  it('tells a visitor who asked too often to wait', async () => {
    stubApi({ [FORGOT]: json(429, { error: { code: 'RATE_LIMITED', message: 'Too many requests' } }) });
    const { user } = await renderWithAuth({ routes, path: '/password/forgot' });
    await user.type(
      await screen.findByLabelText('E-mail', { exact: false, selector: 'input' }),
      'ada@example.test',
    );
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests. Wait a while before asking again.',
    );
  });

  it('sends one request for a double click', async () => {
    const api = stubApi({ [FORGOT]: json(202, { accepted: true }) });
    const { user } = await renderWithAuth({ routes, path: '/password/forgot' });
    await user.type(
      await screen.findByLabelText('E-mail', { exact: false, selector: 'input' }),
      'ada@example.test',
    );
    const send = screen.getByRole('button', { name: 'Send the link' });
    fireEvent.click(send);
    fireEvent.click(send);
    expect((await screen.findByRole('status')).textContent).toContain('If ada@example.test belongs');
    expect(api.callsTo(FORGOT)).toHaveLength(1);
  });
});
