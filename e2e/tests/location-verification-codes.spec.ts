import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { expectNoAxeViolations } from '../fixtures/axe';

// An admin of Northwind gives a store its code, which the store's device checks at the public endpoint;
// the admin regenerates it, then revokes it.
test.use({ role: 'merchantAdmin' });

const PHONE = { width: 390, height: 844 };
const DENIED =
  'You do not have permissions to view this page. If you think this is incorrect, please contact the Merchant Success team.';

interface LocationList {
  data: { items: { locationId: string; name: string; locationStatus: string }[] };
}

/** What the store's device asks: is this the location's code? */
async function checkCode(request: APIRequestContext, locationId: string, code: string) {
  const response = await request.post('/api/location-verification-codes/check', {
    data: { locationId, code },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { valid: boolean } }).data.valid;
}

/** The digits of the one-time dialog, which closes once the admin is done. */
async function codeShown(page: Page, name: string): Promise<string> {
  const dialog = page.getByRole('dialog', { name: `The code of ${name}` });
  await expect(dialog.getByText('Shown this once')).toBeVisible();
  const code = (await dialog.getByTestId('location-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^\d{6}$/);
  return code;
}

test('generate a store code, check it as the store, regenerate it and revoke it', async ({
  page,
  request,
}) => {
  // The page's own list: which stores the admin sees, by id.
  const listed = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/location-verification-codes',
  );
  await page.goto('/location-verification-codes');
  const { items } = ((await (await listed).json()) as LocationList).data;
  await expect(page.getByRole('heading', { level: 1, name: 'Location verification codes' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Location verification codes' })).toBeVisible();
  await expectNoAxeViolations(page);

  const location = items.find((item) => item.locationStatus === 'ACTIVE');
  if (location === undefined) throw new Error('The demo merchant has no open location');

  const generating = page.waitForResponse((response) =>
    response.url().endsWith(`/${location.locationId}/generate`),
  );
  await page.getByRole('button', { name: `Generate a code for ${location.name}` }).click();
  expect((await generating).status()).toBe(201);
  const first = await codeShown(page, location.name);
  await expectNoAxeViolations(page);
  expect(await checkCode(request, location.locationId, first)).toBe(true);
  await page.getByRole('button', { name: 'Done' }).click();
  const row = page.getByRole('row').filter({ hasText: location.name });
  await expect(row.getByText('Active')).toBeVisible();
  // Shown once: the list never holds the digits again.
  await expect(page.getByText(first)).toHaveCount(0);

  await page.getByRole('button', { name: `Regenerate the code of ${location.name}` }).click();
  const second = await codeShown(page, location.name);
  await page.getByRole('button', { name: 'Done' }).click();
  if (second !== first) expect(await checkCode(request, location.locationId, first)).toBe(false);
  expect(await checkCode(request, location.locationId, second)).toBe(true);

  await page.getByRole('button', { name: `Revoke the code of ${location.name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Revoke the code of ${location.name}?` });
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Revoke the code' }).click();
  await expect(row.getByText('Revoked')).toBeVisible();
  expect(await checkCode(request, location.locationId, second)).toBe(false);

  await page.setViewportSize(PHONE);
  await expect(page.getByRole('heading', { level: 1, name: 'Location verification codes' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe('signed in as readOnly', () => {
  test.use({ role: 'readOnly' });

  test('a role without the codes scope sees Permission Denied', async ({ page }) => {
    await page.goto('/location-verification-codes');
    await expect(page.getByText(DENIED)).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
