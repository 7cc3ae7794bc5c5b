import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { expectNoAxeViolations } from '../fixtures/axe';

// An admin of Northwind ends an enrollment, enrolls again on its own terms, changes them, ends it and
// schedules one, and sees what the placement preview offers follow (ACTIVE enrollments only).
test.use({ role: 'merchantAdmin' });

/** A program of the main demo merchant whose products are all ACTIVE, none SCHEDULED (seed). */
const PROGRAM = 'Online 0% APR, 12 months';

/** The day `days` from today in New York, the main demo merchant's zone, as a date field takes it. */
function merchantDay(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(at);
}

/** The preview's "as low as" message at $1,000 for the product page, turned on in the form (not saved). */
async function previewMessage(page: Page): Promise<string> {
  await page.goto('/placement-design');
  const product = page.getByRole('group', { name: 'Product page' });
  const productOn = product.getByRole('switch', { name: 'Show the message on the Product page' });
  await productOn.focus();
  await page.keyboard.press('Space');
  await expect(productOn).toBeChecked();
  const message = page.getByTestId('placement-preview-message');
  await expect(message).toContainText('As low as');
  return (await message.textContent()) ?? '';
}

async function openProgram(page: Page): Promise<void> {
  await page.goto('/payment-products');
  await chooseProgram(page);
}

async function chooseProgram(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Payment products' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Program' }).click();
  await page.getByRole('option', { name: PROGRAM }).click();
  await expect(page.getByRole('table', { name: 'Payment products' })).toBeVisible();
}

function enrollmentRow(page: Page, id: string): Locator {
  return page.locator(`tr[data-row-id="${id}"]`);
}

