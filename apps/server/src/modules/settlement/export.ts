import { Readable } from 'node:stream';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import type { Locale } from '@portal/contracts/brands';
import type { ProductType } from '@portal/contracts/enums';
import { minorUnitsToDecimal } from '@portal/contracts/money';
import {
  settlementExportHeaders,
  settlementFileName,
  type FundingEventType,
  type SettlementExportQuery,
} from '@portal/contracts/settlement';
import { settlementFee } from '@portal/contracts/transactions';
import type { DatabaseHandle } from '../../db/database.js';
import { openReadOnly } from '../../db/read-only.js';
import { csvField, csvRecord, sendCsv } from '../../http/csv.js';
import { merchantToday, ZonedTimeFormatter } from '../../lib/time-zone.js';
import { zipStream } from '../../lib/zip-stream.js';
import { merchantContext } from '../merchants/service.js';
import { depositsInRange, streamDepositEvents, type DepositEventRow } from './repository.js';
import { checkRange } from './service.js';

/** Rows per database read and per piece written: memory stays flat at any size. */
const EXPORT_BATCH_ROWS = 500;
const BYTE_ORDER_MARK = '\uFEFF';

/** A typed cell: text, an amount in minor units, a calendar day, or a wall-clock date-time. */
type Cell =
  | { readonly kind: 'text'; readonly value: string }
  | { readonly kind: 'money'; readonly value: number }
  | { readonly kind: 'day'; readonly value: string }
  | { readonly kind: 'time'; readonly value: string }
  | { readonly kind: 'empty' };

const text = (value: string): Cell => ({ kind: 'text', value });
const money = (value: number): Cell => ({ kind: 'money', value });
const day = (value: string): Cell => ({ kind: 'day', value });
const time = (value: string): Cell => ({ kind: 'time', value });
const EMPTY: Cell = { kind: 'empty' };

interface ValueWords {
  readonly type: Readonly<Record<FundingEventType, string>>;
  readonly productType: Readonly<Record<ProductType, string>>;
  readonly total: string;
}

/** The coded values in the asked language, as the portal's `settlement` locale files word them. */
const VALUE_WORDS: Readonly<Record<Locale, ValueWords>> = {
  en: {
    type: { SETTLE: 'Settlement', REFUND: 'Refund', CHARGEBACK: 'Chargeback', FEE: 'Fee' },
    productType: {
      INSTALLMENTS: 'Installments',
      SPLITPAY: 'Split pay',
      DEBT_CONSOLIDATION: 'Debt consolidation',
    },
    total: 'Total',
  },
  'fr-CA': {
    type: { SETTLE: 'Règlement', REFUND: 'Remboursement', CHARGEBACK: 'Rétrofacturation', FEE: 'Frais' },
    productType: {
      INSTALLMENTS: 'Versements',
      SPLITPAY: 'Paiement fractionné',
      DEBT_CONSOLIDATION: 'Consolidation de dettes',
    },
    total: 'Total',
  },
};

interface SettlementExport {
  readonly fileName: (extension: 'csv' | 'xlsx') => string;
  readonly headers: readonly string[];
  /** The rows of the events, then the totals row. */
  readonly rows: () => AsyncGenerator<readonly Cell[]>;
}

/**
 * The funding events of the range's deposits, as the page shows them (newest deposit first, each
 * deposit's events in time order), every date-time twice (merchant's zone, then UTC), ended by a row of
 * totals. Everything that can be refused (the range) is refused here, before the first byte.
 */
