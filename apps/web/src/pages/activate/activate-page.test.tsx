import { PUBLIC_PATHS } from '@portal/contracts/routes';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStubUserManager, json, renderWithAuth, stubApi } from '../../lib/auth/test-utils';

const TOKEN = 'a'.repeat(43);
const LINK = `/api/passwords/activation/${TOKEN}`;
const EMAIL = 'nova.newcomer@example.test';
// Typing whole passwords key by key takes a while on a loaded machine.
vi.setConfig({ testTimeout: 30_000 });

const routes = [
  { path: PUBLIC_PATHS.activate, lazy: () => import('./activate-page') },
  { path: PUBLIC_PATHS.forgotPassword, element: <h1>Forgot</h1> },
];

function ruleMet(rule: string): boolean {
  const item = document.querySelector(`[data-rule="${rule}"]`);
  if (item === null) throw new Error(`No rule ${rule}`);
  return item.getAttribute('data-met') === 'true';
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('creating a password from an invitation', () => {
  it('checks the rules as the user types, needs the confirmation, then signs in with the e-mail as hint', async () => {
    const api = stubApi({
      [`GET ${LINK}`]: json(200, { data: { email: EMAIL } }),
      [`POST ${LINK}`]: json(200, { data: { email: EMAIL } }),
    });
    const userManager = createStubUserManager();
    const { user } = await renderWithAuth({ routes, path: `/activate/${TOKEN}`, userManager });

    const password = await screen.findByLabelText('New password', { exact: false, selector: 'input' });
    expect(
      screen.getByText(`Create the password of ${EMAIL}. You will then sign in with it.`),
    ).toBeInTheDocument();
    await user.type(password, 'short');
    expect([ruleMet('length'), ruleMet('notEmail'), ruleMet('notCommon')]).toEqual([false, true, true]);
    await user.clear(password);
    await user.type(password, 'Nova.Newcomer-2026');
    expect([ruleMet('length'), ruleMet('notEmail')]).toEqual([true, false]);
    // The rule says that the name part of the address is refused too, not only the whole address.
    expect(
      screen.getByText(
        'Not containing your e-mail address or its name “nova.newcomer”, whatever the capitals or punctuation',
      ),
    ).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'Password-1234');
    expect(ruleMet('notCommon')).toBe(false);

    await user.clear(password);
    await user.type(password, 'Quiet-Harbour-Lantern-42');
    const confirmation = screen.getByLabelText('Confirm the password', { exact: false, selector: 'input' });
    await user.type(confirmation, 'Quiet-Harbour-Lantern-4');
    await user.click(screen.getByRole('button', { name: 'Create password and sign in' }));
    expect(await screen.findByText('The two passwords are not the same.')).toBeInTheDocument();
    expect(api.callsTo(`POST ${LINK}`)).toHaveLength(0);

    await user.type(confirmation, '2');
    await user.click(screen.getByRole('button', { name: 'Create password and sign in' }));
    await waitFor(() => {
      expect(userManager.signinRedirect).toHaveBeenCalledWith({ login_hint: EMAIL });
    });
    // For the sign-in form to say that the password is created.
    expect(JSON.parse(sessionStorage.getItem('portal.passwordSet') ?? 'null')).toEqual({
      email: EMAIL,
      purpose: 'ACTIVATION',
    });
    expect(api.callsTo(`POST ${LINK}`)[0]?.body).toEqual({ password: 'Quiet-Harbour-Lantern-42' });
    expect(api.callsTo(`POST ${LINK}`)[0]?.headers.get('Authorization')).toBeNull();
  });

  it('shows a clear page for a link that no longer works, with a way to ask for a new one', async () => {
    stubApi({
      [`GET ${LINK}`]: json(410, { error: { code: 'GONE', message: 'This link is no longer valid' } }),
    });
    const { user } = await renderWithAuth({ routes, path: `/activate/${TOKEN}` });

    expect(await screen.findByText('This link no longer works')).toBeInTheDocument();
    expect(screen.queryByLabelText('New password', { exact: false })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(await screen.findByRole('heading', { name: 'Forgot' })).toBeInTheDocument();
  });

  it('turns to the same page when the link dies between the check and the submit', async () => {
    stubApi({
      [`GET ${LINK}`]: json(200, { data: { email: EMAIL } }),
      [`POST ${LINK}`]: json(410, { error: { code: 'GONE', message: 'This link is no longer valid' } }),
    });
    const { user } = await renderWithAuth({ routes, path: `/activate/${TOKEN}` });
    const password = await screen.findByLabelText('New password', { exact: false, selector: 'input' });
    await user.type(password, 'Quiet-Harbour-Lantern-42');
    await user.type(
      screen.getByLabelText('Confirm the password', { exact: false, selector: 'input' }),
      'Quiet-Harbour-Lantern-42',
    );
    await user.click(screen.getByRole('button', { name: 'Create password and sign in' }));
    expect(await screen.findByText('This link no longer works')).toBeInTheDocument();
  });
});
