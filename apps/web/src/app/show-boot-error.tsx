import { MantineProvider } from '@mantine/core';
import { LOCALES } from '@portal/contracts/brands';
import type { Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createI18nFrom, type ResourceLoaders } from '../lib/i18n/i18n-instance';
import { BootError } from './boot-error';

/**
 * The page of a portal that could not start (both entries, each with its own translations): its
 * configuration did not load.
 */
export async function showBootError(root: Root, error: unknown, resources: ResourceLoaders): Promise<void> {
  console.error('The public configuration could not be loaded', error);
  // Without the brand, every language of the portal is offered; the browser's decides.
  const i18n = await createI18nFrom(resources, { locales: LOCALES });
  root.render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <BootError />
      </MantineProvider>
    </I18nextProvider>,
  );
}
