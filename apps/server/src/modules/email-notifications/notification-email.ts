import type { Brand, Locale } from '@portal/contracts/brands';
import { minorUnitsToDecimal, type Money } from '@portal/contracts/money';
import { renderEmail, type EmailContent, type RenderedEmail } from '../mail/render-email.js';

/** What happened, as the notification of each event tells it. */
export type Notice =
  | {
      readonly event: 'NEW_TRANSACTION';
      readonly transactionId: string;
      readonly orderReference: string;
      readonly amount: Money;
      readonly customerName: string;
    }
  | {
      readonly event: 'AUTHORIZATION_EXPIRING';
      readonly transactionId: string;
      readonly orderReference: string;
      readonly open: Money;
      /** The merchant-local day it lapses, `YYYY-MM-DD`. */
      readonly expiresOn: string;
    }
  | {
      readonly event: 'CART_COMPLETED';
      readonly cartId: string;
      readonly orderReference: string;
      readonly amount: Money;
      readonly customerName: string;
    }
  | {
      readonly event: 'CART_EXPIRED';
      readonly cartId: string;
      readonly orderReference: string;
      readonly amount: Money;
      /** Expired by a user of the merchant, or lapsed by time. */
      readonly by: 'USER' | 'TIME';
    }
  | {
      readonly event: 'REFUND_PROCESSED';
      readonly transactionId: string;
      readonly orderReference: string;
      readonly amount: Money;
    }
  | {
      readonly event: 'USER_INVITED';
      readonly userId: string;
      readonly name: string;
      readonly email: string;
      readonly invitedBy: string | null;
    };

/** The outbox's template name of each event's notification. */
export const NOTICE_TEMPLATES: Readonly<Record<Notice['event'], string>> = {
  NEW_TRANSACTION: 'notification-new-transaction',
  AUTHORIZATION_EXPIRING: 'notification-authorization-expiring',
  CART_COMPLETED: 'notification-cart-completed',
  CART_EXPIRED: 'notification-cart-expired',
  REFUND_PROCESSED: 'notification-refund-processed',
  USER_INVITED: 'notification-user-invited',
};

/** What the notice is about, so that the outbox lists it with its subject. */
export function relatedOf(notice: Notice): { type: string; id: string } {
  switch (notice.event) {
    case 'NEW_TRANSACTION':
    case 'AUTHORIZATION_EXPIRING':
    case 'REFUND_PROCESSED':
      return { type: 'transaction', id: notice.transactionId };
    case 'CART_COMPLETED':
    case 'CART_EXPIRED':
      return { type: 'cart', id: notice.cartId };
    case 'USER_INVITED':
      return { type: 'user', id: notice.userId };
  }
}

const money = (locale: Locale, { currency, value }: Money) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(Number(minorUnitsToDecimal(value)));

interface Words {
  readonly subject: string;
  readonly paragraphs: readonly string[];
}

function englishWords(notice: Notice, merchant: string): Words {
  const m = (amount: Money) => money('en', amount);
  switch (notice.event) {
    case 'NEW_TRANSACTION':
      return {
        subject: `New transaction ${notice.orderReference}: ${m(notice.amount)}`,
        paragraphs: [
          `${notice.customerName} paid ${m(notice.amount)} to ${merchant} (order ${notice.orderReference}).`,
          'The authorization is ready to settle from the transactions page.',
        ],
      };
    case 'AUTHORIZATION_EXPIRING':
      return {
        subject: `Authorization expiring on ${notice.expiresOn}: ${notice.orderReference}`,
        paragraphs: [
          `${m(notice.open)} of order ${notice.orderReference} is still open and its authorization expires on ${notice.expiresOn}.`,
          'Settle it before then, or it can no longer be settled.',
        ],
      };
    case 'CART_COMPLETED':
      return {
        subject: `Cart completed: ${notice.orderReference}`,
        paragraphs: [
          `${notice.customerName} completed the checkout of cart ${notice.orderReference} for ${m(notice.amount)}.`,
        ],
      };
    case 'CART_EXPIRED':
      return {
        subject: `Cart expired: ${notice.orderReference}`,
        paragraphs: [
          notice.by === 'USER'
            ? `Cart ${notice.orderReference} (${m(notice.amount)}) was expired by a user of ${merchant}.`
            : `Cart ${notice.orderReference} (${m(notice.amount)}) reached its expiry date before the shopper paid.`,
          'Its checkout link no longer works.',
        ],
      };
    case 'REFUND_PROCESSED':
      return {
        subject: `Refund processed: ${m(notice.amount)} on ${notice.orderReference}`,
        paragraphs: [`A refund of ${m(notice.amount)} was processed on order ${notice.orderReference}.`],
      };
    case 'USER_INVITED':
      return {
        subject: `${notice.name} was invited to ${merchant}`,
        paragraphs: [
          notice.invitedBy === null
            ? `${notice.name} (${notice.email}) was invited to the portal of ${merchant}.`
            : `${notice.invitedBy} invited ${notice.name} (${notice.email}) to the portal of ${merchant}.`,
        ],
      };
  }
}

