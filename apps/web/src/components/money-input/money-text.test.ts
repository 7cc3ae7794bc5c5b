import { describe, expect, it } from 'vitest';
import { formatMoneyText, minorUnitsOf, parseMoneyText, typedMoneyText } from './money-text';

const EN = 'en-US';
const FR = 'fr-CA';

/** The texts a field holds as the keys are pressed one by one, and what each means. */
function typeKeys(keys: string, locale: string, start = ''): { text: string; minor: number | undefined }[] {
  let text = start;
  return Array.from(keys, (key) => {
    text = typedMoneyText(text + key);
    return { text, minor: minorUnitsOf(text, locale) };
  });
}

describe('typing an amount', () => {
  it('keeps every key of "250.75" in English, each step meaning what it shows', () => {
    expect(typeKeys('250.75', EN)).toEqual([
      { text: '2', minor: 200 },
      { text: '25', minor: 2_500 },
      { text: '250', minor: 25_000 },
      { text: '250.', minor: 25_000 },
      { text: '250.7', minor: 25_070 },
      { text: '250.75', minor: 25_075 },
    ]);
  });

  it('keeps "1500" as typed, never regrouped', () => {
    expect(typeKeys('1500', EN).map((step) => step.text)).toEqual(['1', '15', '150', '1500']);
    expect(minorUnitsOf('1500', EN)).toBe(150_000);
  });

  it('keeps "10,5" in French, and a point there too', () => {
    expect(typeKeys('10,5', FR)).toEqual([
      { text: '1', minor: 100 },
      { text: '10', minor: 1_000 },
      { text: '10,', minor: 1_000 },
      { text: '10,5', minor: 1_050 },
    ]);
    expect(minorUnitsOf('10.5', FR)).toBe(1_050);
  });

  it('starts the amount over a zero default: "0" then "9.95" is 9.95, not "09.95"', () => {
    expect(typeKeys('9.95', EN, '0').at(-1)).toEqual({ text: '9.95', minor: 995 });
    expect(typedMoneyText('0.5')).toBe('0.5');
    expect(typedMoneyText('0,5')).toBe('0,5');
    expect(typedMoneyText('007')).toBe('7');
  });

  it('does not clear a lone decimal sign', () => {
    expect(typeKeys('.', EN)).toEqual([{ text: '.', minor: undefined }]);
    expect(parseMoneyText('.', EN).kind).toBe('invalid');
    expect(typeKeys('.5', EN).at(-1)).toEqual({ text: '.5', minor: 50 });
  });
});

describe('parseMoneyText', () => {
  it('reads an empty field as empty', () => {
    expect(parseMoneyText('', EN)).toEqual({ kind: 'empty' });
    expect(parseMoneyText('   ', FR)).toEqual({ kind: 'empty' });
  });

  it("reads the locale's own grouping", () => {
    expect(parseMoneyText('1,234.56', EN)).toEqual({ kind: 'amount', minor: 123_456 });
    expect(parseMoneyText('1,234,567', EN)).toEqual({ kind: 'amount', minor: 123_456_700 });
    expect(parseMoneyText('1 234,56', FR)).toEqual({ kind: 'amount', minor: 123_456 });
    expect(parseMoneyText('1\u00a0234,56', FR)).toEqual({ kind: 'amount', minor: 123_456 });
    expect(parseMoneyText('1\u202f234,56', FR)).toEqual({ kind: 'amount', minor: 123_456 });
    expect(parseMoneyText(' 12.5 ', 'en-CA')).toEqual({ kind: 'amount', minor: 1_250 });
  });

  it('refuses what is not an amount rather than guess', () => {
    for (const text of [
      '10,5',
      '1,5',
      '1,',
      '12,34.5',
      '1.2.3',
      '1.234',
      '-5',
      '$5',
      '5$',
      'abc',
      '1e3',
      '½',
    ]) {
      expect(parseMoneyText(text, EN), text).toEqual({ kind: 'invalid' });
    }
    for (const text of ['10,5,1', '1.5,2', '1,234', '-5', 'abc', '1 2 3,4 5']) {
      expect(parseMoneyText(text, FR), text).toEqual({ kind: 'invalid' });
    }
    expect(parseMoneyText('99999999999999999', EN)).toEqual({ kind: 'invalid' });
  });

  it('counts in whole cents, with no float on the way (0.29 * 100 is 28.999…)', () => {
    expect(minorUnitsOf('0.29', EN)).toBe(29);
    expect(minorUnitsOf('1,005.07', EN)).toBe(100_507);
    expect(minorUnitsOf('90071992547409.91', EN)).toBe(9_007_199_254_740_991);
  });
});

describe('formatMoneyText', () => {
  it("writes an amount the locale's way, which reads back as the same amount", () => {
    expect(formatMoneyText(123_456, EN)).toBe('1,234.56');
    expect(formatMoneyText(10_000, EN)).toBe('100.00');
    const french = formatMoneyText(123_456, FR);
    expect(french.replace(/\s/g, ' ')).toBe('1 234,56');
    for (const minor of [1, 99, 100, 123_456, 100_000_000]) {
      expect(minorUnitsOf(formatMoneyText(minor, EN), EN)).toBe(minor);
      expect(minorUnitsOf(formatMoneyText(minor, FR), FR)).toBe(minor);
    }
  });

  it('writes nothing for no amount, and "0" for zero', () => {
    expect(formatMoneyText(undefined, EN)).toBe('');
    expect(formatMoneyText(Number.NaN, EN)).toBe('');
    expect(formatMoneyText(0, FR)).toBe('0');
  });
});
