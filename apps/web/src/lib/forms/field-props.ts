/**
 * What every field of the toolkit shares, whichever form holds its value: react-hook-form's
 * (`fields.tsx`, `choice-fields.tsx`) or the light form's (`light-fields.tsx`).
 */

/** A Mantine input's props without those its form gives it. */
export type Unbound<P> = Omit<P, 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'name'>;

/** Mantine's dimmed description is too faint on white (WCAG AA); the portal's grey for hints is not. */
export const READABLE_DESCRIPTION = { c: 'dark.4' } as const;
