import type {
  FeatureFlagOverride,
  MerchantFeatureFlags,
  MerchantFeatureFlagsUpdate,
} from '@portal/contracts/feature-flags';
import { z } from 'zod';

/** What provider staff choose for a flag: the tenant's value, or the merchant's own on or off. */
export const FLAG_CHOICES = ['default', 'true', 'false'] as const;
export type FlagChoice = (typeof FLAG_CHOICES)[number];

export const flagChoicesSchema = z.object({
  flags: z.array(z.object({ name: z.string(), choice: z.enum(FLAG_CHOICES) })),
});
export type FlagChoices = z.infer<typeof flagChoicesSchema>;

export function flagChoicesOf(flags: MerchantFeatureFlags): FlagChoices {
  return { flags: flags.items.map(({ name, override }) => ({ name, choice: override ?? 'default' })) };
}

const overrideOf = (choice: FlagChoice): FeatureFlagOverride => (choice === 'default' ? null : choice);

/** The overrides the choices change, by flag name; empty when nothing changed. */
export function flagChanges(saved: MerchantFeatureFlags, choices: FlagChoices): MerchantFeatureFlagsUpdate {
  const before = new Map(saved.items.map((flag) => [flag.name, flag.override]));
  return Object.fromEntries(
    choices.flags
      .filter(({ name, choice }) => before.get(name) !== overrideOf(choice))
      .map(({ name, choice }) => [name, overrideOf(choice)]),
  );
}
