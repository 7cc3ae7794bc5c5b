import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  DESIGN_VERSIONS_LISTED,
  type CheckoutDesign,
  type CheckoutDesignState,
  type CheckoutDesignValues,
  type CheckoutLogo,
  type DesignVersion,
  type LogoUploadBody,
  type LogoType,
  type ShopperDesign,
} from '@portal/contracts/checkout-design';
import type { Database } from '../../db/schema.js';
import { withTransaction } from '../../db/transaction.js';
import { notFound, refused, unprocessable } from '../../http/app-error.js';
import { answerDate } from '../../http/answer-dates.js';
import { recordAudit, type AuditContext } from '../audit/record-audit.js';
import { checkLogo } from './logo-check.js';
import {
  findDraft,
  findLogo,
  findVersion,
  insertLogo,
  insertVersion,
  listVersions,
  upsertDraft,
  type DesignColumns,
  type LogoRow,
  type VersionRow,
} from './repository.js';

type Db = Kysely<Database>;

/** What a merchant that never saved a design starts from: readable colors and its own name. */
function defaultDesign(shopName: string): DesignColumns {
  return {
    primary_color: '#1c4e80',
    button_color: '#1c4e80',
    button_text_color: '#ffffff',
    background_color: '#ffffff',
    text_color: '#1f2933',
    button_style: 'ROUNDED',
    display_mode: 'EMBEDDED',
    shop_name: shopName,
    logo_id: null,
  };
}

function columnsOf(values: CheckoutDesignValues): DesignColumns {
  return {
    primary_color: values.primaryColor,
    button_color: values.buttonColor,
    button_text_color: values.buttonTextColor,
    background_color: values.backgroundColor,
    text_color: values.textColor,
    button_style: values.buttonStyle,
    display_mode: values.displayMode,
    shop_name: values.shopName,
    logo_id: values.logoId,
  };
}

/** Only the design's columns of a draft or version row. */
function designOf(row: DesignColumns): DesignColumns {
  return {
    primary_color: row.primary_color,
    button_color: row.button_color,
    button_text_color: row.button_text_color,
    background_color: row.background_color,
    text_color: row.text_color,
    button_style: row.button_style,
    display_mode: row.display_mode,
    shop_name: row.shop_name,
    logo_id: row.logo_id,
  };
}

/** The design as the contracts name its fields, without its logo (the audit's and the lists' view). */
function fieldsOf(row: DesignColumns) {
  return {
    primaryColor: row.primary_color,
    buttonColor: row.button_color,
    buttonTextColor: row.button_text_color,
    backgroundColor: row.background_color,
    textColor: row.text_color,
    buttonStyle: row.button_style,
    displayMode: row.display_mode,
    shopName: row.shop_name,
  };
}

function logoOf(row: LogoRow): CheckoutLogo {
  return {
    id: row.id,
    contentType: row.content_type,
    width: row.width,
    height: row.height,
    size: row.size,
    data: row.data,
  };
}

const sameDesign = (a: DesignColumns, b: DesignColumns) =>
  JSON.stringify(designOf(a)) === JSON.stringify(designOf(b));

/** The fields that differ, before and after, for the audit entry: the logo by its id, never its bytes. */
function changes(before: DesignColumns | null, after: DesignColumns) {
  const old: Record<string, unknown> = before === null ? {} : { ...fieldsOf(before), logoId: before.logo_id };
  const next: Record<string, unknown> = { ...fieldsOf(after), logoId: after.logo_id };
  const changed = Object.keys(next).filter((key) => before === null || old[key] !== next[key]);
  return {
    before: before === null ? null : Object.fromEntries(changed.map((key) => [key, old[key]])),
    after: Object.fromEntries(changed.map((key) => [key, next[key]])),
  };
}

async function latestVersion(db: Db, merchantId: string): Promise<VersionRow | undefined> {
  const [latest] = await listVersions(db, merchantId, 1);
  return latest;
}

/** The draft: the saved one, else the published one, else the defaults. */
async function draftColumns(db: Db, merchantId: string, shopName: string): Promise<DesignColumns> {
  const draft = await findDraft(db, merchantId);
  if (draft !== undefined) return designOf(draft);
  const latest = await latestVersion(db, merchantId);
  return latest === undefined ? defaultDesign(shopName) : designOf(latest);
}

async function designWithLogo(db: Db, merchantId: string, row: DesignColumns): Promise<CheckoutDesign> {
  const logo = row.logo_id === null ? undefined : await findLogo(db, merchantId, row.logo_id);
  return { ...fieldsOf(row), logo: logo === undefined ? null : logoOf(logo) };
}

/** The page's answer: the draft with its logo, the last publication, and whether they differ. */
export async function checkoutDesignState(
  db: Db,
  merchantId: string,
  shopName: string,
): Promise<CheckoutDesignState> {
  const draft = await draftColumns(db, merchantId, shopName);
  const latest = await latestVersion(db, merchantId);
  return {
    draft: await designWithLogo(db, merchantId, draft),
    published:
      latest === undefined
        ? null
        : {
            version: latest.version,
            publishedAt: answerDate(latest.published_at),
            publishedBy: latest.published_by,
          },
    unpublishedChanges: latest === undefined || !sameDesign(draft, latest),
  };
}

/** A logo named by a design must be one the merchant uploaded. */
async function checkLogoOwned(db: Db, merchantId: string, logoId: string | null): Promise<void> {
  if (logoId !== null && (await findLogo(db, merchantId, logoId)) === undefined) {
    throw unprocessable(refused('checkout_design.logo_not_found'), [
      { path: 'body.logoId', message: 'checkout_design.logo_not_found' },
    ]);
  }
}

