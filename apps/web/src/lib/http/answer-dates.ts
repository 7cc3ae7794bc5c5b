import { z } from 'zod';

/**
 * A date-time field of an answer (ISO text with its zone, specification §3), read as a Date. Only the
 * fields an answer schema declares this way become dates: free text that looks like a date (a customer
 * named "2026-11-01") stays the text it was.
 */
export const answerDateTime = z.iso.datetime({ offset: true }).transform((text) => new Date(text));
