import { describe, expect, it } from 'vitest';
import { cartLinkEmail } from './cart-link-email.js';

const base = {
  brand: 'rbc' as const,
  merchantName: 'Maple <Home> Supply',
  shopperName: 'Alex',
  cartName: 'Patio set',
  currency: 'CAD' as const,
  total: 123_456,
  url: 'https://portal.example/checkout/abc_DEF-123',
  expiresAt: '2026-12-01T12:00:00.000Z',
  timeZone: 'America/Toronto',
};

describe('the cart-link e-mail', () => {
  it('speaks English, with the total, the link and its expiry, escaping what the merchant typed', () => {
    const mail = cartLinkEmail({ ...base, locale: 'en' });
    expect(mail.subject).toBe('Maple <Home> Supply: your cart is ready');
    expect(mail.text).toContain('Total: CA$1,234.56.');
    expect(mail.text).toContain(`Review and pay for your cart: ${base.url}`);
    // The expiry is the merchant's, with its time and zone, as the portal shows it.
    expect(mail.text.replaceAll('\u202f', ' ')).toContain('valid until December 1, 2026 at 7:00 AM EST.');
    expect(mail.html).toContain('Maple &lt;Home&gt; Supply');
    expect(mail.html).toContain(`href="${base.url}"`);
  });

  it('speaks Canadian French', () => {
    const mail = cartLinkEmail({ ...base, locale: 'fr-CA' });
    expect(mail.subject).toBe('Maple <Home> Supply : votre panier est prêt');
    // Intl separates thousands and the currency with no-break spaces.
    expect(mail.text).toMatch(/Total : 1\s234,56\s\$\./);
    expect(mail.text).toContain(`Voir et payer le panier: ${base.url}`);
    expect(mail.text).toMatch(/valide jusqu'au 1 décembre 2026 à 07\sh\s00 HNE\./);
  });
});
