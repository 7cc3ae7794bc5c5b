import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../fixtures/test';
import { expectNoAxeViolations } from '../fixtures/axe';

test.use({ role: 'merchantAdmin' });

interface Plan {
  readonly frequency: 'MONTHLY' | 'BIWEEKLY';
  readonly numPayments: number;
  readonly rateBps: number;
}

/**
 * The "as low as" figure worked out here, apart from the portal's code: each plan's payment (amortized
 * with r = APR / payments a year, or the price split evenly at 0 %), to the nearest cent, and the one
 * that costs the least a month.
 */
function lowestPayment(cents: number, plans: readonly Plan[]): string {
  const perYear = (plan: Plan) => (plan.frequency === 'MONTHLY' ? 12 : 26);
  const payments = plans.map((plan) => {
    const r = plan.rateBps / 10_000 / perYear(plan);
    const payment = Math.round(
      r === 0 ? cents / plan.numPayments : (cents * r) / (1 - (1 + r) ** -plan.numPayments),
    );
    return { payment, monthly: (payment * perYear(plan)) / 12 };
  });
  const best = payments.reduce((a, b) => (b.monthly < a.monthly ? b : a));
  return (best.payment / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
}

/** A merchant's own product page, served on 127.0.0.1 by the test: another origin than the portal's. */
async function shopPage(snippet: string): Promise<{ url: string; server: Server }> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Trail shoes</title></head>
<body><main><h1>Trail shoes</h1><p>$1,250.00</p>${snippet}</main></body></html>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${String(port)}/trail-shoes.html`, server };
}

test('turn the product page message on, preview a price, save, copy the snippet and see the message on a shop page', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const plansAnswer = page.waitForResponse((response) => response.url().endsWith('/api/placements/plans'));
  await page.goto('/placement-design');
  const { data } = (await (await plansAnswer).json()) as { data: { plans: Plan[] } };
  // The demo merchant is enrolled in plans today: the page has a figure to show.
  expect(data.plans.length).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Placement design' })).toBeVisible();
  await expect(page.getByText('No message: this page type is turned off.')).toBeVisible();
  await expectNoAxeViolations(page);

  const product = page.getByRole('group', { name: 'Product page' });
  const productOn = product.getByRole('switch', { name: 'Show the message on the Product page' });
  // By keyboard: the shell's sticky header can sit over the first fields of a scrolled page.
  await productOn.focus();
  await page.keyboard.press('Space');
  await expect(productOn).toBeChecked();
  await product.getByRole('textbox', { name: 'Minimum price (USD)' }).fill('50');

  // The preview starts at $1,000 with the "as low as" figure of the merchant's active plans.
  const message = page.getByTestId('placement-preview-message');
  await expect(message).toContainText(`As low as ${lowestPayment(100_000, data.plans)}`);
  const atThousand = await message.textContent();

  // Slide the price: each step is $10, so 25 steps right is $1,250.
  await page.getByRole('slider', { name: 'Price' }).focus();
  for (let step = 0; step < 25; step += 1) await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('textbox', { name: 'Price (USD)', exact: true })).toHaveValue('1,250.00');
  await expect(message).not.toHaveText(atThousand ?? '');
  await expect(message).toContainText(`As low as ${lowestPayment(125_000, data.plans)}`);
  const figure = (await message.textContent()) ?? '';

  // Below the minimum, no message.
  await page.getByRole('textbox', { name: 'Price (USD)', exact: true }).fill('40');
  await expect(page.getByText('No message: the price is below the minimum of $50.00.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Price (USD)', exact: true }).fill('1250');
  await expect(message).toHaveText(figure);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/The on-site messaging is saved/)).toBeVisible();

  await page.getByRole('button', { name: 'Copy the snippet' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  const snippet = await page.evaluate(() => navigator.clipboard.readText());
  expect(snippet).toContain('/api/public/placement.js');
  expect(snippet).toContain('data-placement-page="product" data-amount="125000"');
  await expectNoAxeViolations(page);

  // The merchant pastes it into its own page: the script there shows the same message.
  const shop = await shopPage(snippet);
  try {
    await page.goto(shop.url);
    await expect(page.locator('[data-placement-message]')).toHaveText(figure);
  } finally {
    shop.server.close();
  }
});
