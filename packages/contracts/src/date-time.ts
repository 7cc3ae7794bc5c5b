import { z } from 'zod';

/**
 * A date-time of an answer: ISO 8601 text with its offset on the wire (specification §3), a `Date` in
 * code. The server hands a `Date` and its serializer encodes it; the portal's parse decodes the text.
 * Only the fields declared this way become dates: free text that looks like a date stays text.
 */
export const dateTime = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});
