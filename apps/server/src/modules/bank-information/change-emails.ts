import type { Brand, Locale } from '@portal/contracts/brands';
import { renderEmail, type EmailContent, type RenderedEmail } from '../mail/render-email.js';

/** The outbox's template names. The link signs no one in, but it confirms a change: it is withheld too. */
export const BANK_EMAIL_TEMPLATES = {
  link: 'bank-change-link',
  requested: 'bank-change-requested',
  confirmed: 'bank-change-confirmed',
} as const;

/** An account as the e-mails name it: never more than the last four digits of its number. */
export interface MaskedAccount {
  readonly bankName: string;
  /** `••••1234`. */
  readonly account: string;
}

export interface ChangeValues {
  readonly merchantName: string;
  readonly requestedBy: string;
  readonly to: MaskedAccount;
  /** The account deposits go to until the change takes effect; null when none was on file. */
  readonly from: MaskedAccount | null;
  /** The bank information page. */
  readonly url: string;
}

const day = (locale: Locale, isoDate: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
const when = (locale: Locale, at: Date) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at);
const named = ({ bankName, account }: MaskedAccount) => `${bankName} ${account}`;

const FOOTNOTE: Readonly<Record<Locale, string>> = {
  en: 'You receive this message because you are an administrator of this merchant account.',
  'fr-CA': 'Vous recevez ce message parce que vous êtes administrateur de ce compte marchand.',
};

const LINK: Readonly<
  Record<Locale, (values: ChangeValues & { readonly link: string; readonly expiresAt: Date }) => EmailContent>
> = {
  en: (v) => ({
    subject: `Confirm the new deposit account of ${v.merchantName}`,
    heading: 'Confirm your change of the deposit account',
    paragraphs: [
      `You asked for the deposits of ${v.merchantName} to go to ${named(v.to)}.`,
      'The change takes effect once confirmed: by another administrator on the bank information page, or by you through this link.',
      `The link works once, until ${when('en', v.expiresAt)} UTC, and only while you are signed in.`,
    ],
    action: { label: 'Confirm the change', url: v.link },
    footnote:
      'If you did not ask for this change, do not confirm it: cancel it on the bank information page.',
  }),
  'fr-CA': (v) => ({
    subject: `Confirmez le nouveau compte de dépôt de ${v.merchantName}`,
    heading: 'Confirmez votre changement de compte de dépôt',
    paragraphs: [
      `Vous avez demandé que les dépôts de ${v.merchantName} soient versés dans ${named(v.to)}.`,
      'Le changement prend effet une fois confirmé : par un autre administrateur sur la page des renseignements bancaires, ou par vous au moyen de ce lien.',
      `Le lien fonctionne une fois, jusqu’au ${when('fr-CA', v.expiresAt)} UTC, et seulement lorsque vous êtes connecté.`,
    ],
    action: { label: 'Confirmer le changement', url: v.link },
    footnote:
      'Si vous n’avez pas demandé ce changement, ne le confirmez pas : annulez-le sur la page des renseignements bancaires.',
  }),
};

const REQUESTED: Readonly<Record<Locale, (values: ChangeValues) => EmailContent>> = {
  en: (v) => ({
    subject: `A change of the deposit account of ${v.merchantName} was requested`,
    heading: 'A new deposit account waits for its confirmation',
    paragraphs: [
      `${v.requestedBy} asked for the deposits of ${v.merchantName} to go to ${named(v.to)}${
        v.from === null ? '' : ` instead of ${named(v.from)}`
      }.`,
      'Nothing changes until another administrator confirms it on the bank information page, or the requester through the link e-mailed to them.',
      'If you did not expect this change, cancel it on the bank information page.',
    ],
    action: { label: 'Open the bank information', url: v.url },
    footnote: FOOTNOTE.en,
  }),
  'fr-CA': (v) => ({
    subject: `Un changement du compte de dépôt de ${v.merchantName} a été demandé`,
    heading: 'Un nouveau compte de dépôt attend sa confirmation',
    paragraphs: [
      `${v.requestedBy} a demandé que les dépôts de ${v.merchantName} soient versés dans ${named(v.to)}${
        v.from === null ? '' : ` au lieu de ${named(v.from)}`
      }.`,
      'Rien ne change tant qu’un autre administrateur ne l’a pas confirmé sur la page des renseignements bancaires, ou le demandeur au moyen du lien qui lui a été envoyé.',
      'Si vous n’attendiez pas ce changement, annulez-le sur la page des renseignements bancaires.',
    ],
    action: { label: 'Ouvrir les renseignements bancaires', url: v.url },
    footnote: FOOTNOTE['fr-CA'],
  }),
};

const CONFIRMED: Readonly<
  Record<
    Locale,
    (values: ChangeValues & { readonly confirmedBy: string; readonly effectiveFrom: string }) => EmailContent
  >
> = {
  en: (v) => ({
    subject: `The deposit account of ${v.merchantName} changes on ${day('en', v.effectiveFrom)}`,
    heading: 'The change of the deposit account is confirmed',
    paragraphs: [
      `${v.confirmedBy} confirmed the change asked for by ${v.requestedBy}: deposits of ${v.merchantName} from ${day('en', v.effectiveFrom)} on go to ${named(v.to)}.`,
      v.from === null
        ? 'No account was on file before.'
        : `Deposits before that day still go to ${named(v.from)}.`,
    ],
    action: { label: 'Open the bank information', url: v.url },
    footnote: FOOTNOTE.en,
  }),
  'fr-CA': (v) => ({
    subject: `Le compte de dépôt de ${v.merchantName} change le ${day('fr-CA', v.effectiveFrom)}`,
    heading: 'Le changement du compte de dépôt est confirmé',
    paragraphs: [
      `${v.confirmedBy} a confirmé le changement demandé par ${v.requestedBy} : à partir du ${day('fr-CA', v.effectiveFrom)}, les dépôts de ${v.merchantName} sont versés dans ${named(v.to)}.`,
      v.from === null
        ? 'Aucun compte n’était inscrit auparavant.'
        : `Les dépôts antérieurs à cette date sont encore versés dans ${named(v.from)}.`,
    ],
    action: { label: 'Ouvrir les renseignements bancaires', url: v.url },
    footnote: FOOTNOTE['fr-CA'],
  }),
};

/** To the requester: the one-time link that confirms the change. */
export function changeLinkEmail(
  values: ChangeValues & { readonly link: string; readonly expiresAt: Date },
  locale: Locale,
  brand: Brand,
): RenderedEmail {
  return renderEmail(LINK[locale](values), brand);
}

/** To every administrator: a change was asked for. */
export function changeRequestedEmail(values: ChangeValues, locale: Locale, brand: Brand): RenderedEmail {
  return renderEmail(REQUESTED[locale](values), brand);
}

/** To every administrator: the change is confirmed, from which deposit day. */
export function changeConfirmedEmail(
  values: ChangeValues & { readonly confirmedBy: string; readonly effectiveFrom: string },
  locale: Locale,
  brand: Brand,
): RenderedEmail {
  return renderEmail(CONFIRMED[locale](values), brand);
}
