/**
 * A stored timestamp (ISO text in both dialects) as the `Date` an answer's `dateTime` field holds; the
 * route's serializer writes it back as ISO text (`@portal/contracts/endpoint`, `dateTime`).
 */
export function answerDate(stored: string): Date {
  return new Date(stored);
}

export function answerDateOrNull(stored: string | null): Date | null {
  return stored === null ? null : new Date(stored);
}
