import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import { MantineProvider } from '@mantine/core';
import { LOCALES } from '@portal/contracts/brands';
import type { PublicConfig } from '@portal/contracts/public-config';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { BootError } from './app/boot-error';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRoutes } from './app/routes';
import { startAuthSession } from './app/start-auth-session';
import { createI18n } from './lib/i18n/i18n';
import { fetchPublicConfig } from './lib/public-config';

async function showBootError(root: Root, error: unknown): Promise<void> {
  console.error('The public configuration could not be loaded', error);
  // Without the brand, every language of the portal is offered; the browser's decides.
  const i18n = await createI18n({ locales: LOCALES });
  root.render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <BootError />
      </MantineProvider>
    </I18nextProvider>,
  );
}

async function boot(root: Root): Promise<void> {
  let config: PublicConfig;
  try {
    config = await fetchPublicConfig();
  } catch (error) {
    await showBootError(root, error);
    return;
  }
  const i18n = await createI18n({ locales: config.locales });
  const router = createBrowserRouter(createAppRoutes());
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
