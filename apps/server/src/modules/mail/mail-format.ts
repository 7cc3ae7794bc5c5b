import type { Locale } from '@portal/contracts/brands';
import { isKnownTimeZone } from '../../lib/time-zone.js';

/**
 * An instant as a message writes it: long date, time and the zone they are in, the merchant's ("December
 * 1, 2026 at 7:00 AM EST", "1 décembre 2026 à 07 h 00 HNE"). The reader may be anywhere and cannot
 * guess the zone; the portal names it the same way ("EST"), so a shopper and the merchant's staff
 * compare like with like. A zone this runtime does not know is written as UTC rather than failing the
 * message.
 */
export function formatMailDateTime(iso: string, locale: Locale, timeZone: string): string {
  const zone = isKnownTimeZone(timeZone) ? timeZone : 'UTC';
  const instant = new Date(iso);
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: zone });
  const zoneName = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName')?.value;
  return `${dateTime.format(instant)} ${zoneName ?? zone}`;
}
