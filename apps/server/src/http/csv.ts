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

/** One CSV record, ended by CRLF as RFC 4180 has it. */
export function csvRecord(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/**
 * An export on its way: the attachment's name and its text in pieces, read from the database as they
 * are consumed.
 */
export interface CsvExport {
  readonly fileName: string;
  readonly chunks: AsyncGenerator<string>;
}

/** Streams an export as a CSV attachment that no cache keeps. */
export function sendCsv(reply: FastifyReply, csv: CsvExport): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${csv.fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(Readable.from(csv.chunks));
}
