import { z } from 'zod';

/**
 * Several values, from a repeated parameter (`status=A&status=B`) or one comma-separated (`status=A,B`).
 * A member that is not valid is dropped rather than the whole list; repeats are kept once.
 */
export function urlList<T extends z.ZodType>(item: T) {
  return z.unknown().transform((raw): z.output<T>[] => {
    const parts = (raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]).flatMap((part) =>
      typeof part === 'string' ? part.split(',') : [],
    );
    const values: z.output<T>[] = [];
    for (const part of parts) {
      const parsed = item.safeParse(part.trim());
      if (parsed.success && !values.includes(parsed.data)) values.push(parsed.data);
    }
    return values;
  });
}

/** A calendar day, `YYYY-MM-DD`; absent when missing or invalid. */
export function urlDay() {
  return z.iso.date().optional();
}

/** A whole number in a range; absent when missing or invalid. */
export function urlInteger({ min = 0, max = Number.MAX_SAFE_INTEGER }: { min?: number; max?: number } = {}) {
  return z.coerce.number().int().min(min).max(max).optional();
}

/** A text such as a search, trimmed and cut to `maxLength`; absent when blank. */
export function urlText(maxLength: number) {
  return z
    .string()
    .trim()
    .transform((text) => (text === '' ? undefined : text.slice(0, maxLength)))
    .optional();
}
