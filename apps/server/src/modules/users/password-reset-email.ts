import type { Brand, Locale } from '@portal/contracts/brands';
import { renderEmail, type EmailContent, type RenderedEmail } from '../mail/render-email.js';

export interface PasswordResetEmailValues {
  readonly firstName: string;
  readonly resetUrl: string;
}

const CONTENT: Readonly<Record<Locale, (values: PasswordResetEmailValues) => EmailContent>> = {
  en: (values) => ({
    subject: 'Reset your merchant portal password',
    heading: `Hello ${values.firstName}`,
    paragraphs: [
      'We received a request to reset the password of your merchant portal account.',
      'Choose a new password with the link below.',
    ],
    action: { label: 'Reset your password', url: values.resetUrl },
    footnote:
      'This link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail: your password stays as it is.',
  }),
  'fr-CA': (values) => ({
    subject: 'Réinitialisez votre mot de passe du portail marchand',
    heading: `Bonjour ${values.firstName}`,
    paragraphs: [
      'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte du portail marchand.',
      'Choisissez un nouveau mot de passe à l’aide du lien ci-dessous.',
    ],
    action: { label: 'Réinitialiser votre mot de passe', url: values.resetUrl },
    footnote:
      'Ce lien ne fonctionne qu’une fois et expire dans 1 heure. Si vous n’avez rien demandé, ignorez ce courriel : votre mot de passe reste le même.',
  }),
};

/** A forgotten password's e-mail: the link to `/password/reset/:activationToken`. */
export function passwordResetEmail(
  values: PasswordResetEmailValues,
  locale: Locale,
  brand: Brand,
): RenderedEmail {
  return renderEmail(CONTENT[locale](values), brand);
}
