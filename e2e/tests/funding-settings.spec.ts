import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { expectNoAxeViolations } from '../fixtures/axe';

const PHONE = { width: 390, height: 844 };

// Northwind Demo Outfitters (the demo merchant of admin@) is paid weekly on Fridays; the journey puts
// that schedule back at its end, as other journeys read its deposits.
test.describe('signed in as merchantAdmin', () => {
  test.use({ role: 'merchantAdmin' });

  const depositDays = (page: Page) => page.getByRole('list', { name: 'Next deposit days' });

  async function choose(page: Page, field: string, option: string): Promise<void> {
    await page.getByRole('combobox', { name: new RegExp(`^${field}`) }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  async function save(page: Page): Promise<void> {
    await page.getByRole('button', { name: 'Save funding settings' }).click();
    await expect(page.getByText('The funding settings are saved.')).toBeVisible();
  }

  test('a new payout frequency previews its six deposit days, the first of which is the next deposit', async ({
    page,
  }) => {
    await page.goto('/funding-settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Funding settings' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: /^Payout frequency/ })).toHaveValue('Weekly');
    await expect(page.getByRole('combobox', { name: /^Day of the week/ })).toHaveValue('Friday');
    const days = depositDays(page).getByRole('listitem');
    await expect(days).toHaveCount(6);
    await expect(depositDays(page)).toHaveAttribute('aria-busy', 'false');
    // Weekly on Fridays: Fridays, but a Friday holiday (Christmas, New Year's Day) pays the Monday after.
    const weekly = await days.allTextContents();
    expect(weekly.filter((day) => day.startsWith('Friday')).length).toBeGreaterThanOrEqual(4);
    expect(weekly.every((day) => /^(Friday|Monday)/.test(day))).toBe(true);
    await expectNoAxeViolations(page);

    // Monthly with no day yet: the field says what it needs, and nothing is saved.
    await choose(page, 'Payout frequency', 'Monthly');
    await page.getByRole('button', { name: 'Save funding settings' }).click();
    await expect(page.getByRole('combobox', { name: /^Day of the month/ })).toHaveAccessibleDescription(
      /needs a day of the month from 1 to 31/,
    );
    await expectNoAxeViolations(page);
    // Day 31: the month's last day, or the next business day after it.
    await choose(page, 'Day of the month', '31');
    await expect(page.getByText('Days 29 to 31 are paid on the last day of shorter months.')).toBeVisible();
    await expect(days).not.toHaveText(weekly);
    await expect(depositDays(page)).toHaveAttribute('aria-busy', 'false');
    const monthly = await days.allTextContents();
    expect(monthly.some((day) => /^(Saturday|Sunday)/.test(day))).toBe(false);

    // Daily: six business days in a row, saved; the settlement report's next deposit is the first.
    await choose(page, 'Payout frequency', 'Daily');
    await expect(days).not.toHaveText(monthly);
    await expect(depositDays(page)).toHaveAttribute('aria-busy', 'false');
    const daily = await days.allTextContents();
    expect(daily.some((day) => /^(Saturday|Sunday)/.test(day))).toBe(false);
    await save(page);
    await expect(days.first()).toHaveText(daily[0] ?? '');

    await page.goto('/settlement-report');
    // "Friday, November 27, 2026: $0.00 so far (0 funding events)"
    await expect(page.getByText(`${daily[0] ?? ''}: `)).toBeVisible();

    // The change is in the audit log, and the weekly schedule is put back.
    await page.goto('/audit-log?kind=funding.updated');
    const log = page.getByRole('table', { name: 'Audit log' });
    await expect(log).toHaveAttribute('aria-busy', 'false');
    await expect(log.locator('tbody tr').first()).toContainText('Payout frequency: Weekly → Daily');
    await page.goto('/funding-settings');
    await choose(page, 'Payout frequency', 'Weekly');
    await choose(page, 'Day of the week', 'Friday');
    await expect(days).toHaveText(weekly);
    await save(page);
    await page.goto('/settlement-report');
    await expect(page.getByText(`${weekly[0] ?? ''}: `)).toBeVisible();
  });

  test('at phone width the form and the deposit days fit the screen', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/funding-settings');
    await expect(depositDays(page).getByRole('listitem')).toHaveCount(6);
    const box = await page.getByRole('button', { name: 'Save funding settings' }).boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page);
  });
});

test.describe('signed in as readOnly', () => {
  test.use({ role: 'readOnly' });

  test('a user without the funding-settings scope is refused the page', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/funding-settings');
    await expect(
      page.getByText(
        'You do not have permissions to view this page. If you think this is incorrect, please contact the Merchant Success team.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('list', { name: 'Next deposit days' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});
