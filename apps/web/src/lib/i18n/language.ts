import { LOCALES, type Locale } from '@portal/contracts/brands';

/**
 * The chosen language lives in a cookie rather than local storage: local storage holds exactly what
 * the specification lists (§3), and the server-rendered sign-in pages can read a cookie too.
 */
export const LANGUAGE_COOKIE = 'portal_language';
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** The language a tag such as `fr`, `fr-FR` or `en-GB` stands for, if the portal has it. */
function localeForTag(tag: string): Locale | undefined {
  if (isLocale(tag)) return tag;
  const base = tag.toLowerCase().split('-')[0];
  return LOCALES.find((locale) => locale.toLowerCase().split('-')[0] === base);
}

/**
 * The remembered choice if the brand still offers it, else the first of the browser's languages the
 * brand offers, else the brand's first language.
 */
export function pickLanguage(
  allowed: readonly Locale[],
  remembered: string | undefined,
  browser: readonly string[],
): Locale {
  if (remembered && isLocale(remembered) && allowed.includes(remembered)) return remembered;
  for (const tag of browser) {
    const locale = localeForTag(tag);
    if (locale && allowed.includes(locale)) return locale;
  }
  return allowed[0] ?? 'en';
}

export function readLanguagePreference(): string | undefined {
  for (const cookie of document.cookie.split(';')) {
    const [name, value] = cookie.trim().split('=');
    if (name === LANGUAGE_COOKIE && value) return decodeURIComponent(value);
  }
  return undefined;
}

export function rememberLanguage(locale: Locale): void {
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(locale)}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
}
