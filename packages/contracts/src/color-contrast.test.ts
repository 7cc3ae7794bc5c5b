import { describe, expect, it } from 'vitest';
import { contrastRatio, meetsAaForText, relativeLuminance } from './color-contrast.js';

describe('WCAG contrast', () => {
  it('gives black and white their luminances', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBeCloseTo(1, 10);
  });

  it('computes the ratio of the WCAG formula, whichever color comes first', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 10);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    // Reference values of the WebAIM contrast checker.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#0000ff', '#ffffff')).toBeCloseTo(8.59, 2);
    expect(contrastRatio('#ff0000', '#ffffff')).toBeCloseTo(4.0, 2);
  });

  it('linearizes the dark channels below the threshold as a straight line', () => {
    // 0x0a / 255 = 0.0392 ≤ 0.03928: divided by 12.92.
    expect(relativeLuminance('#0a0a0a')).toBeCloseTo(10 / 255 / 12.92, 12);
  });

  it('passes AA for normal text from 4.5:1 only', () => {
    expect(meetsAaForText('#767676', '#ffffff')).toBe(true);
    expect(meetsAaForText('#777777', '#ffffff')).toBe(false);
    expect(meetsAaForText('#ffff00', '#ffffff')).toBe(false);
  });

  it('refuses what is not #rrggbb', () => {
    expect(() => relativeLuminance('red')).toThrow();
    expect(() => relativeLuminance('#fff')).toThrow();
  });
});
