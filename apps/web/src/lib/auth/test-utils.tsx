import { MantineProvider } from '@mantine/core';
import type { PublicConfig } from '@portal/contracts/public-config';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { User } from 'oidc-client-ts';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { AlertHost } from '../../components/alert-host';
import { createI18n } from '../i18n/i18n';
import { PublicConfigContext } from '../public-config';
import { AuthProvider } from './auth-context';
import { createAuthSession, type AuthNavigate, type AuthSession } from './auth-session';
import type { AuthUserManager } from './user-manager';

export const TEST_CONFIG: PublicConfig = {
  brand: 'bread',
  apiurl: '',
  locales: ['en'],
  fakeAuth: false,
  oidc: { authority: 'http://localhost:3000/oidc', clientId: 'merchant-portal' },
  demo: false,
};

function base64Url(text: string): string {
  const binary = Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join('');
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A portal token with these claims; unsigned, as the portal never checks the signature. */
export function portalToken(claims: Record<string, unknown>): string {
  return `${base64Url('{"alg":"ES256","typ":"JWT"}')}.${base64Url(JSON.stringify(claims))}.c2lnbmF0dXJl`;
}

export function providerUser(accessToken: string): User {
  return new User({
    access_token: accessToken,
    refresh_token: 'provider-refresh-token',
    token_type: 'Bearer',
    profile: { sub: 'user-1', iss: 'http://localhost:3000/oidc', aud: 'merchant-portal', exp: 0, iat: 0 },
  });
}

/** oidc-client-ts's UserManager as the session uses it, with its events raised by the test. */
export function createStubUserManager(initialUser: User | null = null) {
  let current = initialUser;
  let loaded: ((user: User) => Promise<void> | void) | undefined;
  let renewError: ((error: Error) => Promise<void> | void) | undefined;
  return {
    events: {
      addUserLoaded: (callback: (user: User) => Promise<void> | void) => {
        loaded = callback;
        return () => {
          loaded = undefined;
        };
      },
      addSilentRenewError: (callback: (error: Error) => Promise<void> | void) => {
        renewError = callback;
        return () => {
          renewError = undefined;
        };
      },
    },
    getUser: vi.fn(() => Promise.resolve(current)),
    removeUser: vi.fn(() => {
      current = null;
      return Promise.resolve();
    }),
    signinRedirect: vi.fn(() => Promise.resolve()),
    signinRedirectCallback: vi.fn((): Promise<User> => {
      if (!current) return Promise.reject(new Error('No matching state found in storage'));
      return Promise.resolve(current);
    }),
    signoutRedirect: vi.fn(() => Promise.resolve()),
    /** What the UserManager does after renewing the provider's tokens with the refresh token. */
    renew: async (next: User): Promise<void> => {
      current = next;
      await loaded?.(next);
    },
    failRenewal: async (error: Error): Promise<void> => {
      await renewError?.(error);
    },
  } satisfies AuthUserManager & Record<string, unknown>;
}

export interface ApiCall {
  readonly method: string;
  /** Path and query, without the origin. */
  readonly path: string;
  readonly headers: Headers;
  readonly body: unknown;
}

export type ApiAnswer =
  { status: number; body?: unknown } | ((call: ApiCall) => { status: number; body?: unknown });

export function json(status: number, body?: unknown): { status: number; body?: unknown } {
  return { status, body };
}

/**
 * Stubs fetch with answers keyed by `METHOD /path` (query included when given); every call is
 * recorded. A call without an answer gets the API's 404.
 */
export function stubApi(answers: Record<string, ApiAnswer>) {
  const calls: ApiCall[] = [];
  const fetchStub = vi.fn<typeof fetch>((input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://portal.test',
    );
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      headers: new Headers(init?.headers),
      body: text === undefined ? undefined : JSON.parse(text),
    };
    calls.push(call);
    const answer =
      answers[`${call.method} ${call.path}`] ??
      answers[`${call.method} ${url.pathname}`] ??
      json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
    const { status, body } = typeof answer === 'function' ? answer(call) : answer;
    return Promise.resolve(
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    calls,
    /** The calls to one `METHOD /path`. */
    callsTo: (route: string) =>
      calls.filter((call) => `${call.method} ${call.path.split('?')[0] ?? ''}` === route),
  };
}

export interface RenderWithAuthOptions {
  readonly routes: RouteObject[];
  readonly path: string;
  readonly config?: PublicConfig;
  readonly userManager?: AuthUserManager | null;
}

/**
 * Routes rendered with what the auth pages rely on: the public config, translations (a missing key
 * fails), Mantine, queries, the alert host, and a session whose navigation drives the router.
 */
export async function renderWithAuth({
  routes,
  path,
  config = TEST_CONFIG,
  userManager = null,
}: RenderWithAuthOptions) {
  const i18n = await createI18n({
    locales: config.locales,
    onMissingKey: (key, namespace, language) => {
      throw new Error(`Missing translation ${namespace}:${key} (${language})`);
    },
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const navigate: AuthNavigate = (to, options) => router.navigate(to, options);
  const session: AuthSession = createAuthSession({ config, navigate, userManager });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  const view = render(
    <PublicConfigContext value={config}>
      <I18nextProvider i18n={i18n}>
        <MantineProvider env="test">
          <QueryClientProvider client={queryClient}>
            <AuthProvider session={session}>
              <RouterProvider router={router} />
              <AlertHost />
            </AuthProvider>
          </QueryClientProvider>
        </MantineProvider>
      </I18nextProvider>
    </PublicConfigContext>,
  );
  return { ...view, router, session, i18n, user };
}
