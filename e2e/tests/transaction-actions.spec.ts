import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { expectNoAxeViolations } from '../fixtures/axe';

test.use({ role: 'merchantAdmin' });

/** A person typing: about eight keys a second. */
const HUMAN_DELAY_MS = 120;

function list(page: Page): Locator {
  return page.getByRole('table', { name: 'Transactions' });
}

/** The rows, once the table shows settled ones (not skeletons, not a page on its way). */
async function settledRows(page: Page): Promise<Locator> {
  await expect(list(page)).toHaveAttribute('aria-busy', 'false');
  const rows = list(page).locator('tbody tr');
  await expect(rows.first().getByRole('link')).toBeVisible();
  return rows;
}

/** A column's texts, found by its header. */
async function columnTexts(page: Page, header: string): Promise<string[]> {
  const headers = await list(page).getByRole('columnheader').allTextContents();
  const index = headers.findIndex((text) => text.trim() === header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  return (await settledRows(page)).locator(`td:nth-child(${index + 1})`).allTextContents();
}

/** Dollars as cents: "$1,234.56" -> 123456. */
function cents(text: string): number {
  return Number(text.replace(/[^0-9]/g, ''));
}

/** The API's answer to an action taken with the page's own token. */
function actByApi(page: Page, id: string, action: 'settle' | 'refund') {
  return page.evaluate(
    async ({ transactionId, name }) => {
      const token = JSON.parse(localStorage.getItem('portal.token') ?? 'null') as string;
      const response = await fetch(`/api/transactions/${transactionId}/${name}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          'X-API-Version': 'v2',
        },
        body: '{}',
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    { transactionId: id, name: action },
  );
}

test('an amount typed at a human pace is shown and applied as typed', async ({ page }) => {
  await page.goto('/transactions');
  await settledRows(page);
  const max = page.getByRole('textbox', { name: 'Total (USD) – max' });

  await max.click();
  await max.pressSequentially('250.75', { delay: HUMAN_DELAY_MS });
  await expect(max).toHaveValue('250.75');
  await expect(page).toHaveURL(/[?&]maxAmount=25075(&|$)/);
  // The list and the field agree: every total shown is at most $250.75, and some come close.
  await expect
    .poll(async () => (await columnTexts(page, 'Total')).map(cents).every((total) => total <= 25_075))
    .toBe(true);
  await expect(max).toHaveValue('250.75');
  await expectNoAxeViolations(page);

  // Typed again over it at the same pace: the URL catching up with "150" never rewrites "1500".
  await max.fill('');
  await expect(page).not.toHaveURL(/maxAmount=/);
  await max.pressSequentially('1500', { delay: HUMAN_DELAY_MS });
  await expect(page).toHaveURL(/[?&]maxAmount=150000(&|$)/);
  await expect(max).toHaveValue('1500');

  // A link shows what it filters.
  await page.reload();
  await expect(max).toHaveValue('1,500.00');
  await expect
    .poll(async () => (await columnTexts(page, 'Total')).map(cents).every((total) => total <= 150_000))
    .toBe(true);
});

test('after a partial refund nothing more is settled, and the drawer says why', async ({ page }) => {
  // An authorized transaction, found by its order id so that it stays in the list once settled. The row's
  // link shows the order id and leads to the detail at the transaction's id.
  await page.goto('/transactions?status=AUTHORIZED');
  const link = (await settledRows(page)).first().getByRole('link');
  const orderId = await link.textContent();
  const id = /\/transactions\/([^?]+)/.exec((await link.getAttribute('href')) ?? '')?.[1];
  if (!orderId || !id) throw new Error('No authorized transaction');
  await page.goto(`/transactions?search=${orderId}`);
  const row = (await settledRows(page)).filter({
    has: page.getByRole('link', { name: orderId, exact: true }),
  });
  await row.click();
  const drawer = page.getByRole('dialog', { name: `Transaction ${id}` });
  await expect(drawer.getByRole('heading', { name: 'History' })).toBeVisible();

  // Settle part: after Review, focus is on the confirm button, and Enter confirms.
  await drawer.getByRole('button', { name: 'Settle', exact: true }).click();
  const settle = page.getByRole('dialog', { name: 'Settle the transaction' });
  const amount = settle.getByRole('textbox', { name: 'Amount to settle' });
  await amount.fill('');
  await amount.pressSequentially('10', { delay: HUMAN_DELAY_MS });
  await settle.getByRole('button', { name: 'Review' }).click();
  await expect(settle.getByRole('button', { name: 'Settle $10.00' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('$10.00 settled.')).toBeVisible();

  // Refund part, by the keyboard alone: Enter reviews, Enter confirms.
  await drawer.getByRole('button', { name: 'Refund', exact: true }).click();
  const refund = page.getByRole('dialog', { name: 'Refund the transaction' });
  const refundAmount = refund.getByRole('textbox', { name: 'Amount to refund' });
  await refundAmount.fill('1.25');
  await refundAmount.press('Enter');
  await expect(refund.getByRole('button', { name: 'Refund $1.25' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('$1.25 refunded.')).toBeVisible();

  await expect(
    drawer.getByText('Nothing more can be settled: $1.25 has been refunded, and a refund is final.'),
  ).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Settle', exact: true })).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  // The server refuses it too, in the API's error shape.
  const refused = await actByApi(page, id, 'settle');
  expect(refused.status).toBe(409);
  expect(refused.body).toMatchObject({ error: { code: 'CONFLICT' } });

  // Closing the drawer puts focus back on the row that opened it.
  await drawer.getByRole('button', { name: 'Close the transaction' }).click();
  await expect(drawer).toBeHidden();
  await expect(row).toBeFocused();

  // By the keyboard too: Enter opens, Escape closes, focus is on the row again.
  await page.keyboard.press('Enter');
  await expect(drawer.getByRole('heading', { name: 'History' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(row).toBeFocused();
});

test('an unknown transaction is "not found" in the drawer, said once', async ({ page }) => {
  const id = randomUUID();
  await page.goto(`/transactions/${id}`);
  const drawer = page.getByRole('dialog', { name: `Transaction ${id}` });
  await expect(drawer.getByText(/^Nothing was found at this address/)).toBeVisible();
  await expect(page.getByText(/Nothing was found at this address/)).toHaveCount(1);
  await expect(page.getByText(/do not have access/)).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectNoAxeViolations(page);
});
