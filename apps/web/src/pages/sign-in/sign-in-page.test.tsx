import { PUBLIC_PATHS } from '@portal/contracts/routes';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberPasswordSet } from '../../features/passwords/components/password-set-notice';
import { json, renderWithAuth, stubApi, TEST_CONFIG } from '../../lib/auth/test-utils';

const routes = [
  { path: PUBLIC_PATHS.login, element: <h1>Login</h1> },
  { path: PUBLIC_PATHS.signIn, lazy: () => import('./sign-in-page') },
];

const DETAILS = 'GET /api/auth/interaction/abc123';

function input(label: string): HTMLInputElement {
  const element = screen.getByLabelText(label, { exact: false, selector: 'input' });
  if (!(element instanceof HTMLInputElement)) throw new Error(`${label} is not an input`);
  return element;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the sign-in form of the built-in provider', () => {
  it('posts e-mail and password natively to its own path, the e-mail focused', async () => {
    const api = stubApi({ [DETAILS]: json(200, { prompt: 'login' }) });
    await renderWithAuth({ routes, path: '/login/abc123' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    const email = await screen.findByLabelText('E-mail', { exact: false });
    const form = email.closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/login/abc123');
    expect(input('E-mail').name).toBe('email');
    expect(input('E-mail').autocomplete).toBe('username');
    expect(input('E-mail').required).toBe(true);
    expect(input('Password').name).toBe('password');
    expect(input('Password').type).toBe('password');
    expect(input('Password').autocomplete).toBe('current-password');
    expect(document.activeElement).toBe(input('E-mail'));
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveAttribute('type', 'submit');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo(DETAILS)[0]?.headers.get('Authorization')).toBeNull();
  });

  it('prefills the login hint and focuses the password', async () => {
    stubApi({ [DETAILS]: json(200, { prompt: 'login', loginHint: 'ada@example.test' }) });
    await renderWithAuth({ routes, path: '/login/abc123' });

    await screen.findByLabelText('E-mail', { exact: false });
    expect(input('E-mail').value).toBe('ada@example.test');
    expect(document.activeElement).toBe(input('Password'));
  });

  it('says that the password was just created, once, on the form of that e-mail', async () => {
    rememberPasswordSet('Ada@example.test', 'ACTIVATION');
    stubApi({ [DETAILS]: json(200, { prompt: 'login', loginHint: 'ada@example.test' }) });
    const first = await renderWithAuth({ routes, path: '/login/abc123' });

    expect(
      await screen.findByText(
        'Your password is created. Sign in with it now: your e-mail is already filled in.',
      ),
    ).toBeInTheDocument();
    expect(input('E-mail').value).toBe('ada@example.test');
    first.unmount();

    await renderWithAuth({ routes, path: '/login/abc123' });
    await screen.findByLabelText('E-mail', { exact: false });
    expect(screen.queryByText(/Your password is created/)).not.toBeInTheDocument();
  });

  it('says nothing of a password set for another e-mail', async () => {
    rememberPasswordSet('someone.else@example.test', 'RESET');
    stubApi({ [DETAILS]: json(200, { prompt: 'login', loginHint: 'ada@example.test' }) });
    await renderWithAuth({ routes, path: '/login/abc123' });

    await screen.findByLabelText('E-mail', { exact: false });
    expect(screen.queryByText(/Your password is changed/)).not.toBeInTheDocument();
  });

  it('announces a wrong e-mail or password', async () => {
    stubApi({ [DETAILS]: json(200, { prompt: 'login' }) });
    await renderWithAuth({ routes, path: '/login/abc123?error=invalid' });

    expect((await screen.findByRole('alert')).textContent).toBe('The e-mail or password is incorrect.');
    expect(input('Password')).toBeInTheDocument();
  });

  it('tells a throttled sign-in when to try again, in the user’s language', async () => {
    stubApi({ [DETAILS]: json(200, { prompt: 'login' }) });
    const until = '2031-03-04T17:45:00.000Z';
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const format = (locale: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
        new Date(until),
      );

    const english = await renderWithAuth({ routes, path: `/login/abc123?error=throttled&until=${until}` });
    expect((await screen.findByRole('alert')).textContent).toBe(
      `Too many failed attempts. Try again after ${format('en-US')}.`,
    );
    english.unmount();

    document.cookie = 'portal_language=fr-CA; path=/';
    const rbc = { ...TEST_CONFIG, brand: 'rbc' as const, locales: ['en' as const, 'fr-CA' as const] };
    await renderWithAuth({ routes, path: `/login/abc123?error=throttled&until=${until}`, config: rbc });
    expect((await screen.findByRole('alert')).textContent).toBe(
      `Trop de tentatives infructueuses. Réessayez après ${format('fr-CA')}.`,
    );
  });

  it('says that sign-in is unavailable for a moment when the server could not count the attempt', async () => {
    stubApi({ [DETAILS]: json(200, { prompt: 'login' }) });
    await renderWithAuth({ routes, path: '/login/abc123?error=unavailable' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Sign-in is unavailable for a moment. Try again in a minute.',
    );
    expect(input('Password')).toBeInTheDocument();
  });

  it('says "a moment" when the throttle has no readable end', async () => {
    stubApi({ [DETAILS]: json(200, { prompt: 'login' }) });
    await renderWithAuth({ routes, path: '/login/abc123?error=throttled&until=soon' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many failed attempts. Wait a moment, then try again.',
    );
  });

  it('sends an expired sign-in back to /login without asking the server', async () => {
    const api = stubApi({});
    const { user, router } = await renderWithAuth({ routes, path: '/login/abc123?error=expired' });

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your sign-in took too long and has expired. Start again.',
    );
    expect(screen.queryByLabelText('Password', { exact: false, selector: 'input' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Start again' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(api.calls).toEqual([]);
  });

  it('offers to start again when the interaction is no longer valid', async () => {
    stubApi({ [DETAILS]: json(404, { error: { code: 'NOT_FOUND', message: 'Unknown interaction' } }) });
    await renderWithAuth({ routes, path: '/login/abc123' });

    expect(
      await screen.findByText(
        'This sign-in link has expired or was already used. Start again from the sign-in page.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start again' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('E-mail', { exact: false })).not.toBeInTheDocument();
  });

  it('offers to try again when the check itself fails', async () => {
    stubApi({ [DETAILS]: json(500, { error: { code: 'INTERNAL', message: 'Internal error' } }) });
    await renderWithAuth({ routes, path: '/login/abc123' });

    expect(await screen.findByText('Oops...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
