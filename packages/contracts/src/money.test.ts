import { describe, expect, it } from 'vitest';
import { minorUnitsToDecimal } from './money.js';

describe('minorUnitsToDecimal', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [12345, '123.45'],
    [-5, '-0.05'],
    [-100000, '-1000.00'],
  ])('%d -> %s', (value, text) => {
    expect(minorUnitsToDecimal(value)).toBe(text);
  });
});
