import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { expectNoAxeViolations } from '../fixtures/axe';

// An admin of Northwind creates a key, calls the merchant API with it from a server (here, the test),
// rotates it and revokes it.
test.use({ role: 'merchantAdmin' });

const KEY_NAME = `E2E integration ${String(Date.now())}`;
const SECRET = /^[0-9a-f-]{36}\.sk_[\w-]{43}$/;

interface TransactionPage {
  data: { items: { id: string }[]; pagination: { total: number } };
}

/** A call of the merchant API as the merchant's server makes it, outside the browser. */
function merchantApi(request: APIRequestContext, secret: string, path: string) {
  return request.get(`/api/merchant-api/v1${path}`, { headers: { authorization: `Bearer ${secret}` } });
}

/** The secret of the one-time dialog, which closes once the admin says it is saved. */
async function secretShown(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog', { name: new RegExp(`Secret of "${KEY_NAME}"`) });
  await expect(dialog.getByText('Shown only this once')).toBeVisible();
  const secret = (await dialog.getByTestId('access-key-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(SECRET);
  return secret;
}

test('create a key, call the API with it, rotate it, revoke it', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  // What the portal's list shows the admin: the merchant API must answer the same, and nothing else.
  // Listened for before the page opens: the first page is asked for as soon as the merchant is known.
  const portalAnswer = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/transactions' && response.status() === 200,
  );
  await page.goto('/transactions');
  const portalList = await portalAnswer;
  const query = new URL(portalList.url()).search;
  const portal = (await portalList.json()) as TransactionPage;
  expect(portal.data.items.length).toBeGreaterThan(0);

  await page.goto('/access-keys');
  await expect(page.getByRole('heading', { level: 1, name: 'Access keys' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Access keys' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Create a key' }).click();
  const form = page.getByRole('dialog', { name: 'Create an access key' });
  await form.getByRole('button', { name: 'Create the key' }).click();
  await expect(form.getByText('Give the key a name.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Name' }).fill(KEY_NAME);
  await expect(
    form.getByRole('radiogroup', { name: 'Transactions' }).getByRole('radio', { name: 'Read' }),
  ).toBeChecked();
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Create the key' }).click();

  const secret = await secretShown(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL ?? '' });
  await page.getByRole('button', { name: 'Copy the secret' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'I have saved it' }).click();
  const row = page.getByRole('row').filter({ hasText: KEY_NAME });
  await expect(row.getByText('Active')).toBeVisible();
  await expect(row).toContainText('Transactions: Read');

  // The merchant's server: exactly the portal's list of its own merchant, and one of them in full.
  const listed = await merchantApi(request, secret, `/transactions${query}`);
  expect(listed.status()).toBe(200);
  const api = (await listed.json()) as TransactionPage;
  expect(api.data.pagination.total).toBe(portal.data.pagination.total);
  expect(api.data.items.map((item) => item.id)).toEqual(portal.data.items.map((item) => item.id));
  const first = portal.data.items[0]?.id ?? '';
  expect((await merchantApi(request, secret, `/transactions/${first}`)).status()).toBe(200);
  // Its scopes hold: no cart is created with a read-only key.
  const cart = await request.post('/api/merchant-api/v1/carts', {
    headers: { authorization: `Bearer ${secret}` },
    data: {},
  });
  expect([400, 403]).toContain(cart.status());

  // Its last use shows, with the address it came from.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: KEY_NAME })).toContainText('from 127.0.0.1');

  // Rotation with no overlap: the new secret works, the old one no longer does.
  await page.getByRole('button', { name: `Rotate ${KEY_NAME}` }).click();
  const rotate = page.getByRole('dialog', { name: `Rotate "${KEY_NAME}"` });
  await rotate.getByRole('radio', { name: 'Now' }).check();
  await rotate.getByRole('button', { name: 'Rotate the key' }).click();
  const rotated = await secretShown(page);
  expect(rotated).not.toBe(secret);
  await page.getByRole('button', { name: 'I have saved it' }).click();
  expect((await merchantApi(request, secret, '/transactions')).status()).toBe(401);
  expect((await merchantApi(request, rotated, '/transactions')).status()).toBe(200);

  // Revocation: refused from the next call.
  await page.getByRole('button', { name: `Revoke ${KEY_NAME}` }).click();
  const revoke = page.getByRole('dialog', { name: `Revoke "${KEY_NAME}"?` });
  await revoke.getByRole('button', { name: 'Revoke the key' }).click();
  await expect(page.getByRole('row').filter({ hasText: KEY_NAME }).getByText('Revoked')).toBeVisible();
  const refused = await merchantApi(request, rotated, '/transactions');
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { error: { reason: string } }).error.reason).toBe('api_key.revoked');
  // The secret is in no later answer of the portal.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: KEY_NAME })).toBeVisible();
  expect(await page.content()).not.toContain(rotated.split('.')[1] ?? '');
});