test('end, enroll on own terms, change, end and schedule: the status and the placement preview follow', async ({
  page,
}) => {
  // The preview's unsaved switch asks before the page is left: the journey leaves it as it is.
  page.on('dialog', (dialog) => void dialog.accept());
  const before = await previewMessage(page);
  expect(before).not.toContain('for 60 months at 0% APR');

  await openProgram(page);
  await expectNoAxeViolations(page);
  const enrollments = page.getByRole('table', { name: 'Enrollments' });
  const firstActive = enrollments.locator('tbody tr').filter({ hasText: 'Active' }).first();
  const id = (await firstActive.getAttribute('data-row-id')) ?? '';
  const name = ((await firstActive.getByRole('rowheader').textContent()) ?? '').trim();
  expect(name).not.toBe('');

  // End the current enrollment: it stays as history, LAPSED, with nothing more to do.
  await firstActive.getByRole('button', { name: `End the enrollment in ${name}` }).click();
  const endDialog = page.getByRole('dialog', { name: `End the enrollment in ${name}?` });
  await expect(endDialog.getByText(/ends now and stays in the list as history/)).toBeVisible();
  await endDialog.getByRole('button', { name: 'End enrollment' }).click();
  await expect(page.getByText(`The enrollment in ${name} is ended.`)).toBeVisible();
  await expect(enrollmentRow(page, id)).toContainText('Lapsed');
  await expect(enrollmentRow(page, id).getByRole('button')).toHaveCount(0);

  // Enroll again from today on the merchant's own terms, each field checked next to it.
  await page.getByRole('button', { name: `Enroll in ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Enroll in ${name}` });
  await dialog.getByRole('textbox', { name: 'Start date' }).fill(merchantDay(-2));
  await dialog.getByRole('textbox', { name: 'Number of payments' }).fill('1');
  await dialog.getByRole('textbox', { name: 'Rate (basis points)' }).fill('4000');
  await dialog.getByRole('button', { name: 'Enroll' }).click();
  await expect(dialog.getByText('Choose today or a later date.')).toBeVisible();
  await expect(dialog.getByText('Enter a whole number from 2 to 60.')).toBeVisible();
  await expect(dialog.getByText('Enter a whole number of basis points from 0 to 3600.')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('textbox', { name: 'Start date' }).fill(merchantDay(0));
  await dialog.getByRole('textbox', { name: 'Number of payments' }).fill('60');
  await dialog.getByRole('textbox', { name: 'Rate (basis points)' }).fill('0');
  await dialog.getByRole('combobox', { name: 'Payment frequency' }).click();
  await page.getByRole('option', { name: 'Monthly' }).click();
  await dialog.getByRole('button', { name: 'Enroll' }).click();
  await expect(page.getByText(`Enrolled in ${name}.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  const products = page.getByRole('table', { name: 'Payment products' });
  await expect(products.getByRole('row').filter({ hasText: name })).toContainText(
    '60 monthly payments at 0% APR (your own terms)',
  );
  const mine = enrollments.locator('tbody tr').filter({ hasText: 'Active' }).filter({ hasText: name });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('No end date');
  const mineId = (await mine.getAttribute('data-row-id')) ?? '';

  // The preview now offers the merchant's own plan, the lowest payment.
  expect(await previewMessage(page)).toContain('for 60 months at 0% APR');

  // Change: an end date and fewer payments; the start of a started enrollment stays.
  await openProgram(page);
  await enrollmentRow(page, mineId)
    .getByRole('button', { name: `Change the enrollment in ${name}` })
    .click();
  const change = page.getByRole('dialog', { name: `Change the enrollment in ${name}` });
  await expect(change.getByRole('textbox', { name: 'Start date' })).toBeDisabled();
  await change.getByRole('textbox', { name: 'End date' }).fill(merchantDay(40));
  await change.getByRole('textbox', { name: 'Number of payments' }).fill('48');
  await change.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`The enrollment in ${name} is changed.`)).toBeVisible();
  await expect(enrollmentRow(page, mineId)).not.toContainText('No end date');
  await expect(enrollmentRow(page, mineId)).toContainText('Active');
  expect(await previewMessage(page)).toContain('for 48 months at 0% APR');

  // End it, and schedule the next one: a SCHEDULED enrollment offers nothing yet.
  await openProgram(page);
  await enrollmentRow(page, mineId)
    .getByRole('button', { name: `End the enrollment in ${name}` })
    .click();
  await page
    .getByRole('dialog', { name: `End the enrollment in ${name}?` })
    .getByRole('button', { name: 'End enrollment' })
    .click();
  await expect(enrollmentRow(page, mineId)).toContainText('Lapsed');
  await page.getByRole('button', { name: `Enroll in ${name}` }).click();
  const next = page.getByRole('dialog', { name: `Enroll in ${name}` });
  await next.getByRole('textbox', { name: 'Start date' }).fill(merchantDay(10));
  await next.getByRole('button', { name: 'Enroll' }).click();
  await expect(page.getByText(`Enrolled in ${name}.`)).toBeVisible();
  await expect(
    enrollments.locator('tbody tr').filter({ hasText: 'Scheduled' }).filter({ hasText: name }),
  ).toHaveCount(1);
  await expectNoAxeViolations(page);
  expect(await previewMessage(page)).not.toContain('48 months at 0% APR');
});

test('at phone width the rows are cards that fit the screen, and the enroll form asks before its edits are lost', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Reached through the portal's own navigation, so that Back stays in the portal, where it is asked.
  await page.goto('/general-settings');
  const settings = page.getByRole('navigation', { name: 'Account settings' });
  await settings.getByRole('button').click();
  await settings.getByRole('link', { name: 'Payment products' }).click();
  await chooseProgram(page);
  // Each row is a card under the column names: neither list scrolls sideways.
  for (const name of ['Payment products', 'Enrollments']) {
    const overflow = await page.getByRole('table', { name }).evaluate((table) => {
      // The table sits in the scroll container's inner box.
      const frame = table.parentElement?.parentElement;
      return frame ? frame.scrollWidth - frame.clientWidth : Number.NaN;
    });
    expect(overflow).toBeLessThanOrEqual(0);
  }
  await page
    .getByRole('button', { name: /^Enroll in / })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: /^Enroll in / });
  await dialog.getByRole('textbox', { name: 'Number of payments' }).fill('30');
  await expectNoAxeViolations(page);
  await page.goBack();
  const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/general-settings/);
});
