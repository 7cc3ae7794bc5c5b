import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mainNavigation, signIn } from '../fixtures/sign-in';

/** The demo merchant whose own value turns the locations page off, which its tenant gives the others. */
const LAKESIDE = 'Lakeside Furniture Co.';

async function saveLocationsFlag(page: Page, choice: 'On' | 'Off') {
  const flag = page.getByRole('radiogroup', { name: 'isLocationPageEnabled' });
  await flag.getByRole('radio', { name: choice, exact: true }).check();
  await page.getByRole('button', { name: 'Save feature flags' }).click();
  await expect(page.getByText('The feature flags are saved.')).toBeVisible();
  await expect(flag.getByText(`Now: ${choice}`)).toBeVisible();
}

test("provider staff turn a merchant's locations page on, and it opens for that merchant after a reload", async ({
  page,
}) => {
  // Signed in on its own, so as to choose the merchant on the chooser screen that provider staff start on.
  await signIn(page, 'internal.admin@provider.demo');
  await expect(page.getByRole('heading', { name: 'Choose a merchant' })).toBeVisible();
  await page.getByLabel('Search merchants').fill('Lakeside');
  await page.getByRole('button', { name: /Lakeside Furniture Co\./ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();

  // Lakeside's own value is off: no Locations in the navigation, and the page is refused.
  await expect(mainNavigation(page).getByRole('link', { name: 'Transactions' })).toBeVisible();
  await expect(mainNavigation(page).getByRole('link', { name: 'Locations' })).toHaveCount(0);
  await page.goto('/locations');
  await expect(page.getByRole('heading', { level: 1, name: 'Permission Denied' })).toBeVisible();

  await page.goto('/internal-settings');
  const flag = page.getByRole('radiogroup', { name: 'isLocationPageEnabled' });
  await expect(flag.getByRole('radio', { name: 'Off', exact: true })).toBeChecked();
  await expect(flag.getByRole('radio', { name: 'Tenant default (On)' })).not.toBeChecked();
  await expect(flag.getByText('Now: Off')).toBeVisible();
  await expectNoAxeViolations(page);
  await saveLocationsFlag(page, 'On');

  await page.reload();
  await expect(page.getByRole('button', { name: `Merchant: ${LAKESIDE}. Switch merchant` })).toBeVisible();
  await mainNavigation(page).getByRole('link', { name: 'Locations' }).click();
  await expect(page).toHaveURL(/\/locations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Permission Denied' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toHaveCount(0);

  // Back as the demo data has it, so that the journey can run again on the same database.
  await page.goto('/internal-settings');
  await saveLocationsFlag(page, 'Off');

  // The change is in the merchant's audit log, with who made it.
  await mainNavigation(page).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log).toHaveAttribute('aria-busy', 'false');
  const entry = log.locator('tbody tr').filter({ hasText: 'Feature flag override changed' }).first();
  await expect(entry).toContainText('internal.admin@provider.demo');
});

test.describe('signed in as internalAdmin', () => {
  // Saved with the merchant Northwind Demo Outfitters chosen.
  test.use({ role: 'internalAdmin' });

  test("provider staff change a program's internal values, refused first for a bad key", async ({ page }) => {
    await page.goto('/internal-settings');
    await expect(page.getByRole('heading', { level: 2, name: 'Merchant values' })).toBeVisible();
    const risk = page.getByRole('textbox', { name: 'Value of riskTier' });
    await expect(risk).toHaveValue(/.+/);

    await page.getByRole('button', { name: 'Add a value' }).click();
    const key = page.getByRole('textbox', { name: 'Key', exact: true }).last();
    await key.fill('bad key');
    await page.getByRole('button', { name: 'Save merchant values' }).click();
    await expect(key).toHaveAccessibleDescription(/letters, digits, dots or underscores/);
    await expectNoAxeViolations(page);

    const suite = `S${Date.now() % 100_000}`;
    await key.fill('suite.marker');
    await page.getByRole('textbox', { name: 'Value of suite.marker' }).fill(suite);
    await page.getByRole('button', { name: 'Save merchant values' }).click();
    await expect(page.getByText('The merchant values are saved.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Value of suite.marker' })).toHaveValue(suite);
    await page.getByRole('button', { name: 'Remove suite.marker' }).click();
    await page.getByRole('button', { name: 'Save merchant values' }).click();
    await expect(page.getByText('The merchant values are saved.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Value of suite.marker' })).toHaveCount(0);
  });

  test('the page fits a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/internal-settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Internal settings' })).toBeVisible();
    await expect(page.getByRole('radiogroup', { name: 'isLocationPageEnabled' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Value of riskTier' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
  });
});
