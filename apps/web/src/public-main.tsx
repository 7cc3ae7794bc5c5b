import './app/light-styles.css';
import type { PublicConfig } from '@portal/contracts/public-config';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { LightProviders } from './app/light-providers';
import { createLightRoutes } from './app/light-routes';
import { createQueryClient } from './app/query-client';
import { showBootError } from './app/show-boot-error';
import type { StartSignIn } from './lib/auth/auth-context';
import { configureHttpClient } from './lib/http/http-client';
import { createI18nFrom } from './lib/i18n/i18n-instance';
import { LIGHT_RESOURCES } from './lib/i18n/light-resources';
import { fetchPublicConfig } from './lib/public-config';

/**
 * The light entry (docs/decisions/0014): the sign-in, password and checkout pages, which a person opens
 * signed out from an e-mail or a redirect, without the signed-in app's code.
 */
async function boot(root: Root): Promise<void> {
  let config: PublicConfig;
  try {
    // Inlined in the HTML by the server: read at once.
    config = await fetchPublicConfig();
  } catch (error) {
    await showBootError(root, error, LIGHT_RESOURCES);
    return;
  }
  configureHttpClient({ apiurl: config.apiurl });
  // The page's code, and the data its first paint waits on, are asked for at once, while the
  // translations load.
  const queryClient = createQueryClient();
  const router = createBrowserRouter(createLightRoutes(queryClient));
  const i18n = await createI18nFrom(LIGHT_RESOURCES, { locales: config.locales });
  // A new password signs its owner in: only then is the identity provider's client loaded.
  const startSignIn: StartSignIn = async (originPath, loginHint) => {
    const { startAuthSession } = await import('./app/start-auth-session');
    const session = startAuthSession(config, {
      navigate: (to) => {
        window.location.replace(to);
      },
    });
    await session.signIn(originPath, loginHint);
  };
  root.render(
    <StrictMode>
      <LightProviders config={config} i18n={i18n} queryClient={queryClient} startSignIn={startSignIn}>
        <RouterProvider router={router} />
      </LightProviders>
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('public.html has no #root element');
void boot(createRoot(container));
