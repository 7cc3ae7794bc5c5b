import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from '../fixtures/axe';

test('the rbc portal hides the bread-only pages', async ({ page }) => {
  await page.goto('/transactions');
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link', { name: 'Data insights' })).toBeVisible();
  for (const name of ['Settlement report', 'Targeting export', 'Carts', 'Locations']) {
    await expect(navigation.getByRole('link', { name })).toHaveCount(0);
  }
  for (const path of ['/settlement-report', '/targeting-export', '/carts', '/locations']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  }
});

test('the rbc portal speaks Canadian French', async ({ page }) => {
  await page.goto('/data-insights');
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analyse des données' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expectNoAxeViolations(page);
});
