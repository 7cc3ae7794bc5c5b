import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { PAGES, type PageName, type RouteRequirement } from '@portal/contracts/routes';
import type { Database } from '../db/schema.js';
import { forbidden, refused } from '../http/app-error.js';
import { programFlagsOf } from '../modules/programs/service.js';
import { currentMerchantId } from './access.js';

/**
 * The token's merchant once the page's program guard holds for it (403 otherwise): the portal hides
 * such a page, and the calls behind it must refuse too, whatever calls them. The scopes, the brand and
 * the page's feature flag are the access hook's; this reads the merchant's programs, which the token
 * does not hold, at every call (so that an ended participation holds at once).
 */
export async function merchantOfGuardedPage(
  db: Kysely<Database>,
  request: FastifyRequest,
  page: PageName,
): Promise<string> {
  const merchantId = currentMerchantId(request);
  const requirement: RouteRequirement = PAGES[page];
  if (requirement.program !== undefined) {
    const programs = await programFlagsOf(db, merchantId);
    if (!programs[requirement.program]) throw forbidden(refused('page.program_required'));
  }
  return merchantId;
}
