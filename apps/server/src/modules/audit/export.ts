import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { auditCsvHeaders, type AuditActorType, type AuditExportQuery } from '@portal/contracts/audit';
import type { Locale } from '@portal/contracts/brands';
import type { Role } from '@portal/contracts/roles';
import type { DatabaseHandle } from '../../db/database.js';
import { csvRecord, type CsvExport } from '../../http/csv.js';
import { merchantContext } from '../merchants/service.js';
import { ZonedTimeFormatter } from '../../lib/time-zone.js';
import { listAuditEntries, type AuditEntryRow, type AuditPosition } from './repository.js';
import type { AuditReader } from './audit-reader.js';
import { auditFilterOf } from './service.js';

/** Rows per query and per piece written. Each chunk is its own short query (keyset), so no connection is held between chunks. */
export const AUDIT_EXPORT_CHUNK_ROWS = 500;
/** Excel reads a CSV as UTF-8 only when it starts with a byte order mark. */
const BYTE_ORDER_MARK = '\uFEFF';

interface CsvValueWords {
  readonly actorType: Readonly<Record<AuditActorType, string>>;
  readonly role: Readonly<Record<Role, string>>;
}

/**
 * Who acted, in words of the asked language as the portal shows them. The kind of change stays its code
 * (`transaction.settled`): it is what a filter, a script or a support request names it by.
 */
const CSV_VALUE_WORDS: Readonly<Record<Locale, CsvValueWords>> = {
  en: {
    actorType: { USER: 'User', CUSTOMER: 'Customer', SYSTEM: 'System' },
    role: {
      ADMIN: 'Admin',
      USER: 'User',
      READ_ONLY: 'Read only',
      INTERNAL_ADMIN: 'Provider admin',
      INTERNAL_SUPPORT: 'Provider support',
    },
  },
  'fr-CA': {
    actorType: { USER: 'Utilisateur', CUSTOMER: 'Client', SYSTEM: 'Système' },
    role: {
      ADMIN: 'Administrateur',
      USER: 'Utilisateur',
      READ_ONLY: 'Lecture seule',
      INTERNAL_ADMIN: 'Administrateur du fournisseur',
      INTERNAL_SUPPORT: 'Soutien du fournisseur',
    },
  },
};

/**
 * The merchant's filtered log as CSV, read a chunk at a time as the client takes it, so memory stays
 * flat at any size. Dates are in the merchant's time zone (named in the header); before and after are
 * their JSON text. Everything that can fail before the first row fails here, while the answer can
 * still be an error.
 */
export async function exportAuditEntries(
  database: DatabaseHandle,
  reader: AuditReader,
  query: AuditExportQuery,
  now = new Date(),
): Promise<CsvExport> {
  const { db } = database;
  const { timeZone } = await merchantContext(db, reader.merchantId);
  const filter = auditFilterOf(reader, timeZone, query);
  const time = new ZonedTimeFormatter(timeZone);
  const words = CSV_VALUE_WORDS[query.locale];
  const record = (row: AuditEntryRow) =>
    csvRecord([
      time.format(row.created_at),
      words.actorType[row.actor_type],
      row.actor_email ?? '',
      row.actor_role === null ? '' : words.role[row.actor_role],
      row.kind,
      row.subject_type,
      row.subject_id ?? '',
      row.before ?? '',
      row.after ?? '',
      row.request_id ?? '',
    ]);

  async function* rows(): AsyncGenerator<string> {
    let after: AuditPosition | undefined;
    for (;;) {
      const rows = await listAuditEntries(db, filter, {
        order: query.order,
        limit: AUDIT_EXPORT_CHUNK_ROWS,
        ...(after === undefined ? {} : { after }),
      });
      if (rows.length > 0) yield rows.map(record).join('');
      const last = rows.at(-1);
      if (last === undefined || rows.length < AUDIT_EXPORT_CHUNK_ROWS) return;
      after = { createdAt: last.created_at, id: last.id };
      // better-sqlite3 reads synchronously: let other requests in between chunks.
      if (database.dialect === 'sqlite') await yieldToEventLoop();
    }
  }

  return {
    fileName: `audit-log-${now.toISOString().slice(0, 10)}.csv`,
    header: BYTE_ORDER_MARK + csvRecord(auditCsvHeaders(query.locale, timeZone)),
    rows: rows(),
  };
}
