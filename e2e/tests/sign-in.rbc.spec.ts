import { expect, test } from '../fixtures/test';
import { expectNoAxeViolations } from '../fixtures/axe';
import { DEMO_PASSWORD, mainNavigation, signIn } from '../fixtures/sign-in';

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

test('the sign-in form loads Canadian French only when it is chosen, and signs in in it', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\/[^/?]+/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toBeVisible();
  const loadedInEnglish = scripts.length;

  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ouvrir une session' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  // The French translations came with the switch, not with the page.
  expect(scripts.length).toBeGreaterThan(loadedInEnglish);
  await expect(page.getByRole('button', { name: 'English' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Ouvrir une session' }).click();
  await expect(page.getByLabel('Courriel')).toBeFocused();
  await page.getByLabel('Courriel').fill('admin@rbc-merchant.demo');
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Ouvrir une session' }).click();
  await expect(page).not.toHaveURL(/\/login|\/implicit\/callback/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
});
