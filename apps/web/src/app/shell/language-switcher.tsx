import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '../../lib/i18n/i18n-instance';
import { usePublicConfig } from '../../lib/public-config';

/**
 * Shown only when the brand has more than one language: a button per other language, named in that
 * language ("Français" / "English"), as Canadian sites do. Every language's file writes each name in
 * its own language (resources.test.ts), so the current one names the other, which is not loaded yet.
 */
export function LanguageSwitcher() {
  const { locales } = usePublicConfig();
  const { t, i18n } = useTranslation();
  if (locales.length < 2) return null;
  return locales
    .filter((locale) => locale !== i18n.language)
    .map((locale) => (
      <Button
        key={locale}
        variant="subtle"
        lang={locale}
        onClick={() => {
          void chooseLanguage(i18n, locale);
        }}
      >
        {t(`language.${locale}`)}
      </Button>
    ));
}
