import type { PublicConfig } from '@portal/contracts/public-config';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { createAppRoutes } from '../app/routes';
import { startAuthSession } from '../app/start-auth-session';
import { createStubUserManager, providerUser } from '../lib/auth/test-utils';
import { createI18n } from '../lib/i18n/i18n';

export const BREAD_CONFIG: PublicConfig = {
  brand: 'bread',
  apiurl: '',
  locales: ['en'],
  fakeAuth: false,
  oidc: { authority: 'http://localhost:3000/oidc', clientId: 'portal' },
  demo: false,
};

export const RBC_CONFIG: PublicConfig = { ...BREAD_CONFIG, brand: 'rbc', locales: ['en', 'fr-CA'] };

/**
 * The whole portal at a path, as the browser boots it, with a missing translation failing the test.
 * The session starts from what is stored: sign in first (`setUpTestApi().signInAs`) for the signed-in
 * pages. The identity provider's client is a stub holding a provider token, for merchant switches.
 */
export async function renderApp(path: string, config: PublicConfig = BREAD_CONFIG) {
  const i18n = await createI18n({
    locales: config.locales,
    onMissingKey: (key, namespace, language) => {
      throw new Error(`Missing translation ${namespace}:${key} (${language})`);
    },
  });
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  const userManager = createStubUserManager(providerUser('provider-access-token'));
  const session = startAuthSession(config, {
    navigate: (to, options) => router.navigate(to, options),
    userManager,
  });
  const user = userEvent.setup();
  const view = render(
    <AppProviders
      config={config}
      i18n={i18n}
      queryClient={createQueryClient()}
      session={session}
      mantineEnv="test"
    >
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, i18n, user, session, userManager };
}
