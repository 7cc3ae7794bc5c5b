import type { Brand, Locale } from '@portal/contracts/brands';
import { renderEmail, type EmailContent, type RenderedEmail } from '../mail/render-email.js';

export interface InvitationEmailValues {
  readonly firstName: string;
  readonly merchantName: string;
  /** Who invited them, as a name; null when no name is known. */
  readonly invitedBy: string | null;
  readonly activationUrl: string;
}

const CONTENT: Readonly<Record<Locale, (values: InvitationEmailValues) => EmailContent>> = {
  en: (values) => ({
    subject: `You are invited to the ${values.merchantName} merchant portal`,
    heading: `Welcome, ${values.firstName}`,
    paragraphs: [
      values.invitedBy === null
        ? `You have been invited to the merchant portal of ${values.merchantName}.`
        : `${values.invitedBy} invited you to the merchant portal of ${values.merchantName}.`,
      'Create your password to activate your account.',
    ],
    action: { label: 'Create your password', url: values.activationUrl },
    footnote:
      'This link works once and expires in 7 days. If you did not expect this invitation, you can ignore this e-mail.',
  }),
  'fr-CA': (values) => ({
    subject: `Vous êtes invité au portail marchand de ${values.merchantName}`,
    heading: `Bienvenue, ${values.firstName}`,
    paragraphs: [
      values.invitedBy === null
        ? `Vous avez été invité au portail marchand de ${values.merchantName}.`
        : `${values.invitedBy} vous a invité au portail marchand de ${values.merchantName}.`,
      'Créez votre mot de passe pour activer votre compte.',
    ],
    action: { label: 'Créer votre mot de passe', url: values.activationUrl },
    footnote:
      'Ce lien ne fonctionne qu’une fois et expire dans 7 jours. Si vous n’attendiez pas cette invitation, vous pouvez ignorer ce courriel.',
  }),
};

/** The invitation of a new user: the link to `/activate/:activationToken`. */
export function invitationEmail(values: InvitationEmailValues, locale: Locale, brand: Brand): RenderedEmail {
  return renderEmail(CONTENT[locale](values), brand);
}
