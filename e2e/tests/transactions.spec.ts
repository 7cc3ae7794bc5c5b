import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { expectNoAxeViolations } from '../fixtures/axe';

// The demo merchant of admin@, user@ and readonly@ (Northwind) has 1,500 transactions, with order ids
// NOR-100000 to NOR-101499: this prefix matches a third of them, the export's a hundred.
const SEARCH = 'NOR-101';
const ORDER_PREFIX = 'NOR-1013';

test.use({ role: 'merchantAdmin' });

function list(page: Page): Locator {
  return page.getByRole('table', { name: 'Transactions' });
}

function rows(page: Page): Locator {
  return list(page).locator('tbody tr');
}

/** Waits until the table shows settled rows (not skeletons, not a page on its way). */
async function settledRows(page: Page): Promise<Locator> {
  await expect(list(page)).toHaveAttribute('aria-busy', 'false');
  await expect(rows(page).first().getByRole('link')).toBeVisible();
  return rows(page);
}

/** The order ids of the rows shown, in order: each row's link. */
async function shownIds(page: Page): Promise<string[]> {
  return (await settledRows(page)).getByRole('link').allTextContents();
}

/** The transaction ids of the rows shown, in order, read from the links to their detail. */
async function shownTransactionIds(page: Page): Promise<string[]> {
  const links = await (await settledRows(page)).getByRole('link').all();
  const hrefs = await Promise.all(links.map((link) => link.getAttribute('href')));
  return hrefs.map((href) => /\/transactions\/([^?]+)/.exec(href ?? '')?.[1] ?? '');
}

/** A column's texts, found by its header (the user may have moved columns). */
async function columnTexts(page: Page, header: string): Promise<string[]> {
  const headers = await list(page).getByRole('columnheader').allTextContents();
  const index = headers.findIndex((text) => text.trim() === header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  return (await settledRows(page)).locator(`td:nth-child(${index + 1})`).allTextContents();
}

/** Dollars as cents, so that amounts compare exactly: "$1,234.56" -> 123456. */
function cents(text: string): number {
  return Number(text.replace(/[^0-9.-]/g, '').replace('.', ''));
}

async function chooseStatus(page: Page, status: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: status, exact: true }).click();
  await page.keyboard.press('Escape');
}

