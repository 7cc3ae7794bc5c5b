import { expect, test } from '../fixtures/test';
import { expectNoAxeViolations } from '../fixtures/axe';

// An admin of Northwind registers an acquirer id, the provider's staff validate it, and the admin
// creates the merchant's virtual card, whose full number is shown once.
const ACQUIRER_ID = `E2E${String(Date.now()).slice(-10)}`;
const DENIED =
  'You do not have permissions to view this page. If you think this is incorrect, please contact the Merchant Success team.';

test.describe('signed in as merchantAdmin', () => {
  test.use({ role: 'merchantAdmin' });

  test('register an id, refused when malformed, then create the virtual card once', async ({ page }) => {
    await page.goto('/merchant-id-validation');
    await expect(page.getByRole('heading', { level: 1, name: 'Merchant ID validation' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Merchant IDs' });
    // The demo's ids: one of each validation status.
    await expect(table.getByText('Validated')).toBeVisible();
    await expect(table.getByText('Pending')).toBeVisible();
    await expect(table.getByText('The last digit is not the check digit of this ID.')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Register a merchant ID' }).click();
    const form = page.getByRole('dialog', { name: 'Register a merchant ID' });
    await expect(form.getByRole('textbox', { name: 'Merchant ID' })).toBeVisible();
    await expectNoAxeViolations(page);
    await form.getByRole('textbox', { name: 'Merchant ID' }).fill('ABC-123');
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(form.getByText('Letters and digits only, at most 15.').last()).toBeVisible();
    await expect(form.getByText('Choose a location.')).toBeVisible();
    await expectNoAxeViolations(page);
    await form.getByRole('combobox', { name: 'Location' }).click();
    await page.getByRole('option').first().click();
    await form.getByRole('textbox', { name: 'Merchant ID' }).fill(ACQUIRER_ID);
    await form.getByRole('button', { name: 'Register' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: ACQUIRER_ID }).getByText('Pending')).toBeVisible();

    await page.getByRole('button', { name: 'Create the virtual card' }).click();
    const shown = page.getByRole('dialog', { name: "The merchant's virtual card" });
    await expect(shown.getByText('Shown this once')).toBeVisible();
    const number = ((await shown.getByTestId('virtual-card-number').textContent()) ?? '').replace(/\s/g, '');
    expect(number).toMatch(/^400000\d{10}$/);
    await expectNoAxeViolations(page);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('virtual-card-masked')).toHaveText(`•••• •••• •••• ${number.slice(-4)}`);
    await expect(page.getByRole('button', { name: 'Create the virtual card' })).toHaveCount(0);
    // Shown once: after a reload only the last four digits remain.
    await page.reload();
    await expect(page.getByTestId('virtual-card-masked')).toBeVisible();
    await expect(page.getByText(number)).toHaveCount(0);
  });
});

test.describe('signed in as internalAdmin', () => {
  test.use({ role: 'internalAdmin' });

  test("the provider's staff run the validation rule on a pending id", async ({ page }) => {
    await page.goto('/merchant-id-validation');
    const row = page.getByRole('row').filter({ hasText: 'ACQ4910STORE2' });
    await expect(row.getByText('Pending')).toBeVisible();
    await row.getByRole('button', { name: 'Validate ACQ4910STORE2' }).click();
    await expect(row.getByText('Validated')).toBeVisible();
    await expect(row.getByText(/Checked .* by internal\.admin@provider\.demo/)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('signed in as readOnly', () => {
  test.use({ role: 'readOnly' });

  test('a role without the validation scope sees Permission Denied', async ({ page }) => {
    await page.goto('/merchant-id-validation');
    await expect(page.getByText(DENIED)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
