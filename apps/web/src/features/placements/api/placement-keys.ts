import { offeredPlansKey } from '../../../lib/query-keys/offered-plans';

/** Query keys of the placement calls, per merchant (a merchant switch never shows the last one's settings). */
export const placementKeys = {
  settings: (merchantId: string) => ['placements', merchantId, 'settings'] as const,
  plans: offeredPlansKey,
};
