import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection, OWASP).
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV field (RFC 4180): text that a spreadsheet would read as a formula is prefixed with `'`, and a
 * field with a comma, a quote or a line break is quoted with its quotes doubled.
 */
export function csvField(value: string): string {
  const inert = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

// What a phone number is written with: a leading +, digits, spaces, dots, dashes and brackets.
const PHONE_NUMBER = /^\+?[\d ().-]*\d[\d ().-]*$/;

/**
 * A phone number's field. "+1 555 0100" starts with a formula character, but made only of digits and
 * separators it names no function, reference or command: a spreadsheet can at most read it as a number,
 * never run anything. It is written as typed, since the guard's apostrophe would show in the cell and
 * travel into any address book it is copied to. Any other text in the phone column keeps the guard.
 */
export function csvPhoneField(value: string): string {
  return PHONE_NUMBER.test(value) ? value : csvField(value);
}

/** One CSV record, ended by CRLF as RFC 4180 has it. */
export function csvRecord(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/**
 * An export on its way: the attachment's name, its header record, and its rows in pieces, read from
 * the database as they are consumed.
 */
export interface CsvExport {
  readonly fileName: string;
  readonly header: string;
  readonly rows: AsyncGenerator<string>;
}

async function* piecesOf(first: string, rest: AsyncGenerator<string>): AsyncGenerator<string> {
  yield first;
  yield* rest;
}

/**
 * Streams an export as a CSV attachment that no cache keeps. The first rows are read before anything
 * is written: a first query that fails is then still an error answer, not a file cut short after its
 * header.
 */
export async function sendCsv(reply: FastifyReply, csv: CsvExport): Promise<FastifyReply> {
  const first = await csv.rows.next();
  const opening = first.done === true ? csv.header : csv.header + first.value;
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${csv.fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(Readable.from(piecesOf(opening, csv.rows)));
}
