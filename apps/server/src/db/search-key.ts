/**
 * How a prefix search compares text, shared by every table that keeps search copies: the copies are
 * written with `searchKey`, the term goes through it too, and `prefixEnd` bounds an index range scan.
 */

/** How the search compares text: lower case, single spaces. Applied to stored copies and to terms alike. */
export function searchKey(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The smallest text after every text that starts with `prefix`, in code point order. */
export function prefixEnd(prefix: string): string {
  const points = Array.from(prefix);
  const last = points.pop()?.codePointAt(0) ?? 0;
  // The next code point, skipping the surrogate range that no string can hold alone.
  const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
  return next > 0x10ffff ? `${prefix}\u{10ffff}` : `${points.join('')}${String.fromCodePoint(next)}`;
}
