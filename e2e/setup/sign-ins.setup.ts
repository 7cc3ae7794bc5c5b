import { test } from '../fixtures/test';
import { ROLES, saveSignIn, type Role } from '../fixtures/roles';

// Once per run, before the journeys: each role of fixtures/roles.ts signs in and its browser state is saved.
for (const role of Object.keys(ROLES) as Role[]) {
  test(`${role} signs in (${ROLES[role].email})`, async ({ page }) => {
    await saveSignIn(page, role);
  });
}
