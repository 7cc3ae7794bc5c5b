import { expect, test } from '../fixtures/test';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mainNavigation, signIn } from '../fixtures/sign-in';

test('an rbc admin signs in, sees no bread-only pages, and works in Canadian French', async ({ page }) => {
  await signIn(page, 'admin@rbc-merchant.demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  const navigation = mainNavigation(page);
  await expect(navigation.getByRole('link', { name: 'Data insights' })).toBeVisible();
  for (const name of ['Settlement report', 'Targeting export', 'Carts', 'Locations']) {
    await expect(navigation.getByRole('link', { name })).toHaveCount(0);
  }
  for (const path of ['/settlement-report', '/targeting-export', '/carts', '/locations']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  }

  await page.goto('/data-insights');
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analyse des données' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expectNoAxeViolations(page);
});

test('a bread merchant user cannot sign in to the rbc portal', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('E-mail').fill('admin@merchant.demo');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo-Password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toHaveCount(0);
});
