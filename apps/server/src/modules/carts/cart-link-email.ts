import type { Brand, Locale } from '@portal/contracts/brands';
import { minorUnitsToDecimal, type Currency } from '@portal/contracts/money';
import { formatMailDateTime } from '../mail/mail-format.js';
import { renderEmail, type RenderedEmail } from '../mail/render-email.js';

export const CART_LINK_TEMPLATE = 'cart-link';

export interface CartLinkEmail {
  readonly brand: Brand;
  readonly locale: Locale;
  readonly merchantName: string;
  readonly shopperName: string;
  readonly cartName: string;
  readonly currency: Currency;
  readonly total: number;
  readonly url: string;
  readonly expiresAt: string;
  /** The merchant's: the expiry is written in it, named, as the merchant's staff see it. */
  readonly timeZone: string;
}

function money(locale: Locale, currency: Currency, minorUnits: number): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
    Number(minorUnitsToDecimal(minorUnits)),
  );
}

/** The message that brings the shopper to the cart's checkout page, in English or Canadian French. */
export function cartLinkEmail(email: CartLinkEmail): RenderedEmail {
  const total = money(email.locale, email.currency, email.total);
  const until = formatMailDateTime(email.expiresAt, email.locale, email.timeZone);
  const content =
    email.locale === 'fr-CA'
      ? {
          subject: `${email.merchantName} : votre panier est prêt`,
          heading: `Bonjour ${email.shopperName},`,
          paragraphs: [
            `${email.merchantName} a préparé le panier « ${email.cartName} » pour vous.`,
            `Total : ${total}.`,
          ],
          action: { label: 'Voir et payer le panier', url: email.url },
          footnote: `Ce lien est valide jusqu'au ${until}. Si vous n'attendiez pas ce message, ignorez-le.`,
        }
      : {
          subject: `${email.merchantName}: your cart is ready`,
          heading: `Hello ${email.shopperName},`,
          paragraphs: [
            `${email.merchantName} has prepared the cart "${email.cartName}" for you.`,
            `Total: ${total}.`,
          ],
          action: { label: 'Review and pay for your cart', url: email.url },
          footnote: `This link is valid until ${until}. If you were not expecting this message, ignore it.`,
        };
  return renderEmail(content, email.brand);
}
