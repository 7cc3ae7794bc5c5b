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
  const i18n = await createI18n({ locales: config.locales });
  const session = startAuthSession(config, { navigate: (to, options) => router.navigate(to, options) });
  root.render(
    <StrictMode>
      <AppProviders config={config} i18n={i18n} queryClient={createQueryClient()} session={session}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void boot(createRoot(container));
