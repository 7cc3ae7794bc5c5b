import { z } from 'zod';
import { dateTime } from './date-time.js';
import { PARTICIPATIONS_PAGE_SIZE } from './constants.js';
import { CHANNELS, CHECKOUT_MODES, VIRTUAL_CARD_CHECKOUT_MODE } from './enums.js';
import { moneySchema } from './money.js';
import type { ProgramRequirement } from './routes.js';

/** A program (specification §3); its amounts are in the currency of the program's brand. */
export const programSchema = z.object({
  id: z.string(),
  name: z.string(),
  channel: z.enum(CHANNELS),
  displayInterestRateBPS: z.number().int().nonnegative(),
  checkoutMode: z.enum(CHECKOUT_MODES),
  minAmount: moneySchema,
  maxAmount: moneySchema,
});
export type Program = z.infer<typeof programSchema>;

/** A merchant's participation in a program; a deleted one is not an active program (specification §3). */
export const participationSchema = z.object({
  id: z.string(),
  programID: z.string(),
  merchantID: z.string(),
  createdAt: dateTime,
  deletedAt: dateTime.nullable(),
});
export type Participation = z.infer<typeof participationSchema>;

/** Query text `true`/`false`, as the portal sends `showArchived=true` (specification §7). */
export const queryBooleanSchema = z.enum(['true', 'false']).transform((value) => value === 'true');

/** `?merchantID.eq=…&showArchived=true&limit=200&offset=…` (specification §7). */
export const participationsQuerySchema = z.strictObject({
  'merchantID.eq': z.string().min(1).max(100),
  /** Without it, ended participations are left out. */
  showArchived: queryBooleanSchema.default(false),
  limit: z.coerce.number().int().min(1).max(PARTICIPATIONS_PAGE_SIZE).default(PARTICIPATIONS_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
});

export type ProgramFlags = Readonly<Record<ProgramRequirement, boolean>>;

type ProgramTraits = Pick<Program, 'channel' | 'displayInterestRateBPS' | 'checkoutMode'>;

/**
 * The derived flags of the specification (§4) that gate pages (§2). Pass the programs of active
 * participations only: an ended participation is not an active program.
 */
export function deriveProgramFlags(programs: readonly ProgramTraits[]): ProgramFlags {
  const ecomm = programs.filter((program) => program.channel === 'ECOMM');
  const instore = programs.filter((program) => program.channel === 'INSTORE');
  return {
    ecommerce: ecomm.length > 0,
    ecommerceCheckoutSdk: ecomm.some((program) => program.displayInterestRateBPS > 0),
    instore: instore.length > 0,
    instoreVirtualCard: instore.some((program) => program.checkoutMode === VIRTUAL_CARD_CHECKOUT_MODE),
  };
}
