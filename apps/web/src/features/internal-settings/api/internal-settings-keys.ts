/** Query keys of the internal settings, per merchant (a merchant switch never shows the last one's). */
export const internalSettingsKeys = {
  flags: (merchantId: string) => ['internal-settings', merchantId, 'feature-flags'] as const,
  values: (merchantId: string, programId: string) =>
    ['internal-settings', merchantId, 'values', programId] as const,
};
