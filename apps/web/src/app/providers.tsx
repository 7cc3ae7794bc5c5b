import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import type { PublicConfig } from '@portal/contracts/public-config';
import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { useEffect, useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { AlertHost } from '../components/alert-host';
import { flushAnalytics } from '../lib/analytics/analytics';
import { AuthProvider, useAuth } from '../lib/auth/auth-context';
import type { AuthSession } from '../lib/auth/auth-session';
import { BRAND_THEMES, readableErrors } from '../lib/brand/brand-themes';
import { dayjsLocale } from '../lib/i18n/i18n';
import { PublicConfigContext } from '../lib/public-config';

/** Date pickers speak the user's language. */
function DatesInLanguage({ children }: { readonly children: ReactNode }) {
  const { i18n } = useTranslation();
  const settings = useMemo(() => ({ locale: dayjsLocale(i18n.language) }), [i18n.language]);
  return <DatesProvider settings={settings}>{children}</DatesProvider>;
}

/**
 * Another user may sign in next on this browser: nothing the last one loaded may show to them, so the
 * query cache goes with the session.
 */
function ForgetDataOnSignOut() {
  const { status } = useAuth();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (status === 'signed-out') queryClient.clear();
  }, [status, queryClient]);
  return null;
}

/** Queued analytics events leave before the page is hidden, so that leaving the portal loses none. */
function useFlushAnalyticsWhenHidden() {
  useEffect(() => {
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') void flushAnalytics();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, []);
}

export interface AppProvidersProps {
  readonly config: PublicConfig;
  readonly i18n: i18n;
  readonly queryClient: QueryClient;
  /** The app's one auth session (`startAuthSession`). */
  readonly session: AuthSession;
  /** Tests render without transitions or portals. */
  readonly mantineEnv?: 'default' | 'test';
  readonly children: ReactNode;
}

/**
 * Everything a page can rely on: the public config, its brand's theme, translations, queries and the
 * auth session. What the signed-in user may see comes with the signed-in shell (SignedInSession).
 */
export function AppProviders({
  config,
  i18n,
  queryClient,
  session,
  mantineEnv,
  children,
}: AppProvidersProps) {
  useFlushAnalyticsWhenHidden();
  return (
    <PublicConfigContext value={config}>
      <I18nextProvider i18n={i18n}>
        <MantineProvider
          theme={BRAND_THEMES[config.brand]}
          cssVariablesResolver={readableErrors}
          defaultColorScheme="light"
          env={mantineEnv}
        >
          <DatesInLanguage>
            <QueryClientProvider client={queryClient}>
              <AuthProvider session={session}>
                <ForgetDataOnSignOut />
                {children}
                <AlertHost />
              </AuthProvider>
            </QueryClientProvider>
          </DatesInLanguage>
        </MantineProvider>
      </I18nextProvider>
    </PublicConfigContext>
  );
}
