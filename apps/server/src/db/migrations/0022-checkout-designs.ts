import { sql, type Kysely } from 'kysely';
import { dialectOf, isOneOf, timestampType } from '../migration-helpers.js';

// The value lists as they were when this migration landed (migrations are frozen).
const BUTTON_STYLES = ['ROUNDED', 'PILL', 'SQUARE'] as const;
const DISPLAY_MODES = ['EMBEDDED', 'MODAL'] as const;
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;

/**
 * The checkout design (issue 14): each merchant's uploaded logos, its draft design, and every published
 * version (the shopper's page reads the newest; the portal lists the last ones to restore). Frozen once
 * landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(dialectOf(db));

  // A logo's bytes as base64 text: the same column type on both databases, and logos are small
  // (at most 200 KB), so the third more that base64 takes costs little.
  await db.schema
    .createTable('checkout_logos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    // Null for an SVG that states no size of its own: it scales to the header.
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addCheckConstraint('checkout_logos_type_check', isOneOf('content_type', LOGO_TYPES))
    .execute();
  await db.schema
    .createIndex('checkout_logos_merchant_idx')
    .on('checkout_logos')
    .columns(['merchant_id', 'id'])
    .execute();

  const designColumns = <T extends Parameters<typeof db.schema.createTable>[0]>(name: T) =>
    db.schema
      .createTable(name)
      .addColumn('merchant_id', 'text', (c) => c.notNull().references('merchants.id'))
      .addColumn('primary_color', 'text', (c) => c.notNull())
      .addColumn('button_color', 'text', (c) => c.notNull())
      .addColumn('button_text_color', 'text', (c) => c.notNull())
      .addColumn('background_color', 'text', (c) => c.notNull())
      .addColumn('text_color', 'text', (c) => c.notNull())
      .addColumn('button_style', 'text', (c) => c.notNull())
      .addColumn('display_mode', 'text', (c) => c.notNull())
      .addColumn('shop_name', 'text', (c) => c.notNull())
      .addColumn('logo_id', 'text', (c) => c.references('checkout_logos.id'))
      .addCheckConstraint(`${name}_button_style_check`, isOneOf('button_style', BUTTON_STYLES))
      .addCheckConstraint(`${name}_display_mode_check`, isOneOf('display_mode', DISPLAY_MODES));

  // One draft per merchant, written by its first save.
  await designColumns('checkout_designs')
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addPrimaryKeyConstraint('checkout_designs_pk', ['merchant_id'])
    .execute();

  // Versions number from 1 per merchant; the primary key makes two publishes at once collide.
  await designColumns('checkout_design_versions')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('published_at', ts, (c) => c.notNull())
    .addColumn('published_by', 'text')
    .addPrimaryKeyConstraint('checkout_design_versions_pk', ['merchant_id', 'version'])
    .addCheckConstraint('checkout_design_versions_version_check', sql`version > 0`)
    .execute();
}
