import { describe, expect, it } from 'vitest';
import { prefixEnd, searchKey } from './search-key.js';

describe('search keys', () => {
  it('compares text in lower case with single spaces', () => {
    expect(searchKey('  Jean \t  DUPONT\n')).toBe('jean dupont');
  });

  it('ends a prefix range at the next code point of its last character', () => {
    expect(prefixEnd('ab')).toBe('ac');
    expect(prefixEnd('z')).toBe('{');
  });

  it('skips the surrogate range, which no string holds alone', () => {
    expect(prefixEnd('a\u{d7ff}')).toBe('a\u{e000}');
  });

  it('ends after the last code point by appending it', () => {
    expect(prefixEnd('a\u{10ffff}')).toBe('a\u{10ffff}\u{10ffff}');
  });
});
