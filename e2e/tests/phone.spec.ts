import type { Locator, Page } from '@playwright/test';
import { expectNoAxeViolations } from '../fixtures/axe';
import { mainNavigation, signIn } from '../fixtures/sign-in';
import { expect, test } from '../fixtures/test';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error(`${locator.toString()} is not shown`);
  return box;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The right edges of the header's controls that end beyond the screen. */
async function headerControlsOffScreen(page: Page): Promise<string[]> {
  return page
    .getByRole('banner')
    .evaluate((header) =>
      [...header.querySelectorAll('a, button')]
        .filter((control) => control.getBoundingClientRect().right > window.innerWidth)
        .map((control) => control.textContent),
    );
}

async function openNavigation(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const navigation = mainNavigation(page);
  // Its slide in has ended: the drawer sits at the screen's left edge.
  await expect.poll(async () => (await boxOf(navigation)).x).toBe(0);
  return navigation;
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  // Signs in on its own: signing out ends the sign-in that the internalAdmin role's tests share.
  test('provider staff switch merchant and sign out from the navigation drawer', async ({ page }) => {
    await signIn(page, 'internal.admin@provider.demo');
    await page.getByLabel('Search merchants').fill('Northwind');
    await page.getByRole('button', { name: /Northwind Demo Outfitters/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
    expect(await headerControlsOffScreen(page)).toEqual([]);
    await expect(page.getByRole('button', { name: /^Account menu of / })).toHaveCount(0);

    const drawer = await openNavigation(page);
    await expectNoAxeViolations(page);
    await drawer
      .getByRole('button', { name: 'Merchant: Northwind Demo Outfitters. Switch merchant' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Switch merchant' });
    await dialog.getByLabel('Search merchants').fill('Summit');
    await dialog.getByRole('button', { name: /Summit Cycle Works/ }).click();
    await expect(dialog).toBeHidden();
    // The switch is done: the drawer closes onto the new merchant's page.
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
    const navigation = await openNavigation(page);
    await expect(
      navigation.getByRole('button', { name: 'Merchant: Summit Cycle Works. Switch merchant' }),
    ).toBeVisible();
    await expect(navigation.getByText('internal.admin@provider.demo')).toBeVisible();

    const signOut = navigation.getByRole('button', { name: 'Sign out' });
    await expect(signOut).toBeInViewport({ ratio: 1 });
    await signOut.click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('portal.token'))).toBeNull();
  });

  test.describe('signed in as merchantAdmin', () => {
    test.use({ role: 'merchantAdmin' });

    test('a merchant user finds the account in the drawer, and a settings form starts on the first screen', async ({
      page,
    }) => {
      await page.goto('/transactions');
      await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
      expect(await headerControlsOffScreen(page)).toEqual([]);
      const navigation = await openNavigation(page);
      await expect(navigation.getByText('admin@merchant.demo')).toBeVisible();
      await expect(navigation.getByRole('button', { name: 'Sign out' })).toBeInViewport({ ratio: 1 });

      await navigation.getByRole('link', { name: 'Account settings' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'General settings' })).toBeVisible();
      const settings = page.getByRole('navigation', { name: 'Account settings' });
      const pages = settings.getByRole('button', { name: 'General settings' });
      await expect(pages).toHaveAttribute('aria-expanded', 'false');
      await expect(settings.getByRole('link', { name: 'Password' })).toBeHidden();
      await pages.click();
      await settings.getByRole('link', { name: 'Password' }).click();

      await expect(page.getByRole('heading', { level: 1, name: 'Password' })).toBeVisible();
      await expect(settings.getByRole('button', { name: 'Password' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
      await expect(page.getByRole('textbox', { name: 'Current password' })).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole('button', { name: 'Change password' })).toBeInViewport({ ratio: 1 });
      await expectNoAxeViolations(page);
    });

    test('the transaction drawer shows every value and e-mail address without a sideways scroll', async ({
      page,
    }) => {
      await page.goto('/transactions');
      await page
        .getByRole('table', { name: 'Transactions' })
        .locator('tbody tr')
        .first()
        .getByRole('link')
        .click();
      const drawer = page.getByRole('dialog', { name: /^Transaction / });
      await expect(drawer.getByRole('table', { name: 'History' })).toBeVisible();
      // Measured once the drawer has slid in, not while it moves.
      await expect(drawer.getByRole('heading', { name: /^Transaction / })).toBeInViewport({ ratio: 1 });
      const cutOff = await drawer.evaluate((dialog) =>
        [...dialog.querySelectorAll('dd, td, th')]
          .filter(
            (cell) =>
              cell.getBoundingClientRect().right > window.innerWidth || cell.scrollWidth > cell.clientWidth,
          )
          .map((cell) => cell.textContent),
      );
      expect(cutOff).toEqual([]);
      await expectNoAxeViolations(page);
    });
  });
});

test.describe('at 1280 px, signed in as merchantAdmin', () => {
  test.use({ role: 'merchantAdmin', viewport: DESKTOP });

  test('an error alert shown over an open drawer covers neither its title and close button nor the header', async ({
    page,
  }) => {
    // The transaction's detail fails: the drawer shows the failure and the portal raises its error alert.
    await page.route(/\/api\/transactions\/[0-9a-f-]{36}$/, (route) =>
      route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Internal error' } } }),
    );
    await page.goto('/transactions');
    await page
      .getByRole('table', { name: 'Transactions' })
      .locator('tbody tr')
      .first()
      .getByRole('link')
      .click();
    const drawer = page.getByRole('dialog', { name: /^Transaction / });
    const alert = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Close alert' }) });
    await expect(alert).toBeVisible();
    await expect(alert).toBeInViewport({ ratio: 1 });

    const shown = await boxOf(alert);
    const covered = {
      'drawer title': await boxOf(drawer.getByRole('heading', { name: /^Transaction / })),
      'drawer close button': await boxOf(drawer.getByRole('button', { name: 'Close the transaction' })),
      'account menu': await boxOf(page.getByRole('button', { name: 'Account menu of admin@merchant.demo' })),
      header: await boxOf(page.getByRole('banner').filter({ hasText: 'Bread Merchant Portal' })),
    };
    for (const [name, box] of Object.entries(covered)) expect(overlaps(shown, box), name).toBe(false);
    await drawer.getByRole('button', { name: 'Close the transaction' }).click();
    await expect(drawer).toBeHidden();
  });

  test('a focused input or select shows a ring of at least 2 px', async ({ page }) => {
    await page.goto('/transactions');
    for (const field of [
      page.getByRole('searchbox', { name: 'Search' }),
      page.getByRole('combobox', { name: 'Status' }),
    ]) {
      await field.focus();
      const ring = await field.evaluate((element) => {
        // A multi-select's box holds its text field: the box draws the ring.
        const style = getComputedStyle(element.closest('.mantine-Input-input') ?? element);
        return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
      });
      expect(ring.style).not.toBe('none');
      expect(ring.width).toBeGreaterThanOrEqual(2);
    }
  });
});
