import { minorUnitsToDecimal } from '@portal/contracts/money';

/**
 * The text of an amount field, read and written without a component: what a person typed becomes
 * minor units (or nothing, or a refusal), and an amount becomes the text a field starts from. The text
 * itself is never rewritten while it is typed, so what the field shows is what it means.
 */

/** What a typed amount means. */
export type MoneyText =
  | { readonly kind: 'empty' }
  | { readonly kind: 'amount'; readonly minor: number }
  /** Not an amount (a letter, three decimals, a misplaced separator): nothing is applied. */
  | { readonly kind: 'invalid' };

const EMPTY: MoneyText = { kind: 'empty' };
const INVALID: MoneyText = { kind: 'invalid' };

/** USD and CAD count in cents. */
const FRACTION_DIGITS = 2;

interface Separators {
  readonly decimal: string;
  readonly group: string;
}

const separatorCache = new Map<string, Separators>();

/** The locale's own decimal and grouping signs ("." and "," in English, "," and a space in French). */
function separatorsOf(locale: string): Separators {
  let found = separatorCache.get(locale);
  if (found === undefined) {
    const parts = new Intl.NumberFormat(locale).formatToParts(12_345.6);
    found = {
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
      group: parts.find((part) => part.type === 'group')?.value ?? ',',
    };
    separatorCache.set(locale, found);
  }
  return found;
}

const SPACES = /[\s\u00a0\u202f]/g;
const PLAIN_WHOLE = /^\d+$/;
const GROUPED_WHOLE = /^\d{1,3}(,\d{3})+$/;

/**
 * The whole part in digits, or undefined. Where the locale groups with a space (French), any space
 * between digits is a grouping; where it groups with a comma (English), commas must stand where a
 * grouping does ("1,500", never "1,5": that is a French decimal typed in English, not 15 or 1.5).
 */
function wholeDigits(whole: string, separators: Separators): string | undefined {
  if (whole === '') return '0';
  if (separators.group.replace(SPACES, '') === '') {
    const digits = whole.replace(SPACES, '');
    return PLAIN_WHOLE.test(digits) ? digits : undefined;
  }
  if (PLAIN_WHOLE.test(whole)) return whole;
  return GROUPED_WHOLE.test(whole) ? whole.replaceAll(',', '') : undefined;
}

/**
 * Reads a typed amount in the locale's way of writing numbers. The locale's decimal sign is accepted,
 * and where that is a comma (French), a point too, as many keyboards type it. Up to two decimals; "25."
 * on the way to "25.50" reads 25. A sign, a letter or a currency symbol is not an amount.
 */
export function parseMoneyText(text: string, locale: string): MoneyText {
  const trimmed = text.trim();
  if (trimmed === '') return EMPTY;
  const separators = separatorsOf(locale);
  const decimalSigns = separators.decimal === ',' ? [',', '.'] : [separators.decimal];
  const positions = decimalSigns.map((sign) => trimmed.lastIndexOf(sign)).filter((index) => index >= 0);
  const at = positions.length === 0 ? -1 : Math.max(...positions);
  const whole = at < 0 ? trimmed : trimmed.slice(0, at).trimEnd();
  const fraction = at < 0 ? '' : trimmed.slice(at + 1);
  if (at >= 0 && whole === '' && fraction === '') return INVALID;
  if (fraction.length > FRACTION_DIGITS || (fraction !== '' && !PLAIN_WHOLE.test(fraction))) return INVALID;
  // A decimal sign may appear once; in French a comma after a point (or the reverse) is not an amount.
  if (decimalSigns.some((sign) => whole.includes(sign))) return INVALID;
  const digits = wholeDigits(whole, separators);
  if (digits === undefined) return INVALID;
  const minor = BigInt(digits) * 100n + BigInt(fraction.padEnd(FRACTION_DIGITS, '0'));
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return INVALID;
  return { kind: 'amount', minor: Number(minor) };
}

/** The minor units a text means, or undefined when it is empty or not an amount. */
export function minorUnitsOf(text: string, locale: string): number | undefined {
  const parsed = parseMoneyText(text, locale);
  return parsed.kind === 'amount' ? parsed.minor : undefined;
}

/**
 * The text a field shows for an amount it did not get from typing (a default, a link, the rest of a
 * transaction): "1,234.50" in English, "1 234,50" in French. Zero is "0", so that a digit typed after
 * it starts the amount rather than making "09.95".
 */
export function formatMoneyText(minor: number | undefined, locale: string): string {
  if (minor === undefined || !Number.isFinite(minor)) return '';
  if (minor === 0) return '0';
  const formatter = new Intl.NumberFormat(locale, {
    minimumFractionDigits: FRACTION_DIGITS,
    maximumFractionDigits: FRACTION_DIGITS,
  });
  return formatter.format(minorUnitsToDecimal(minor) as `${number}`);
}

/**
 * What a keystroke leaves, with only this change: zeros before the first digit of the whole part go
 * ("0" then "9.95" is "9.95", never "09.95"); "0.5" and "0,5" keep their zero.
 */
export function typedMoneyText(text: string): string {
  return text.replace(/^(\s*)0+(?=\d)/, '$1');
}
