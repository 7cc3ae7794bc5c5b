import { describe, expect, it } from 'vitest';
import { isFlagOn } from './feature-flags.js';

describe('isFlagOn', () => {
  it('is on only for the string "true"', () => {
    expect(isFlagOn('true')).toBe(true);
    for (const value of ['TRUE', 'True', '1', 'false', '', undefined]) expect(isFlagOn(value)).toBe(false);
  });
});
