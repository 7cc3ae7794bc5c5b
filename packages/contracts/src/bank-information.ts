import { z } from 'zod';
import type { ErrorDetail } from './api.js';
import type { Brand } from './brands.js';
import { dateTime } from './date-time.js';

/**
 * Bank information (PRODUCT.md, "Settings"): the account the merchant's deposits are paid into. Only the
 * last four digits of an account number ever leave the server; a change is a request that a second
 * administrator, or the requester through an e-mailed link, confirms.
 */

/** Where the account is: bread merchants bank in the United States, rbc merchants in Canada. */
export const BANK_COUNTRIES = ['US', 'CA'] as const;
export type BankCountry = (typeof BANK_COUNTRIES)[number];
export const BANK_COUNTRY_OF_BRAND: Readonly<Record<Brand, BankCountry>> = { bread: 'US', rbc: 'CA' };

export const BANK_ACCOUNT_TYPES = ['CHECKING', 'SAVINGS'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

/**
 * The cut-off, in the merchant's time zone: a change confirmed before this hour applies to deposits from
 * the next day on; one confirmed at or after it, to deposits from the day after. Deposits are sent to
 * the bank the evening before their day, so a later change cannot reach the next one.
 */
export const BANK_CHANGE_CUTOFF_HOUR = 15;
/** How long a change request, and its e-mailed confirmation link, waits for its confirmation. */
export const BANK_CHANGE_REQUEST_HOURS = 48;

/** The digit counts of each number (ABA routing numbers; Payments Canada institution and transit). */
export const BANK_NUMBER_LENGTHS = {
  routingNumber: { min: 9, max: 9 },
  institutionNumber: { min: 3, max: 3 },
  transitNumber: { min: 5, max: 5 },
  accountNumber: { US: { min: 4, max: 17 }, CA: { min: 7, max: 12 } },
} as const;

/**
 * The ABA check digit: 3, 7 and 1 times the digits in turn, summed, is a multiple of ten. It catches
 * every single mistyped digit and most swapped neighbours.
 */
export function isAbaRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const weights = [3, 7, 1];
  let sum = 0;
  for (let index = 0; index < value.length; index += 1) {
    sum += Number(value.charAt(index)) * (weights[index % 3] ?? 0);
  }
  return sum % 10 === 0;
}

/**
 * The validation messages: keys of the portal's texts (`bankInformation:validation.<name>`), which the
 * server answers in its field errors and the portal shows translated.
 */
const MESSAGE_NAMES = [
  'required',
  'tooLong',
  'digits',
  'routingLength',
  'routingChecksum',
  'institutionLength',
  'transitLength',
  'accountLengthUS',
  'accountLengthCA',
  'accountType',
] as const;
type MessageName = (typeof MESSAGE_NAMES)[number];
const M = Object.fromEntries(MESSAGE_NAMES.map((name) => [name, `bankInformation:validation.${name}`])) as {
  readonly [N in MessageName]: `bankInformation:validation.${N}`;
};

const text = (max: number) => z.string().trim().min(1, M.required).max(max, M.tooLong);
// Spaces and hyphens as printed on cheques are dropped; anything else that is not a digit is refused.
const digits = z
  .string()
  .max(40, M.tooLong)
  .transform((value) => value.replace(/[\s-]/g, ''))
  .refine((value) => /^\d*$/.test(value), { message: M.digits });

/**
 * A change of the account: the numbers of the merchant's country (the other country's stay empty). The
 * checks that depend on the country are `bankChangeIssues`, applied by the server and by the form.
 */
export const bankChangeBodySchema = z.strictObject({
  holderName: text(100),
  bankName: text(100),
  accountType: z.enum(BANK_ACCOUNT_TYPES, { message: M.accountType }),
  routingNumber: digits.default(''),
  institutionNumber: digits.default(''),
  transitNumber: digits.default(''),
  accountNumber: digits,
});
export type BankChangeInput = z.input<typeof bankChangeBodySchema>;
export type BankChangeBody = z.output<typeof bankChangeBodySchema>;

function lengthIssue(
  value: string,
  { min, max }: { readonly min: number; readonly max: number },
  path: keyof BankChangeBody,
  message: string,
): ErrorDetail[] {
  if (value === '') return [{ path, message: M.required }];
  return value.length < min || value.length > max ? [{ path, message }] : [];
}

