import type { Selectable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSACTION_CSV_COLUMNS, transactionExportQuerySchema } from '@portal/contracts/transactions';
import type { TransactionsTable } from '../../db/schema.js';
import { MAIN_MERCHANT } from '../../seed/demo-merchants.js';
import { seedDemoData } from '../../seed/seed.js';
import { buildTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { TEST_DIALECTS } from '../../test/test-database.js';
import { activePrograms, insertTransactionFixtures } from '../../test/transaction-fixtures.js';
import { authHeader, merchantIdByName, testConfig } from '../../test/tokens.js';
import { EXPORT_CHUNK_ROWS, exportTransactions } from './export.js';

type Headers = Record<string, string>;
type Row = Selectable<TransactionsTable>;

/** RFC 4180 records, quotes and doubled quotes undone. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const character = text.charAt(index);
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (character === '"') {
        quoted = false;
      } else {
        field += character;
      }
    } else if (character === '"') {
      quoted = true;
    } else if (character === ',') {
      record.push(field);
      field = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      index++;
    } else {
      field += character;
    }
  }
  return records;
}

const column = (name: (typeof TRANSACTION_CSV_COLUMNS)[number]) => TRANSACTION_CSV_COLUMNS.indexOf(name);

describe.each(TEST_DIALECTS)('transaction export (%s)', (dialect) => {
  const config = testConfig();
  let testApp: TestApp;
  let mainId: string;
  let admin: Headers;
  let rows: Row[];

  const download = (query = '', headers: Headers = admin) =>
    testApp.app.inject({ method: 'GET', url: `/api/transactions/export.csv${query}`, headers });

  beforeAll(async () => {
    testApp = await buildTestApp({ dialect, config });
    const { db } = testApp.database;
    await seedDemoData(db, { size: 'small' });
    mainId = await merchantIdByName(db, MAIN_MERCHANT);
    const program = (await activePrograms(db, mainId))[0]?.id ?? '';
    await insertTransactionFixtures(db, [
      {
        merchant_id: mainId,
        program_id: program,
        external_id: '=HYPERLINK("https://evil.example","click")',
        customer_name: 'Smith, "Jo"\nSecond line',
        customer_email: '@evil.example',
        customer_phone: '+1 555 0100',
        total: 123_456,
        settled: 100_005,
        status: 'SETTLED',
      },
      {
        merchant_id: mainId,
        program_id: program,
        external_id: '-2+3',
        customer_name: 'Tab\tStart',
        customer_email: 'plain@example.com',
      },
    ]);
    admin = await authHeader(testApp.database, config, { role: 'ADMIN' });
    rows = await db.selectFrom('transactions').selectAll().where('merchant_id', '=', mainId).execute();
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('downloads every transaction, not one page, as a CSV attachment in the list order', async () => {
    expect(rows.length).toBeGreaterThan(EXPORT_CHUNK_ROWS);
    const response = await download();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="transactions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...records] = parseCsv(response.body.slice(1));
    expect(header?.[0]).toBe('Created at (America/New_York)');
    expect(header).toHaveLength(TRANSACTION_CSV_COLUMNS.length);
    expect(records).toHaveLength(rows.length);
    const expected = [...rows]
      .sort((a, b) =>
        a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1,
      )
      .map((row) => row.id);
    expect(records.map((record) => record[column('id')])).toEqual(expected);
  });

  it('exports the filtered set only, with money as decimal text and its currency', async () => {
    const response = await download('?status=SETTLED&channel=ECOMM&sort=total&order=asc');
    const [, ...records] = parseCsv(response.body.slice(1));
    // SETTLED never reads otherwise: only authorizations expire.
    const expected = rows.filter((row) => row.status === 'SETTLED' && row.channel === 'ECOMM');
    expect(records).toHaveLength(expected.length);
    expect(records.every((record) => record[column('status')] === 'Settled')).toBe(true);
    const totals = records.map((record) => Number(record[column('total')]));
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const fixture = records.find((record) => record[column('total')] === '1234.56');
    expect(fixture?.[column('settled')]).toBe('1000.05');
    expect(fixture?.[column('currency')]).toBe('USD');
    expect(fixture?.[column('label')]).toBe('Partially settled');
  });

  it('escapes commas, quotes, line breaks and formula-leading characters', async () => {
    const response = await download('?search=%3Dhyperlink');
    const text = response.body;
    expect(text).toContain(`"'=HYPERLINK(""https://evil.example"",""click"")"`);
    expect(text).toContain('"Smith, ""Jo""\nSecond line"');
    expect(text).toContain(",'@evil.example,+1 555 0100,");
    const [, record] = parseCsv(text.slice(1));
    expect(record?.[column('customerName')]).toBe('Smith, "Jo"\nSecond line');
    expect(record?.[column('externalID')]).toBe(`'=HYPERLINK("https://evil.example","click")`);
    // A phone number holds nothing a spreadsheet runs: no guard apostrophe to show in the cell.
    expect(record?.[column('customerPhone')]).toBe('+1 555 0100');

    const other = parseCsv((await download('?search=-2%2B3')).body.slice(1))[1];
    expect(other?.[column('externalID')]).toBe("'-2+3");
    expect(other?.[column('customerName')]).toBe('Tab\tStart');
  });

  it("writes dates in the merchant's time zone and headers in the asked language", async () => {
    const response = await download('?locale=fr-CA&search=%3Dhyperlink');
    const [header, record] = parseCsv(response.body.slice(1));
    expect(header?.[0]).toBe('Créée le (America/New_York)');
    const row = rows.find((candidate) => candidate.customer_email === '@evil.example');
    const local = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'America/New_York',
      dateStyle: 'short',
      timeStyle: 'medium',
    }).format(new Date(row?.created_at ?? 0));
    expect(record?.[column('createdAt')]).toBe(local);
    // Values are in French with the headers: no SETTLED, INSTALLMENTS or "no" left in English.
    expect(record?.[column('status')]).toBe('Réglée');
    expect(record?.[column('label')]).toBe('Partiellement réglée');
    expect(['Versements', 'Paiement fractionné', 'Consolidation de dettes']).toContain(
      record?.[column('productType')],
    );
    expect(['En ligne', 'En magasin']).toContain(record?.[column('channel')]);
    expect(['Oui', 'Non']).toContain(record?.[column('fromCart')]);
  });

  it('leaves other requests free while an export is under way, and stops when it is dropped', async () => {
    const csv = await exportTransactions(testApp.database, mainId, transactionExportQuerySchema.parse({}));
    expect(csv.header).toContain('\r\n');
    const firstRows = await csv.rows.next();
    expect(firstRows.done).toBe(false);
    // The export holds its query open here; a list must still be answered meanwhile.
    const listed = await testApp.app.inject({ method: 'GET', url: '/api/transactions', headers: admin });
    expect(listed.statusCode).toBe(200);
    await csv.rows.return(undefined);
    expect((await csv.rows.next()).done).toBe(true);
  });

  it('needs a token, refuses bad filters as JSON, and lets READ users export', async () => {
    expect((await download('', {})).statusCode).toBe(401);
    const bad = await download('?from=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^application\/json/);
    const reader = await authHeader(testApp.database, config, { role: 'READ_ONLY' });
    expect((await download('?limit=25', reader)).statusCode).toBe(400);
    const readerExport = await download('?status=REFUNDED', reader);
    expect(readerExport.statusCode).toBe(200);
  });
});
