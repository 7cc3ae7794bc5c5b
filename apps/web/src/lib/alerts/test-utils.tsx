import { MantineProvider } from '@mantine/core';
import type { Locale } from '@portal/contracts/brands';
import { render, type RenderResult } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import en from '../../locales/en/alerts.json';
import enErrors from '../../locales/en/errors.json';
import frCa from '../../locales/fr-CA/alerts.json';
import frCaErrors from '../../locales/fr-CA/errors.json';

/**
 * Renders with Mantine (transitions off) and an i18n instance holding only the `alerts` and `errors` texts, so that
 * these components are tested without the app's providers. A missing key fails the test.
 */
export async function renderWithAlertTexts(ui: ReactElement, language: Locale = 'en'): Promise<RenderResult> {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    resources: { en: { alerts: en, errors: enErrors }, 'fr-CA': { alerts: frCa, errors: frCaErrors } },
    ns: ['alerts', 'errors'],
    defaultNS: 'alerts',
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (_languages, namespace, key) => {
      throw new Error(`Missing translation ${namespace}:${key}`);
    },
  });
  return render(
    <MantineProvider env="test">
      <I18nextProvider i18n={i18n}>{ui}</I18nextProvider>
    </MantineProvider>,
  );
}