async function writeDraft(
  db: Db,
  context: AuditContext,
  merchantId: string,
  design: DesignColumns,
  at: string,
): Promise<void> {
  await upsertDraft(db, merchantId, {
    ...design,
    updated_at: at,
    updated_by: context.actor.email,
  });
}

/** Saves the draft (audited, with the fields that changed); shoppers still see the published design. */
export async function saveCheckoutDesign(
  db: Db,
  context: AuditContext,
  merchantId: string,
  shopName: string,
  values: CheckoutDesignValues,
  now = new Date(),
): Promise<CheckoutDesignState> {
  return withTransaction(db, async (trx) => {
    await checkLogoOwned(trx, merchantId, values.logoId);
    const before = await findDraft(trx, merchantId);
    const design = columnsOf(values);
    await writeDraft(trx, context, merchantId, design, now.toISOString());
    await recordAudit(trx, context, {
      merchantId,
      kind: 'checkout_design.saved',
      subjectType: 'checkout_design',
      subjectId: null,
      ...changes(before === undefined ? null : designOf(before), design),
    });
    return checkoutDesignState(trx, merchantId, shopName);
  });
}

/**
 * Saves these values as the draft and publishes them as the next version, in one transaction: the
 * shopper's checkout shows them from its next load. The audit entry holds the published design before
 * and after, and both version numbers.
 */
export async function publishCheckoutDesign(
  db: Db,
  context: AuditContext,
  merchantId: string,
  shopName: string,
  values: CheckoutDesignValues,
  now = new Date(),
): Promise<CheckoutDesignState> {
  return withTransaction(db, async (trx) => {
    await checkLogoOwned(trx, merchantId, values.logoId);
    const at = now.toISOString();
    const design = columnsOf(values);
    const previous = await latestVersion(trx, merchantId);
    const version = (previous?.version ?? 0) + 1;
    await writeDraft(trx, context, merchantId, design, at);
    await insertVersion(trx, {
      merchant_id: merchantId,
      ...design,
      version,
      published_at: at,
      published_by: context.actor.email,
    });
    const { before, after } = changes(previous === undefined ? null : designOf(previous), design);
    await recordAudit(trx, context, {
      merchantId,
      kind: 'checkout_design.published',
      subjectType: 'checkout_design',
      subjectId: String(version),
      before: previous === undefined ? null : { ...before, version: previous.version },
      after: { ...after, version },
    });
    return checkoutDesignState(trx, merchantId, shopName);
  });
}

/**
 * Makes a published version the draft again. It is not published: the merchant sees it in the preview
 * and publishes it on purpose, as any other change, so that nothing reaches shoppers by one click on a
 * list of old versions.
 */
export async function restoreCheckoutDesign(
  db: Db,
  context: AuditContext,
  merchantId: string,
  shopName: string,
  version: number,
  now = new Date(),
): Promise<CheckoutDesignState> {
  return withTransaction(db, async (trx) => {
    const restored = await findVersion(trx, merchantId, version);
    if (restored === undefined) throw notFound(refused('checkout_design.version_not_found'));
    const before = await draftColumns(trx, merchantId, shopName);
    const design = designOf(restored);
    await writeDraft(trx, context, merchantId, design, now.toISOString());
    const { before: old, after } = changes(before, design);
    await recordAudit(trx, context, {
      merchantId,
      kind: 'checkout_design.restored',
      subjectType: 'checkout_design',
      subjectId: String(version),
      before: old,
      after: { ...after, restoredVersion: version },
    });
    return checkoutDesignState(trx, merchantId, shopName);
  });
}

/** The last published versions, newest first. */
export async function checkoutDesignVersions(db: Db, merchantId: string): Promise<DesignVersion[]> {
  const rows = await listVersions(db, merchantId, DESIGN_VERSIONS_LISTED);
  return rows.map((row) => ({
    version: row.version,
    publishedAt: answerDate(row.published_at),
    publishedBy: row.published_by,
    design: { ...fieldsOf(row), hasLogo: row.logo_id !== null },
  }));
}

/** Stores an uploaded logo once checked (logo-check.ts); a design names it by its id when saved. */
export async function uploadCheckoutLogo(
  db: Db,
  merchantId: string,
  body: LogoUploadBody,
  now = new Date(),
): Promise<CheckoutLogo> {
  const logo = checkLogo(body.contentType, body.data);
  const row: LogoRow = {
    id: randomUUID(),
    merchant_id: merchantId,
    content_type: logo.contentType,
    data: logo.bytes.toString('base64'),
    size: logo.bytes.length,
    width: logo.width,
    height: logo.height,
    created_at: now.toISOString(),
  };
  await insertLogo(db, row);
  return logoOf(row);
}

/** The published design of a merchant for its shoppers' checkout; null until one is published. */
export async function publishedShopperDesign(db: Db, merchantId: string): Promise<ShopperDesign | null> {
  const latest = await latestVersion(db, merchantId);
  return latest === undefined ? null : { ...fieldsOf(latest), hasLogo: latest.logo_id !== null };
}

/** The published logo of a merchant, as its bytes and real type; undefined when it has none. */
export async function publishedLogo(
  db: Db,
  merchantId: string,
): Promise<{ contentType: LogoType; bytes: Buffer } | undefined> {
  const latest = await latestVersion(db, merchantId);
  if (latest?.logo_id == null) return undefined;
  const logo = await findLogo(db, merchantId, latest.logo_id);
  return logo && { contentType: logo.content_type, bytes: Buffer.from(logo.data, 'base64') };
}