function frenchWords(notice: Notice, merchant: string): Words {
  const m = (amount: Money) => money('fr-CA', amount);
  switch (notice.event) {
    case 'NEW_TRANSACTION':
      return {
        subject: `Nouvelle transaction ${notice.orderReference} : ${m(notice.amount)}`,
        paragraphs: [
          `${notice.customerName} a payé ${m(notice.amount)} à ${merchant} (commande ${notice.orderReference}).`,
          'L’autorisation peut être réglée depuis la page des transactions.',
        ],
      };
    case 'AUTHORIZATION_EXPIRING':
      return {
        subject: `Autorisation expirant le ${notice.expiresOn} : ${notice.orderReference}`,
        paragraphs: [
          `${m(notice.open)} de la commande ${notice.orderReference} reste ouvert et son autorisation expire le ${notice.expiresOn}.`,
          'Réglez-la d’ici là, sinon elle ne pourra plus être réglée.',
        ],
      };
    case 'CART_COMPLETED':
      return {
        subject: `Panier complété : ${notice.orderReference}`,
        paragraphs: [
          `${notice.customerName} a complété le paiement du panier ${notice.orderReference} pour ${m(notice.amount)}.`,
        ],
      };
    case 'CART_EXPIRED':
      return {
        subject: `Panier expiré : ${notice.orderReference}`,
        paragraphs: [
          notice.by === 'USER'
            ? `Le panier ${notice.orderReference} (${m(notice.amount)}) a été expiré par un utilisateur de ${merchant}.`
            : `Le panier ${notice.orderReference} (${m(notice.amount)}) a atteint sa date d’expiration avant le paiement.`,
          'Son lien de paiement ne fonctionne plus.',
        ],
      };
    case 'REFUND_PROCESSED':
      return {
        subject: `Remboursement effectué : ${m(notice.amount)} sur ${notice.orderReference}`,
        paragraphs: [
          `Un remboursement de ${m(notice.amount)} a été effectué sur la commande ${notice.orderReference}.`,
        ],
      };
    case 'USER_INVITED':
      return {
        subject: `${notice.name} a été invité à ${merchant}`,
        paragraphs: [
          notice.invitedBy === null
            ? `${notice.name} (${notice.email}) a été invité au portail de ${merchant}.`
            : `${notice.invitedBy} a invité ${notice.name} (${notice.email}) au portail de ${merchant}.`,
        ],
      };
  }
}

const FRAME: Readonly<Record<Locale, { test: string; testNote: string; footnote: string }>> = {
  en: {
    test: '[Test] ',
    testNote: 'This is a test of this notification, with sample values: nothing happened.',
    footnote: 'You receive this notification because your merchant account turned it on for you.',
  },
  'fr-CA': {
    test: '[Essai] ',
    testNote: 'Ceci est un essai de cette notification, avec des valeurs d’exemple : rien ne s’est produit.',
    footnote: 'Vous recevez cette notification parce que votre compte marchand l’a activée pour vous.',
  },
};

export interface NoticeEmailOptions {
  readonly merchantName: string;
  readonly locale: Locale;
  readonly brand: Brand;
  /** A sample sent from the notifications page: marked as a test in its subject and text. */
  readonly test: boolean;
}

/** The notification of an event, in English or Canadian French. */
export function noticeEmail(notice: Notice, options: NoticeEmailOptions): RenderedEmail {
  const words =
    options.locale === 'fr-CA'
      ? frenchWords(notice, options.merchantName)
      : englishWords(notice, options.merchantName);
  const frame = FRAME[options.locale];
  const content: EmailContent = {
    subject: `${options.test ? frame.test : ''}${words.subject}`,
    heading: words.subject,
    paragraphs: options.test ? [frame.testNote, ...words.paragraphs] : words.paragraphs,
    footnote: frame.footnote,
  };
  return renderEmail(content, options.brand);
}
