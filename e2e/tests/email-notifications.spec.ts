import { expectNoAxeViolations } from '../fixtures/axe';
import { expect, test } from '../fixtures/test';

const PHONE = { width: 390, height: 844 };

test.describe('signed in as merchantAdmin', () => {
  test.use({ role: 'merchantAdmin' });

  test('an admin turns a notification on for an added address, sends a test and finds it in the delivery log', async ({
    page,
  }) => {
    // An address of this run only, so that a run again on the same database starts from a clean column.
    const address = `books.${Date.now().toString(36)}@accounting.example`;
    await page.goto('/email-notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Email notifications' })).toBeVisible();
    const matrix = page.getByRole('region', { name: 'Events and recipients' });
    await expect(matrix.getByRole('checkbox').first()).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel('E-mail address').fill(address);
    await page.getByRole('button', { name: 'Add address' }).click();
    const cell = matrix.getByRole('checkbox', { name: `Refund processed for ${address}` });
    // Keyboard: the box takes the focus and Space turns it on.
    await cell.focus();
    await page.keyboard.press('Space');
    await expect(cell).toBeChecked();
    await page.getByRole('button', { name: 'Save notifications' }).click();
    await expect(page.getByText('The e-mail notifications are saved.')).toBeVisible();

    await page.reload();
    await expect(matrix.getByRole('checkbox', { name: `Refund processed for ${address}` })).toBeChecked();

    const send = page.getByRole('button', { name: 'Send a test of Refund processed' });
    await send.click();
    await expect(page.getByText(/A test e-mail is on its way to \d+ recipients?\./)).toBeVisible();

    await page.getByRole('combobox', { name: 'Recipient' }).selectOption(address);
    const log = page.getByRole('table', { name: 'Delivery log' });
    const row = log.locator('tbody tr').filter({ hasText: address }).first();
    await expect(row).toContainText('[Test] Refund processed');
    await expect(row).toContainText(/In the outbox|Waiting to send/);
    await expectNoAxeViolations(page);

    // The address goes, with its cells, so that the page is left as it was.
    await page.getByRole('button', { name: `Remove ${address}` }).click();
    await page.getByRole('button', { name: 'Save notifications' }).click();
    await expect(page.getByText('The e-mail notifications are saved.')).toBeVisible();
    await expect(matrix.getByRole('checkbox', { name: `Refund processed for ${address}` })).toHaveCount(0);
  });

  test('on a phone each event is a card whose boxes fit the screen', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/email-notifications');
    const cards = page.getByRole('list', { name: 'Events and recipients' });
    const card = cards.getByRole('listitem').filter({ hasText: 'Refund processed' });
    const box = card.getByRole('checkbox', { name: /^Refund processed for Avery Admin/ });
    await expect(box).toBeVisible();
    const edge = await card.evaluate((element) => element.getBoundingClientRect().right);
    expect(edge).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page);
  });
});

test.describe('signed in as readOnly', () => {
  test.use({ role: 'readOnly' });

  test('a reader sees the matrix read-only', async ({ page }) => {
    await page.goto('/email-notifications');
    const matrix = page.getByRole('region', { name: 'Events and recipients' });
    await expect(matrix.getByRole('checkbox').first()).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save notifications' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
