import type { Page } from '@playwright/test';
import { expect, signedOutPage, test } from '../fixtures/test';
import { expectNoAxeViolations } from '../fixtures/axe';
import { latestEmailLink } from '../fixtures/outbox';
import { mainNavigation } from '../fixtures/sign-in';

// One user's story: invited, activated, promoted, then resetting a forgotten password. The user signs in
// in browsers of its own, since its role and password changes end its sessions; the admin starts from the
// shared saved sign-in, whose session nothing here ends.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const EMAIL = `e2e.reader.${String(Date.now())}@example.test`;
const FIRST_PASSWORD = 'Quiet-Harbour-Lantern-42';
const RESET_PASSWORD = 'Copper-Kettle-Meadow-77';
const CHANGED_PASSWORD = 'Silver-Birch-Orchard-19';

/**
 * Signed in, the transactions page shows. The address comes first; until the merchant's programs and
 * flags are known a loading page stands in for the shell, with an account menu and no navigation of its
 * own: a menu opened there closes when the shell replaces it.
 */
async function expectHomePage(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/transactions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
}

/**
 * The identity provider's sign-in form, already showing the e-mail of the login hint and saying that
 * the password was just set.
 */
async function finishSignInWithHint(page: Page, password: string, notice: string): Promise<void> {
  await expect(page).toHaveURL(/\/login\/[^/?]+/);
  await expect(page.getByRole('status').filter({ hasText: notice })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue(EMAIL);
  await expectNoAxeViolations(page);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectHomePage(page);
}

async function signInAs(page: Page, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expectHomePage(page);
}

/** The access level in the account menu of a page the shell shows (see expectHomePage). */
async function expectAccessLevel(page: Page, level: 'READ' | 'READ/WRITE'): Promise<void> {
  await page.getByRole('button', { name: `Account menu of ${EMAIL}` }).click();
  await expect(page.getByRole('menu').getByText(/^Access level:/)).toHaveText(`Access level: ${level}`);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
}

function settingsNavigation(page: Page) {
  return page.getByRole('navigation', { name: 'Account settings' });
}

test.describe('signed in as merchantAdmin', () => {
  test.use({ role: 'merchantAdmin' });

  test('an admin invites a READ_ONLY user, who activates, signs in and sees what READ_ONLY allows; a role change shows at the next sign-in', async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.goto('/transactions');
    await mainNavigation(page).getByRole('link', { name: 'User management', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'User management' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Users' }).getByText('admin@merchant.demo')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a user' });
    await dialog.getByLabel('First name').fill('Reese');
    await dialog.getByLabel('Last name').fill('Reader');
    await dialog.getByLabel('E-mail').fill('user@merchant.demo');
    await expect(dialog.getByLabel('Role')).toHaveValue('Read only');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText('This e-mail is already in use.')).toBeVisible();
    await dialog.getByLabel('E-mail').fill(EMAIL);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: EMAIL });
    await expect(row).toContainText('Invited');
    await expect(row).toContainText('Read only');

    // The invited user, in a browser of its own.
    const invitation = await latestEmailLink(baseURL ?? '', EMAIL, 'invitation');
    const invitee = await signedOutPage(browser);
    await invitee.goto(invitation);
    await expect(invitee.getByRole('heading', { level: 1, name: 'Create password' })).toBeVisible();
    await invitee.getByLabel('New password').fill('Reese-7');
    await expect(invitee.locator('[data-rule="length"]')).toHaveAttribute('data-met', 'false');
    await invitee.getByLabel('New password').fill(FIRST_PASSWORD);
    await expect(invitee.locator('[data-met="true"]')).toHaveCount(3);
    await invitee.getByLabel('Confirm the password').fill(FIRST_PASSWORD);
    await expectNoAxeViolations(invitee);
    await invitee.getByRole('button', { name: 'Create password and sign in' }).click();
    await finishSignInWithHint(
      invitee,
      FIRST_PASSWORD,
      'Your password is created. Sign in with it now: your e-mail is already filled in.',
    );

    await expect(mainNavigation(invitee).getByRole('link', { name: 'User management' })).toHaveCount(0);
    await expectAccessLevel(invitee, 'READ');
    await invitee.goto('/user-management');
    await expect(invitee.getByRole('heading', { level: 1, name: 'Permission Denied' })).toBeVisible();
    await invitee.goto('/account-settings');
    await expect(settingsNavigation(invitee).getByRole('link', { name: 'Password' })).toHaveCount(1);
    await expect(
      settingsNavigation(invitee).getByRole('link', { name: 'Location verification codes' }),
    ).toHaveCount(0);

    // The link is single use.
    const used = await signedOutPage(browser);
    await used.goto(invitation);
    await expect(used.getByText('This link no longer works')).toBeVisible();
    await expectNoAxeViolations(used);

    // The admin makes the user a USER: it shows from the user's next sign-in.
    await page.reload();
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: 'Actions for Reese Reader' }).click();
    await page.getByRole('menuitem', { name: 'Change role' }).click();
    const roleDialog = page.getByRole('dialog', { name: 'Change the role of Reese Reader' });
    await roleDialog.getByLabel('Role').click();
    await page.getByRole('option', { name: 'User', exact: true }).click();
    await expectNoAxeViolations(page);
    await roleDialog.getByRole('button', { name: 'Change role' }).click();
    await expect(roleDialog).toBeHidden();
    await expect(row).toContainText('User');

    // The next sign-in, in a fresh browser (the provider keeps its own session in the first one).
    const nextSignIn = await signedOutPage(browser);
    await signInAs(nextSignIn, FIRST_PASSWORD);
    await expectAccessLevel(nextSignIn, 'READ/WRITE');
    await nextSignIn.goto('/account-settings');
    await expect(
      settingsNavigation(nextSignIn).getByRole('link', { name: 'Location verification codes' }),
    ).toHaveCount(1);

    // The admin's own row offers neither removal nor a role change (the server refuses both with 409).
    await expect(page.getByRole('row').filter({ hasText: 'admin@merchant.demo' })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Actions for Avery Admin' })).toHaveCount(0);
  });
});

