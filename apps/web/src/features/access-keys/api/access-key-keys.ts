/** Query keys of the access key calls, per merchant (a merchant switch never shows the last one's keys). */
export const accessKeyKeys = {
  list: (merchantId: string) => ['accessKeys', merchantId, 'list'] as const,
};
