import { expect, signedOutPage, test } from '../fixtures/test';
import { expectNoAxeViolations } from '../fixtures/axe';

test.use({ role: 'merchantAdmin' });

test('a cart from creation to the shopper paying, and its transaction in the list', async ({
  page,
  browser,
}) => {
  const reference = `E2E-${String(Date.now())}`;
  await page.goto('/carts');
  await expect(page.getByRole('heading', { level: 1, name: 'Carts' })).toBeVisible();
  const list = page.getByRole('table', { name: 'Carts' });
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await expect(list.locator('tbody tr').first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Create cart' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create cart' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('textbox', { name: 'Cart name' }).fill('Canoe for the lake');
  await page.getByRole('textbox', { name: 'Order reference' }).fill(reference);
  await page.getByRole('textbox', { name: 'Item name' }).fill('Cedar canoe');
  await page.getByRole('textbox', { name: 'Quantity' }).fill('2');
  await page.getByRole('textbox', { name: 'Unit price' }).fill('450.25');
  await page.getByRole('textbox', { name: 'Shipping' }).fill('25');
  await expect(page.getByRole('region', { name: 'Totals' })).toContainText('$925.50');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Robin Shopper');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('robin.shopper@example.com');
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('5 Lake Road');
  await page.getByRole('textbox', { name: 'City' }).fill('Albany');
  await page.getByRole('textbox', { name: 'State or province' }).fill('NY');
  await page.getByRole('textbox', { name: 'Postal code' }).fill('12207');
  await page.getByRole('button', { name: 'Create cart' }).click();

  await expect(page.getByRole('heading', { level: 2, name: 'Canoe for the lake' })).toBeVisible();
  await expect(page.getByText('Active', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText('The link was sent to robin.shopper@example.com.')).toBeVisible();
  await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'robin.shopper@example.com' })).toBeVisible();
  await expectNoAxeViolations(page);
  const link = await page.getByRole('textbox', { name: 'Checkout link' }).inputValue();
  expect(link).toMatch(/\/checkout\/[A-Za-z0-9_-]{43}$/);

  // The shopper: no sign-in, another browser.
  const shopper = await signedOutPage(browser);
  await shopper.goto(link);
  await expect(shopper.getByRole('heading', { level: 2, name: 'Canoe for the lake' })).toBeVisible();
  await expect(shopper.getByText('From Northwind Demo Outfitters', { exact: false })).toBeVisible();
  await expect(shopper.getByRole('region', { name: 'Totals' })).toContainText('$925.50');
  await expectNoAxeViolations(shopper);
  await shopper.getByRole('button', { name: 'Complete purchase' }).click();
  await expect(shopper.getByText('Thank you! Your purchase is complete.')).toBeVisible();
  // The link now says so and offers nothing.
  await shopper.reload();
  await expect(shopper.getByText('This cart has already been completed.')).toBeVisible();
  await expect(shopper.getByRole('button', { name: 'Complete purchase' })).toHaveCount(0);
  await shopper.context().close();

  await page.reload();
  await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send link' })).toHaveCount(0);
  const transactionLink = page.getByRole('link', { name: /^[0-9a-f-]{36}$/ });
  const transactionId = (await transactionLink.textContent()) ?? '';

  await page.goto(`/transactions?search=${reference}`);
  const transactions = page.getByRole('table', { name: 'Transactions' });
  await expect(transactions).toHaveAttribute('aria-busy', 'false');
  await expect(transactions.locator('tbody tr')).toHaveCount(1);
  await expect(transactions.getByRole('link', { name: transactionId })).toBeVisible();
  await expect(transactions).toContainText(reference);
  await expect(transactions).toContainText('$925.50');
});