test('a user who forgot the password resets it from the sign-in form, then changes it in the account settings', async ({
  page,
  browser,
  baseURL,
}) => {
  // The sign-in return page opened directly: one message, and the way to sign in.
  await page.goto('/implicit/callback');
  await expect(page.getByRole('alert')).toHaveText(
    'There is no sign-in to finish here. Sign in to continue.',
  );
  await expect(page.getByText('authState error')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot password' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText(`If ${EMAIL} belongs to an account`)).toBeVisible();

  await page.goto(await latestEmailLink(baseURL ?? '', EMAIL, 'password-reset'));
  await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();
  await page.getByLabel('New password').fill(RESET_PASSWORD);
  await page.getByLabel('Confirm the password').fill(RESET_PASSWORD);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Reset password and sign in' }).click();
  await finishSignInWithHint(
    page,
    RESET_PASSWORD,
    'Your password is changed. Sign in with the new password: your e-mail is already filled in.',
  );

  await page.goto('/account-settings/password');
  await expect(page.getByRole('heading', { level: 1, name: 'Password' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('textbox', { name: 'Current password' }).fill(FIRST_PASSWORD);
  await page.getByLabel('New password').fill(CHANGED_PASSWORD);
  await page.getByLabel('Confirm the password').fill(CHANGED_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is incorrect.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Current password' }).fill(RESET_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password is changed.')).toBeVisible();

  const later = await signedOutPage(browser);
  await signInAs(later, CHANGED_PASSWORD);
});

test.describe('signed in as merchantAdmin, afterwards', () => {
  test.use({ role: 'merchantAdmin' });

  test('a half-filled cart asks before it is left; a removed user cannot be invited again but can be restored', async ({
    page,
  }) => {
    await page.goto('/carts/create');
    await page.getByLabel('Cart name').fill('Half a cart');
    await mainNavigation(page).getByRole('link', { name: 'Carts', exact: true }).click();
    const question = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(question).toBeVisible();
    await expectNoAxeViolations(page);
    await question.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(/\/carts\/create$/);
    await expect(page.getByLabel('Cart name')).toHaveValue('Half a cart');
    await mainNavigation(page).getByRole('link', { name: 'User management', exact: true }).click();
    await question.getByRole('button', { name: 'Leave without saving' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'User management' })).toBeVisible();

    const row = page.getByRole('row').filter({ hasText: EMAIL });
    await row.getByRole('button', { name: 'Actions for Reese Reader' }).click();
    await page.getByRole('menuitem', { name: 'Remove user' }).click();
    const removal = page.getByRole('dialog', { name: 'Remove Reese Reader?' });
    await removal.getByRole('button', { name: 'Remove user' }).click();
    await expect(removal).toBeHidden();
    await expect(row).toContainText('Removed');

    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a user' });
    await dialog.getByLabel('First name').fill('Reese');
    await dialog.getByLabel('Last name').fill('Reader');
    await dialog.getByLabel('E-mail').fill(EMAIL);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText('This e-mail belongs to a removed user of your team.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await row.getByRole('button', { name: 'Actions for Reese Reader' }).click();
    await page.getByRole('menuitem', { name: 'Restore user' }).click();
    const restore = page.getByRole('dialog', { name: 'Restore Reese Reader?' });
    await expect(restore).toContainText(EMAIL);
    // The actions menu closes with a transition: scanned while it leaves, it is a menu without items.
    await expect(page.getByRole('menu')).toBeHidden();
    await expectNoAxeViolations(page);
    await restore.getByRole('button', { name: 'Restore and send invitation' }).click();
    await expect(restore).toBeHidden();
    await expect(
      page.getByText(`The user is restored. An invitation is on its way to ${EMAIL}.`),
    ).toBeVisible();
    await expect(row).toContainText('Invited');
  });
});
