import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { expectNoAxeViolations } from '../fixtures/axe';
import { signIn } from '../fixtures/sign-in';

const PHONE = { width: 390, height: 844 };
const RUN = String(Date.now()).slice(-6);

/** A call of the locations API with the page's own token; its status. */
function callLocations(page: Page, method: 'GET' | 'POST', body?: object) {
  return page.evaluate(
    async ({ method, body }) => {
      const token = JSON.parse(localStorage.getItem('portal.token') ?? 'null') as string;
      const response = await fetch('/api/locations', {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          'X-API-Version': 'v2',
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return response.status;
    },
    { method, body },
  );
}

const storeAt = (number: number) => ({
  name: `E2E Paging ${RUN} ${String(number).padStart(2, '0')}`,
  storeNumber: `E2E-${RUN}-${String(number)}`,
  addressLine1: `${String(number)} Market Street`,
  addressLine2: '',
  city: 'Albany',
  region: 'NY',
  postalCode: '12207',
  country: 'US',
  phone: '+1 518 555 0100',
  timeZone: 'America/New_York',
});

test.describe('as a merchant admin', () => {
  test.use({ role: 'merchantAdmin' });

  test('search, sort, page, export, open a location and follow its figures to its transactions', async ({
    page,
  }) => {
    await page.goto('/locations');
    await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Locations' });
    await expect(table).toHaveAttribute('aria-busy', 'false');
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await expectNoAxeViolations(page);

    // More stores than one page holds, so that the pager has somewhere to go.
    for (let number = 1; number <= 25; number += 1) {
      expect(await callLocations(page, 'POST', storeAt(number))).toBe(201);
    }
    await page.reload();
    await expect(table).toHaveAttribute('aria-busy', 'false');
    await expect(table.locator('tbody tr')).toHaveCount(25);
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('link', { name: 'Next' })
      .or(page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' }))
      .click();
    await expect(page).toHaveURL(/offset=25/);
    // The address changes before the list renders for it: until then the first page still shows, not
    // yet busy. The second page holds the rest, fewer than a page.
    await expect(async () => {
      await expect(table).toHaveAttribute('aria-busy', 'false', { timeout: 0 });
      const rest = await table.locator('tbody tr').count();
      expect(rest).toBeGreaterThan(0);
      expect(rest).toBeLessThan(25);
    }).toPass();

    await page.getByRole('searchbox', { name: 'Search locations' }).fill(`E2E Paging ${RUN} 07`);
    await expect(page).toHaveURL(/search=/);
    await expect(page).not.toHaveURL(/offset=/);
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await page.getByRole('searchbox', { name: 'Search locations' }).fill('');
    await expect(page).not.toHaveURL(/search=/);

    await table.getByRole('button', { name: 'Store number' }).click();
    await expect(page).toHaveURL(/sort=storeNumber/);
    await expect(table.getByRole('columnheader', { name: 'Store number' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^locations-\d{4}-\d{2}-\d{2}\.csv$/);

    // The demo merchant's first store, whose sales the figures count.
    await page.goto('/locations?status=ACTIVE&sort=storeNumber&order=asc');
    await expect(table).toHaveAttribute('aria-busy', 'false');
    const first = table.locator('tbody tr').first();
    const name = (await first.getByRole('link').textContent()) ?? '';
    await first.click();
    const drawer = page.getByRole('dialog', { name });
    await expect(drawer.getByRole('heading', { name: /^This month/ })).toBeVisible();
    await expect(drawer.getByText('Settled sales')).toBeVisible();
    await expect(drawer.getByText('Active', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    const id = /\/locations\/([^?]+)/.exec(page.url())?.[1] ?? '';
    // The transaction list asks for the location's transactions only.
    const filtered = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === '/api/transactions' && url.searchParams.get('locationID') === id;
    });
    await drawer.getByRole('link', { name: `See the transactions of ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/transactions\\?locationID=${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
    expect((await filtered).status()).toBe(200);
  });

  test('add a location with a checked address, edit it, deactivate and reactivate it', async ({ page }) => {
    const name = `E2E Store ${RUN}`;
    await page.goto('/locations');
    await page.getByRole('button', { name: 'Add location' }).click();
    const form = page.getByRole('dialog', { name: 'Add location' });
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await form.getByRole('textbox', { name: 'Store number' }).fill(`E2E-${RUN}`);
    await form.getByRole('textbox', { name: 'Address line 1' }).fill('1 Main Street');
    await form.getByRole('textbox', { name: 'City' }).fill('Buffalo');
    await form.getByRole('combobox', { name: 'State' }).click();
    await page.getByRole('option', { name: 'NY', exact: true }).click();
    await form.getByRole('textbox', { name: 'ZIP code' }).fill('1420');
    await form.getByRole('textbox', { name: 'Phone' }).fill('+1 716 555 0101');
    await form.getByRole('combobox', { name: 'Time zone' }).click();
    await page.getByRole('option', { name: 'America/New York' }).click();
    await form.getByRole('button', { name: 'Add location' }).click();
    await expect(form.getByText(/Enter a ZIP code like 10013/)).toBeVisible();
    await expectNoAxeViolations(page);
    await form.getByRole('textbox', { name: 'ZIP code' }).fill('14202');
    await form.getByRole('button', { name: 'Add location' }).click();

    // The new location opens over the list.
    const drawer = page.getByRole('dialog', { name });
    await expect(drawer.getByText('Buffalo, NY 14202')).toBeVisible();
    await expect(drawer.getByText('Transactions', { exact: true })).toBeVisible();

    await drawer.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByRole('textbox', { name: 'Name' }).fill(`${name} renamed`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    const renamed = page.getByRole('dialog', { name: `${name} renamed` });
    await expect(renamed).toBeVisible();
    // The save's alert is read and closed before the next question, whose overlay would dim it.
    await page.getByRole('button', { name: 'Close alert' }).click();
    await expect(page.getByRole('button', { name: 'Close alert' })).toBeHidden();

    await renamed.getByRole('button', { name: 'Deactivate' }).click();
    const question = page.getByRole('dialog', { name: `Deactivate ${name} renamed?` });
    await expect(question).toContainText('Its transactions keep naming it');
    await expectNoAxeViolations(page);
    await question.getByRole('button', { name: 'Deactivate' }).click();
    await expect(renamed.getByText('Inactive', { exact: true })).toBeVisible();
    await expect(renamed.getByText('Deactivated at')).toBeVisible();

    await renamed.getByRole('button', { name: 'Reactivate' }).click();
    const again = page.getByRole('dialog', { name: `Reactivate ${name} renamed?` });
    await again.getByRole('button', { name: 'Reactivate' }).click();
    await expect(renamed.getByText('Active', { exact: true })).toBeVisible();
  });

  test('at phone width each location is a card', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/locations');
    const table = page.getByRole('table', { name: 'Locations' });
    await expect(table).toHaveAttribute('aria-busy', 'false');
    const card = table.locator('tbody tr').first();
    await expect(card.locator('td[data-label="Store number"]')).toBeVisible();
    const box = await card.boundingBox();
    expect(box?.width ?? PHONE.width).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page);
  });
});

test.describe('as a read-only user', () => {
  test.use({ role: 'readOnly' });

  test('sees the locations but offers no change', async ({ page }) => {
    await page.goto('/locations');
    const table = page.getByRole('table', { name: 'Locations' });
    await expect(table).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByRole('button', { name: 'Add location' })).toHaveCount(0);
    await table.locator('tbody tr').first().click();
    await expect(page.getByRole('dialog').getByText('Settled sales')).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Edit' })).toHaveCount(0);
    expect(await callLocations(page, 'POST', storeAt(99))).toBe(403);
  });
});

test('a merchant whose locations flag is off is refused the page and its calls', async ({ page }) => {
  await signIn(page, 'internal.admin@provider.demo');
  await page.getByLabel('Search merchants').fill('Summit');
  await page.getByRole('button', { name: /Summit Cycle Works/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Locations' })).toHaveCount(0);
  await page.goto('/locations');
  await expect(
    page.getByText(
      'You do not have permissions to view this page. If you think this is incorrect, please contact the Merchant Success team.',
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await callLocations(page, 'GET')).toBe(403);
});