async function prepareExport(
  database: DatabaseHandle,
  merchantId: string,
  query: SettlementExportQuery,
  now: Date,
): Promise<SettlementExport> {
  const { db } = database;
  const context = await merchantContext(db, merchantId);
  checkRange(query, merchantToday(context.timeZone, now));
  const deposits = await depositsInRange(db, merchantId, query.from, query.to);
  const depositIds = deposits.map((deposit) => deposit.id);
  const zoned = new ZonedTimeFormatter(context.timeZone);
  const utc = new ZonedTimeFormatter('UTC');
  const words = VALUE_WORDS[query.locale];

  const record = (row: DepositEventRow): Cell[] => [
    day(row.deposit_date),
    text(row.bank_reference),
    day(row.bank_requested_on),
    time(zoned.format(row.event_at)),
    time(utc.format(row.event_at)),
    row.customer_name === null ? EMPTY : text(row.customer_name),
    row.product_type === null ? EMPTY : text(words.productType[row.product_type]),
    row.transaction_id === null ? EMPTY : text(row.transaction_id),
    row.external_id === null ? EMPTY : text(row.external_id),
    row.transaction_created_at === null ? EMPTY : time(zoned.format(row.transaction_created_at)),
    row.transaction_created_at === null ? EMPTY : time(utc.format(row.transaction_created_at)),
    text(row.currency),
    row.total === null ? EMPTY : money(row.total),
    text(words.type[row.type]),
    money(row.amount),
    money(row.fee),
    row.total === null ? EMPTY : money(settlementFee(row.total)),
    money(row.net_amount),
  ];

  async function* rows(): AsyncGenerator<readonly Cell[]> {
    const reader = await openReadOnly(database);
    const totals = { amount: 0, fee: 0, net: 0 };
    try {
      let count = 0;
      for await (const row of streamDepositEvents(reader.db, depositIds, EXPORT_BATCH_ROWS)) {
        totals.amount += row.amount;
        totals.fee += row.fee;
        totals.net += row.net_amount;
        yield record(row);
        count += 1;
        // better-sqlite3 reads synchronously: a turn of the event loop now and then lets other requests in.
        if (count % EXPORT_BATCH_ROWS === 0 && database.dialect === 'sqlite') await yieldToEventLoop();
      }
    } finally {
      await reader.close();
    }
    yield [
      text(words.total),
      ...Array.from({ length: 13 }, () => EMPTY),
      money(totals.amount),
      money(totals.fee),
      EMPTY,
      money(totals.net),
    ];
  }

  return {
    fileName: (extension) =>
      settlementFileName(
        query,
        context.timeZone,
        extension,
        deposits.length === 1 ? deposits[0]?.bank_reference : undefined,
      ),
    headers: settlementExportHeaders(query.locale, context.timeZone),
    rows,
  };
}

function csvCell(cell: Cell): string {
  switch (cell.kind) {
    case 'text':
      return csvField(cell.value);
    case 'money':
      return minorUnitsToDecimal(cell.value);
    case 'day':
    case 'time':
      return cell.value;
    case 'empty':
      return '';
  }
}

export async function sendSettlementCsv(
  reply: FastifyReply,
  database: DatabaseHandle,
  merchantId: string,
  query: SettlementExportQuery,
  now = new Date(),
): Promise<FastifyReply> {
  const prepared = await prepareExport(database, merchantId, query, now);
  async function* pieces(): AsyncGenerator<string> {
    let piece = '';
    let count = 0;
    for await (const row of prepared.rows()) {
      piece += `${row.map(csvCell).join(',')}\r\n`;
      count += 1;
      if (count % EXPORT_BATCH_ROWS === 0) {
        yield piece;
        piece = '';
      }
    }
    if (piece !== '') yield piece;
  }
  return sendCsv(reply, {
    fileName: prepared.fileName('csv'),
    header: BYTE_ORDER_MARK + csvRecord(prepared.headers),
    rows: pieces(),
  });
}

const XML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
};

/** XML text; characters XML 1.0 cannot hold at all are dropped. */
function xmlText(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"]/g, (character) => XML_ESCAPES[character] ?? character);
}

/** Excel's serial day number of a wall-clock `YYYY-MM-DD[ HH:mm:ss]` (days since 1899-12-30). */
function serialOf(wallClock: string): number {
  const ms = Date.parse(
    `${wallClock.slice(0, 10)}T${wallClock.length > 10 ? wallClock.slice(11) : '00:00:00'}Z`,
  );
  return ms / 86_400_000 + 25_569;
}

