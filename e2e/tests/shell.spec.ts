import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../fixtures/axe';

test('the bread portal shows its shell, navigation and pages', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  await expect(page).toHaveTitle(/Bread Merchant Portal/);
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  for (const name of [
    'Transactions',
    'Data insights',
    'Settlement report',
    'Targeting export',
    'Carts',
    'Locations',
  ]) {
    await expect(navigation.getByRole('link', { name })).toBeVisible();
  }
  await expectNoAxeViolations(page);

  await navigation.getByRole('link', { name: 'Settlement report' }).click();
  await expect(page).toHaveURL(/\/settlement-report$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settlement report' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('an unknown path shows page-not-found', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/data-insights');
  await expect(page.getByRole('heading', { level: 1, name: 'Data insights' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});
