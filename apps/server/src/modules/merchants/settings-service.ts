import type { Kysely } from 'kysely';
import { BRAND_PROFILES, type Brand } from '@portal/contracts/brands';
import {
  isMerchantCountry,
  merchantSettingsIssues,
  type MerchantCountry,
  type MerchantSettings,
  type MerchantSettingsBody,
} from '@portal/contracts/merchant-settings';
import type { Database } from '../../db/schema.js';
import { withTransaction } from '../../db/transaction.js';
import { AppError, forbidden } from '../../http/app-error.js';
import { recordAudit, type AuditContext } from '../audit/record-audit.js';
import { findMerchantSettings, updateMerchantSettingsRow, type MerchantSettingsRow } from './repository.js';

/** Where a brand's merchants are, for a row whose country is none of ours (the address then validates). */
const BRAND_COUNTRY: Readonly<Record<Brand, MerchantCountry>> = { bread: 'US', rbc: 'CA' };

function toSettings(row: MerchantSettingsRow): MerchantSettings {
  return {
    name: row.name,
    legalName: row.legal_name,
    contactEmail: row.contact_email,
    contactPhone: row.contact_phone,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2 ?? '',
    city: row.city,
    region: row.region,
    postalCode: row.postal_code,
    website: row.website ?? '',
    timeZone: row.time_zone,
    language: row.language,
    country: isMerchantCountry(row.country) ? row.country : BRAND_COUNTRY[row.brand],
  };
}

/** The merchant's row when it is of this brand; 403 otherwise, whether or not it exists (docs/auth.md). */
async function settingsRow(db: Kysely<Database>, merchantId: string, brand: Brand, lock = false) {
  const row = await findMerchantSettings(db, merchantId, { lock });
  if (row?.brand !== brand) throw forbidden();
  return row;
}

/** The General settings of the token's merchant: no other merchant can be named. */
export async function merchantSettings(
  db: Kysely<Database>,
  merchantId: string,
  brand: Brand,
): Promise<MerchantSettings> {
  return toSettings(await settingsRow(db, merchantId, brand));
}

/** The fields whose value changes, before and after, for the audit entry. */
function changes(before: MerchantSettings, after: MerchantSettings) {
  const changed = (Object.keys(after) as (keyof MerchantSettings)[]).filter(
    (key) => before[key] !== after[key],
  );
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key]])),
    after: Object.fromEntries(changed.map((key) => [key, after[key]])),
  };
}

/**
 * Saves the General settings of the token's merchant, with an audit entry of what changed. The time
 * zone counts from the next call on: lists, totals, exports and settlement read it through
 * `merchantContext`, and the insights roll-up rebuilds itself in the new zone on its next call.
 */
export async function updateMerchantSettings(
  db: Kysely<Database>,
  context: AuditContext,
  merchantId: string,
  brand: Brand,
  body: MerchantSettingsBody,
  now = new Date(),
): Promise<MerchantSettings> {
  return withTransaction(db, async (trx) => {
    const current = toSettings(await settingsRow(trx, merchantId, brand, true));
    const issues = merchantSettingsIssues(body, {
      country: current.country,
      languages: BRAND_PROFILES[brand].locales,
    });
    if (issues.length > 0) {
      throw new AppError(400, 'VALIDATION_FAILED', 'Some settings are not valid', {
        details: issues.map((issue) => ({ ...issue, path: `body.${issue.path}` })),
      });
    }
    const saved: MerchantSettings = { ...body, country: current.country };
    const { before, after } = changes(current, saved);
    if (Object.keys(after).length === 0) return current;
    await updateMerchantSettingsRow(trx, merchantId, {
      name: body.name,
      legal_name: body.legalName,
      contact_email: body.contactEmail,
      contact_phone: body.contactPhone,
      address_line1: body.addressLine1,
      address_line2: body.addressLine2 === '' ? null : body.addressLine2,
      city: body.city,
      region: body.region,
      postal_code: body.postalCode,
      website: body.website === '' ? null : body.website,
      time_zone: body.timeZone,
      language: body.language,
      updated_at: now.toISOString(),
    });
    await recordAudit(trx, context, {
      merchantId,
      kind: 'merchant.settings_updated',
      subjectType: 'merchant',
      subjectId: merchantId,
      before,
      after,
    });
    return saved;
  });
}