/** The cell styles of styles.xml, by index: 1 a date, 2 a date-time, 3 an amount, 4 the header. */
const STYLE = { day: 1, time: 2, money: 3, header: 4 } as const;

function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  }
  return name;
}

function xlsxCell(cell: Cell, reference: string): string {
  switch (cell.kind) {
    case 'text':
      return `<c r="${reference}" t="inlineStr"><is><t xml:space="preserve">${xmlText(cell.value)}</t></is></c>`;
    case 'money':
      // Minor units of USD or CAD: two decimals.
      return `<c r="${reference}" s="${STYLE.money}"><v>${String(cell.value / 100)}</v></c>`;
    case 'day':
      return `<c r="${reference}" s="${STYLE.day}"><v>${String(serialOf(cell.value))}</v></c>`;
    case 'time':
      return `<c r="${reference}" s="${STYLE.time}"><v>${String(serialOf(cell.value))}</v></c>`;
    case 'empty':
      return '';
  }
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '</Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
  '</Relationships>';
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
  '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
  '</Relationships>';
const STYLES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<numFmts count="3"><numFmt numFmtId="164" formatCode="yyyy-mm-dd"/>' +
  '<numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm:ss"/><numFmt numFmtId="166" formatCode="#,##0.00"/></numFmts>' +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
  '</styleSheet>';

function workbook(sheetName: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    `<sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`
  );
}

/**
 * Characters of the worksheet's XML handed to the compressor at a time. Small, so that a piece is
 * garbage before the young generation's next collection instead of surviving into the old one: the
 * XML of EXPORT_BATCH_ROWS rows (about 600 kB) held the server's memory some 20 MB above idle.
 */
const SHEET_PIECE_CHARS = 32 * 1024;

/** The worksheet's XML, piece by piece; inline strings keep no shared-string table. */
async function* sheetPieces(prepared: SettlementExport): AsyncGenerator<string> {
  const header = prepared.headers
    .map(
      (name, index) =>
        `<c r="${columnName(index)}1" t="inlineStr" s="${STYLE.header}"><is><t>${xmlText(name)}</t></is></c>`,
    )
    .join('');
  yield (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
    `<row r="1">${header}</row>`
  );
  const columns = prepared.headers.map((_name, index) => columnName(index));
  let rowNumber = 1;
  let piece = '';
  for await (const row of prepared.rows()) {
    rowNumber += 1;
    const cells = row.map((cell, index) => xlsxCell(cell, `${columns[index] ?? 'A'}${String(rowNumber)}`));
    piece += `<row r="${String(rowNumber)}">${cells.join('')}</row>`;
    if (piece.length >= SHEET_PIECE_CHARS) {
      yield piece;
      piece = '';
    }
  }
  yield `${piece}</sheetData></worksheet>`;
}

/**
 * The export as an XLSX workbook written while it is read: the sheet is deflated by zlib piece by
 * piece as it streams into the archive (zipStream), so nothing grows with the rows.
 */
function xlsxPieces(prepared: SettlementExport): AsyncGenerator<Buffer> {
  return zipStream([
    { name: '[Content_Types].xml', content: CONTENT_TYPES },
    { name: '_rels/.rels', content: ROOT_RELS },
    { name: 'xl/workbook.xml', content: workbook('Settlement') },
    { name: 'xl/_rels/workbook.xml.rels', content: WORKBOOK_RELS },
    { name: 'xl/styles.xml', content: STYLES },
    { name: 'xl/worksheets/sheet1.xml', content: sheetPieces(prepared) },
  ]);
}

export async function sendSettlementXlsx(
  reply: FastifyReply,
  database: DatabaseHandle,
  merchantId: string,
  query: SettlementExportQuery,
  now = new Date(),
): Promise<FastifyReply> {
  const prepared = await prepareExport(database, merchantId, query, now);
  return reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('Content-Disposition', `attachment; filename="${prepared.fileName('xlsx')}"`)
    .header('Cache-Control', 'no-store')
    .send(Readable.from(xlsxPieces(prepared)));
}
