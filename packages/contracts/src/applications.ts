/**
 * A shopper's application for financing: prequalification, application, the decision, then the
 * checkout started and completed, each step a time when it happened (migration 0015).
 */

export const APPLICATION_DECISIONS = ['APPROVED', 'DECLINED'] as const;
export type ApplicationDecision = (typeof APPLICATION_DECISIONS)[number];
