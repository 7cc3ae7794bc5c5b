import type { Locale } from './brands.js';
import type { Money } from './money.js';
import { minorUnitsToDecimal } from './money.js';
import type { Placement, PlanFrequency, PlanTerms } from './placements.js';

const PERIODS_PER_YEAR: Readonly<Record<PlanFrequency, number>> = { MONTHLY: 12, BIWEEKLY: 26 };
const BPS_PER_UNIT = 10_000;
// Floating-point error in the amortization formula is far below this; a true half cent is kept a half.
const EPSILON = 1e-7;

/**
 * One instalment of a plan, in minor units: the standard amortized payment P·r/(1−(1+r)^−n), with r the
 * APR divided by the payments a year (12 monthly, 26 bi-weekly), or P/n for a 0 % split-pay. Rounded to
 * the nearest cent, half a cent up, as a lender rounds the scheduled payment; the last payment of the
 * schedule absorbs the difference, so every figure shown is one the shopper really pays.
 */
export function instalmentPayment(
  amountMinor: number,
  plan: Pick<PlanTerms, 'frequency' | 'numPayments' | 'rateBps'>,
): number {
  const n = plan.numPayments;
  if (plan.rateBps === 0) return Math.round(amountMinor / n + EPSILON);
  const r = plan.rateBps / BPS_PER_UNIT / PERIODS_PER_YEAR[plan.frequency];
  return Math.round((amountMinor * r) / (1 - (1 + r) ** -n) + EPSILON);
}

export interface PlanOffer {
  readonly plan: PlanTerms;
  readonly payment: number;
}

/**
 * The "as low as" offer: the plan whose payment costs the least a month (a bi-weekly payment counts
 * 26/12 times), then the lower rate, then more payments. Undefined without a plan.
 */
export function lowestOffer(amountMinor: number, plans: readonly PlanTerms[]): PlanOffer | undefined {
  let best: PlanOffer | undefined;
  let bestMonthly = Number.POSITIVE_INFINITY;
  for (const plan of plans) {
    const payment = instalmentPayment(amountMinor, plan);
    const monthly = (payment * PERIODS_PER_YEAR[plan.frequency]) / PERIODS_PER_YEAR.MONTHLY;
    const better =
      best === undefined ||
      monthly < bestMonthly ||
      (monthly === bestMonthly &&
        (plan.rateBps < best.plan.rateBps ||
          (plan.rateBps === best.plan.rateBps && plan.numPayments > best.plan.numPayments)));
    if (better) {
      best = { plan, payment };
      bestMonthly = monthly;
    }
  }
  return best;
}

/** The message's words, in each language the portal and the script speak. */
const TEMPLATES: Readonly<Record<Locale, Readonly<Record<PlanFrequency, string>>>> = {
  en: {
    MONTHLY: 'As low as {payment}/month for {count} months at {apr} APR',
    BIWEEKLY: 'As low as {count} payments of {payment} every two weeks at {apr} APR',
  },
  'fr-CA': {
    MONTHLY: 'À partir de {payment}/mois pendant {count} mois au taux annuel de {apr}',
    BIWEEKLY: 'À partir de {count} versements de {payment} aux deux semaines au taux annuel de {apr}',
  },
};

/** An English amount reads in its own country's way ($12.00 in the US, $12.00 in Canada); French is Canada's. */
function formattingLocale(locale: Locale, money: Money): string {
  if (locale === 'fr-CA') return 'fr-CA';
  return money.currency === 'CAD' ? 'en-CA' : 'en-US';
}

function messageText(locale: Locale, offer: PlanOffer, payment: Money): string {
  const intl = formattingLocale(locale, payment);
  const paymentText = new Intl.NumberFormat(intl, { style: 'currency', currency: payment.currency }).format(
    minorUnitsToDecimal(payment.value) as `${number}`,
  );
  const aprText = new Intl.NumberFormat(intl, { style: 'percent', maximumFractionDigits: 2 }).format(
    offer.plan.rateBps / BPS_PER_UNIT,
  );
  return TEMPLATES[locale][offer.plan.frequency]
    .replace('{payment}', paymentText)
    .replace('{count}', String(offer.plan.numPayments))
    .replace('{apr}', aprText);
}

export interface PlacementMessage {
  readonly text: string;
  readonly payment: Money;
  readonly plan: PlanTerms;
}

/**
 * The on-site message for a price, as the portal's preview and the merchant's site show it: none for a
 * page turned off, a price below the page's threshold (or in another currency), or a merchant without
 * an active plan.
 */
export function placementMessage(
  amount: Money,
  placement: Placement,
  plans: readonly PlanTerms[],
  locale: Locale,
): PlacementMessage | null {
  if (!placement.enabled) return null;
  if (amount.currency !== placement.threshold.currency || amount.value < placement.threshold.value)
    return null;
  return offerMessage(amount, plans, locale);
}

/** The "as low as" message for an amount (the checkout's, and the on-site one's): none without a plan. */
export function offerMessage(
  amount: Money,
  plans: readonly PlanTerms[],
  locale: Locale,
): PlacementMessage | null {
  if (amount.value <= 0) return null;
  const offer = lowestOffer(amount.value, plans);
  if (offer === undefined) return null;
  const payment: Money = { currency: amount.currency, value: offer.payment };
  return { text: messageText(locale, offer, payment), payment, plan: offer.plan };
}
