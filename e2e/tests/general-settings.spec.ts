import { expect, test } from '../fixtures/test';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mainNavigation } from '../fixtures/sign-in';

test.describe('signed in as internalAdmin', () => {
  // Saved with the merchant Northwind Demo Outfitters chosen.
  test.use({ role: 'internalAdmin' });

  test('provider staff edit the general settings, which survive a reload and show in the audit log', async ({
    page,
  }) => {
    // A field no other journey reads, with a value of this run only.
    const suite = `Suite ${Date.now() % 100_000}`;
    await page.goto('/general-settings');
    await expect(page.getByRole('heading', { level: 1, name: 'General settings' })).toBeVisible();
    const line2 = page.getByRole('textbox', { name: 'Address line 2' });
    await expect(page.getByRole('textbox', { name: /^Display name/ })).toHaveValue(
      'Northwind Demo Outfitters',
    );
    await expect(page.getByRole('link', { name: 'Change password' })).toHaveAttribute(
      'href',
      '/account-settings/password',
    );
    await expectNoAxeViolations(page);

    // A field's error shows next to it, and nothing is saved.
    const website = page.getByRole('textbox', { name: 'Website' });
    const site = await website.inputValue();
    await website.fill('http://northwind.example');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(website).toHaveAccessibleDescription(/starts with https:\/\//);
    await expectNoAxeViolations(page);
    await website.fill(site);

    await line2.fill(suite);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByText('The general settings are saved.')).toBeVisible();

    await page.reload();
    await expect(line2).toHaveValue(suite);

    await mainNavigation(page).getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Change' }).click();
    await page.getByRole('option', { name: 'General settings changed' }).click();
    await expect(page).toHaveURL(/kind=merchant\.settings_updated/);
    const log = page.getByRole('table', { name: 'Audit log' });
    await expect(log).toHaveAttribute('aria-busy', 'false');
    const entry = log.locator('tbody tr').filter({ hasText: suite }).first();
    await expect(entry.getByRole('list', { name: 'Changed fields' })).toContainText(`Address line 2:`);
    await expect(entry.getByRole('list', { name: 'Changed fields' })).toContainText(`→ ${suite}`);
    await expect(entry).toContainText('internal.admin@provider.demo');
  });

  test('an unsaved edit asks before provider staff switch merchant', async ({ page }) => {
    await page.goto('/account-settings');
    await expect(page.getByRole('heading', { level: 1, name: 'General settings' })).toBeVisible();
    const city = page.getByRole('textbox', { name: /^City/ });
    await expect(city).toHaveValue(/.+/);
    const saved = await city.inputValue();
    await city.fill(`${saved} Heights`);

    await page.getByRole('button', { name: 'Merchant: Northwind Demo Outfitters. Switch merchant' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch merchant' });
    await dialog.getByLabel('Search merchants').fill('Summit');
    await dialog.getByRole('button', { name: /Summit Cycle Works/ }).click();
    const question = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(question).toBeVisible();
    await expectNoAxeViolations(page);
    await question.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(question).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(city).toHaveValue(`${saved} Heights`);
    await expect(
      page.getByRole('button', { name: 'Merchant: Northwind Demo Outfitters. Switch merchant' }),
    ).toBeVisible();
  });
});

test.describe('signed in as readOnly', () => {
  test.use({ role: 'readOnly' });

  test('a read-only user sees the values but cannot change them', async ({ page }) => {
    await page.goto('/general-settings');
    await expect(
      page.getByText('You can read these settings, but your role does not allow changing them.'),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Display name/ })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save settings' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
