import { readFile } from 'node:fs/promises';
import { expect, test } from '../fixtures/test';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mainNavigation } from '../fixtures/sign-in';

test.describe('signed in as internalAdmin', () => {
  // Saved with the merchant Northwind Demo Outfitters chosen.
  test.use({ role: 'internalAdmin' });

  test('provider staff read the outbox and follow the link of a kept message', async ({ page }) => {
    // Without SMTP_URL the server keeps every message in the outbox: a reset request makes one.
    const asked = await page.request.post('/api/passwords/forgot', { data: { email: 'user@merchant.demo' } });
    expect(asked.status()).toBe(202);

    await page.goto('/transactions');
    await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();

    await mainNavigation(page).getByRole('link', { name: 'Outbox' }).click();
    await expect(page).toHaveURL(/\/internal\/outbox$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Recipient' }).fill('user@merchant.demo');
    await expect(page).toHaveURL(/to=user%40merchant\.demo/);
    const table = page.getByRole('table', { name: 'Outbox' });
    await expect(table).toHaveAttribute('aria-busy', 'false');
    const message = table.locator('tbody tr').filter({ hasText: 'user@merchant.demo' }).first();
    // Its state in words, no "0 attempts" for a message never offered to a mail server, and its time in
    // its merchant's zone (America/New_York), named.
    await expect(message).toContainText('Kept in the outbox');
    await expect(message.getByRole('cell').first()).toHaveText(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M E[SD]T$/,
    );
    await expect(message.getByRole('cell').last()).toHaveText('');
    await expectNoAxeViolations(page);

    await message.click();
    const drawer = page.getByRole('dialog');
    await expect(
      drawer.getByText('No mail server is set up: the message was kept here instead of being sent.'),
    ).toBeVisible();
    const link = drawer.getByRole('link', { name: /\/password\/reset\// });
    await expect(link).toBeVisible();
    const href = await link.getAttribute('href');
    await expectNoAxeViolations(page);
    // The HTML is shown in a frame that runs nothing (which is also why axe cannot scan inside it).
    await drawer.getByRole('tab', { name: 'HTML version' }).click();
    await expect(drawer.getByTitle('The message as the recipient sees it')).toHaveAttribute('sandbox', '');
    expect(new URL(href ?? '').pathname).toMatch(/^\/password\/reset\/[^/]+$/);
  });
});

test.describe('signed in as merchantAdmin', () => {
  test.use({ role: 'merchantAdmin' });

  test('an admin settles a transaction, finds it in the audit log and exports the log', async ({ page }) => {
    await page.goto('/transactions');
    // The router writes the URL before the list renders for it: the filtered answer says it has.
    const authorized = page.waitForResponse(
      (response) =>
        /\/api\/transactions\?/.test(response.url()) && response.url().includes('status=AUTHORIZED'),
    );
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Authorized', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/status=AUTHORIZED/);
    await authorized;
    const transactions = page.getByRole('table', { name: 'Transactions' });
    await expect(transactions).toHaveAttribute('aria-busy', 'false');
    // The row's link (its order id) leads to the transaction's detail, at its id.
    const href = await transactions.locator('tbody tr').first().getByRole('link').getAttribute('href');
    const id = /\/transactions\/([^?]+)/.exec(href ?? '')?.[1];
    if (!id) throw new Error('No authorized transaction');
    await transactions.locator('tbody tr').first().click();
    const drawer = page.getByRole('dialog', { name: `Transaction ${id}` });
    const total =
      (await drawer.getByText(/ left to settle$/).textContent())?.replace(' left to settle', '') ?? '';
    await drawer.getByRole('button', { name: 'Settle', exact: true }).click();
    const settle = page.getByRole('dialog', { name: 'Settle the transaction' });
    await settle.getByRole('button', { name: 'Review' }).click();
    await settle.getByRole('button', { name: `Settle ${total}` }).click();
    await expect(page.getByText(`${total} settled.`)).toBeVisible();
    await drawer.getByRole('button', { name: 'Close the transaction' }).click();

    await mainNavigation(page).getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Change' }).click();
    await page.getByRole('option', { name: 'Transaction settled' }).click();
    await expect(page).toHaveURL(/kind=transaction\.settled/);
    const log = page.getByRole('table', { name: 'Audit log' });
    await expect(log).toHaveAttribute('aria-busy', 'false');
    const entry = log.locator('tbody tr').filter({ has: page.getByRole('link', { name: id }) });
    await expect(entry).toHaveCount(1);
    // Who acted by name over their address; fields and statuses in words, never codes.
    await expect(entry).toContainText('Avery Admin');
    await expect(entry).toContainText('admin@merchant.demo');
    await expect(entry.getByRole('list', { name: 'Changed fields' })).toContainText(
      'Status: Authorized → Settled',
    );
    await expect(entry).not.toContainText('AUTHORIZED');
    await expect(entry.getByRole('cell').first()).toHaveText(/\s[AP]M E[SD]T$/);
    await expectNoAxeViolations(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const [header = '', ...records] = text.split('\r\n').filter((line) => line !== '');
    expect(header.split(',')[0]).toBe('Date (America/New_York)');
    expect(records).toHaveLength(1);
    expect(records[0]).toContain(id);
    expect(records[0]).toContain('transaction.settled');
  });
});
