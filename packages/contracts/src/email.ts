import { z } from 'zod/mini';

/**
 * An e-mail address as a user types it: trimmed, at most 254 characters, stored lower-cased, as the
 * sign-in form compares them. No messages of its own: the portal's forms give zod's checks theirs.
 */
export const emailSchema = z.pipe(
  z.pipe(z.string().check(z.trim(), z.maxLength(254)), z.email()),
  z.transform((value: string) => value.toLowerCase()),
);
