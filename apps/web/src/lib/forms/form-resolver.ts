import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod/mini';
import { formErrorMap } from './validation-messages';

/**
 * The resolver of every portal form: the schema's checks, with zod's built-in messages replaced by
 * the portal's message keys (`formErrorMap`).
 */
export function formResolver<Input extends FieldValues, Output>(
  schema: z.core.$ZodType<Output, Input>,
): Resolver<Input, unknown, Output> {
  return zodResolver(schema, { error: formErrorMap });
}
