import { z } from 'zod';
import { dateTime } from './date-time.js';
import { paginationSchema } from './api.js';
import { LOCALES, type Locale } from './brands.js';
import { ROLES } from './roles.js';
import { ACTOR_TYPES, SORT_ORDERS } from './transactions.js';

/** Who made an audited change: a signed-in user, a shopper (through a checkout link) or the system. */
export const AUDIT_ACTOR_TYPES = ACTOR_TYPES;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

export const AUDIT_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_AUDIT_PAGE_SIZE = 25;
/** Deeper pages are narrowed by a filter instead; the export has them all. */
export const MAX_AUDIT_OFFSET = 10_000;

/** A change as written to the log: who, when, what, on which subject, and the changed fields. */
export const auditEntrySchema = z.object({
  id: z.string(),
  merchantId: z.string().nullable(),
  actor: z.object({
    type: z.enum(AUDIT_ACTOR_TYPES),
    userId: z.string().nullable(),
    email: z.string().nullable(),
    /** The user's full name as it is now; null for a shopper or the system. */
    name: z.string().nullable(),
    role: z.enum(ROLES).nullable(),
  }),
  /** `<subject>.<verb>`: `transaction.settled`, `cart.created`, `user.role_updated`. */
  kind: z.string(),
  subjectType: z.string(),
  subjectId: z.string().nullable(),
  /** What the subject is called (a user's name, a cart's name) where it has a name; null otherwise. */
  subjectName: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  requestId: z.string().nullable(),
  createdAt: dateTime,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The filters shared by the list and the export; `from` and `to` are days in the merchant's zone. */
export const auditFilterSchema = z.strictObject({
  actorUserId: z.string().trim().min(1).max(100).optional(),
  kind: z.string().trim().min(1).max(100).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  order: z.enum(SORT_ORDERS).default('desc'),
});

function checkDays(query: { from?: string | undefined; to?: string | undefined }, context: z.RefinementCtx) {
  if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
    context.addIssue({ code: 'custom', path: ['to'], message: 'The end date is before the start date' });
  }
}

export const auditListQuerySchema = auditFilterSchema
  .extend({
    limit: z.coerce
      .number()
      .int()
      .refine((value) => (AUDIT_PAGE_SIZES as readonly number[]).includes(value), {
        message: `The page size is one of ${AUDIT_PAGE_SIZES.join(', ')}`,
      })
      .default(DEFAULT_AUDIT_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(MAX_AUDIT_OFFSET).default(0),
  })
  .superRefine(checkDays);
export type AuditListQuery = z.output<typeof auditListQuerySchema>;

export const auditExportQuerySchema = auditFilterSchema
  .extend({ locale: z.enum(LOCALES).default('en') })
  .superRefine(checkDays);
export type AuditExportQuery = z.output<typeof auditExportQuerySchema>;

/** The list shape plus the merchant's time zone, in which `from` and `to` were read. */
export const auditPageSchema = z.object({
  data: z.object({
    items: z.array(auditEntrySchema),
    pagination: paginationSchema,
    timeZone: z.string(),
  }),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** What the filters can offer: the users and kinds that appear in the merchant's log. */
export const auditFacetsSchema = z.object({
  actors: z.array(z.object({ userId: z.string(), email: z.string().nullable() })),
  kinds: z.array(z.string()),
});
export type AuditFacets = z.infer<typeof auditFacetsSchema>;

/** The export's columns, in order. */
export const AUDIT_CSV_COLUMNS = [
  'createdAt',
  'actorType',
  'actorEmail',
  'actorRole',
  'kind',
  'subjectType',
  'subjectId',
  'before',
  'after',
  'requestId',
] as const;
export type AuditCsvColumn = (typeof AUDIT_CSV_COLUMNS)[number];

const CSV_HEADERS: Readonly<Record<Locale, Readonly<Record<AuditCsvColumn, string>>>> = {
  en: {
    createdAt: 'Date',
    actorType: 'Actor type',
    actorEmail: 'User',
    actorRole: 'Role',
    kind: 'Change',
    subjectType: 'Subject type',
    subjectId: 'Subject ID',
    before: 'Before',
    after: 'After',
    requestId: 'Request ID',
  },
  'fr-CA': {
    createdAt: 'Date',
    actorType: "Type d'acteur",
    actorEmail: 'Utilisateur',
    actorRole: 'Rôle',
    kind: 'Modification',
    subjectType: 'Type de sujet',
    subjectId: 'ID du sujet',
    before: 'Avant',
    after: 'Après',
    requestId: 'ID de requête',
  },
};

/** The header row's cells; the date column names the time zone its values are in. */
export function auditCsvHeaders(locale: Locale, timeZone: string): string[] {
  return AUDIT_CSV_COLUMNS.map((column) => {
    const header = CSV_HEADERS[locale][column];
    return column === 'createdAt' ? `${header} (${timeZone})` : header;
  });
}
