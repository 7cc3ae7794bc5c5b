import { z } from 'zod';

/**
 * The claims of the portal's own token (specification §3), issued by the token exchange and read back
 * by the portal. One schema so that the server signs exactly the shape the portal decodes.
 */
export const portalTokenClaimsSchema = z.object({
  /** Scope list, checked by exact membership (specification §6). */
  scp: z.array(z.string()),
  /** Merchant id. */
  cid: z.string().min(1),
  tenantID: z.string().min(1),
  sub: z.string().min(1),
  uid: z.string().min(1),
  /** The all-zero merchant id (`NO_MERCHANT_ID` in roles.ts) means no assigned merchant. */
  merchantID: z.string().min(1),
});
export type PortalTokenClaims = z.infer<typeof portalTokenClaimsSchema>;
