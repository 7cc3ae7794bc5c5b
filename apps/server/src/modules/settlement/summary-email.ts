import type { Brand, Locale } from '@portal/contracts/brands';
import { minorUnitsToDecimal, type Money } from '@portal/contracts/money';
import type { SettlementReport } from '@portal/contracts/settlement';
import { renderEmail, type EmailContent, type RenderedEmail } from '../mail/render-email.js';

export interface SummaryEmailValues {
  readonly frequency: 'DAILY' | 'WEEKLY';
  readonly report: SettlementReport;
  /** The report of the period on the portal. */
  readonly url: string;
}

function money(locale: Locale, { currency, value }: Money): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
    Number(minorUnitsToDecimal(value)),
  );
}

const CONTENT: Readonly<Record<Locale, (values: SummaryEmailValues) => EmailContent>> = {
  en: ({ frequency, report, url }) => {
    const m = (amount: Money) => money('en', amount);
    const { totals } = report;
    const period = report.from === report.to ? report.from : `${report.from} to ${report.to}`;
    return {
      subject: `${frequency === 'DAILY' ? 'Daily' : 'Weekly'} settlement summary: ${period}`,
      heading: `Your deposits, ${period}`,
      paragraphs: [
        report.deposits.length === 0
          ? 'No deposit was made in this period.'
          : `${String(report.deposits.length)} deposit(s): ${report.deposits
              .map((deposit) => `${deposit.depositDate} ${deposit.bankReference} ${m(deposit.net)}`)
              .join('; ')}.`,
        `Sales ${m(totals.settlements)} − Refunds ${m(totals.refunds)} − Chargebacks ${m(totals.chargebacks)} − Fees ${m(totals.fees)} = Net ${m(totals.net)}`,
        `Days in ${report.timeZone}.`,
      ],
      action: { label: 'Open the settlement report', url },
      footnote: 'You receive this summary because an administrator of your merchant account subscribed you.',
    };
  },
  'fr-CA': ({ frequency, report, url }) => {
    const m = (amount: Money) => money('fr-CA', amount);
    const { totals } = report;
    const period = report.from === report.to ? report.from : `du ${report.from} au ${report.to}`;
    return {
      subject: `Sommaire ${frequency === 'DAILY' ? 'quotidien' : 'hebdomadaire'} des règlements : ${period}`,
      heading: `Vos dépôts, ${period}`,
      paragraphs: [
        report.deposits.length === 0
          ? 'Aucun dépôt n’a été fait pendant cette période.'
          : `${String(report.deposits.length)} dépôt(s) : ${report.deposits
              .map((deposit) => `${deposit.depositDate} ${deposit.bankReference} ${m(deposit.net)}`)
              .join(' ; ')}.`,
        `Ventes ${m(totals.settlements)} − Remboursements ${m(totals.refunds)} − Rétrofacturations ${m(totals.chargebacks)} − Frais ${m(totals.fees)} = Net ${m(totals.net)}`,
        `Jours selon ${report.timeZone}.`,
      ],
      action: { label: 'Ouvrir le rapport de règlement', url },
      footnote:
        'Vous recevez ce sommaire parce qu’un administrateur de votre compte marchand vous y a abonné.',
    };
  },
};

/** The settlement summary of a day or a week, in English or Canadian French. */
export function summaryEmail(values: SummaryEmailValues, locale: Locale, brand: Brand): RenderedEmail {
  return renderEmail(CONTENT[locale](values), brand);
}
