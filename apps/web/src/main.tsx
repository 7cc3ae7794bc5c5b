import './app/app-styles.css';
import type { PublicConfig } from '@portal/contracts/public-config';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { showBootError } from './app/show-boot-error';
import { createAppRoutes } from './app/routes';
import { startSessionRequests } from './app/session/session-requests';
import { startAuthSession } from './app/start-auth-session';
import { createI18n } from './lib/i18n/i18n';
import { RESOURCES } from './lib/i18n/resources';
import { fetchPublicConfig } from './lib/public-config';

async function boot(root: Root): Promise<void> {
  // First, so that the page's code is asked for while the configuration and the translations load.
  const router = createBrowserRouter(createAppRoutes());
  let config: PublicConfig;
  try {
    config = await fetchPublicConfig();
  } catch (error) {
    await showBootError(root, error, RESOURCES);
    return;
  }
  const session = startAuthSession(config, { navigate: (to, options) => router.navigate(to, options) });
  const queryClient = createQueryClient();
  // Before the language and the first render: a signed-in start's first row waits for these answers.
  startSessionRequests(queryClient, {
    claims: session.getSnapshot().claims,
    apiurl: config.apiurl,
    opened: window.location,
  });
  const i18n = await createI18n({ locales: config.locales });
  root.render(
    <StrictMode>
      <AppProviders config={config} i18n={i18n} queryClient={queryClient} session={session}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void boot(createRoot(container));
