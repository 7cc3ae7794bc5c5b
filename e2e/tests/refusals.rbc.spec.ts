import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { expectNoAxeViolations } from '../fixtures/axe';
import { signIn } from '../fixtures/sign-in';

/** Settles the whole rest of a transaction with the page's own token, as another user would. */
function settleByApi(page: Page, id: string) {
  return page.evaluate(async (transactionId) => {
    const token = JSON.parse(localStorage.getItem('portal.token') ?? 'null') as string;
    const response = await fetch(`/api/transactions/${transactionId}/settle`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        'X-API-Version': 'v2',
      },
      body: '{}',
    });
    return response.status;
  }, id);
}

test("a server's refusal reads in Canadian French, with its amounts as French writes them", async ({
  page,
}) => {
  await signIn(page, 'admin@rbc-merchant.demo');
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');

  await page.goto('/transactions?status=AUTHORIZED');
  const table = page.getByRole('table');
  await expect(table).toHaveAttribute('aria-busy', 'false');
  // The row's link (its order id) leads to the transaction's detail, at its id.
  const href = await table.locator('tbody tr').first().getByRole('link').getAttribute('href');
  const id = /\/transactions\/([^?]+)/.exec(href ?? '')?.[1];
  if (!id) throw new Error('No authorized transaction');
  await page.goto(`/transactions/${id}`);
  const drawer = page.getByRole('dialog', { name: `Transaction ${id}` });
  await expect(drawer.getByRole('heading', { name: 'Historique' })).toBeVisible();

  // The whole rest is settled elsewhere while this user reviews the same settlement.
  await drawer.getByRole('button', { name: 'Régler', exact: true }).click();
  const settle = page.getByRole('dialog', { name: 'Régler la transaction' });
  await settle.getByRole('button', { name: 'Vérifier' }).click();
  const confirm = settle.getByRole('button', { name: /^Régler .*\$$/ });
  await expect(confirm).toBeVisible();
  expect(await settleByApi(page, id)).toBe(200);
  await confirm.click();

  // The server's refusal, in French, its money written "268,89 $" rather than "268.89 CAD".
  const alert = page.getByRole('alert').filter({ hasText: 'Il ne reste rien à régler' });
  await expect(alert).toBeVisible();
  // Intl writes its spaces (thousands, before "$") as no-break spaces.
  const text = ((await alert.textContent()) ?? '').replace(/\s/g, ' ');
  expect(text).toMatch(
    /Il ne reste rien à régler : [\d ]+,\d\d \$ sur [\d ]+,\d\d \$ est réglé et 0,00 \$ annulé\./,
  );
  await expect(alert).not.toContainText('CAD');
  await expect(alert).not.toContainText('Nothing is left');
  await expectNoAxeViolations(page);
});
