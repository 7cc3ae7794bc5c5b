import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { expectNoAxeViolations } from '../fixtures/axe';
import { DEMO_DATA_ENDS_AT } from '../fixtures/demo-data';

test.use({ role: 'merchantAdmin' });

/** Dollars as cents, so that amounts compare exactly: "$1,234.56" -> 123456. */
function cents(text: string): number {
  return Number(text.replace(/[^0-9.-]/g, '').replace('.', ''));
}

function chart(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title });
}

/** The figures shown, once the answer for the range asked for has arrived. */
async function figuresShown(page: Page): Promise<void> {
  await expect(page.getByTestId('metric-settledSales')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test('change the range, read a chart as a table, download its CSV and follow it to the transactions', async ({
  page,
}) => {
  // "Last 90 days" ends on the page's today: the day the demo data ends, not the day the tests run.
  await page.clock.setFixedTime(DEMO_DATA_ENDS_AT);
  await page.goto('/data-insights');
  await figuresShown(page);

  const answered = page.waitForResponse((response) => /\/api\/insights\?/.test(response.url()));
  await page.getByRole('combobox', { name: 'Date range' }).click();
  await page.getByRole('option', { name: 'Last 90 days' }).click();
  await expect(page).toHaveURL(/preset=last90Days/);
  expect((await answered).status()).toBe(200);
  await figuresShown(page);
  const sales = cents((await page.getByTestId('metric-settledSales').textContent()) ?? '');
  const count = Number(
    ((await page.getByTestId('metric-transactionCount').textContent()) ?? '').replace(/\D/g, ''),
  );
  expect(count).toBeGreaterThan(0);

  // The channel split as a table: its rows add up to the period's figures.
  const byChannel = chart(page, 'By channel');
  await expect(byChannel.getByText(/^As of .* · Days in America\/New_York$/)).toBeVisible();
  await byChannel.getByText('Table', { exact: true }).click();
  const table = byChannel.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText([
    'Channel',
    'Settled sales (USD)',
    'Transactions',
  ]);
  const rows = table.locator('tbody tr');
  const shown = await rows.evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent)),
  );
  expect(shown.reduce((sum, row) => sum + cents(row[1] ?? ''), 0)).toBe(sales);
  expect(shown.reduce((sum, row) => sum + Number((row[2] ?? '').replace(/\D/g, '')), 0)).toBe(count);

  // Its CSV holds the same rows, headers in the user's language, the zone in the file name.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    byChannel.getByRole('button', { name: 'Download “By channel” as CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^insights-by-channel-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-America_New_York\.csv$/,
  );
  const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...records] = text.split('\r\n').filter((line) => line !== '');
  expect(header).toBe('Channel,Settled sales (USD),Transactions');
  expect(records).toHaveLength(shown.length);
  const csvSales = records.reduce((sum, record) => sum + cents(record.split(',')[1] ?? ''), 0);
  expect(csvSales).toBe(sales);

  // The over-time chart by week, as a table: one row per week of the range.
  await page.getByText('Week', { exact: true }).click();
  const overTime = chart(page, 'Transactions over time');
  await overTime.getByText('Table', { exact: true }).click();
  await expect(overTime.getByRole('row').nth(1)).toContainText('Week of');

  await expectNoAxeViolations(page);

  // The period's transactions: the list filtered by the same merchant days counts the same.
  await page.getByRole('link', { name: 'See the transactions of this period' }).click();
  await expect(page).toHaveURL(/\/transactions\?.*from=\d{4}-\d{2}-\d{2}.*to=\d{4}-\d{2}-\d{2}/);
  const totals = page.getByRole('region', { name: 'Totals of the filtered transactions' });
  await expect(totals.locator('dd').first()).toHaveText(new Intl.NumberFormat('en-US').format(count));
});

test("the funnel reads as a table, and its refunded step opens the period's refunded transactions", async ({
  page,
}) => {
  // The demo data's last 30 days (it ends on 2026-11-01), not today's, which move past it.
  await page.goto('/data-insights?from=2026-10-03&to=2026-11-01');
  await figuresShown(page);
  const funnel = chart(page, 'Checkout funnel');
  await funnel.getByText('Table', { exact: true }).click();
  const steps = await funnel
    .getByRole('table')
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent)),
    );
  expect(steps.map((row) => row[0])).toEqual([
    'Checkout started',
    'Applied',
    'Approved',
    'Purchased',
    'Refunded',
  ]);
  const counts = steps.map((row) => Number((row[1] ?? '').replace(/\D/g, '')));
  // Each step counts those that reached it: never more than the step before.
  for (let index = 1; index < counts.length; index++) {
    expect(counts[index]).toBeLessThanOrEqual(counts[index - 1] ?? 0);
  }
  await expect(funnel.getByRole('link', { name: /\(targeting export\)$/ })).toHaveCount(3);

  await funnel.getByRole('link', { name: 'The refunded purchases of this period (transactions)' }).click();
  await expect(page).toHaveURL(/\/transactions\?/);
  const params = new URL(page.url()).searchParams;
  expect(params.get('status')).toBe('REFUNDED');
  expect(params.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(params.get('to')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const list = page.getByRole('table', { name: 'Transactions' });
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await expect(list.locator('tbody tr').first()).toContainText(/refunded/i);
});

test('a custom range that ends before it starts says so beside the end date', async ({ page }) => {
  await page.goto('/data-insights?from=2026-03-10&to=2026-03-01');
  await expect(page.getByLabel('To', { exact: true })).toHaveAccessibleDescription(
    'The end date is before the start date.',
  );
  await expect(page.getByTestId('metric-settledSales')).toHaveCount(0);
  await page.getByLabel('To', { exact: true }).fill('2026-03-20');
  await expect(page).toHaveURL(/to=2026-03-20/);
  await figuresShown(page);
  await expectNoAxeViolations(page);
});

test('works at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/data-insights');
  await figuresShown(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const bySales = chart(page, 'Settled sales and refunds over time');
  // The chart is a stop of the keyboard; the arrows walk its periods and show each one's figures.
  const surface = bySales.locator('.recharts-surface').first();
  await surface.focus();
  await expect(surface).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(bySales.locator('.recharts-tooltip-wrapper')).toContainText('Settled sales');
  await bySales.getByText('Table', { exact: true }).click();
  await expect(bySales.getByRole('table')).toBeVisible();
  await expectNoAxeViolations(page);
});
