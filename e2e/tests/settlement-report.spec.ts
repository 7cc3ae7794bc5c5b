import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { expectNoAxeViolations } from '../fixtures/axe';

// The demo data ends on 2026-11-01: October has deposits whatever today is. Northwind (the demo
// merchant of admin@) is paid weekly on Fridays, in America/New_York.
const FROM = '2026-10-01';
const TO = '2026-10-31';

test.use({ role: 'merchantAdmin' });

/** Dollars as cents, so that amounts compare exactly: "$1,234.56" -> 123456, "-$5.00" -> -500. */
function cents(text: string): number {
  return Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);
}

async function netOfFormula(page: Page): Promise<number> {
  const formula = (await page.getByTestId('net-formula').first().textContent()) ?? '';
  return cents(/= Net (.*)$/.exec(formula)?.[1] ?? '');
}

async function chooseRange(page: Page, from: string, to: string): Promise<void> {
  await page.getByRole('textbox', { name: 'From' }).fill(from);
  await page.getByRole('textbox', { name: 'To' }).fill(to);
}

test('choose a range, open a deposit, follow a row to its transaction, download CSV and XLSX', async ({
  page,
}) => {
  await page.goto('/settlement-report');
  await expect(page.getByRole('heading', { level: 1, name: 'Settlement report' })).toBeVisible();
  await expect(page.getByText('Days in America/New_York', { exact: true })).toBeVisible();
  // The demo data ends on 2026-11-01: the last 7 days have no deposit, and the page says so.
  await expect(page.getByText('No deposits in this range')).toBeVisible();
  await expect(page.getByText('Next deposit')).toBeVisible();

  await page.getByRole('combobox', { name: 'Deposit dates' }).click();
  await page.getByRole('option', { name: 'Custom range' }).click();
  // A range the server would refuse says why beside the field.
  await chooseRange(page, '2026-01-01', TO);
  await expect(page.getByText('Choose a range of at most 100 days.')).toBeVisible();
  await chooseRange(page, FROM, TO);
  await expect(page).toHaveURL(new RegExp(`from=${FROM}&to=${TO}`));
  const deposits = page.getByRole('table', { name: 'Deposits' });
  await expect(deposits.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('net-formula')).toContainText('Sales $');
  await expect(page.getByRole('table', { name: 'Fees and net by financing program' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The totals row, each total under its column's name: its net is the formula's.
  const net = await netOfFormula(page);
  const total = async (column: string) =>
    ((await deposits.locator(`tfoot td[data-label="${column}"]`).textContent()) ?? '').trim();
  const count = Number((await total('Funding events')).replace(/\D/g, ''));
  expect(count).toBeGreaterThan(0);
  expect(cents(await total('Net'))).toBe(net);
  expect(
    cents(await total('Sales')) - cents(await total('Refunds')) - cents(await total('Chargebacks')),
  ).toBe(net + cents(await total('Fees')));

  // CSV: one row per funding event, then the totals row, whose net is the summary's.
  const [csvDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(csvDownload.suggestedFilename()).toBe(`settlement-${FROM}-to-${TO}-America-New_York.csv`);
  const csvBook = new ExcelJS.Workbook();
  const csvSheet = await csvBook.csv.readFile(await csvDownload.path(), {
    parserOptions: { delimiter: ',' },
    map: (value: string) => value.replace(/^\uFEFF/, ''),
  });
  expect(csvSheet.getRow(1).getCell(4).text).toBe('Funding event date (America/New_York)');
  expect(csvSheet.getRow(1).getCell(5).text).toBe('Funding event date_utc');
  expect(csvSheet.rowCount).toBe(count + 2);
  const csvTotals = csvSheet.getRow(csvSheet.rowCount);
  expect(csvTotals.getCell(1).text).toBe('Total');
  expect(cents(csvTotals.getCell(18).text)).toBe(net);

  // XLSX: the same rows, amounts as numbers and dates as dates.
  const [xlsxDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download XLSX' }).click(),
  ]);
  expect(xlsxDownload.suggestedFilename()).toBe(`settlement-${FROM}-to-${TO}-America-New_York.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await xlsxDownload.path());
  const sheet = book.worksheets[0];
  if (sheet === undefined) throw new Error('The workbook has no sheet');
  expect(sheet.rowCount).toBe(count + 2);
  expect(sheet.getRow(2).getCell(1).value).toBeInstanceOf(Date);
  expect(typeof sheet.getRow(2).getCell(15).value).toBe('number');
  const totals = sheet.getRow(sheet.rowCount);
  expect(totals.getCell(1).value).toBe('Total');
  expect(Math.round(Number(totals.getCell(18).value) * 100)).toBe(net);

  // Open the newest deposit by its bank reference: its sums as a formula, its events each linking to its
  // transaction.
  const first = deposits.locator('tbody tr').first();
  const reference =
    (await first.locator('td[data-label="Bank reference"]').getByRole('button').textContent()) ?? '';
  await first.getByRole('button', { name: reference }).click();
  await expect(page).toHaveURL(/deposit=/);
  const drawer = page.getByRole('dialog', { name: 'Deposit' });
  await expect(drawer.getByText(reference)).toBeVisible();
  const events = drawer.getByRole('table', { name: 'Funding events of the deposit' });
  await expect(events.locator('tbody tr').first()).toBeVisible();
  await expectNoAxeViolations(page);
  const link = events.getByRole('link').first();
  const href = (await link.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/transactions\/[0-9a-f-]+$/);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('dialog', { name: /^Transaction / })).toBeVisible();
});

test('at 390 px each deposit is a card, the totals a card below them, and a deposit opens', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/settlement-report?from=${FROM}&to=${TO}`);
  await expect(page.getByTestId('net-formula')).toBeVisible();
  const deposits = page.getByRole('table', { name: 'Deposits' });
  const first = deposits.locator('tbody tr').first();
  await expect(first).toBeVisible();
  // A card: the values stacked under their columns' names, nothing wider than the screen.
  const netCell = first.locator('td[data-label="Net"]');
  expect(await netCell.evaluate((cell) => getComputedStyle(cell).display)).toBe('grid');
  expect(await netCell.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe('"Net"');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const totals = deposits.locator('tfoot tr');
  await expect(totals).toBeVisible();
  await expect(totals.locator('th')).toHaveText(/^Total of \d+ deposits?$/);
  await expect(totals.locator('td[data-label="Net"]')).toBeVisible();
  // The totals card shows no empty cells for the columns without a total.
  await expect(totals.locator('td:not([data-label])').first()).toBeHidden();
  expect(cents((await totals.locator('td[data-label="Net"]').textContent()) ?? '')).toBe(
    await netOfFormula(page),
  );
  await first.locator('td[data-label="Bank reference"]').getByRole('button').click();
  const drawer = page.getByRole('dialog', { name: 'Deposit' });
  await expect(drawer.getByRole('table', { name: 'Funding events of the deposit' })).toBeVisible();
  await expect(drawer.getByTestId('net-formula')).toBeVisible();
  await drawer.getByRole('button', { name: 'Close the deposit' }).click();
  await expect(page).not.toHaveURL(/deposit=/);
  await expectNoAxeViolations(page);
});
