import { MantineProvider } from '@mantine/core';
import type { PublicConfig } from '@portal/contracts/public-config';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AlertHost } from '../components/alert-host';
import { StartSignInContext, type StartSignIn } from '../lib/auth/auth-context';
import { BRAND_THEMES, readableErrors } from '../lib/brand/brand-themes';
import { PublicConfigContext } from '../lib/public-config';

export interface LightProvidersProps {
  readonly config: PublicConfig;
  readonly i18n: i18n;
  readonly queryClient: QueryClient;
  readonly startSignIn: StartSignIn;
  readonly children: ReactNode;
}

/**
 * What the light entry's pages rely on (docs/decisions/0014): AppProviders without the signed-in
 * session, whose identity-provider client is loaded only to start a sign-in.
 */
export function LightProviders({ config, i18n, queryClient, startSignIn, children }: LightProvidersProps) {
  return (
    <PublicConfigContext value={config}>
      <I18nextProvider i18n={i18n}>
        <MantineProvider
          theme={BRAND_THEMES[config.brand]}
          cssVariablesResolver={readableErrors}
          defaultColorScheme="light"
        >
          <QueryClientProvider client={queryClient}>
            <StartSignInContext value={startSignIn}>
              {children}
              <AlertHost />
            </StartSignInContext>
          </QueryClientProvider>
        </MantineProvider>
      </I18nextProvider>
    </PublicConfigContext>
  );
}
