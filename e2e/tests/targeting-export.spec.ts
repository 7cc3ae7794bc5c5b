import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { expectNoAxeViolations } from '../fixtures/axe';

test.use({ role: 'merchantAdmin' });

// A window of the demo data (its applications end on 2026-11-01), in the merchant's days.
const FROM = '2026-10-01';
const TO = '2026-10-31';

/** The preview's count, once the answer for the selection shown has arrived. */
async function shownCount(page: Page): Promise<number> {
  const count = page.getByTestId('targeting-count');
  await expect(count).toHaveText(/^[\d,]+ shoppers?$/);
  await expect(page.getByRole('table', { name: 'Preview of the shoppers' })).toHaveAttribute(
    'aria-busy',
    'false',
  );
  return Number(((await count.textContent()) ?? '').replace(/\D/g, ''));
}

/** The records of a downloaded CSV (no field of the demo data holds a comma or a quote). */
async function csvRecords(download: Download): Promise<string[][]> {
  const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  return text
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));
}

test('choose a window and filters, preview the count, download the CSV and download it again', async ({
  page,
}) => {
  await page.goto('/targeting-export');
  await expect(page.getByRole('heading', { level: 1, name: 'Targeting export' })).toBeVisible();
  await expect(page.getByText(/time zone: America\/New_York/)).toBeVisible();
  await shownCount(page);

  // The router writes the URL before the page renders it, so the URL alone would let the count of the
  // default window be read: the preview's answer for this window is asked only once the page shows it.
  const windowAnswer = page.waitForResponse(
    (response) =>
      response.url().includes('/api/targeting/preview?') &&
      response.url().includes(`from=${FROM}`) &&
      response.url().includes(`to=${TO}`),
  );
  await page.getByLabel('From', { exact: true }).fill(FROM);
  await page.getByLabel('To', { exact: true }).fill(TO);
  await expect(page).toHaveURL(new RegExp(`from=${FROM}&to=${TO}`));
  await windowAnswer;
  const windowCount = await shownCount(page);
  expect(windowCount).toBeGreaterThan(20);

  await page.getByRole('combobox', { name: 'Has financing' }).click();
  await page.getByRole('option', { name: 'No', exact: true }).click();
  await expect(page).toHaveURL(/hasFinancing=no/);
  await expect(page.getByTestId('targeting-count')).not.toHaveText(
    `${windowCount.toLocaleString('en-US')} shoppers`,
  );
  const count = await shownCount(page);
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThan(windowCount);
  const preview = page.getByRole('table', { name: 'Preview of the shoppers' });
  await expect(preview.locator('tbody tr')).toHaveCount(Math.min(count, 20));

  // A reload shows the same selection: it is the URL's.
  await page.reload();
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(FROM);
  expect(await shownCount(page)).toBe(count);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`targeting-${FROM}-to-${TO}-America_New_York.csv`);
  const [header, ...records] = await csvRecords(download);
  expect(header?.[0]).toBe('Latest prequalification (America/New_York)');
  expect(records).toHaveLength(count);
  expect(records.every((record) => record[3] === 'No')).toBe(true);
  expect(new Set(records.map((record) => record[2])).size).toBe(count);

  // The history lists it first, and gives the same shoppers again.
  const history = page.getByRole('table', { name: 'Exports taken' });
  const latest = history.locator('tbody tr').first();
  await expect(latest).toContainText(`${FROM} to ${TO} (America/New_York)`);
  await expect(latest).toContainText('Has financing: No');
  await expect(latest).toContainText(count.toLocaleString('en-US'));
  const [again] = await Promise.all([
    page.waitForEvent('download'),
    latest.getByRole('button', { name: /^Download again/ }).click(),
  ]);
  const [, ...againRecords] = await csvRecords(again);
  expect(againRecords).toEqual(records);

  // The history is a list of its own: its sort is in the URL behind `history.`, the form's window stays.
  await history.getByRole('button', { name: /^Shoppers/ }).click();
  await expect(history.getByRole('columnheader', { name: /^Shoppers/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  const search = new URL(page.url()).searchParams;
  expect(search.get('history.sort')).toBe('rowCount');
  expect(search.get('from')).toBe(FROM);
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(FROM);

  // Its days are its own: a link with both windows shows each where it belongs.
  await page.goto(`/targeting-export?from=${FROM}&to=${TO}&history.from=2020-01-01&history.to=2020-01-31`);
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(FROM);
  await expect(history.getByText('No export matches these filters.')).toBeVisible();

  await expectNoAxeViolations(page);
});

test('a window over a year or backwards is said next to its field, and nothing is downloaded', async ({
  page,
}) => {
  await page.goto(`/targeting-export?from=2025-01-01&to=${TO}`);
  await expect(page.getByText('The window covers at most one year.')).toBeVisible();
  await expect(page.getByLabel('From', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeDisabled();

  await page.getByLabel('From', { exact: true }).fill('2026-11-15');
  await expect(page.getByText('The end date is before the start date.')).toBeVisible();
  await expect(page.getByLabel('To', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  await page.getByLabel('To', { exact: true }).fill('2026-11-20');
  await shownCount(page);
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
});

test('works at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/targeting-export?from=${FROM}&to=${TO}`);
  await shownCount(page);
  const first = page.getByRole('table', { name: 'Preview of the shoppers' }).locator('tbody tr').first();
  const email = first.locator('td[data-label="E-mail"]');
  await expect(email).toBeVisible();
  const box = await email.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways).toBe(0);
  await expectNoAxeViolations(page);
});
