import { describe, expect, it } from 'vitest';
import { minorUnitsToDecimal, toMajorUnits, toMinorUnits } from './money.js';

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

describe('toMinorUnits and toMajorUnits', () => {
  it('round a typed decimal to whole cents and back', () => {
    expect(toMinorUnits(12.3)).toBe(1230);
    expect(toMinorUnits(0.1 + 0.2)).toBe(30);
    expect(toMinorUnits(-4.005)).toBe(-400);
    expect(toMajorUnits(1234)).toBe(12.34);
  });
});
