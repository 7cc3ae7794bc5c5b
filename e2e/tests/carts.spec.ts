import type { Page } from '@playwright/test';
import { expect, signedOutPage, test } from '../fixtures/test';
import { expectNoAxeViolations } from '../fixtures/axe';
import { emailCount } from '../fixtures/outbox';

test.use({ role: 'merchantAdmin' });

/** Fills the create form with one item of 2 × $450.25 and $25 shipping, and creates the cart. */
async function fillCart(page: Page, cart: { name: string; reference: string; email: string }) {
  await page.getByRole('textbox', { name: 'Cart name' }).fill(cart.name);
  await page.getByRole('textbox', { name: 'Order reference' }).fill(cart.reference);
  await page.getByRole('textbox', { name: 'Item name' }).fill('Cedar canoe');
  await page.getByRole('textbox', { name: 'Quantity' }).fill('2');
  await page.getByRole('textbox', { name: 'Unit price' }).fill('450.25');
  await page.getByRole('textbox', { name: 'Shipping' }).fill('25');
  await expect(page.getByRole('region', { name: 'Totals' })).toContainText('$925.50');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Robin Shopper');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(cart.email);
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('5 Lake Road');
  await page.getByRole('textbox', { name: 'City' }).fill('Albany');
  await page.getByRole('textbox', { name: 'State or province' }).fill('NY');
  await page.getByRole('textbox', { name: 'Postal code' }).fill('12207');
  await page.getByRole('button', { name: 'Create cart' }).click();
  await expect(page.getByRole('heading', { level: 2, name: cart.name })).toBeVisible();
}

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
  await fillCart(page, { name: 'Canoe for the lake', reference, email: 'robin.shopper@example.com' });
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
  // The row's link (its order id) leads to the transaction's detail.
  await expect(transactions.locator(`a[href^="/transactions/${transactionId}?"]`)).toBeVisible();
  await expect(transactions).toContainText(reference);
  await expect(transactions).toContainText('$925.50');
});

test('a double click sends the link once, and the shopper leaving declines the cart for the merchant to see', async ({
  page,
  browser,
  baseURL,
}) => {
  const reference = `E2E-${String(Date.now())}`;
  const email = `leaving.${String(Date.now())}@example.com`;
  await page.goto('/carts/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create cart' })).toBeVisible();
  await fillCart(page, { name: 'Kayak, maybe', reference, email });

  const notifications: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/carts\/[^/]+\/(notify|resend)$/.test(request.url())) {
      notifications.push(request.url());
    }
  });
  await page.getByRole('button', { name: 'Send link' }).dblclick();
  await expect(page.getByText(`The link was sent to ${email}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend e-mail' })).toBeEnabled();
  expect(notifications).toHaveLength(1);
  expect(emailCount(baseURL ?? '', email, 'cart-link')).toBe(1);
  await expect(page.getByRole('cell', { name: email })).toHaveCount(1);
  const link = await page.getByRole('textbox', { name: 'Checkout link' }).inputValue();

  // The shopper leaves without paying, and is told what that did.
  const shopper = await signedOutPage(browser);
  await shopper.goto(link);
  await shopper.getByRole('button', { name: 'Leave' }).click();
  const leaving = shopper.getByRole('dialog', { name: 'Leave without paying?' });
  await expect(leaving).toContainText('Northwind Demo Outfitters will be told that you declined this cart');
  await expectNoAxeViolations(shopper);
  await leaving.getByRole('button', { name: 'Decline and leave' }).click();
  const declined = 'You declined this cart. Northwind Demo Outfitters has been told.';
  await expect(shopper.getByText(declined)).toBeVisible();
  await expect(shopper.getByRole('button', { name: 'Complete purchase' })).toHaveCount(0);
  await expectNoAxeViolations(shopper);
  await shopper.reload();
  await expect(shopper.getByText(declined)).toBeVisible();
  await shopper.context().close();

  // The merchant sees it declined, by the shopper, and can do nothing more with it.
  await page.reload();
  await expect(page.getByText('Declined', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('The shopper declined this cart.', { exact: false })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'by the shopper' })).toHaveText(
    /^Declined · .+ · by the shopper$/,
  );
  for (const action of ['Resend e-mail', 'Expire', 'Edit', 'Copy link']) {
    await expect(page.getByRole('button', { name: action })).toHaveCount(0);
  }
  await expectNoAxeViolations(page);

  await page.goto(`/carts?status=DECLINED&search=${reference}`);
  const list = page.getByRole('table', { name: 'Carts' });
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await expect(list.locator('tbody tr')).toHaveCount(1);
  await expect(list.locator('tbody tr')).toContainText('Declined');
});
