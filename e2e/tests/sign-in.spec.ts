import { expect, test } from '../fixtures/test';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mainNavigation, signIn } from '../fixtures/sign-in';

const ALL_MAIN_PAGES = [
  'Transactions',
  'Data insights',
  'Settlement report',
  'User management',
  'Targeting export',
  'Carts',
  'Locations',
];

const ROLES: { email: string; access: 'READ' | 'READ/WRITE'; hidden: string[] }[] = [
  { email: 'admin@merchant.demo', access: 'READ/WRITE', hidden: [] },
  { email: 'user@merchant.demo', access: 'READ/WRITE', hidden: ['User management'] },
  { email: 'readonly@merchant.demo', access: 'READ', hidden: ['User management'] },
];

for (const role of ROLES) {
  test(`${role.email} signs in through the identity provider and sees the navigation of its role`, async ({
    page,
  }) => {
    await signIn(page, role.email);
    await expect(page).toHaveURL(/\/transactions$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
    const navigation = mainNavigation(page);
    for (const name of ALL_MAIN_PAGES) {
      await expect(navigation.getByRole('link', { name, exact: true })).toHaveCount(
        role.hidden.includes(name) ? 0 : 1,
      );
    }
    await page.getByRole('button', { name: `Account menu of ${role.email}` }).click();
    await expect(page.getByText(`Access level: ${role.access}`)).toBeVisible();
    await page.keyboard.press('Escape');
    // The closing menu is briefly an empty role="menu"; scan the page as a person sees it, after it is gone.
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}

test('the sign-in form says when the password is wrong, and the sign-in page passes axe', async ({
  page,
}) => {
  await page.goto('/login');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('E-mail').fill('admin@merchant.demo');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The e-mail or password is incorrect.')).toBeVisible();
  await expectNoAxeViolations(page);
});

test("the sign-in form's HTML preloads the form's own code, which the entry would only ask for later", async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('E-mail')).toBeVisible();
  const html = await (await page.request.get(page.url())).text();
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/sign-in-page-[^"]+\.js">/);
  // The entry's own chunks are preloaded once, by the build's links, not again by the page's.
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((link) => link[1]);
  expect(new Set(preloads).size).toBe(preloads.length);
});

test('a deep link opened while signed out comes back after sign-in', async ({ page }) => {
  await signIn(page, 'admin@merchant.demo', { from: '/data-insights' });
  await expect(page).toHaveURL(/\/data-insights$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Data insights' })).toBeVisible();
});

test.describe('signed in as merchantUser', () => {
  test.use({ role: 'merchantUser' });

  test('a page the role may not open shows Permission Denied, and its button goes home', async ({ page }) => {
    await page.goto('/user-management');
    await expect(
      page.getByText(
        'You do not have permissions to view this page. If you think this is incorrect, please contact the Merchant Success team.',
      ),
    ).toBeVisible();
    await expectNoAxeViolations(page);
    await page
      .getByRole('link', { name: 'Return to home page' })
      .or(page.getByRole('button', { name: 'Return to home page' }))
      .click();
    await expect(page).toHaveURL(/\/transactions$/);
  });
});

test.describe('signed in as merchantAdmin', () => {
  test.use({ role: 'merchantAdmin' });

  test('an unknown path shows page-not-found', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test('signing out ends the session and a protected page asks to sign in again', async ({ page }) => {
  await signIn(page, 'admin@merchant.demo');
  const token = await page.evaluate(() => window.localStorage.getItem('portal.token'));
  await page.getByRole('button', { name: 'Account menu of admin@merchant.demo' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem('portal.token'))).toBeNull();
  // The server ended the sign-in: the token of before is refused, though it has not expired.
  const afterSignOut = await page.request.get('/api/merchants/current', {
    headers: { authorization: `Bearer ${token ?? ''}` },
  });
  expect(afterSignOut.status()).toBe(401);
  await page.goto('/transactions');
  await expect(page).toHaveURL(/\/login$/);
  // The identity provider's session ended too: signing in again asks for the password.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\/[^/?]+/);
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible();
});

test('an internal admin chooses a merchant, then switches to another', async ({ page }) => {
  await signIn(page, 'internal.admin@provider.demo');
  await expect(page.getByRole('heading', { name: 'Choose a merchant' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Search merchants').fill('Northwind');
  await page.getByRole('button', { name: /Northwind Demo Outfitters/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  await expect(mainNavigation(page).getByRole('link', { name: 'Carts', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Merchant: Northwind Demo Outfitters. Switch merchant' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Search merchants').fill('Summit');
  await dialog.getByRole('button', { name: /Summit Cycle Works/ }).click();
  await expect(
    page.getByRole('button', { name: 'Merchant: Summit Cycle Works. Switch merchant' }),
  ).toBeVisible();
});
