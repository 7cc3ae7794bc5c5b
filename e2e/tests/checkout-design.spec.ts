import { expect, signedOutPage, test } from '../fixtures/test';
import { expectNoAxeViolations } from '../fixtures/axe';

test.use({ role: 'merchantAdmin' });

// Colors that pass WCAG AA together: the published design reaches every shopper's checkout of the
// merchant, which the other journeys scan too.
const BUTTON = '#0b5394';
const BUTTON_RGB = 'rgb(11, 83, 148)';
const LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40">' +
  '<rect width="120" height="40" rx="6" fill="#0b5394"/></svg>';
const SCRIPTED_LOGO = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>';
const svgFile = (text: string) => ({
  name: 'logo.svg',
  mimeType: 'image/svg+xml',
  buffer: Buffer.from(text),
});

test('an admin designs the checkout, is warned of low contrast, publishes, and the shopper sees it', async ({
  page,
  browser,
}) => {
  const shopName = `Northwind Trail Shop ${String(Date.now())}`;
  await page.goto('/checkout-design');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout design' })).toBeVisible();
  const shopNameField = page.getByRole('textbox', { name: 'Shop name', exact: true });
  await expect(shopNameField).not.toHaveValue('');
  await shopNameField.fill(shopName);
  await page.getByRole('textbox', { name: 'Page background color', exact: true }).fill('#ffffff');
  await page.getByRole('textbox', { name: 'Text color', exact: true }).fill('#1b1b1b');
  await page.getByRole('textbox', { name: 'Primary color (shop name)', exact: true }).fill('#1b1b1b');
  await page.getByRole('textbox', { name: 'Button text color', exact: true }).fill('#ffffff');

  // White on yellow: the preview says it is hard to read, with the ratio.
  await page.getByRole('textbox', { name: 'Button color', exact: true }).fill('#ffff00');
  const warning = page.getByRole('status').filter({ hasText: 'Some text may be hard to read' });
  await expect(warning).toContainText('Button text on the button: 1.07:1');
  const preview = page.getByTestId('checkout-preview');
  await expect(preview).toContainText(shopName);
  await page.getByText('Phone', { exact: true }).click();
  await expect(preview).toHaveAttribute('data-width', 'phone');

  await page.getByRole('textbox', { name: 'Button color', exact: true }).fill(BUTTON);
  await expect(warning).toHaveCount(0);

  // A logo that would run a script is refused; a plain drawing is taken and previewed.
  const logoInput = page.locator('input[type="file"]');
  await logoInput.setInputFiles(svgFile(SCRIPTED_LOGO));
  await expect(page.getByRole('alert').filter({ hasText: 'This SVG holds scripts' })).toBeVisible();
  await logoInput.setInputFiles(svgFile(LOGO));
  await expect(page.getByRole('img', { name: 'Current logo' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('The design is published: shoppers see it from now on.')).toBeVisible();
  await expect(page.getByText(/^Version \d+ published/)).toBeVisible();
  const versions = page.getByRole('table', { name: 'Published versions' });
  await expect(versions.locator('tbody tr').first()).toContainText(shopName);
  await expectNoAxeViolations(page);

  // A cart of the merchant, and its link as the shopper gets it.
  await page.goto('/carts/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create cart' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Cart name' }).fill('Trail tent');
  await page.getByRole('textbox', { name: 'Order reference' }).fill(`E2E-DESIGN-${String(Date.now())}`);
  await page.getByRole('textbox', { name: 'Item name' }).fill('Trail tent');
  await page.getByRole('textbox', { name: 'Quantity' }).fill('1');
  await page.getByRole('textbox', { name: 'Unit price' }).fill('320');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Robin Shopper');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('design.shopper@example.com');
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('5 Lake Road');
  await page.getByRole('textbox', { name: 'City' }).fill('Albany');
  await page.getByRole('textbox', { name: 'State or province' }).fill('NY');
  await page.getByRole('textbox', { name: 'Postal code' }).fill('12207');
  await page.getByRole('button', { name: 'Create cart' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Trail tent' })).toBeVisible();
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByText('The link was sent to design.shopper@example.com.')).toBeVisible();
  const link = await page.getByRole('textbox', { name: 'Checkout link' }).inputValue();

  const shopper = await signedOutPage(browser);
  await shopper.goto(link);
  await expect(shopper.getByRole('heading', { level: 2, name: 'Trail tent' })).toBeVisible();
  await expect(shopper.getByText(shopName, { exact: true })).toBeVisible();
  // The logo comes from the server's link, as an image that has loaded.
  const logo = shopper.locator('img[src$="/logo"]');
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(shopper.getByRole('button', { name: 'Complete purchase' })).toHaveCSS(
    'background-color',
    BUTTON_RGB,
  );
  await expectNoAxeViolations(shopper);
  await shopper.context().close();
});
