import { z } from 'zod/mini';
import { BRANDS, LOCALES } from './brands.js';

/**
 * What the portal needs to know before anyone signs in, served by `GET /api/public-config`.
 * The brand is read at run time so that one build serves both brands (PRODUCT.md, "Brands").
 */
export const publicConfigSchema = z.object({
  brand: z.enum(BRANDS),
  /** The API origin of the specification's `apiurl` config value (§7). */
  apiurl: z.string(),
  locales: z.array(z.enum(LOCALES)),
  fakeAuth: z.boolean(),
  oidc: z.object({ authority: z.string(), clientId: z.string() }),
  /** Demo mode: the e-mail outbox is readable in the portal and demo sign-ins are listed. */
  demo: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/**
 * The id of the element of the portal's HTML that carries this configuration as JSON: the server inlines it
 * so that the portal starts without a round trip for it.
 */
export const PUBLIC_CONFIG_ELEMENT_ID = 'public-config';
