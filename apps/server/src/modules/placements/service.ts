import type { Kysely } from 'kysely';
import { withTransaction } from '../../db/transaction.js';
import type { Brand, Locale } from '@portal/contracts/brands';
import { placementMessage } from '@portal/contracts/placement-offers';
import {
  PLACEMENT_PAGE_TYPES,
  defaultPlacements,
  placementsSchema,
  type PlacementPageType,
  type PlacementPlans,
  type PlacementSettings,
  type Placements,
  type PublicPlacementConfig,
} from '@portal/contracts/placements';
import { fieldRefusal } from '@portal/contracts/refusals';
import { answerDate } from '../../http/answer-dates.js';
import type { Database } from '../../db/schema.js';
import { notFound, refused, unprocessable } from '../../http/app-error.js';
import { recordAudit, type AuditContext } from '../audit/record-audit.js';
import { merchantContext, merchantProfile } from '../merchants/service.js';
import { activePlanTerms } from '../payment-products/service.js';
import { findPlacementSettings, savePlacementSettings } from './repository.js';

type Db = Kysely<Database>;

async function storedPlacements(db: Db, merchantId: string, currency: PlacementPlans['currency']) {
  const row = await findPlacementSettings(db, merchantId);
  if (row === undefined) return { placements: defaultPlacements(currency), updatedAt: null };
  // Written only through the schema below, so a row that fails it is a bug worth a 500, not a guess.
  return {
    placements: placementsSchema.parse(JSON.parse(row.placements)),
    updatedAt: answerDate(row.updated_at),
  };
}

/** The token's merchant's settings: the defaults (every page off) until it first saves. */
export async function placementSettings(db: Db, merchantId: string): Promise<PlacementSettings> {
  const { currency } = await merchantContext(db, merchantId);
  return storedPlacements(db, merchantId, currency);
}

/** The page types whose settings differ, as the audit entry's before and after. */
function changedPages(before: Placements, after: Placements) {
  const changed = PLACEMENT_PAGE_TYPES.filter(
    (page) => JSON.stringify(before[page]) !== JSON.stringify(after[page]),
  );
  const pick = (placements: Placements) =>
    Object.fromEntries(changed.map((page) => [page, placements[page]]));
  return { before: pick(before), after: pick(after) };
}

/**
 * Saves the four page types together, audited with what changed; the merchant's site shows them from
 * its next page load. A threshold in another currency than the merchant's is refused field by field.
 */
export async function updatePlacementSettings(
  db: Db,
  audit: AuditContext,
  merchantId: string,
  placements: Placements,
  now = new Date(),
): Promise<PlacementSettings> {
  const { currency } = await merchantContext(db, merchantId);
  const wrong = PLACEMENT_PAGE_TYPES.filter((page) => placements[page].threshold.currency !== currency);
  if (wrong.length > 0) {
    throw unprocessable(
      refused('placement.other_currency', { currency }),
      wrong.map((page) =>
        fieldRefusal(`body.placements.${page}.threshold.currency`, 'placement.threshold_in_currency', {
          currency,
        }),
      ),
    );
  }
  const updatedAt = now.toISOString();
  await withTransaction(db, async (trx) => {
    const current = await findPlacementSettings(trx, merchantId);
    const before =
      current === undefined
        ? defaultPlacements(currency)
        : placementsSchema.parse(JSON.parse(current.placements));
    await savePlacementSettings(trx, {
      merchant_id: merchantId,
      placements: JSON.stringify(placements),
      updated_at: updatedAt,
    });
    await recordAudit(trx, audit, {
      merchantId,
      kind: 'placements.updated',
      subjectType: 'placements',
      subjectId: merchantId,
      ...changedPages(before, placements),
    });
  });
  return { placements, updatedAt: new Date(updatedAt) };
}

/** The plans the preview computes its figures from: the same the merchant's site gets. */
export async function placementPlans(db: Db, merchantId: string, now = new Date()): Promise<PlacementPlans> {
  const { currency } = await merchantContext(db, merchantId);
  return { currency, plans: await activePlanTerms(db, merchantId, now) };
}

export interface PublicConfigRequest {
  readonly amount?: number | undefined;
  readonly page?: PlacementPageType | undefined;
  readonly lang?: Locale | undefined;
}

/**
 * What a merchant's site may read without signing in: the page types turned on with how they look, the
 * plans' terms, and the message of a price. Nothing else (no user, no program or enrollment ids). An
 * unknown merchant, or one of another brand than this server's, is a 404.
 */
export async function publicPlacementConfig(
  db: Db,
  brand: Brand,
  merchantId: string,
  request: PublicConfigRequest,
  now = new Date(),
): Promise<PublicPlacementConfig> {
  const merchant = await merchantProfile(db, merchantId);
  if (merchant?.brand !== brand) throw notFound('No such merchant');
  const { placements } = await storedPlacements(db, merchantId, merchant.currency);
  const plans = await activePlanTerms(db, merchantId, now);
  const locale = request.lang ?? merchant.language;
  const config: PublicPlacementConfig = {
    merchantId,
    locale,
    currency: merchant.currency,
    placements: PLACEMENT_PAGE_TYPES.filter((page) => placements[page].enabled).map((page) => ({
      pageType: page,
      style: placements[page].style,
      theme: placements[page].theme,
      threshold: placements[page].threshold,
    })),
    plans,
  };
  if (request.amount === undefined || request.page === undefined) return config;
  const amount = { currency: merchant.currency, value: request.amount };
  return { ...config, message: placementMessage(amount, placements[request.page], plans, locale) };
}
