import type { Brand, Locale } from '@portal/contracts/brands';
import { renderEmail, type EmailContent, type RenderedEmail } from '../mail/render-email.js';

export interface ExpiryWarningValues {
  readonly keyName: string;
  readonly merchantName: string;
  readonly expiresAt: Date;
  /** The access keys page of the portal. */
  readonly url: string;
}

const when = (locale: Locale, at: Date) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at);

const CONTENT: Readonly<Record<Locale, (values: ExpiryWarningValues) => EmailContent>> = {
  en: ({ keyName, merchantName, expiresAt, url }) => ({
    subject: `Access key "${keyName}" expires on ${when('en', expiresAt)} UTC`,
    heading: `An access key of ${merchantName} expires soon`,
    paragraphs: [
      `The access key "${keyName}" stops working on ${when('en', expiresAt)} UTC. Calls to the merchant API with it will then be refused.`,
      'To keep your integration running, create a new key, put its secret in your servers, then revoke this one.',
    ],
    action: { label: 'Open the access keys', url },
    footnote: 'You receive this message because you are an administrator of this merchant account.',
  }),
  'fr-CA': ({ keyName, merchantName, expiresAt, url }) => ({
    subject: `La clé d’accès « ${keyName} » expire le ${when('fr-CA', expiresAt)} UTC`,
    heading: `Une clé d’accès de ${merchantName} expire bientôt`,
    paragraphs: [
      `La clé d’accès « ${keyName} » cessera de fonctionner le ${when('fr-CA', expiresAt)} UTC. Les appels à l’API marchand faits avec elle seront alors refusés.`,
      'Pour que votre intégration continue de fonctionner, créez une nouvelle clé, installez son secret sur vos serveurs, puis révoquez celle-ci.',
    ],
    action: { label: 'Ouvrir les clés d’accès', url },
    footnote: 'Vous recevez ce message parce que vous êtes administrateur de ce compte marchand.',
  }),
};

/** The warning that a key expires within a week, in English or Canadian French. */
export function expiryWarningEmail(values: ExpiryWarningValues, locale: Locale, brand: Brand): RenderedEmail {
  return renderEmail(CONTENT[locale](values), brand);
}