test('filter, search, sort and page the list; a reload shows the same, and Back undoes', async ({ page }) => {
  await page.goto('/transactions');
  expect(await shownIds(page)).toHaveLength(25);
  await expectNoAxeViolations(page);

  await list(page).getByRole('button', { name: 'Total' }).click();
  await expect(page).toHaveURL(/sort=total/);
  await settledRows(page);
  await chooseStatus(page, 'Settled');
  await page.getByRole('searchbox', { name: 'Search' }).fill(SEARCH);
  await expect(page).toHaveURL(new RegExp(`search=${SEARCH}`));
  // Filters keep the sort chosen before them.
  await expect(page).toHaveURL(/sort=total/);
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('50');
  await expect(page).toHaveURL(/limit=50/);
  await expect(page.getByText(/^1–50 of /)).toBeVisible();

  const pageOne = await shownIds(page);
  expect(pageOne).toHaveLength(50);
  for (const status of await columnTexts(page, 'Status')) {
    expect(['Settled', 'Partially settled']).toContain(status);
  }
  for (const order of await columnTexts(page, 'Order ID')) expect(order.startsWith(SEARCH)).toBe(true);
  const totalsOne = (await columnTexts(page, 'Total')).map(cents);
  expect(totalsOne).toEqual([...totalsOne].sort((a, b) => b - a));
  await expect(list(page).getByRole('columnheader', { name: 'Total' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/offset=50/);
  await expect(page.getByText(/^51–100 of /)).toBeVisible();
  const pageTwo = await shownIds(page);
  expect(pageTwo.filter((id) => pageOne.includes(id))).toEqual([]);
  const totalsTwo = (await columnTexts(page, 'Total')).map(cents);
  expect(Math.max(...totalsTwo)).toBeLessThanOrEqual(Math.min(...totalsOne));

  const url = page.url();
  await page.reload();
  expect(page.url()).toBe(url);
  expect(await shownIds(page)).toEqual(pageTwo);
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(SEARCH);
  await expect(page.getByText(/^51–100 of /)).toBeVisible();

  await page.goBack();
  await expect(page).not.toHaveURL(/offset=50/);
  // The address changes before the list renders for it.
  await expect.poll(() => shownIds(page)).toEqual(pageOne);
});

test('an admin opens a transaction, settles it, then refunds part of it', async ({ page }) => {
  await page.goto('/transactions');
  await chooseStatus(page, 'Authorized');
  await expect(page).toHaveURL(/status=AUTHORIZED/);
  // The filtered page, not the one before it: every row shown is authorized (some partly canceled).
  const authorized = new Set(['Authorized', 'Partially canceled']);
  await expect
    .poll(async () => (await columnTexts(page, 'Status')).every((status) => authorized.has(status)))
    .toBe(true);
  const [id] = await shownTransactionIds(page);
  if (id === undefined) throw new Error('No authorized transaction');
  await rows(page)
    .filter({ has: page.locator(`a[href^="/transactions/${id}?"]`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/transactions/${id}\\?status=AUTHORIZED$`));
  const drawer = page.getByRole('dialog', { name: `Transaction ${id}` });
  await expect(drawer.getByRole('heading', { name: 'History' })).toBeVisible();
  await expectNoAxeViolations(page);

  const total =
    (await drawer.getByText(/ left to settle$/).textContent())?.replace(' left to settle', '') ?? '';
  await drawer.getByRole('button', { name: 'Settle', exact: true }).click();
  const settle = page.getByRole('dialog', { name: 'Settle the transaction' });
  await expect(settle.getByRole('textbox', { name: 'Amount to settle' })).toHaveValue(total.replace('$', ''));
  await settle.getByRole('button', { name: 'Review' }).click();
  await expect(settle.getByText(`Settle ${total} of transaction ${id}?`)).toBeVisible();
  await expectNoAxeViolations(page);
  await settle.getByRole('button', { name: `Settle ${total}` }).click();
  await expect(page.getByText(`${total} settled.`)).toBeVisible();
  await expect(drawer.getByText(`${total} left to refund`)).toBeVisible();

  await drawer.getByRole('button', { name: 'Refund', exact: true }).click();
  const refund = page.getByRole('dialog', { name: 'Refund the transaction' });
  await refund.getByRole('textbox', { name: 'Amount to refund' }).fill('1.25');
  await refund.getByRole('button', { name: 'Review' }).click();
  await refund.getByRole('button', { name: 'Refund $1.25' }).click();
  await expect(page.getByText('$1.25 refunded.')).toBeVisible();
  await expect(drawer.getByText('Partially refunded')).toBeVisible();
  const history = drawer.getByRole('table', { name: 'History' });
  await expect(history.getByRole('row').filter({ hasText: 'Settled' })).toContainText(total);
  await expect(history.getByRole('row').filter({ hasText: 'Refunded' })).toContainText('$1.25');
  await expect(history.getByRole('row').filter({ hasText: 'Refunded' })).toContainText('Avery Admin');

  // The list and its totals have moved on: the transaction is no longer authorized.
  await drawer.getByRole('button', { name: 'Close the transaction' }).click();
  await expect(page).toHaveURL(/\/transactions\?status=AUTHORIZED$/);
  await expect(list(page).locator(`a[href^="/transactions/${id}?"]`)).toHaveCount(0);
});

test.describe('signed in as readOnly', () => {
  test.use({ role: 'readOnly' });

  test('a read-only user sees a transaction without any action, and the API refuses one', async ({
    page,
  }) => {
    await page.goto('/transactions');
    const [id] = await shownTransactionIds(page);
    if (id === undefined) throw new Error('No transaction');
    await rows(page).first().focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: `Transaction ${id}` });
    await expect(drawer.getByRole('heading', { name: 'History' })).toBeVisible();
    await expect(drawer.getByRole('heading', { name: 'Actions' })).toHaveCount(0);
    for (const name of ['Settle', 'Cancel', 'Refund']) {
      await expect(drawer.getByRole('button', { name, exact: true })).toHaveCount(0);
    }
    await expectNoAxeViolations(page);

    const status = await page.evaluate(async (transactionId) => {
      const token = JSON.parse(localStorage.getItem('portal.token') ?? 'null') as string;
      const response = await fetch(`/api/transactions/${transactionId}/refund`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          'X-API-Version': 'v2',
        },
        body: '{}',
      });
      return response.status;
    }, id);
    expect(status).toBe(403);
  });
});

test('the export downloads every row of the filtered list as CSV', async ({ page }) => {
  await page.goto('/transactions');
  await settledRows(page);
  const filtered = page.waitForResponse(
    (response) =>
      /\/api\/transactions\?/.test(response.url()) &&
      response.url().includes(`search=${ORDER_PREFIX}`) &&
      response.url().includes('status=REFUNDED'),
  );
  await page.getByRole('searchbox', { name: 'Search' }).fill(ORDER_PREFIX);
  await expect(page).toHaveURL(new RegExp(`search=${ORDER_PREFIX}`));
  await chooseStatus(page, 'Refunded');
  const answer = (await (await filtered).json()) as { data: { pagination: { total: number } } };
  const count = answer.data.pagination.total;
  expect(count).toBeGreaterThan(0);
  // The pager and the totals both count the filtered list.
  await expect(page.getByText(/^1–\d+ of \d+$/)).toHaveText(new RegExp(` of ${count}$`));
  const totals = page.getByRole('region', { name: 'Totals of the filtered transactions' });
  await expect(totals.locator('dd').first()).toHaveText(String(count));

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  const [header = '', ...records] = text.split('\r\n').filter((line) => line !== '');
  const columns = header.split(',');
  expect(columns[0]).toBe('Created at (America/New_York)');
  expect(records).toHaveLength(count);
  const order = columns.indexOf('Merchant order ID');
  const status = columns.indexOf('Status');
  for (const record of records) {
    // The fields read here come before the first one that can hold a comma (the program name).
    const fields = record.split(',');
    expect(fields[order]?.startsWith(ORDER_PREFIX)).toBe(true);
    expect(fields[status]).toBe('Refunded');
  }
});

test('at 1280 px the default columns fit: statuses in full, amounts sortable, the time zone named', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/transactions');
  await chooseStatus(page, 'Refunded');
  await expect(page).toHaveURL(/status=REFUNDED/);
  await settledRows(page);
  await expect(list(page).getByRole('columnheader', { name: 'Created at (America/New_York)' })).toBeVisible();

  // The table's frame does not scroll sideways: every default column is in sight.
  const overflow = await list(page).evaluate((table) => {
    // The table sits in the scroll container's inner box.
    const frame = table.parentElement?.parentElement;
    return frame ? frame.scrollWidth - frame.clientWidth : Number.NaN;
  });
  expect(overflow).toBeLessThanOrEqual(0);

  // Every badge is read in full: "Partially refunded", not "P".
  const badges = list(page).locator('tbody .mantine-Badge-root');
  await expect
    .poll(async () =>
      (await columnTexts(page, 'Status')).every((text) => /^(Partially r|R)efunded$/.test(text)),
    )
    .toBe(true);
  expect(await badges.count()).toBeGreaterThan(0);
  for (const badge of await badges.all()) {
    const clipped = await badge.evaluate((root) => {
      const label = root.querySelector('.mantine-Badge-label');
      return [root, label].some((element) => element !== null && element.scrollWidth > element.clientWidth);
    });
    expect(clipped).toBe(false);
  }
  // The amounts' and statuses' columns end inside the frame, nothing behind a sideways scroll.
  const frameRight = await list(page).evaluate(
    (table) => table.parentElement?.parentElement?.getBoundingClientRect().right ?? 0,
  );
  for (const header of ['Status', 'Total', 'Settled', 'Refunded']) {
    const box = await list(page).getByRole('columnheader', { name: header }).boundingBox();
    expect(box && box.x + box.width, header).toBeLessThanOrEqual(frameRight);
  }

  // More than two sorts: by what was settled and by the order id too.
  await list(page).getByRole('button', { name: 'Settled' }).click();
  await expect(page).toHaveURL(/sort=settled/);
  await expect
    .poll(async () => {
      const settled = (await columnTexts(page, 'Settled')).map(cents);
      return settled.every((value, index) => index === 0 || value <= (settled[index - 1] ?? value));
    })
    .toBe(true);
  await list(page).getByRole('button', { name: 'Order ID' }).click();
  await expect(page).toHaveURL(/sort=externalID/);
  await expect(list(page).getByRole('columnheader', { name: 'Order ID' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expectNoAxeViolations(page);
});

test('a shared link shows the columns it names; the chooser writes them to the URL', async ({ page }) => {
  await page.goto('/transactions?columns=status&columns=total&columns=program');
  await expect(rows(page).first().locator('.mantine-Badge-root')).toBeVisible();
  await expect(list(page).getByRole('columnheader')).toHaveText(['Status', 'Total', 'Program']);

  await page.getByRole('button', { name: 'Columns' }).click();
  await expect(page.getByRole('checkbox', { name: 'Program' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Order ID' }).click();
  await expect(page.getByRole('checkbox', { name: 'Order ID' })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/columns=externalID/);
  const shared = page.url();
  const headers = await list(page).getByRole('columnheader').allTextContents();
  expect(headers).toContain('Order ID');

  // Another browser (nothing remembered) opening the link sees the same columns.
  await page.evaluate(() => {
    localStorage.removeItem('portal.columns.transactions');
  });
  await page.goto('/transactions');
  await expect(list(page).getByRole('columnheader')).toHaveCount(7);
  await page.goto(shared);
  await settledRows(page);
  await expect(list(page).getByRole('columnheader')).toHaveText(headers);
});

test('the pager goes to the last page and back to the first', async ({ page }) => {
  await page.goto('/transactions');
  await settledRows(page);
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await expect(pages.getByRole('button', { name: 'First' })).toBeDisabled();
  await pages.getByRole('button', { name: 'Last' }).click();
  await expect(page).toHaveURL(/offset=\d+/);
  await expect(page.getByText(/^[\d,]+–([\d,]+) of \1$/)).toBeVisible();
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(pages.getByRole('button', { name: 'Last' })).toBeDisabled();
  await pages.getByRole('button', { name: 'First' }).click();
  await expect(page).not.toHaveURL(/offset=/);
  await expect(page.getByText(/^1–25 of /)).toBeVisible();
});

test('at 390 px each row is a card with its amount and status in sight', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/transactions');
  const first = (await settledRows(page)).first();
  for (const label of ['Total', 'Status']) {
    const cell = first.locator(`td[data-label="${label}"]`);
    await expect(cell).toBeVisible();
    // Within the screen's width: read without scrolling sideways.
    const box = await cell.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, label).toBe(true);
  }
  await expect(first.locator('td[data-label="Status"] .mantine-Badge-root')).toHaveText(/^[A-Z][a-z ]+$/);
  // Nothing scrolls sideways: neither the page nor the table's frame.
  const sideways = await list(page).evaluate((table) => {
    const frame = table.parentElement?.parentElement;
    const root = document.documentElement;
    return {
      page: root.scrollWidth - root.clientWidth,
      frame: frame ? frame.scrollWidth - frame.clientWidth : Number.NaN,
    };
  });
  expect(sideways).toEqual({ page: 0, frame: 0 });
  await expectNoAxeViolations(page);

  // The sortable columns' headers stay above the cards, as buttons.
  await list(page).getByRole('button', { name: 'Total' }).click();
  await expect(page).toHaveURL(/sort=total/);
});
