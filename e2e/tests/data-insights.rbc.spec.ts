import { expect, test } from '../fixtures/test';
import { expectNoAxeViolations } from '../fixtures/axe';
import { DEMO_DATA_ENDS_AT } from '../fixtures/demo-data';
import { signIn } from '../fixtures/sign-in';

test('data insights read in Canadian French, amounts and days as French writes them', async ({ page }) => {
  await signIn(page, 'admin@rbc-merchant.demo');
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');

  // The last 90 days end on the page's today: the day the demo data ends, not the day the tests run.
  await page.clock.setFixedTime(DEMO_DATA_ENDS_AT);
  await page.goto('/data-insights?preset=last90Days');
  await expect(page.getByRole('heading', { level: 1, name: 'Analyse des données' })).toBeVisible();
  const sales = page.getByTestId('metric-settledSales');
  await expect(sales).toBeVisible();
  // "1 234,56 $": the sign after the amount, a comma before the cents.
  await expect(sales).toHaveText(/^[\d\s]+,\d\d\s\$$/);
  await expect(page.getByText(/^Période précédente : /).first()).toBeVisible();

  const overTime = page.getByRole('region', { name: 'Transactions dans le temps' });
  await expect(overTime.getByText(/^En date du .* · Jours selon America\/Toronto$/)).toBeVisible();
  await overTime.getByText('Tableau', { exact: true }).click();
  await expect(overTime.getByRole('columnheader').first()).toHaveText('Période (America/Toronto)');
  await expect(overTime.getByRole('row').nth(1)).toContainText('Semaine du');
  // rbc has no targeting export: no link leads there.
  await expect(page.locator('a[href*="/targeting-export"]')).toHaveCount(0);
  await expectNoAxeViolations(page);
});
