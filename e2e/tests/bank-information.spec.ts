import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../fixtures/axe';
import { latestBankChangeLink } from '../fixtures/outbox';
import { roleStateFile } from '../fixtures/roles';
import { expect, test } from '../fixtures/test';

// The admin of Northwind asks for a new deposit account; a second admin (provider staff with Northwind
// chosen) confirms it. Then the admin asks again and confirms through the link e-mailed to them. The
// full numbers typed here are looked for in every answer and log line by the secrets scan.
test.use({ role: 'merchantAdmin' });

const PHONE = { width: 390, height: 844 };
const FIRST_ACCOUNT = '830274619253';
const SECOND_ACCOUNT = '4419062875310';

async function requestChange(page: Page, accountNumber: string) {
  const form = page.getByRole('region', { name: 'Change the deposit account' });
  await form.getByRole('textbox', { name: 'Account holder' }).fill('Northwind Demo Outfitters LLC');
  await form.getByRole('textbox', { name: 'Bank name' }).fill('Harbor Savings');
  await form.getByRole('textbox', { name: 'Routing number' }).fill('021000021');
  await form.getByRole('textbox', { name: 'Account number' }).fill(accountNumber);
  await form.getByRole('button', { name: 'Request the change' }).click();
  await expect(page.getByText('Change requested: it takes effect once confirmed.')).toBeVisible();
}

test('a change waits for a second admin, then for the link; only the last four digits are ever shown', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto('/bank-information');
  await expect(page.getByRole('heading', { level: 1, name: 'Bank information' })).toBeVisible();
  const inUse = page.getByRole('region', { name: 'Account in use' });
  await expect(inUse.getByText(/^••••\d{4}$/)).toBeVisible();
  await expect(page.getByText(/^Next deposit: /)).toBeVisible();
  await expect(page.getByText(/before 3:00\s?PM \(America\/New York\)/)).toBeVisible();
  await expectNoAxeViolations(page);

  // A mistyped routing number is caught by its check digit before anything is sent.
  const form = page.getByRole('region', { name: 'Change the deposit account' });
  await form.getByRole('textbox', { name: 'Routing number' }).fill('021000022');
  await form.getByRole('button', { name: 'Request the change' }).click();
  await expect(form.getByText('This is not a valid routing number: check its digits.')).toBeVisible();
  await expectNoAxeViolations(page);

  await requestChange(page, FIRST_ACCOUNT);
  const pending = page.getByRole('region', { name: 'Change waiting for confirmation' });
  await expect(pending.getByText('••••9253')).toBeVisible();
  await expect(pending.getByText(/another administrator confirms it here/)).toBeVisible();
  await expect(pending.getByRole('button', { name: 'Confirm the change' })).toHaveCount(0);
  await expect(form).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(FIRST_ACCOUNT);
  await expectNoAxeViolations(page);

  // The second admin confirms it on the page.
  const other = await browser.newContext({ storageState: roleStateFile('internalAdmin') });
  const second = await other.newPage();
  await second.goto('/bank-information');
  const waiting = second.getByRole('region', { name: 'Change waiting for confirmation' });
  await expect(waiting.getByText('••••9253')).toBeVisible();
  await waiting.getByRole('button', { name: 'Confirm the change' }).click();
  await expect(
    second.getByText('Change confirmed: deposits go to ••••9253 from the day shown.'),
  ).toBeVisible();
  await expect(
    second
      .getByRole('region', { name: /^(Account in use|New account from .+)$/ })
      .filter({ hasText: '••••9253' }),
  ).toBeVisible();
  await other.close();

  // The requester asks again, and confirms through the link e-mailed to them.
  await page.reload();
  await expect(page.getByText('Confirmed by internal.admin@provider.demo', { exact: false })).toBeVisible();
  await requestChange(page, `${SECOND_ACCOUNT.slice(0, 4)} ${SECOND_ACCOUNT.slice(4)}`);
  const link = await latestBankChangeLink(baseURL ?? '', 'admin@merchant.demo');
  await page.goto(link);
  const mine = page.getByRole('region', { name: 'Change waiting for confirmation' });
  await mine.getByRole('button', { name: 'Confirm my change' }).click();
  await expect(page.getByText('Change confirmed: deposits go to ••••5310 from the day shown.')).toBeVisible();
  await expect(page.getByText(/through the e-mailed link/)).toBeVisible();
  await expect(page.locator('body')).not.toContainText(SECOND_ACCOUNT);
  await expectNoAxeViolations(page);
});

test('on a phone the page fits the screen', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/bank-information');
  const form = page.getByRole('region', { name: 'Change the deposit account' });
  await expect(form.getByRole('textbox', { name: 'Account number' })).toBeVisible();
  const edge = await form.evaluate((element) => element.getBoundingClientRect().right);
  expect(edge).toBeLessThanOrEqual(PHONE.width);
  await expectNoAxeViolations(page);
});
