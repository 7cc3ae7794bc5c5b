import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import type { PublicConfig } from '@portal/contracts/public-config';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { AlertHost } from '../components/alert-host';
import { allowEverything, AccessContextValue } from '../lib/access/access-context';
import { BRAND_THEMES } from '../lib/brand/brand-themes';
import { dayjsLocale } from '../lib/i18n/i18n';
import { PublicConfigContext } from '../lib/public-config';

/** Date pickers speak the user's language. */
function DatesInLanguage({ children }: { readonly children: ReactNode }) {
  const { i18n } = useTranslation();
  const settings = useMemo(() => ({ locale: dayjsLocale(i18n.language) }), [i18n.language]);
  return <DatesProvider settings={settings}>{children}</DatesProvider>;
}

export interface AppProvidersProps {
  readonly config: PublicConfig;
  readonly i18n: i18n;
  readonly queryClient: QueryClient;
  /** Tests render without transitions or portals. */
  readonly mantineEnv?: 'default' | 'test';
  readonly children: ReactNode;
}

/** Everything a page can rely on: the public config, its brand's theme, translations, queries, access. */
export function AppProviders({ config, i18n, queryClient, mantineEnv, children }: AppProvidersProps) {
  // Sign-in replaces this with the access of the signed-in user (see allowEverything).
  const access = useMemo(() => allowEverything(config.brand), [config.brand]);
  return (
    <PublicConfigContext value={config}>
      <I18nextProvider i18n={i18n}>
        <MantineProvider theme={BRAND_THEMES[config.brand]} defaultColorScheme="light" env={mantineEnv}>
          <DatesInLanguage>
            <QueryClientProvider client={queryClient}>
              <AccessContextValue value={access}>
                {children}
                <AlertHost />
              </AccessContextValue>
            </QueryClientProvider>
          </DatesInLanguage>
        </MantineProvider>
      </I18nextProvider>
    </PublicConfigContext>
  );
}
