import {
  MERCHANT_VALUE_KEY_PATTERN,
  MERCHANT_VALUE_MAX_LENGTH,
  type MerchantValuesUpdate,
} from '@portal/contracts/merchant-values';
import { z } from 'zod';

/**
 * A program's internal values as the form edits them: rows of key and value. The checks are the
 * server's (contracts' merchant-values), with the portal's messages, and a key once only.
 */
export const valueEntriesSchema = z
  .object({
    entries: z.array(
      z.object({
        key: z.string().trim().regex(MERCHANT_VALUE_KEY_PATTERN, 'internalSettings:values.keyInvalid'),
        value: z.string().max(MERCHANT_VALUE_MAX_LENGTH),
      }),
    ),
  })
  .superRefine(({ entries }, context) => {
    const seen = new Set<string>();
    entries.forEach(({ key }, index) => {
      if (seen.has(key)) {
        context.addIssue({
          code: 'custom',
          path: ['entries', index, 'key'],
          message: 'internalSettings:values.keyTaken',
        });
      }
      seen.add(key);
    });
  });
export type ValueEntries = z.input<typeof valueEntriesSchema>;

export function valueEntriesOf(values: Readonly<Record<string, string>>): ValueEntries {
  return {
    entries: Object.entries(values)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, value]) => ({ key, value })),
  };
}

/** What the form changes: new and changed keys with their value, removed keys with null. */
export function valueChanges(
  saved: Readonly<Record<string, string>>,
  edited: z.output<typeof valueEntriesSchema>,
): MerchantValuesUpdate {
  const next = new Map(edited.entries.map(({ key, value }) => [key, value]));
  const changes: Record<string, string | null> = {};
  for (const key of Object.keys(saved)) if (!next.has(key)) changes[key] = null;
  for (const [key, value] of next) if (saved[key] !== value) changes[key] = value;
  return changes;
}