/** The checks of the merchant's country, one detail per field (paths of the body). */
export function bankChangeIssues(body: BankChangeBody, country: BankCountry): ErrorDetail[] {
  if (country === 'US') {
    const routing = lengthIssue(
      body.routingNumber,
      BANK_NUMBER_LENGTHS.routingNumber,
      'routingNumber',
      M.routingLength,
    );
    return [
      ...(routing.length === 0 && !isAbaRoutingNumber(body.routingNumber)
        ? [{ path: 'routingNumber', message: M.routingChecksum }]
        : routing),
      ...lengthIssue(
        body.accountNumber,
        BANK_NUMBER_LENGTHS.accountNumber.US,
        'accountNumber',
        M.accountLengthUS,
      ),
    ];
  }
  return [
    ...lengthIssue(
      body.institutionNumber,
      BANK_NUMBER_LENGTHS.institutionNumber,
      'institutionNumber',
      M.institutionLength,
    ),
    ...lengthIssue(body.transitNumber, BANK_NUMBER_LENGTHS.transitNumber, 'transitNumber', M.transitLength),
    ...lengthIssue(
      body.accountNumber,
      BANK_NUMBER_LENGTHS.accountNumber.CA,
      'accountNumber',
      M.accountLengthCA,
    ),
  ];
}

/** The form's schema: the body's, with the checks of the merchant's country. */
export function bankChangeFormSchema(country: BankCountry) {
  return bankChangeBodySchema.superRefine((body, context) => {
    for (const issue of bankChangeIssues(body, country)) {
      context.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    }
  });
}

export const BANK_ACCOUNT_STATUSES = ['PENDING', 'CONFIRMED', 'CANCELLED', 'EXPIRED'] as const;

/** An account as the portal shows it: its numbers only as the last four digits of the account number. */
export const bankAccountSchema = z.object({
  id: z.string(),
  country: z.enum(BANK_COUNTRIES),
  holderName: z.string(),
  bankName: z.string(),
  accountType: z.enum(BANK_ACCOUNT_TYPES),
  accountLast4: z.string().regex(/^\d{4}$/),
  status: z.enum(BANK_ACCOUNT_STATUSES),
  requestedAt: dateTime,
  requestedByEmail: z.string(),
  /** Until when a pending request can be confirmed. */
  expiresAt: dateTime,
  confirmedAt: dateTime.nullable(),
  confirmedByEmail: z.string().nullable(),
  /** By a second administrator on the page, or by the requester through the e-mailed link. */
  confirmedThrough: z.enum(['ADMIN', 'LINK']).nullable(),
  /** The first deposit day paid into it, in the merchant's calendar; null until confirmed. */
  effectiveFrom: z.iso.date().nullable(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const bankInformationSchema = z.object({
  country: z.enum(BANK_COUNTRIES),
  cutoff: z.object({ hour: z.number().int(), timeZone: z.string() }),
  /** The account today's deposits go to. */
  inUse: bankAccountSchema.nullable(),
  /** A confirmed account whose first deposit day is still to come. */
  scheduled: bankAccountSchema.nullable(),
  /** A change waiting for its confirmation (or expired without one, until the next request). */
  pending: bankAccountSchema.nullable(),
  /** Whether the caller asked for the pending change: a second administrator must confirm it, or the link. */
  pendingIsMine: z.boolean(),
  /** The next deposit's day and the account it is paid into (null when none is on file). */
  nextDeposit: z.object({ depositDate: z.iso.date(), account: bankAccountSchema.nullable() }).nullable(),
});
export type BankInformation = z.infer<typeof bankInformationSchema>;

export const confirmBankChangeBodySchema = z.strictObject({
  requestId: z.uuid(),
  /** The key of the e-mailed link, when the requester confirms through it. */
  token: z
    .string()
    .regex(/^[\w-]{43}$/)
    .optional(),
});
export type ConfirmBankChangeBody = z.infer<typeof confirmBankChangeBodySchema>;

export const cancelBankChangeBodySchema = z.strictObject({ requestId: z.uuid() });
