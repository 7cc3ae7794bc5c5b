import { ACTOR_TYPES } from './transactions.js';

/** Who made an audited change: a signed-in user, a shopper (through a checkout link) or the system. */
export const AUDIT_ACTOR_TYPES = ACTOR_TYPES;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];
